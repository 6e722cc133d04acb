import { defineGenerator, squareQuietKernel } from './define.js';
import type { GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { Sfc32, type Rng } from '../rng.js';
import { OptionError } from '../errors.js';
import { BLOCKED, EAST, NORTH, OPPOSITE, SOUTH, stepCell, WEST } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { checkedGridStart, checkedStart } from './start.js';
import { BIT_COUNT, carveUnweighted, NTH_BIT } from './dfs.js';
import { carveUnweightedInWasm } from './square-dfs-kernel.js';
import { WASM_MIN_CELLS } from '../wasm.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';

/** How a cell is chosen: `base` ('newest' or 'oldest') with probability `p`, else a random one. */
interface Choice {
  base: 'newest' | 'oldest';
  p: number;
}

/** True when every pick takes the newest cell: DFS's search. */
function alwaysNewest(options: GeneratorOptions): boolean {
  const { base, p } = parseVariant(options.variant);
  return base === 'newest' && p === 1;
}

function parseVariant(variant: string | undefined): Choice {
  const text = (variant ?? 'newest').trim().toLowerCase();
  if (text === '' || text === 'newest' || text === 'last') return { base: 'newest', p: 1 };
  if (text === 'oldest' || text === 'first') return { base: 'oldest', p: 1 };
  if (text === 'random') return { base: 'newest', p: 0 };
  if (text === 'mix') return { base: 'newest', p: 0.5 };
  const match = /^(newest|oldest)\s*:\s*(\d*\.?\d+)$/.exec(text);
  if (match && Number(match[2]) <= 1) return { base: match[1] as 'newest' | 'oldest', p: Number(match[2]) };
  throw new OptionError(
    'VARIANT',
    `GrowingTree variant must be newest, random, oldest, mix (= newest:0.5), or newest:P / oldest:P with P from 0 to 1 (the share of picks that take the newest/oldest cell, the rest random), got '${variant}'`,
  );
}

/**
 * Growing Tree: a list of active cells starts with the start cell; each step picks a
 * cell from the list and opens a wall to a random unvisited neighbour (adding it), or
 * drops the cell when it has none. The pick decides the texture: 'newest' is DFS (long
 * corridors), 'random' is like simplified Prim (short dead ends), 'oldest' grows in
 * rings with long straight spokes, and 'newest:P' mixes (P of the picks newest, the
 * rest random; 'mix' = newest:0.5). The list is an array window [head, tail); a random
 * pick that is dropped is filled from the end the base choice does not read, so the
 * newest (or oldest) cell stays exact. The 42 pattern's cells are never entered.
 * Always-newest draws exactly as DFS does, so without a step reporter it runs DFS's loop.
 */
export const growingTree = defineGenerator({
  name: 'GrowingTree',
  aliases: ['growing-tree', 'growing'],
  description: 'Growing Tree: newest (DFS-like), random (Prim-like), oldest, or a newest:P mix.',
  reference: 'https://weblog.jamisbuck.org/2011/1/27/maze-generation-growing-tree-algorithm',
  scratchBytesPerCell: 5, // the cell list and flags
  gridScratchBytesPerCell: 5, // visited flags and the cell list (int32)
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generic: growingTreeOnGrid,
  variants: ['newest', 'random', 'oldest', 'mix'],
  // Always the newest is the recursive backtracker, draw for draw: DFS's quiet kernels make the same maze. Always the oldest has a loop of its own.
  squareKernels: [
    squareQuietKernel(
      'square-wasm',
      (maze, rng, start, onProgress, options) => alwaysNewest(options) && carveUnweightedInWasm(maze, rng, start, onProgress),
      {
        minCells: WASM_MIN_CELLS,
      },
    ),
    squareQuietKernel('square-quiet', (maze, rng, start, onProgress, options) => {
      const { base, p } = parseVariant(options.variant);
      if (p !== 1) return false;
      if (base === 'newest') carveUnweighted(maze, rng, start, onProgress);
      else growInCells(maze.cells, maze.width, maze.size, start, false, rng, onProgress);
      return true;
    }),
  ],
  square(maze, rng, options, onStep) {
    const { base, p } = parseVariant(options.variant);
    const { cells, width: w, size } = maze;
    const onProgress = options.onProgress;
    const visited = new Uint8Array(size);
    for (let cell = 0; cell < size; cell++) if (cells[cell] & BLOCKED) visited[cell] = 1;
    const list = new Int32Array(size);
    const choices = new Int32Array(4);
    let head = 0;
    let tail = 0;
    const start = checkedStart(maze, options.start);
    // Cells visited (the list's tail also falls when newest cells are dropped).
    let entered = 1;
    let untilProgress = PROGRESS_EVERY;
    list[tail++] = start;
    visited[start] = 1;
    if (onStep) onStep(Step.Visit, start, 0);
    while (tail > head) {
      const useBase = p === 1 || (p > 0 && rng.float() < p);
      const index = useBase ? (base === 'newest' ? tail - 1 : head) : head + rng.int(tail - head);
      const cell = list[index];
      const x = cell % w;
      let count = 0;
      if (cell >= w && visited[cell - w] === 0) choices[count++] = NORTH;
      if (x + 1 < w && visited[cell + 1] === 0) choices[count++] = EAST;
      if (cell + w < size && visited[cell + w] === 0) choices[count++] = SOUTH;
      if (x > 0 && visited[cell - 1] === 0) choices[count++] = WEST;
      if (count === 0) {
        if (index === tail - 1) tail--;
        else if (index === head) head++;
        else if (base === 'newest') list[index] = list[head++];
        else list[index] = list[--tail];
        if (onStep) onStep(Step.Retreat, cell, 0);
        continue;
      }
      const dir = choices[count === 1 ? 0 : rng.int(count)];
      const next = stepCell(cell, dir, w);
      cells[cell] &= ~dir;
      cells[next] &= ~OPPOSITE[dir];
      visited[next] = 1;
      list[tail++] = next;
      if (onStep) {
        onStep(Step.Carve, cell, dir);
        onStep(Step.Visit, next, 0);
      }
      entered++;
      if (--untilProgress === 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress(entered, size);
      }
    }
    if (onProgress) onProgress(size, size);
  },
});

/** Slots of the Int32Array that carries the sfc32 state and the list's window between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const HEAD = 4;
const TAIL = 5;
/** Cells visited so far (the tail falls when a newest cell is dropped), for progress. */
const ENTERED = 6;
const SLOTS = 7;
/** Loop turns per slice (docs/design.md, "Hot loops run in slices"). */
const SLICE = 1 << 16;
/** Scratch bit of a cell byte while the fast loop runs: visited. */
const VISITED_BIT = 0x20;
const TAKEN = BLOCKED | VISITED_BIT;

/**
 * `growingTree.generate` for the pure variants (newest or oldest always, no draw for
 * the pick), no step reporter and the library's sfc32: the visited flags live in the
 * cells' scratch bits (cleared at the end), the loop runs in slices with the stream in
 * locals, the side is drawn in 16-bit integer halves (exact for four). Same maze.
 */
function growInCells(
  cells: Uint8Array,
  w: number,
  size: number,
  start: number,
  newest: boolean,
  rng: Sfc32,
  onProgress: ProgressReporter | undefined,
): void {
  const list = new Int32Array(size);
  const slots = new Int32Array(SLOTS);
  slots.set(rng.getState(), A);
  list[0] = start;
  slots[TAIL] = 1;
  cells[start] |= VISITED_BIT;
  slots[ENTERED] = 1;
  let reported = 0;
  while (growSlice(cells, w, size, list, newest, slots)) {
    if (onProgress && slots[ENTERED] - reported >= PROGRESS_EVERY) {
      reported = slots[ENTERED];
      onProgress(reported, size);
    }
  }
  rng.setState([slots[A], slots[B], slots[C], slots[D]]);
  for (let cell = 0; cell < size; cell++) cells[cell] &= ~VISITED_BIT;
}

/** Up to SLICE turns of the growth; false once the list is empty. */
function growSlice(cells: Uint8Array, w: number, size: number, list: Int32Array, newest: boolean, slots: Int32Array): boolean {
  let a = slots[A];
  let b = slots[B];
  let c = slots[C];
  let d = slots[D];
  let head = slots[HEAD];
  let tail = slots[TAIL];
  let entered = slots[ENTERED];
  const perColumn = 1 / w;
  for (let turns = SLICE; turns > 0 && tail > head; turns--) {
    const cell = newest ? list[tail - 1] : list[head];
    // The column by a multiply and a correction (exact), not an integer division.
    let x = cell - Math.floor(cell * perColumn) * w;
    if (x < 0) x += w;
    else if (x >= w) x -= w;
    const open =
      (cell >= w && (cells[cell - w] & TAKEN) === 0 ? NORTH : 0) |
      (x + 1 < w && (cells[cell + 1] & TAKEN) === 0 ? EAST : 0) |
      (cell + w < size && (cells[cell + w] & TAKEN) === 0 ? SOUTH : 0) |
      (x > 0 && (cells[cell - 1] & TAKEN) === 0 ? WEST : 0);
    if (open === 0) {
      if (newest) tail--;
      else head++;
      continue;
    }
    const count = BIT_COUNT[open];
    let dir = open;
    if (count > 1) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      dir = NTH_BIT[(open << 2) | (((t >>> 16) * count + (((t & 0xffff) * count) >>> 16)) >>> 16)];
    }
    const next = stepCell(cell, dir, w);
    cells[cell] &= ~dir;
    cells[next] = (cells[next] & ~OPPOSITE[dir]) | VISITED_BIT;
    list[tail++] = next;
    entered++;
  }
  slots[A] = a;
  slots[B] = b;
  slots[C] = c;
  slots[D] = d;
  slots[HEAD] = head;
  slots[TAIL] = tail;
  slots[ENTERED] = entered;
  return tail > head;
}

