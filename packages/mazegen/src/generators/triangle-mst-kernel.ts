import type { GridMaze } from '../maze.js';
import type { TriangleTopology } from '../grid/triangle.js';
import type { ProgressReporter } from '../progress.js';
import type { WeightKeys } from './mst.js';
import { runSquareTiles } from './square-mst-kernel.js';
import { TRIANGLE_MST_WASM } from './triangle-mst-wasm.js';

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
export function openTriangleTreeInWasm(
  maze: GridMaze,
  t: TriangleTopology,
  keys: WeightKeys,
  tileCells: number,
  onProgress?: ProgressReporter,
): boolean {
  const { cells, size } = maze;
  if (size > MAX_CELLS || !(cells instanceof Uint8Array)) return false;
  const { width: w, height: h } = t;
  // Square tiles of about tileCells cells, no wider than the maze needs (the tree is the same for any tiling).
  let fit = 1;
  while (fit < MAX_TILE_BITS && 1 << fit < Math.max(w, h)) fit++;
  const tileBits = Math.max(1, Math.min(Math.round(Math.log2(Math.max(1, tileCells)) / 2), fit));
  return runSquareTiles(TRIANGLE_MST_WASM, cells, w, h, keys, tileBits, onProgress);
}

/** Cells at most for the kernel: wall ids (cell * 2 + 1) and its addresses are 32-bit. */
const MAX_CELLS = 2 ** 31;
