import type { GridMaze } from '../maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';
import { carveGridInWasm } from './grid-dfs-kernel.js';
import { TRIANGLE_DFS_WASM } from './triangle-dfs-wasm.js';

/** Loop turns per call of `triangleSlice` (as in dfs.ts: whole-function compilation, not OSR). */
const SLICE = 1 << 16;
/** Every wall of a triangle closed: the word of a free cell not entered yet, when the search starts on a closed maze. */
const CLOSED_CELL = 7;
/** Bit 7 of the start's word while the search runs (the start may still have every wall). */
const START_MARK = 0x80;
/** NTH[mask * 4 + k]: the k-th set bit of a 3-bit slot mask, from slot 0. COUNT[mask]: how many. */
const NTH = new Uint8Array(8 * 4);
const COUNT = new Uint8Array(8);
for (let mask = 0; mask < 8; mask++) {
  for (let s = 0; s < 3; s++) if (mask & (1 << s)) NTH[mask * 4 + COUNT[mask]++] = s;
}

/** Slots of the search state carried between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const CELL = 4;
const COL = 5;
const START = 6;
const ENTERED = 7;
const UP = 8;

/**
 * DFS on the triangle grid with the library's own sfc32 and no step reporter: the
 * generic kernel (dfs.ts, dfsOnGrid) with the neighbours computed inline from a tracked
 * column and orientation (every move flips a triangle between up and down), one read a
 * neighbour (its own word), the stream in locals and the same draws: the same bytes
 * (tested against the generic kernel). Slots: 0 west, then east and the base of an up
 * cell, or the top and east of a down cell. False, with nothing done, when a free cell
 * has a wall open already: the generic kernel takes that maze.
 */
export function dfsTriangle(maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  const { cells, size } = maze;
  const w = maze.topology.width;
  if (!freeCellsClosed(maze)) return false;
  // The way back from each entered cell as its slot + 1.
  const back = new Uint8Array(size);
  const state = new Int32Array(9);
  state.set(rng.getState());
  const col = start % w;
  state[CELL] = start;
  state[COL] = col;
  state[UP] = ((col + (start - col) / w) & 1) === 0 ? 1 : 0;
  state[START] = start;
  state[ENTERED] = 1;
  let reported = 0;
  cells[start] |= START_MARK;
  const around = new Int32Array(3);
  while (triangleSlice(maze, back, around, state)) {
    if (onProgress && state[ENTERED] - reported >= PROGRESS_EVERY) {
      reported = state[ENTERED];
      onProgress(reported, size);
    }
  }
  cells[start] &= ~START_MARK;
  rng.setState([state[A], state[B], state[C], state[D]]);
  return true;
}

/** True when every free cell has all three walls: what the triangle searches read a cell's state from. */
function freeCellsClosed(maze: GridMaze): boolean {
  const { cells, size } = maze;
  const blocked = maze.topology.blockedBit;
  for (let cell = 0; cell < size; cell++) if (cells[cell] !== CLOSED_CELL && (cells[cell] & blocked) === 0) return false;
  return true;
}

/**
 * `dfsTriangle` by its WebAssembly build (assembly/triangle-dfs.ts): the same maze and
 * draws. False, with nothing done, where a free cell has a wall open or the WebAssembly
 * search does not run (grid-dfs-kernel.ts).
 */
export function dfsTriangleInWasm(maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  return freeCellsClosed(maze) && carveGridInWasm(TRIANGLE_DFS_WASM, maze, rng, start, onProgress);
}
/** Indexed by orientation (0 up, 4 down) | slot: the slot of the same wall on the other side, and the change of column. */
const BACK_SLOT = Int8Array.of(2, 0, 1, 0, 1, 2, 0, 0);
const DCOL = Int8Array.of(-1, 1, 0, 0, -1, 0, 1, 0);

/** Up to SLICE turns of the search from `state`; false once it is back at the start with nothing left. */
function triangleSlice(maze: GridMaze, back: Uint8Array, around: Int32Array, state: Int32Array): boolean {
  const { cells, size } = maze;
  const t = maze.topology;
  const w = t.width;
  const lastCol = w - 1;
  const lastRow = size - w;
  // Indexed by orientation | slot: the step to an inner cell's neighbour (up: W, E, S; down: W, N, E).
  const step = Int32Array.of(-1, 1, w, 0, -1, -w, 1, 0);
  const start = state[START];
  let a = state[A];
  let b = state[B];
  let c = state[C];
  let d = state[D];
  let cell = state[CELL];
  let col = state[COL];
  let orient = state[UP] === 1 ? 0 : 4;
  let entered = 0;
  let running = true;
  for (let turns = SLICE; turns > 0; turns--) {
    // Unvisited neighbours as a slot mask: ((word ^ 7) - 1) >>> 31 is 1 exactly for a closed word, without a branch.
    let mask: number;
    const inner = col > 0 && col < lastCol && cell >= w && cell < lastRow;
    if (inner) {
      mask =
        (((cells[cell + step[orient]] ^ CLOSED_CELL) - 1) >>> 31) |
        ((((cells[cell + step[orient | 1]] ^ CLOSED_CELL) - 1) >>> 31) << 1) |
        ((((cells[cell + step[orient | 2]] ^ CLOSED_CELL) - 1) >>> 31) << 2);
    } else {
      t.neighbours(cell, around);
      mask = 0;
      for (let s = 0; s < 3; s++) {
        const next = around[s];
        if (next >= 0 && cells[next] === CLOSED_CELL) mask |= 1 << s;
      }
    }
    let slot: number;
    if (mask === 0) {
      if (cell === start) {
        running = false;
        break;
      }
      slot = back[cell] - 1;
      cell = inner ? cell + step[orient | slot] : around[slot];
    } else {
      const count = COUNT[mask];
      slot = NTH[mask << 2];
      if (count > 1) {
        // sfc32's step and Sfc32.int's floor(r * count / 2^32), in integers (exact), as in dfs.ts.
        const r = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + r) | 0;
        slot = NTH[(mask << 2) | (((r >>> 16) * count + (((r & 0xffff) * count) >>> 16)) >>> 16)];
      }
      const next = inner ? cell + step[orient | slot] : around[slot];
      const backSlot = BACK_SLOT[orient | slot];
      cells[cell] &= ~(1 << slot);
      cells[next] &= ~(1 << backSlot);
      back[next] = backSlot + 1;
      cell = next;
      entered++;
    }
    // Every move flips a triangle between up and down.
    col += DCOL[orient | slot];
    orient ^= 4;
  }
  state[A] = a;
  state[B] = b;
  state[C] = c;
  state[D] = d;
  state[CELL] = cell;
  state[COL] = col;
  state[UP] = orient === 0 ? 1 : 0;
  state[ENTERED] += entered;
  return running;
}
