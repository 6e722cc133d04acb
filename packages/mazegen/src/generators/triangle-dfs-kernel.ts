import type { GridMaze } from '../grid/grid-maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';
import { instantiateKernel } from '../wasm.js';
import { TRIANGLE_DFS_WASM } from './triangle-dfs-wasm.js';
import { DFS_WASM_MAX_CELLS } from './square-dfs-kernel.js';

/** The exports of assembly/triangle-dfs.ts. */
interface TriangleDfsExports {
  cellsAt(): number;
  begin(w: number, size: number, start: number, a: number, b: number, c: number, d: number): number;
  markStart(): void;
  carve(turns: number): number;
  state(i: number): number;
}

/** Search turns a call: about a progress report's worth of cells. */
const TURNS = 1 << 19;
/** Every wall of a triangle closed (dfs-triangle.ts CLOSED_CELL). */
const CLOSED_CELL = 7;

/**
 * dfs-triangle.ts's `dfsTriangle` run by its WebAssembly build (assembly/triangle-dfs.ts): the same
 * moves and draws, so the same maze and the stream left in the same state. The cells are
 * copied into the kernel's memory and back (two bytes a cell more while it runs, the way
 * back included; DFS_WASM_MAX_CELLS at most, as the square grid's). Returns false, with
 * the maze and stream untouched, where WebAssembly cannot run it, its memory cannot grow,
 * the maze is larger, or a free cell has a wall open already (dfsTriangle then declines too).
 */
export function dfsTriangleInWasm(maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  const { cells, size } = maze;
  const t = maze.topology;
  if (size > DFS_WASM_MAX_CELLS) return false;
  const blocked = t.blockedBit;
  for (let cell = 0; cell < size; cell++) if (cells[cell] !== CLOSED_CELL && (cells[cell] & blocked) === 0) return false;
  const kernel = instantiateKernel(TRIANGLE_DFS_WASM);
  if (!kernel) return false;
  const run = kernel.exports as unknown as TriangleDfsExports;
  const [a, b, c, d] = rng.getState();
  if (run.begin(t.width, size, start, a | 0, b | 0, c | 0, d | 0) < 0) return false;
  const at = run.cellsAt();
  new Uint8Array(kernel.memory.buffer, at, size).set(cells);
  run.markStart();
  let reported = 0;
  while (run.carve(TURNS)) {
    const entered = run.state(4);
    if (onProgress && entered - reported >= PROGRESS_EVERY) {
      reported = entered;
      onProgress(entered, size);
    }
  }
  cells.set(new Uint8Array(kernel.memory.buffer, at, size));
  rng.setState([run.state(0) >>> 0, run.state(1) >>> 0, run.state(2) >>> 0, run.state(3) >>> 0]);
  return true;
}
