import type { Maze } from '../maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { instantiateKernel } from '../wasm.js';
import { SQUARE_MST_WASM } from './square-mst-wasm.js';

/** The exports of assembly/square-mst.ts. */
interface SquareMstExports {
  cellsAt(): number;
  setup(w: number, h: number, k1: number, k2: number, tileBits: number): number;
  band(y0: number): void;
  finish(): void;
}

/**
 * mst.ts's tiled spanning tree run by its WebAssembly build (assembly/square-mst.ts):
 * the cells copied into the kernel's memory, every row of tiles and the coarse graph
 * done there, the cells copied back. Returns false, with the maze untouched, where
 * WebAssembly cannot run it (or its memory cannot grow that far): then the caller runs
 * the JavaScript kernel, which makes the same tree.
 */
export function openSpanningTreeInWasm(maze: Maze, keys: readonly [number, number], tileBits: number, onProgress?: ProgressReporter): boolean {
  const { cells, width: w, height: h, size } = maze;
  if (size > MAX_CELLS) return false;
  const kernel = instantiateKernel(SQUARE_MST_WASM);
  if (!kernel) return false;
  const run = kernel.exports as unknown as SquareMstExports;
  const side = 1 << tileBits;
  // The memory's buffer is read after the calls that may grow it (growing replaces it).
  let at = 0;
  const started = trapless(() => {
    run.setup(w, h, keys[0], keys[1], tileBits);
    at = run.cellsAt();
    new Uint8Array(kernel.memory.buffer, at, size).set(cells);
  });
  if (!started) return false;
  let untilProgress = PROGRESS_EVERY;
  for (let y0 = 0; y0 < h; y0 += side) {
    if (!trapless(() => run.band(y0))) return false;
    untilProgress -= Math.min(side, h - y0) * w;
    if (untilProgress <= 0 && onProgress) {
      untilProgress += PROGRESS_EVERY;
      onProgress(Math.min(h, y0 + side) * w, size);
    }
  }
  if (!trapless(() => run.finish())) return false;
  cells.set(new Uint8Array(kernel.memory.buffer, at, size));
  return true;
}

/** Cells at most for the kernel: its addresses are 32-bit, and the cells, tile and coarse graph must fit 4 GiB. */
const MAX_CELLS = 2 ** 31;

/** Runs `step`; false if the kernel trapped (its memory could not grow), so that the caller falls back. */
function trapless(step: () => void): boolean {
  try {
    step();
    return true;
  } catch {
    return false;
  }
}
