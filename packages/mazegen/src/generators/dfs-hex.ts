import type { GridMaze } from '../maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';
import { carveGridInWasm } from './grid-dfs-kernel.js';
import { HEX_DFS_WASM } from './hex-dfs-wasm.js';
import { SLOT_COUNT, SLOT_NTH } from './slot-bits.js';

/** Loop turns per call of `hexSlice` (as in dfs.ts: whole-function compilation, not OSR). */
const SLICE = 1 << 16;
/** Every wall of a hex cell closed: the word of a free cell not entered yet, when the search starts on a closed maze. */
const CLOSED_CELL = 63;
/** Bit 7 of the start's word while the search runs (the start may still have every wall). */
const START_MARK = 0x80;
/** Change of column along each hex slot (N, NE, SE, S, SW, NW). */
const HEX_DCOL = Int8Array.of(0, 1, 1, 0, -1, -1);

/** Slots of the search state carried between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const CELL = 4;
const COL = 5;
const START = 6;
const ENTERED = 7;

/**
 * DFS on the hex grid with the library's own sfc32 and no step reporter: the generic
 * kernel (dfs.ts, dfsOnGrid) with the neighbours of an inner cell computed inline from
 * a tracked column (no division, no call; border cells ask the topology, which knows
 * the wrap), one read a neighbour (its own word), the stream in locals and the same
 * draws: the same bytes (tested against the generic kernel). False, with nothing done,
 * when a free cell has a wall open already: the generic kernel takes that maze.
 */
export function dfsHex(maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  const { cells, size } = maze;
  // A free cell is not entered yet exactly when its word has every wall (CLOSED_CELL), so
  // the search reads only the words, if every free cell starts closed (the usual case).
  if (!freeCellsClosed(maze)) return false;
  // The way back from each entered cell as its slot + 1.
  const back = new Uint8Array(size);
  const state = new Int32Array(8);
  state.set(rng.getState());
  state[CELL] = start;
  state[COL] = start % maze.topology.width;
  state[START] = start;
  state[ENTERED] = 1;
  const around = new Int32Array(6);
  let reported = 0;
  cells[start] |= START_MARK;
  while (hexSlice(maze, back, around, state)) {
    if (onProgress && state[ENTERED] - reported >= PROGRESS_EVERY) {
      reported = state[ENTERED];
      onProgress(reported, size);
    }
  }
  cells[start] &= ~START_MARK;
  rng.setState([state[A], state[B], state[C], state[D]]);
  return true;
}

/** True when every free cell has all six walls: what the hex searches read a cell's state from. */
function freeCellsClosed(maze: GridMaze): boolean {
  const { cells, size } = maze;
  const blocked = maze.topology.blockedBit;
  for (let cell = 0; cell < size; cell++) if (cells[cell] !== CLOSED_CELL && (cells[cell] & blocked) === 0) return false;
  return true;
}

/**
 * `dfsHex` by its WebAssembly build (assembly/hex-dfs.ts), on an unwrapped grid (the
 * build knows no wrap): the same maze and draws. False, with nothing done, where
 * a free cell has a wall open or the WebAssembly search does not run (grid-dfs-kernel.ts).
 */
export function dfsHexInWasm(maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): boolean {
  return maze.topology.wrap === 'none' && freeCellsClosed(maze) && carveGridInWasm(HEX_DFS_WASM, maze, rng, start, onProgress);
}

/** Up to SLICE turns of the search from `state`; false once it is back at the start with nothing left. */
function hexSlice(maze: GridMaze, back: Uint8Array, around: Int32Array, state: Int32Array): boolean {
  const t = maze.topology;
  const { cells, size } = maze;
  const w = t.width;
  const lastCol = w - 1;
  const lastRow = size - w;
  // The step to each slot's neighbour of an inner cell, for an even column (0..5) and an odd one (8..13).
  const step = new Int32Array(16);
  step.set([-w, 1 - w, 1, w, -1, -1 - w], 0);
  step.set([-w, 1, w + 1, w, w - 1, -1], 8);
  const start = state[START];
  let a = state[A];
  let b = state[B];
  let c = state[C];
  let d = state[D];
  let cell = state[CELL];
  let col = state[COL];
  let entered = 0;
  let running = true;
  for (let turns = SLICE; turns > 0; turns--) {
    // Unvisited neighbours as a slot mask: ((word ^ 63) - 1) >>> 31 is 1 exactly for a closed word, without a branch.
    let mask: number;
    const parity = (col & 1) << 3;
    const inner = col > 0 && col < lastCol && cell >= w && cell < lastRow;
    if (inner) {
      mask =
        (((cells[cell + step[parity]] ^ CLOSED_CELL) - 1) >>> 31) |
        ((((cells[cell + step[parity | 1]] ^ CLOSED_CELL) - 1) >>> 31) << 1) |
        ((((cells[cell + step[parity | 2]] ^ CLOSED_CELL) - 1) >>> 31) << 2) |
        ((((cells[cell + step[parity | 3]] ^ CLOSED_CELL) - 1) >>> 31) << 3) |
        ((((cells[cell + step[parity | 4]] ^ CLOSED_CELL) - 1) >>> 31) << 4) |
        ((((cells[cell + step[parity | 5]] ^ CLOSED_CELL) - 1) >>> 31) << 5);
    } else {
      t.neighbours(cell, around);
      mask = 0;
      for (let s = 0; s < 6; s++) {
        const next = around[s];
        if (next >= 0 && cells[next] === CLOSED_CELL) mask |= 1 << s;
      }
    }
    if (mask === 0) {
      if (cell === start) {
        running = false;
        break;
      }
      const slot = back[cell] - 1;
      cell = inner ? cell + step[parity | slot] : around[slot];
      col += HEX_DCOL[slot];
      if (col < 0) col += w;
      else if (col > lastCol) col -= w;
      continue;
    }
    const count = SLOT_COUNT[mask];
    let slot = SLOT_NTH[mask << 3];
    if (count > 1) {
      // sfc32's step and Sfc32.int's floor(r * count / 2^32), in integers (exact), as in dfs.ts.
      const r = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + r) | 0;
      slot = SLOT_NTH[(mask << 3) | (((r >>> 16) * count + (((r & 0xffff) * count) >>> 16)) >>> 16)];
    }
    const next = inner ? cell + step[parity | slot] : around[slot];
    const backSlot = slot < 3 ? slot + 3 : slot - 3;
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << backSlot);
    back[next] = backSlot + 1;
    cell = next;
    col += HEX_DCOL[slot];
    if (col < 0) col += w;
    else if (col > lastCol) col -= w;
    entered++;
  }
  state[A] = a;
  state[B] = b;
  state[C] = c;
  state[D] = d;
  state[CELL] = cell;
  state[COL] = col;
  state[ENTERED] += entered;
  return running;
}
