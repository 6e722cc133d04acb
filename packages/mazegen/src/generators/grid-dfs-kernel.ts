import type { GridMaze } from '../grid/grid-maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';
import { instantiateKernel } from '../wasm.js';

/** The exports of assembly/hex-dfs.ts and triangle-dfs.ts (grid-dfs-words.ts's layout). */
interface GridDfsExports {
  cellsAt(): number;
  begin(w: number, size: number, start: number, a: number, b: number, c: number, d: number): number;
  pad(): void;
  carve(turns: number): number;
  unpad(): void;
  state(i: number): number;
}

/** Search turns a call: about a progress report's worth of cells. */
const TURNS = 1 << 19;
/** Padded cells at most: two bytes each, within a 32-bit memory's 4 GiB. */
export const GRID_DFS_WASM_MAX_CELLS = 2 ** 30;

/** At least the kernel's cells for a width x height grid: rows of up to width + 3 words (the ring, and a word to make their length even or odd), and two more rows. */
export function gridDfsPaddedCells(width: number, height: number): number {
  return (width + 3) * (height + 2);
}

/**
 * The hex or triangle grid's depth-first search (dfs-hex.ts, dfs-triangle.ts) run by its
 * WebAssembly build (`kernel`, base64): the same moves and draws, so the same maze and
 * the stream left in the same state. The caller has checked that every free cell is
 * closed and the grid does not wrap. The cells are copied into the kernel's memory as
 * padded words and back: two bytes a cell while it runs (the way back included), and
 * until the instance is collected. Returns false, with the maze and stream untouched,
 * where WebAssembly cannot run it, its memory cannot grow, the maze is too large, or (a
 * broken build) it runs past a search's turns.
 */
export function carveGridInWasm(kernelBase64: string, maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  const { cells, size } = maze;
  const { width: w, height: h } = maze.topology;
  if (gridDfsPaddedCells(w, h) > GRID_DFS_WASM_MAX_CELLS || !(cells instanceof Uint8Array)) return false;
  const kernel = instantiateKernel(kernelBase64);
  if (!kernel) return false;
  const run = kernel.exports as unknown as GridDfsExports;
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
