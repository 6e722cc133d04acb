import { PROGRESS_EVERY, type ProgressReporter } from './progress.js';

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

/** What a kernel that works on a copy of the maze's cells does, band by band (runOnCopy). */
export interface CopiedRun {
  /** Lays the kernel's memory out for the maze (it may grow) and returns the byte its cells start at. */
  setup(): number;
  /** Copies in what else the kernel reads, once the cells are in. */
  fill?(buffer: ArrayBuffer): void;
  /** The first band's start and the end: bands run while their start is below it. */
  readonly first: number;
  readonly end: number;
  /** Runs the band that starts at `from`; returns where the next one starts. */
  band(from: number): number;
  /** Cells the bands from `from` to `to` covered, for the progress countdown. */
  covered(from: number, to: number): number;
  /** What to report once the bands up to `to` are done (cells done, or walls joined + 1). */
  progress(to: number): number;
  /** Finishes the run after the last band (the coarse graph). */
  finish(): void;
}

/**
 * Runs `run` on `kernel` over a copy of `cells`: set up, the cells copied in, every band
 * (progress reported between them, about every PROGRESS_EVERY cells), the finish, the
 * cells copied back. False, with `cells` untouched, if the kernel trapped (its memory
 * could not grow), so that the caller runs the JavaScript kernel instead.
 */
export function runOnCopy(
  kernel: KernelInstance,
  cells: Uint8Array | Uint16Array,
  run: CopiedRun,
  onProgress: ProgressReporter | undefined,
): boolean {
  const size = cells.length;
  // The memory's buffer is read after the calls that may grow it (growing replaces it).
  const view = (at: number): Uint8Array | Uint16Array =>
    cells instanceof Uint16Array ? new Uint16Array(kernel.memory.buffer, at, size) : new Uint8Array(kernel.memory.buffer, at, size);
  let at = 0;
  const started = trapless(() => {
    at = run.setup();
    view(at).set(cells);
    run.fill?.(kernel.memory.buffer);
  });
  if (!started) return false;
  let untilProgress = PROGRESS_EVERY;
  for (let from = run.first; from < run.end;) {
    let next = from;
    if (!trapless(() => (next = run.band(from)))) return false;
    untilProgress -= run.covered(from, next);
    from = next;
    if (untilProgress <= 0 && onProgress) {
      untilProgress += PROGRESS_EVERY;
      onProgress(run.progress(from), size);
    }
  }
  if (!trapless(() => run.finish())) return false;
  cells.set(view(at));
  return true;
}

/** Runs `step`; false if the kernel trapped. */
function trapless(step: () => void): boolean {
  try {
    step();
    return true;
  } catch {
    return false;
  }
}
