/**
 * WebAssembly kernels: compiled once a process from the base64 modules that
 * scripts/build-wasm.mjs writes, instantiated once a run (so that a run's memory goes
 * with it). Where WebAssembly is missing or refuses to compile (node --jitless, a
 * browser page's main thread for modules over 4 KB, a content security policy without
 * 'wasm-unsafe-eval'), a kernel is undefined and its caller uses the JavaScript one.
 */

/** The part of the WebAssembly API used here (the library's type libraries leave it out). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/** A kernel's instance: its exported functions, and its memory. */
export interface KernelInstance {
  readonly exports: Record<string, unknown>;
  readonly memory: { readonly buffer: ArrayBuffer };
}

/** Cells at least for a kernel to be worth compiling in a process that has not yet: below it the JavaScript kernel is done first (about half a millisecond). */
export const WASM_MIN_CELLS = 1 << 16;

const compiled = new Map<string, object | null>();

/** A new instance of the kernel whose bytes are `base64`, or undefined where WebAssembly cannot run it. */
export function instantiateKernel(base64: string): KernelInstance | undefined {
  const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  if (!wasm) return undefined;
  let module = compiled.get(base64);
  if (module === undefined) {
    try {
      module = new wasm.Module(decodeBase64(base64));
    } catch {
      module = null; // refused here: the JavaScript kernel, every time
    }
    compiled.set(base64, module);
  }
  if (module === null) return undefined;
  try {
    const { exports } = new wasm.Instance(module, {});
    return { exports, memory: exports.memory as { buffer: ArrayBuffer } };
  } catch {
    return undefined;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (with padding) to bytes. */
export function decodeBase64(text: string): Uint8Array {
  const value = new Uint8Array(128).fill(255);
  for (let i = 0; i < 64; i++) value[ALPHABET.charCodeAt(i)] = i;
  const length = text.length;
  const padding = length > 0 && text[length - 1] === '=' ? (text[length - 2] === '=' ? 2 : 1) : 0;
  const bytes = new Uint8Array((length / 4) * 3 - padding);
  let at = 0;
  for (let i = 0; i < length; i += 4) {
    const word =
      (value[text.charCodeAt(i)] << 18) |
      (value[text.charCodeAt(i + 1)] << 12) |
      ((value[text.charCodeAt(i + 2)] & 63) << 6) |
      (value[text.charCodeAt(i + 3)] & 63);
    if (at < bytes.length) bytes[at++] = word >>> 16;
    if (at < bytes.length) bytes[at++] = (word >>> 8) & 255;
    if (at < bytes.length) bytes[at++] = word & 255;
  }
  return bytes;
}
