import type { Maze } from '../maze.js';
import type { ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';
import { runDfsKernel } from './dfs-kernel.js';
import { SQUARE_DFS_WASM } from './square-dfs-wasm.js';

/** The kernel's cells at most, the ring included: its cell indices are 32-bit integers. */
export const DFS_WASM_MAX_CELLS = 2 ** 31 - 1;

/** The cells the kernel holds for a width x height maze: the maze in a ring of one cell. */
export function paddedCells(width: number, height: number): number {
  return (width + 2) * (height + 2);
}

/**
 * dfs.ts's `carveUnweighted` run by its WebAssembly build (assembly/square-dfs.ts): the
 * same moves and draws, so the same maze and the stream left in the same state. The
 * cells are copied into the kernel's memory and back: a byte a cell more while it
 * runs, and until V8 collects the instance, which no reference keeps (a face that solves
 * next may ask for the collection: the CLI does, docs/design.md). Returns false, with the maze and stream
 * untouched, where WebAssembly cannot run it, its memory cannot grow, its indices would
 * overflow or (a broken build) it runs past a search's turns; the caller then runs the
 * JavaScript search.
 */
export function carveUnweightedInWasm(maze: Maze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  const { cells, width: w, height: h } = maze;
  if (paddedCells(w, h) > DFS_WASM_MAX_CELLS) return false;
  return runDfsKernel(SQUARE_DFS_WASM, cells, w, start, rng, onProgress);
}
