import type { GridMaze } from '../grid/grid-maze.js';
import type { TriangleTopology } from '../grid/triangle.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { instantiateKernel } from '../wasm.js';
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

/** Cells at most for the kernel: wall ids (cell * 2 + 1) and its addresses are 32-bit. */
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
