import type { GridMaze } from '../grid/grid-maze.js';
import type { TriangleTopology } from '../grid/triangle.js';
import type { ProgressReporter } from '../progress.js';
import { instantiateKernel, runOnCopy } from '../wasm.js';
import type { WeightKeys } from './mst.js';
import { TRIANGLE_MST_WASM } from './triangle-mst-wasm.js';

/** The exports of assembly/triangle-mst.ts. */
interface TriangleMstExports {
  cellsAt(): number;
  setup(w: number, h: number, k1: number, k2: number, tileBits: number): number;
  band(y0: number): void;
  finish(): void;
}

/** Log2 of the tile side at most: a tile's pick trees are numbered in 16 bits. */
const MAX_TILE_BITS = 8;

/**
 * grid-mst.ts's tiled spanning tree of a triangle grid run by its WebAssembly build
 * (assembly/triangle-mst.ts, the square kernel's tiles with the missing vertical walls):
 * the cells copied into the kernel's memory, every row of square tiles of about
 * `tileCells` cells and the coarse graph done there, the cells copied back. Returns
 * false, with the maze untouched, where WebAssembly cannot run it (or its memory cannot
 * grow that far): then the caller runs the JavaScript kernel, which makes the same tree.
 */
export function openTriangleTreeInWasm(maze: GridMaze, t: TriangleTopology, keys: WeightKeys, tileCells: number, onProgress?: ProgressReporter): boolean {
  const { cells, size } = maze;
  if (size > MAX_CELLS || !(cells instanceof Uint8Array)) return false;
  const kernel = instantiateKernel(TRIANGLE_MST_WASM);
  if (!kernel) return false;
  const run = kernel.exports as unknown as TriangleMstExports;
  const { width: w, height: h } = t;
  // Square tiles of about tileCells cells, no wider than the maze needs (the tree is the same for any tiling).
  let fit = 1;
  while (fit < MAX_TILE_BITS && 1 << fit < Math.max(w, h)) fit++;
  const tileBits = Math.max(1, Math.min(Math.round(Math.log2(Math.max(1, tileCells)) / 2), fit));
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

/** Cells at most for the kernel: wall ids (cell * 2 + 1) and its addresses are 32-bit. */
const MAX_CELLS = 2 ** 31;
