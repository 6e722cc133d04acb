import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';
import { instantiateKernel } from '../wasm.js';

/** The exports of every depth-first search kernel (assembly/square-dfs.ts, hex-dfs.ts, triangle-dfs.ts). */
interface DfsKernelExports {
  cellsAt(): number;
  begin(w: number, size: number, start: number, a: number, b: number, c: number, d: number): number;
  pad(): void;
  carve(turns: number): number;
  unpad(): void;
  state(i: number): number;
}

/** Search turns a call: about a progress report's worth of cells. */
const TURNS = 1 << 19;

/**
 * A depth-first search kernel (`kernelBase64`) run on `cells`, a grid `width` wide: the
 * cells copied into its memory, padded there, searched a call at a time (progress in
 * between), copied back, and the stream's state read back into `rng`. Nothing keeps the
 * instance once this returns: its memory goes at V8's next full collection, which its
 * size does not prompt (V8 does not weigh WebAssembly memory). False, with the
 * cells and stream untouched, where WebAssembly cannot run it, its memory cannot grow, or
 * (a broken build) it runs past a search's turns.
 */
export function runDfsKernel(
  kernelBase64: string,
  cells: Uint8Array,
  width: number,
  start: number,
  rng: Sfc32,
  onProgress: ProgressReporter | undefined,
): boolean {
  const size = cells.length;
  const kernel = instantiateKernel(kernelBase64);
  if (!kernel) return false;
  const run = kernel.exports as unknown as DfsKernelExports;
  const [a, b, c, d] = rng.getState();
  if (run.begin(width, size, start, a | 0, b | 0, c | 0, d | 0) < 0) return false;
  const at = run.cellsAt();
  new Uint8Array(kernel.memory.buffer, at, size).set(cells);
  run.pad();
  let reported = 0;
  // A search enters each cell once and backs out of it once: a kernel still running past that is broken.
  let callsLeft = Math.ceil((2 * size) / TURNS) + 1;
  while (run.carve(TURNS)) {
    if (--callsLeft < 0) return false;
    const entered = run.state(4);
    if (onProgress && entered - reported >= PROGRESS_EVERY) {
      reported = entered;
      onProgress(entered, size);
    }
  }
  run.unpad();
  cells.set(new Uint8Array(kernel.memory.buffer, at, size));
  rng.setState([run.state(0) >>> 0, run.state(1) >>> 0, run.state(2) >>> 0, run.state(3) >>> 0]);
  return true;
}
