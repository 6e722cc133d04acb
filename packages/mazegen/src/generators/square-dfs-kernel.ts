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
/**
 * Cells at most (16 MiB copied). Past about that the search is bound by memory latency
 * whatever the code (10^8 cells: 3.40 s end to end with the kernel, 3.19 s without, and
 * 100 MB more at the peak), so a larger maze is searched in place by the JavaScript loop.
 */
export const DFS_WASM_MAX_CELLS = 2 ** 24;

/**
 * dfs.ts's `carveUnweighted` run by its WebAssembly build (assembly/square-dfs.ts): the
 * same moves and draws, so the same maze and the stream left in the same state. The
 * cells are copied into the kernel's memory and back (a byte a cell more while it
 * runs, padded by a ring, 16 MiB at most). Returns false, with the maze and stream untouched, where WebAssembly cannot
 * run it or its memory cannot grow; the caller then runs the JavaScript search.
 */
export function carveUnweightedInWasm(maze: Maze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  const { cells, width: w, size } = maze;
  if (size > DFS_WASM_MAX_CELLS) return false;
  const kernel = instantiateKernel(SQUARE_DFS_WASM);
  if (!kernel) return false;
  const run = kernel.exports as unknown as SquareDfsExports;
  const [a, b, c, d] = rng.getState();
  if (run.begin(w, size, start, a | 0, b | 0, c | 0, d | 0) < 0) return false;
  const at = run.cellsAt();
  new Uint8Array(kernel.memory.buffer, at, size).set(cells);
  run.pad();
  let reported = 0;
  while (run.carve(TURNS)) {
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
