/**
 * A 32-bit checksum of a code cache file's payload. V8 checks a code cache's version, flags
 * and length but, in release builds, not its bytes: a damaged cache can crash the process.
 * JavaScript's own loop takes 2-7 ms over a 300 KB cache in a fresh process (interpreted,
 * then compiled on the fly) and node:zlib's crc32 about as long to load; this WebAssembly
 * function takes a fraction of a millisecond, so the check costs less than it protects.
 */

/**
 * FNV-1a over 64-bit little-endian words (the last word zero-padded), folded to 32 bits:
 *
 *   (func (export "h") (param $n i32) (result i32) (local $p i32) (local $h i64)
 *     h = 0xcbf29ce484222325
 *     while p < n: h = (h ^ i64.load(p)) * 0x100000001b3; p += 8
 *     return i32.wrap(h ^ (h >> 32)))
 *
 * with one page of memory exported as "m". A change to any one word always changes the
 * 64-bit state (xor and the odd multiplier are both one-to-one); the fold to 32 bits lets
 * a damaged file through with odds of about one in four billion.
 */
const FNV_WORDS_WASM = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 5, 3, 1, 0, 1, 7, 9, 2, 1, 109, 2, 0, 1, 104, 0, 0, 10, 69, 1, 67,
  2, 1, 127, 1, 126, 66, 165, 198, 136, 161, 200, 156, 167, 249, 75, 33, 2, 2, 64, 3, 64, 32, 1, 32, 0, 79, 13, 1, 32, 2, 32, 1, 41, 3, 0,
  133, 66, 179, 131, 128, 128, 128, 32, 126, 33, 2, 32, 1, 65, 8, 106, 33, 1, 12, 0, 11, 11, 32, 2, 32, 2, 66, 32, 136, 133, 167, 11,
]);

const PAGE_BYTES = 65536;

/** The part of the WebAssembly API used here (the CLI's type libraries leave it out). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: { m: { buffer: ArrayBuffer; grow(pages: number): number }; h(length: number): number } };
}

type FnvExports = InstanceType<WasmApi['Instance']>['exports'];
/** One instance a process (undefined until first use; null where WebAssembly is missing). */
let fnv: FnvExports | null | undefined;

function instance(): FnvExports | null {
  if (fnv !== undefined) return fnv;
  const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  try {
    fnv = wasm === undefined ? null : new wasm.Instance(new wasm.Module(FNV_WORDS_WASM)).exports;
  } catch {
    fnv = null;
  }
  return fnv;
}

/**
 * The checksum of `bytes` as an unsigned 32-bit number, or undefined where WebAssembly is
 * not available (`node --jitless`): the caller then keeps no cache.
 */
export function cacheChecksum(bytes: Uint8Array): number | undefined {
  const exports = instance();
  if (exports === null) return undefined;
  const { m: memory, h: hash } = exports;
  const pages = Math.ceil((bytes.length + 8) / PAGE_BYTES);
  const have = memory.buffer.byteLength / PAGE_BYTES;
  if (pages > have) memory.grow(pages - have);
  const view = new Uint8Array(memory.buffer);
  view.set(bytes);
  // The last word is read whole: zero what an earlier, longer input left after these bytes.
  view.fill(0, bytes.length, bytes.length + 8);
  return hash(bytes.length) >>> 0;
}