/** The same growth on any grid, in the same order of draws (the same bytes on the square grid). */
function growingTreeOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const { base, p } = parseVariant(options.variant);
  const t = maze.topology;
  const { cells, size } = maze;
  const visited = new Uint8Array(size);
  for (let cell = 0; cell < size; cell++) if (cells[cell] & t.blockedBit) visited[cell] = 1;
  const list = new Int32Array(size);
  const around = new Int32Array(t.maxDegree);
  const choices = new Int32Array(t.maxDegree);
  let head = 0;
  let tail = 0;
  const start = checkedGridStart(maze, options.start);
  const onProgress = options.onProgress;
  let entered = 1;
  let untilProgress = PROGRESS_EVERY;
  list[tail++] = start;
  visited[start] = 1;
  if (onStep) onStep(Step.Visit, start, 0);
  while (tail > head) {
    const useBase = p === 1 || (p > 0 && rng.float() < p);
    const index = useBase ? (base === 'newest' ? tail - 1 : head) : head + rng.int(tail - head);
    const cell = list[index];
    const degree = t.neighbours(cell, around);
    let count = 0;
    for (let s = 0; s < degree; s++) if (around[s] >= 0 && visited[around[s]] === 0) choices[count++] = s;
    if (count === 0) {
      if (index === tail - 1) tail--;
      else if (index === head) head++;
      else if (base === 'newest') list[index] = list[head++];
      else list[index] = list[--tail];
      if (onStep) onStep(Step.Retreat, cell, 0);
      continue;
    }
    const slot = choices[count === 1 ? 0 : rng.int(count)];
    const next = around[slot];
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << t.backSlot(cell, slot));
    visited[next] = 1;
    list[tail++] = next;
    if (onStep) {
      onStep(Step.Carve, cell, 1 << slot);
      onStep(Step.Visit, next, 0);
    }
    entered++;
    if (--untilProgress === 0) {
      untilProgress = PROGRESS_EVERY;
      if (onProgress) onProgress(entered, size);
    }
  }
  if (onProgress) onProgress(size, size);
}
