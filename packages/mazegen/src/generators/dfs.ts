import { defineGenerator, quietKernel, squareQuietKernel } from './define.js';
import type { GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { ALL_WALLS, directionSteps, EAST, NORTH, SOUTH, WEST, type Maze } from '../maze.js';
import { Sfc32, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { checkedGridStart, checkedStart } from './start.js';
import { carveUnweightedInWasm } from './square-dfs-kernel.js';
import { WASM_MIN_CELLS } from '../wasm.js';
import { dfsHex, dfsHexInWasm } from './dfs-hex.js';
import { dfsPolar } from './dfs-polar.js';
import { dfsTriangle, dfsTriangleInWasm } from './dfs-triangle.js';

/** Bits 5-6 of a cell byte hold the way back to its parent while the search runs. */
const BACK_SHIFT = 5;
const BACK_MASK = 3 << BACK_SHIFT;
const START_MARK = 0x80;
/** Walls and the 42 flag: what stays in a cell once the search has left it. */
const KEEP = 31;

/** BIT_COUNT[mask]: how many direction bits are set. NTH_BIT[mask * 4 + k]: the k-th, from north. */
export const BIT_COUNT = new Uint8Array(16);
export const NTH_BIT = new Uint8Array(64);
for (let mask = 0; mask < 16; mask++) {
  for (let bit = 1; bit <= 8; bit <<= 1) if (mask & bit) NTH_BIT[(mask << 2) | BIT_COUNT[mask]++] = bit;
}
/** Indexed by a direction bit: the change of column. */
const DX = new Int8Array(9);
DX[EAST] = 1;
DX[WEST] = -1;
/** Indexed by the direction bit moved along: the byte of the cell entered (one wall open, the way back). */
const ENTERED = new Uint8Array(9);
ENTERED[NORTH] = (ALL_WALLS & ~SOUTH) | (2 << BACK_SHIFT);
ENTERED[EAST] = (ALL_WALLS & ~WEST) | (3 << BACK_SHIFT);
ENTERED[SOUTH] = (ALL_WALLS & ~NORTH) | (0 << BACK_SHIFT);
ENTERED[WEST] = (ALL_WALLS & ~EAST) | (1 << BACK_SHIFT);

/**
 * Randomized depth-first search (the recursive backtracker), iterative. The stack is
 * not an array: each cell keeps the direction back to its parent in two spare bits
 * of its own byte (cleared when the search leaves it), so the search needs no memory
 * beyond the maze, whatever its size.
 *
 * DIFFICULTY (1..10) weights the choice of direction as in the MATLAB seed: north is
 * weighted by 1 - (d - 5) / 14 and the other three by 1 + (d - 5) / 14, so low levels
 * run north-south and high levels east-west. At 5 every direction is equally likely.
 */
export const dfs = defineGenerator({
  name: 'DFS',
  aliases: ['backtracker', 'recursive-backtracker', 'depth-first', 'depth-first-search'],
  description: 'Randomized depth-first search: long winding corridors, few dead ends.',
  reference: 'https://en.wikipedia.org/wiki/Maze_generation_algorithm#Randomized_depth-first_search',
  scratchBytesPerCell: 2, // its state lives in the cell bytes' spare bits; the WebAssembly search's copy of them is a byte a cell (hex and triangle: two, the way back included)
  gridScratchBytesPerCell: 2, // the way back, a byte a cell (or the WebAssembly search's copy of the words, two: hex, triangle); measured 0.7-2.0
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generic: dfsOnGrid,
  // The even-weighted search without a step reporter: by its WebAssembly build from WASM_MIN_CELLS cells on (where it runs), else in JavaScript slices.
  squareKernels: [
    squareQuietKernel(
      'square-wasm',
      (maze, rng, start, onProgress, options) => evenWeights(options) && carveUnweightedInWasm(maze, rng, start, onProgress),
      {
        minCells: WASM_MIN_CELLS,
      },
    ),
    squareQuietKernel('square-quiet', (maze, rng, start, onProgress, options) => {
      if (!evenWeights(options)) return false;
      carveUnweighted(maze, rng, start, onProgress);
      return true;
    }),
  ],
  kernels: [
    quietKernel('hex-wasm', 'hex', false, dfsHexInWasm, { minCells: WASM_MIN_CELLS }),
    quietKernel('hex', 'hex', true, dfsHex),
    quietKernel('triangle-wasm', 'triangle', false, dfsTriangleInWasm, { minCells: WASM_MIN_CELLS }),
    quietKernel('triangle', 'triangle', false, dfsTriangle),
    quietKernel('polar', 'polar', false, (maze, rng, start, onProgress) => {
      dfsPolar(maze, rng, start, onProgress);
      return true;
    }),
  ],
  square(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const bias = (options.difficulty - 5) / 14;
    const weighted = bias !== 0;
    const northWeight = 1 - bias;
    const otherWeight = 1 + bias;
    const start = checkedStart(maze, options.start);
    const lastColumn = w - 1;
    // Indexed by a direction bit: the step to the neighbour, and the change of column.
    const step = directionSteps(w);
    // Progress every 2^20 cells entered; without a listener the countdown never ends.
    const onProgress = options.onProgress;
    let untilProgress = onProgress ? PROGRESS_EVERY : 0x7fffffff;
    let entered = 1;
    let cell = start;
    let x = start % w;
    // A free cell that still has all four walls (and no way back) has not been visited
    // yet; the start gets scratch bit 7 until the end, so it never looks unvisited.
    cells[start] |= START_MARK;
    if (onStep) onStep(Step.Visit, start, 0);
    while (true) {
      // Unvisited neighbours as a mask of direction bits. A neighbour past the border
      // reads as this (visited) cell, so the test needs no branch: v === 15 gives 1.
      const up = cells[cell >= w ? cell - w : cell];
      const right = cells[x < lastColumn ? cell + 1 : cell];
      const down = cells[cell + w < size ? cell + w : cell];
      const left = cells[x > 0 ? cell - 1 : cell];
      const open =
        (((up ^ ALL_WALLS) - 1) >>> 31) |
        ((((right ^ ALL_WALLS) - 1) >>> 31) << 1) |
        ((((down ^ ALL_WALLS) - 1) >>> 31) << 2) |
        ((((left ^ ALL_WALLS) - 1) >>> 31) << 3);
      if (open === 0) {
        if (onStep) onStep(Step.Retreat, cell, 0);
        if (cell === start) {
          cells[start] &= KEEP;
          break;
        }
        const byte = cells[cell];
        cells[cell] = byte & KEEP;
        const back = 1 << ((byte & BACK_MASK) >> BACK_SHIFT);
        cell += step[back];
        x += DX[back];
        continue;
      }
      let dir = open;
      const count = BIT_COUNT[open];
      if (count > 1) {
        if (!weighted || (open & NORTH) === 0) {
          dir = NTH_BIT[(open << 2) | rng.int(count)];
        } else {
          // North is available and weighted differently: draw against the total weight.
          const r = rng.float() * (northWeight + (count - 1) * otherWeight);
          dir = r < northWeight ? NORTH : NTH_BIT[(open << 2) | (1 + Math.min(count - 2, Math.floor((r - northWeight) / otherWeight)))];
        }
      }
      const from = cell;
      cells[cell] &= ~dir;
      cell += step[dir];
      x += DX[dir];
      cells[cell] = ENTERED[dir];
      if (--untilProgress === 0) {
        untilProgress = PROGRESS_EVERY;
        entered += PROGRESS_EVERY;
        onProgress!(entered, size);
      }
      if (onStep) {
        onStep(Step.Carve, from, dir);
        onStep(Step.Visit, cell, 0);
      }
    }
    if (onProgress) onProgress(size, size);
  },
});

/** True when DIFFICULTY weights every direction the same: the search the quiet square kernels run. */
function evenWeights(options: GeneratorOptions): boolean {
  return options.difficulty - 5 === 0;
}

/** Loop turns per slice of `carveSlice`: long enough to cost nothing, short enough to compile early. */
const SLICE = 1 << 16;
/** The slots of the search state that `carveSlice` carries from one slice to the next. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const CELL = 4;
const X = 5;
const START = 6;
const ENTERED_COUNT = 7;

/**
 * The same search as `dfs.generate` for the common case (even weights, no step
 * reporter, the library's own sfc32), in slices of SLICE loop turns. A single call that
 * ran the whole search would be compiled on the stack mid-loop (V8's OSR), which at
 * 10^8 cells measured about 25% slower than the slice function compiled whole; the
 * state in between lives in one small Int32Array. The maze is the same one.
 */
export function carveUnweighted(maze: Maze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): void {
  const { cells, width: w, size } = maze;
  const step = directionSteps(w);
  const state = new Int32Array(8);
  state.set(rng.getState());
  state[CELL] = start;
  state[X] = start % w;
  state[START] = start;
  state[ENTERED_COUNT] = 1;
  cells[start] |= START_MARK;
  let reported = 0;
  while (carveSlice(cells, w, size, step, state)) {
    if (onProgress && state[ENTERED_COUNT] - reported >= PROGRESS_EVERY) {
      reported = state[ENTERED_COUNT];
      onProgress(reported, size);
    }
  }
  rng.setState([state[A], state[B], state[C], state[D]]);
}

/** Up to SLICE turns of the search from `state`; false once it is back at the start with nothing left. */
function carveSlice(cells: Uint8Array, w: number, size: number, step: Int32Array, state: Int32Array): boolean {
  const lastColumn = w - 1;
  const lastRow = size - w;
  const start = state[START];
  let a = state[A];
  let b = state[B];
  let c = state[C];
  let d = state[D];
  let cell = state[CELL];
  let x = state[X];
  let entered = 0;
  let running = true;
  for (let turns = SLICE; turns > 0; turns--) {
    const up = cells[cell >= w ? cell - w : cell];
    const right = cells[x < lastColumn ? cell + 1 : cell];
    const down = cells[cell < lastRow ? cell + w : cell];
    const left = cells[x > 0 ? cell - 1 : cell];
    const open =
      (((up ^ ALL_WALLS) - 1) >>> 31) |
      ((((right ^ ALL_WALLS) - 1) >>> 31) << 1) |
      ((((down ^ ALL_WALLS) - 1) >>> 31) << 2) |
      ((((left ^ ALL_WALLS) - 1) >>> 31) << 3);
    if (open === 0) {
      if (cell === start) {
        cells[start] &= KEEP;
        running = false;
        break;
      }
      const byte = cells[cell];
      cells[cell] = byte & KEEP;
      const back = 1 << ((byte & BACK_MASK) >> BACK_SHIFT);
      cell += step[back];
      x += DX[back];
      continue;
    }
    let dir = open;
    const count = BIT_COUNT[open];
    if (count > 1) {
      // sfc32's step (as Sfc32.nextUint32), then Sfc32.int's floor(r * count / 2^32) in
      // 16-bit halves, all in integers: exact, since count <= 4 keeps every term small.
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      dir = NTH_BIT[(open << 2) | (((t >>> 16) * count + (((t & 0xffff) * count) >>> 16)) >>> 16)];
    }
    cells[cell] &= ~dir;
    cell += step[dir];
    x += DX[dir];
    cells[cell] = ENTERED[dir];
    entered++;
  }
  state[A] = a;
  state[B] = b;
  state[C] = c;
  state[D] = d;
  state[CELL] = cell;
  state[X] = x;
  state[ENTERED_COUNT] += entered;
  return running;
}

/** Marks the start in `back`: it has no way back, yet it is visited. */
const ROOT = 255;

/**
 * The same search on any grid: the specification of the square kernels above. The way
 * back from each cell is its slot + 1 in a byte of its own (0 = not visited yet), as
 * the square kernel keeps it in spare bits. Unvisited neighbours are listed in slot
 * order and one is drawn with `rng.int(count)` only when there are two or more, so on
 * the square grid it draws exactly what the square kernel draws and makes the same
 * bytes (tested). DIFFICULTY weights slot 0 (north) only on the square grid, where it
 * has a meaning; other grids ignore it. The hex, triangle and polar grids have kernels
 * of their own for the common case (dfs-hex.ts, dfs-triangle.ts, dfs-polar.ts), tested
 * against this one.
 */
function dfsOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const blocked = t.blockedBit;
  const start = checkedGridStart(maze, options.start);
  const bias = t.kind === 'square' ? (options.difficulty - 5) / 14 : 0;
  const weighted = bias !== 0;
  const northWeight = 1 - bias;
  const otherWeight = 1 + bias;
  const onProgress = options.onProgress;
  const back = new Uint8Array(size);
  const around = new Int32Array(t.maxDegree);
  const open = new Int32Array(t.maxDegree);
  let untilProgress = onProgress ? PROGRESS_EVERY : 0x7fffffff;
  let entered = 1;
  back[start] = ROOT;
  let cell = start;
  if (onStep) onStep(Step.Visit, start, 0);
  while (true) {
    const degree = t.neighbours(cell, around);
    let count = 0;
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next >= 0 && back[next] === 0 && (cells[next] & blocked) === 0) open[count++] = s;
    }
    if (count === 0) {
      if (onStep) onStep(Step.Retreat, cell, 0);
      if (cell === start) break;
      cell = around[back[cell] - 1];
      continue;
    }
    let slot = open[0];
    if (count > 1) {
      if (!weighted || slot !== 0) {
        slot = open[rng.int(count)];
      } else {
        const r = rng.float() * (northWeight + (count - 1) * otherWeight);
        slot = r < northWeight ? 0 : open[1 + Math.min(count - 2, Math.floor((r - northWeight) / otherWeight))];
      }
    }
    const next = around[slot];
    const backSlot = t.backSlot(cell, slot);
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << backSlot);
    back[next] = backSlot + 1;
    if (--untilProgress === 0) {
      untilProgress = PROGRESS_EVERY;
      entered += PROGRESS_EVERY;
      onProgress!(entered, size);
    }
    if (onStep) {
      onStep(Step.Carve, cell, 1 << slot);
      onStep(Step.Visit, next, 0);
    }
    cell = next;
  }
  if (onProgress) onProgress(size, size);
}
