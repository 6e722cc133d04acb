import type { Maze } from '../maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';
import { instantiateKernel } from '../wasm.js';
import { SQUARE_DFS_WASM } from './square-dfs-wasm.js';

/** The exports of assembly/square-dfs.ts. */
interface SquareDfsExports {
  cellsAt(): number;
  begin(w: number, size: number, start: number, a: number, b: number, c: number, d: number): number;
  pad(): void;
  carve(turns: number): number;
  unpad(): void;
  state(i: number): number;
}

/** Search turns a call: about a progress report's worth of cells. */
const TURNS = 1 << 19;
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
 * runs, and until the instance is collected. Returns false, with the maze and stream
 * untouched, where WebAssembly cannot run it, its memory cannot grow, its indices would
 * overflow or (a broken build) it runs past a search's turns; the caller then runs the
 * JavaScript search.
 */
export function carveUnweightedInWasm(maze: Maze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  const { cells, width: w, height: h, size } = maze;
  if (paddedCells(w, h) > DFS_WASM_MAX_CELLS) return false;
  const kernel = instantiateKernel(SQUARE_DFS_WASM);
  if (!kernel) return false;
  const run = kernel.exports as unknown as SquareDfsExports;
  const [a, b, c, d] = rng.getState();
  if (run.begin(w, size, start, a | 0, b | 0, c | 0, d | 0) < 0) return false;
  const at = run.cellsAt();
  new Uint8Array(kernel.memory.buffer, at, size).set(cells);
  run.pad();
  let reported = 0;
  // A search enters each cell once and backs out of it once: a kernel still running past that is broken, and the maze is left to the JavaScript search.
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
