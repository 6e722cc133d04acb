import type { GridMaze } from '../maze.js';
import type { ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';
import { runDfsKernel } from './dfs-kernel.js';

/** Padded cells at most: two bytes each, within a 32-bit memory's 4 GiB. */
export const GRID_DFS_WASM_MAX_CELLS = 2 ** 30;

/** At least the kernel's cells for a width x height grid: rows of up to width + 3 words (the ring, and a word to make their length even or odd), and two more rows. */
export function gridDfsPaddedCells(width: number, height: number): number {
  return (width + 3) * (height + 2);
}

/**
 * The hex or triangle grid's depth-first search (dfs-hex.ts, dfs-triangle.ts) run by its
 * WebAssembly build (`kernelBase64`): the same moves and draws, so the same maze and
 * the stream left in the same state. The caller has checked that every free cell is
 * closed and the grid does not wrap. The cells are copied into the kernel's memory as
 * padded words and back: two bytes a cell while it runs (the way back included), and
 * until the instance is collected. Returns false, with the maze and stream untouched,
 * where WebAssembly cannot run it, its memory cannot grow, the maze is too large, or (a
 * broken build) it runs past a search's turns.
 */
export function carveGridInWasm(
  kernelBase64: string,
  maze: GridMaze,
  rng: Sfc32,
  start: number,
  onProgress: ProgressReporter | undefined,
): boolean {
  const { cells } = maze;
  const { width: w, height: h } = maze.topology;
  if (gridDfsPaddedCells(w, h) > GRID_DFS_WASM_MAX_CELLS || !(cells instanceof Uint8Array)) return false;
  return runDfsKernel(kernelBase64, cells, w, start, rng, onProgress);
}
