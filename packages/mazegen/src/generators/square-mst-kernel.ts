import type { Maze } from '../maze.js';
import type { ProgressReporter } from '../progress.js';
import { instantiateKernel, runOnCopy } from '../wasm.js';
import { SQUARE_MST_WASM } from './square-mst-wasm.js';

/** The exports of assembly/square-mst.ts and triangle-mst.ts (square-tiles.ts's layout). */
interface SquareTilesExports {
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
export function openSpanningTreeInWasm(
  maze: Maze,
  keys: readonly [number, number],
  tileBits: number,
  onProgress?: ProgressReporter,
): boolean {
  return maze.size <= MAX_CELLS && runSquareTiles(SQUARE_MST_WASM, maze.cells, maze.width, maze.height, keys, tileBits, onProgress);
}

/** Runs a kernel of square-tiles.ts's layout (the square or the triangle grid's) on a w x h grid's cells, a row of tiles a call; false where it cannot run. */
export function runSquareTiles(
  base64: string,
  cells: Uint8Array,
  w: number,
  h: number,
  keys: readonly [number, number],
  tileBits: number,
  onProgress?: ProgressReporter,
): boolean {
  const kernel = instantiateKernel(base64);
  if (!kernel) return false;
  const run = kernel.exports as unknown as SquareTilesExports;
  const side = 1 << tileBits;
  return runOnCopy(
    kernel,
    cells,
    {
      setup: () => {
        run.setup(w, h, keys[0], keys[1], tileBits);
        return run.cellsAt();
      },
      first: 0,
      end: h,
      band: (y0) => {
        run.band(y0);
        return y0 + side;
      },
      covered: (y0, next) => (Math.min(h, next) - y0) * w,
      progress: (next) => Math.min(h, next) * w,
      finish: () => run.finish(),
    },
    onProgress,
  );
}

/** Cells at most for the kernel: its addresses are 32-bit, and the cells, tile and coarse graph must fit 4 GiB. */
const MAX_CELLS = 2 ** 31;
