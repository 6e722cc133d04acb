import { defineGenerator, squareQuietKernel } from './define.js';
import type { GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { Sfc32, type Rng } from '../rng.js';
import { BLOCKED, EAST, NORTH, OPPOSITE, SOUTH, stepCell, WEST } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { checkedGridStart, checkedStart } from './start.js';
import { BIT_COUNT, NTH_BIT } from './dfs.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { sliceTurns } from '../slices.js';
import { clearScratchBits } from '../scratch.js';

const OUT = 0;
const FRONTIER = 1;
const IN = 2;
const OBSTACLE = 3;

/**
 * Prim's algorithm, simplified (no weights): the frontier holds every cell outside the
 * maze that touches it; each step takes a uniformly random frontier cell, joins it to
 * a random neighbour already in the maze and adds its outside neighbours to the
 * frontier. Growth spreads evenly from the start in all directions, giving many short
 * dead ends and a low "river" factor. The frontier is an array with swap-removal, so a
 * step is O(1). The 42 pattern's cells never join the frontier.
 */
export const prim = defineGenerator({
  name: 'Prim',
  aliases: ['prims', 'simplified-prim', 'prim-simplified', 'randomized-prim'],
  description: "Prim's algorithm (simplified): random frontier cells join the maze; radial growth, many short dead ends.",
  reference: 'https://weblog.jamisbuck.org/2011/1/10/maze-generation-prim-s-algorithm',
  scratchBytesPerCell: 5, // frontier list and flags
  gridScratchBytesPerCell: 5, // state bytes and the frontier (int32)
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generic: primOnGrid,
  squareKernels: [
    squareQuietKernel('square-quiet', (maze, rng, start, onProgress) => {
      primInCells(maze.cells, maze.width, maze.size, start, rng, onProgress);
      return true;
    }),
  ],
  square(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const onProgress = options.onProgress;
    const state = new Uint8Array(size);
    for (let cell = 0; cell < size; cell++) if (cells[cell] & BLOCKED) state[cell] = OBSTACLE;
    const frontier = new Int32Array(size);
    const choices = new Int32Array(4);
    let length = 0;
    const addFrontier = (outside: number): void => {
      state[outside] = FRONTIER;
      frontier[length++] = outside;
      if (onStep) onStep(Step.Frontier, outside, 0);
    };
    let cell = checkedStart(maze, options.start);
    let untilProgress = PROGRESS_EVERY;
    let joined = 0;
    while (true) {
      state[cell] = IN;
      joined++;
      if (--untilProgress === 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress(joined, size);
      }
      if (onStep) onStep(Step.Visit, cell, 0);
      // Add the outside neighbours of the cell that just joined.
      const x = cell % w;
      if (cell >= w && state[cell - w] === OUT) addFrontier(cell - w);
      if (x + 1 < w && state[cell + 1] === OUT) addFrontier(cell + 1);
      if (cell + w < size && state[cell + w] === OUT) addFrontier(cell + w);
      if (x > 0 && state[cell - 1] === OUT) addFrontier(cell - 1);
      if (length === 0) break;
      // Take a random frontier cell out (swap with the last) and join it to the maze.
      const pick = rng.int(length);
      cell = frontier[pick];
      frontier[pick] = frontier[--length];
      const fx = cell % w;
      let count = 0;
      if (cell >= w && state[cell - w] === IN) choices[count++] = NORTH;
      if (fx + 1 < w && state[cell + 1] === IN) choices[count++] = EAST;
      if (cell + w < size && state[cell + w] === IN) choices[count++] = SOUTH;
      if (fx > 0 && state[cell - 1] === IN) choices[count++] = WEST;
      const dir = choices[count === 1 ? 0 : rng.int(count)];
      const inside = stepCell(cell, dir, w);
      cells[cell] &= ~dir;
      cells[inside] &= ~OPPOSITE[dir];
      if (onStep) onStep(Step.Carve, cell, dir);
    }
    if (onProgress) onProgress(size, size);
  },
});

/** Slots of the Int32Array that carries the sfc32 state and the frontier's length between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const LENGTH = 4;
const SLOTS = 5;
/** Cells joined per slice (docs/design.md, "Hot loops run in slices"). */
const SLICE = 1 << 16;
/** Scratch bits of a cell byte while the fast loop runs: on the frontier, in the maze. */
const FRONTIER_BIT = 0x20;
const IN_BIT = 0x40;
/** On the cells of the first and last rows and columns while the fast loop runs. */
const EDGE_BIT = 0x80;
/** What makes a cell not OUT: blocked, on the frontier or in. */
const TAKEN = BLOCKED | FRONTIER_BIT | IN_BIT;

/**
 * `prim.generate` for the common case (no step reporter, the library's sfc32): the
 * cell states live in the cells' scratch bits, so a step touches the lines it carves
 * in and no separate state array (Prim's picks land anywhere on the frontier, so
 * every line saved is a cache miss saved). Same draws, same maze; the bits are
 * cleared at the end.
 */
function primInCells(
  cells: Uint8Array,
  w: number,
  size: number,
  start: number,
  rng: Sfc32,
  onProgress: ProgressReporter | undefined,
): void {
  const frontier = new Int32Array(size + 4); // room for the loop's unkept writes at the end
  const slots = new Int32Array(SLOTS);
  slots.set(rng.getState(), A);
  // The start joins, and its free neighbours make the first frontier; then every turn of a slice joins one cell.
  const x = start % w;
  cells[start] |= IN_BIT;
  let length = 0;
  for (const next of [start - w, x + 1 < w ? start + 1 : -1, start + w, x > 0 ? start - 1 : -1]) {
    if (next < 0 || next >= size || cells[next] & TAKEN) continue;
    cells[next] |= FRONTIER_BIT;
    frontier[length++] = next;
  }
  slots[LENGTH] = length;
  for (let y = 0; y < size; y += w) {
    cells[y] |= EDGE_BIT;
    cells[y + w - 1] |= EDGE_BIT;
  }
  for (let x = 0; x < w; x++) {
    cells[x] |= EDGE_BIT;
    cells[size - w + x] |= EDGE_BIT;
  }
  let joined = 1;
  let reported = 0;
  for (let calls = 1, turns = sliceTurns(1, SLICE); primSlice(cells, w, size, frontier, slots, turns); turns = sliceTurns(++calls, SLICE)) {
    joined += turns;
    if (onProgress && joined - reported >= PROGRESS_EVERY) {
      reported = joined;
      onProgress(joined, size);
    }
  }
  rng.setState([slots[A], slots[B], slots[C], slots[D]]);
  clearScratchBits(cells);
}

/**
 * Up to `turns` cells of Prim, with the same draws as the general loop: the frontier
 * pick by drawBelow's formula (as Sfc32.int), the side to join in 16-bit integer
 * halves (exact for four), the sides in a mask read by NTH_BIT. False once the frontier
 * is empty. A pick off the border (no EDGE_BIT) reads its four neighbours with no test;
 * the border's few take `joinEdgeCell`. Constants are literals and the tables locals:
 * an imported binding is reloaded with a check at every use in a loop.
 */
function primSlice(cells: Uint8Array, w: number, size: number, frontier: Int32Array, slots: Int32Array, turns: number): boolean {
  let a = slots[A];
  let b = slots[B];
  let c = slots[C];
  let d = slots[D];
  let length = slots[LENGTH];
  let more = true;
  const bitCount = BIT_COUNT;
  const nthBit = NTH_BIT;
  for (; turns > 0; turns--) {
    if (length === 0) {
      more = false;
      break;
    }
    let t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    const pick =
      length <= 0x10000
        ? (Math.imul(t >>> 16, length) + (Math.imul(t & 0xffff, length) >>> 16)) >>> 16
        : Math.floor(((t >>> 0) / 4294967296) * length);
    const cell = frontier[pick];
    frontier[pick] = frontier[--length];
    const byte = cells[cell];
    if (byte & 0x80) {
      // EDGE_BIT: a cell of the first or last row or column; its draw, if any, comes from the slots.
      slots[A] = a;
      slots[B] = b;
      slots[C] = c;
      slots[D] = d;
      length = joinEdgeCell(cells, w, size, frontier, slots, cell, length);
      a = slots[A];
      b = slots[B];
      c = slots[C];
      d = slots[D];
      continue;
    }
    const up = cells[cell - w];
    const right = cells[cell + 1];
    const down = cells[cell + w];
    const left = cells[cell - 1];
    // IN_BIT (0x40) of each neighbour to the side's bit: north 1, east 2, south 4, west 8.
    const inside = ((up >>> 6) & 1) | ((right >>> 5) & 2) | ((down >>> 4) & 4) | ((left >>> 3) & 8);
    const count = bitCount[inside];
    // The side's draw is made always and kept only with two or more sides (a coin toss
    // as a branch): `keep` is all ones then. One side draws index 0, the side itself.
    const keep = (1 - count) >> 31;
    t = (((a + b) | 0) + d) | 0;
    d = (d + (keep & 1)) | 0;
    const nextA = b ^ (b >>> 9);
    const nextB = (c + (c << 3)) | 0;
    const nextC = (((c << 21) | (c >>> 11)) + t) | 0;
    a ^= (a ^ nextA) & keep;
    b ^= (b ^ nextB) & keep;
    c ^= (c ^ nextC) & keep;
    const dir = nthBit[(inside << 2) | (((t >>> 16) * count + (((t & 0xffff) * count) >>> 16)) >>> 16)];
    cells[cell] = (byte & ~(0x20 | dir)) | 0x40;
    // Each neighbour's byte written back once, without branches (whether it is still out
    // is a coin toss): FRONTIER_BIT (0x20) if it was out (none of TAKEN, 0x70), the wall
    // towards the cell opened if it is the one joined. Each is written at the frontier's
    // end and kept by its length.
    let out = ((up & 0x70) - 1) >>> 31;
    cells[cell - w] = (up | (0x20 & -out)) & ~((dir & 1) << 2);
    frontier[length] = cell - w;
    length += out;
    out = ((right & 0x70) - 1) >>> 31;
    cells[cell + 1] = (right | (0x20 & -out)) & ~((dir & 2) << 2);
    frontier[length] = cell + 1;
    length += out;
    out = ((down & 0x70) - 1) >>> 31;
    cells[cell + w] = (down | (0x20 & -out)) & ~((dir & 4) >>> 2);
    frontier[length] = cell + w;
    length += out;
    out = ((left & 0x70) - 1) >>> 31;
    cells[cell - 1] = (left | (0x20 & -out)) & ~((dir & 8) >>> 2);
    frontier[length] = cell - 1;
    length += out;
  }
  slots[A] = a;
  slots[B] = b;
  slots[C] = c;
  slots[D] = d;
  slots[LENGTH] = length;
  return more;
}

/**
 * One turn of `primSlice` for a picked cell on the border, the sfc32 state in `slots`:
 * joins it and returns the frontier's new length. A side off the grid reads as blocked.
 */
function joinEdgeCell(
  cells: Uint8Array,
  w: number,
  size: number,
  frontier: Int32Array,
  slots: Int32Array,
  cell: number,
  length: number,
): number {
  const x = cell % w;
  const upCell = cell >= w ? cell - w : cell;
  const rightCell = x !== w - 1 ? cell + 1 : cell;
  const downCell = cell + w < size ? cell + w : cell;
  const leftCell = x !== 0 ? cell - 1 : cell;
  const up = upCell !== cell ? cells[upCell] : BLOCKED;
  const right = rightCell !== cell ? cells[rightCell] : BLOCKED;
  const down = downCell !== cell ? cells[downCell] : BLOCKED;
  const left = leftCell !== cell ? cells[leftCell] : BLOCKED;
  const inside = ((up & IN_BIT) >>> 6) | ((right & IN_BIT) >>> 5) | ((down & IN_BIT) >>> 4) | ((left & IN_BIT) >>> 3);
  const count = BIT_COUNT[inside];
  let dir = inside;
  if (count > 1) {
    const a = slots[A];
    const b = slots[B];
    const c = slots[C];
    const d = slots[D];
    const t = (((a + b) | 0) + d) | 0;
    slots[D] = (d + 1) | 0;
    slots[A] = b ^ (b >>> 9);
    slots[B] = (c + (c << 3)) | 0;
    slots[C] = (((c << 21) | (c >>> 11)) + t) | 0;
    dir = NTH_BIT[(inside << 2) | (((t >>> 16) * count + (((t & 0xffff) * count) >>> 16)) >>> 16)];
  }
  const byte = cells[cell];
  cells[cell] = (byte & ~(FRONTIER_BIT | dir)) | IN_BIT;
  cells[stepCell(cell, dir, w)] &= ~OPPOSITE[dir];
  // The joined neighbour is in the maze, so the bytes read above still hold for the rest
  // (a side off the grid read as blocked, so it is taken).
  if (!(up & TAKEN)) frontier[length++] = markFrontier(cells, upCell);
  if (!(right & TAKEN)) frontier[length++] = markFrontier(cells, rightCell);
  if (!(down & TAKEN)) frontier[length++] = markFrontier(cells, downCell);
  if (!(left & TAKEN)) frontier[length++] = markFrontier(cells, leftCell);
  return length;
}

/** Puts FRONTIER_BIT on `cell` and returns it. */
function markFrontier(cells: Uint8Array, cell: number): number {
  cells[cell] |= FRONTIER_BIT;
  return cell;
}

/** The same growth on any grid, in the same order of draws (the same bytes on the square grid). */
function primOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const state = new Uint8Array(size);
  for (let cell = 0; cell < size; cell++) if (cells[cell] & t.blockedBit) state[cell] = OBSTACLE;
  const frontier = new Int32Array(size);
  const around = new Int32Array(t.maxDegree);
  const choices = new Int32Array(t.maxDegree);
  let length = 0;
  let cell = checkedGridStart(maze, options.start);
  const onProgress = options.onProgress;
  let untilProgress = PROGRESS_EVERY;
  let joined = 0;
  while (true) {
    state[cell] = IN;
    joined++;
    if (--untilProgress === 0) {
      untilProgress = PROGRESS_EVERY;
      if (onProgress) onProgress(joined, size);
    }
    if (onStep) onStep(Step.Visit, cell, 0);
    let degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || state[next] !== OUT) continue;
      state[next] = FRONTIER;
      frontier[length++] = next;
      if (onStep) onStep(Step.Frontier, next, 0);
    }
    if (length === 0) break;
    const pick = rng.int(length);
    cell = frontier[pick];
    frontier[pick] = frontier[--length];
    degree = t.neighbours(cell, around);
    let count = 0;
    for (let s = 0; s < degree; s++) if (around[s] >= 0 && state[around[s]] === IN) choices[count++] = s;
    const slot = choices[count === 1 ? 0 : rng.int(count)];
    cells[cell] &= ~(1 << slot);
    cells[around[slot]] &= ~(1 << t.backSlot(cell, slot));
    if (onStep) onStep(Step.Carve, cell, 1 << slot);
  }
  if (onProgress) onProgress(size, size);
}
