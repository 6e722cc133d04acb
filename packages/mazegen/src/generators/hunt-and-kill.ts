import { defineGenerator, squareQuietKernel } from './define.js';
import type { GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { Sfc32, type Rng } from '../rng.js';
import { BLOCKED, directionSteps, EAST, NORTH, OPPOSITE, SOUTH, stepCell, WEST } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { checkedGridStart, checkedStart } from './start.js';
import { BIT_COUNT, NTH_BIT } from './dfs.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { sliceTurns } from '../slices.js';
import { clearScratchBits } from '../scratch.js';

const UNVISITED = 0;
const VISITED = 1;
const OBSTACLE = 2;

/**
 * Hunt-and-Kill: a random walk carves into unvisited cells until it is stuck, then a
 * hunt scans the grid row by row for the first unvisited cell next to the maze, joins
 * it to a random visited neighbour and walks on from there. Like DFS without a stack:
 * long winding corridors, few dead ends. The hunt's targets (unvisited cells with a
 * visited neighbour) are counted per row, with a lower bound on the first row that has
 * any and, per row, on the first column, so a hunt costs O(1) amortized instead of a
 * scan from the top; it still finds the same cell as the plain scan. The 42 pattern's
 * cells are simply never entered.
 */
export const huntAndKill = defineGenerator({
  name: 'HuntAndKill',
  aliases: ['hunt-and-kill', 'hunt-kill', 'hak'],
  description: 'Hunt-and-Kill: random walks joined by row-by-row hunts; long corridors, few dead ends.',
  reference: 'https://weblog.jamisbuck.org/2011/1/24/maze-generation-hunt-and-kill-algorithm',
  scratchBytesPerCell: 6, // visited flags and per-row hunt counts
  gridScratchBytesPerCell: 3, // state and hunt-target flags, per-block counts; measured 1.8-2.1
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generic: huntAndKillOnGrid,
  squareKernels: [
    squareQuietKernel('square-quiet', (maze, rng, start, onProgress) => {
      huntInCells(maze.cells, maze.width, maze.height, start, rng, onProgress);
      return true;
    }),
  ],
  square(maze, rng, options, onStep) {
    const { cells, width: w, height: h, size } = maze;
    const onProgress = options.onProgress;
    const state = new Uint8Array(size);
    for (let cell = 0; cell < size; cell++) if (cells[cell] & BLOCKED) state[cell] = OBSTACLE;
    const target = new Uint8Array(size); // unvisited, with a visited neighbour
    const targetsInRow = new Int32Array(h);
    const firstColumn = new Int32Array(h).fill(w); // no target in the row lies left of it
    let firstRow = h; // no row above it has a target
    const choices = new Int32Array(4);
    let entered = 0;
    let untilProgress = PROGRESS_EVERY;

    const addTarget = (cell: number): void => {
      if (target[cell] || state[cell] !== UNVISITED) return;
      target[cell] = 1;
      const y = (cell / w) | 0;
      const x = cell - y * w;
      targetsInRow[y]++;
      if (x < firstColumn[y]) firstColumn[y] = x;
      if (y < firstRow) firstRow = y;
    };
    const enter = (cell: number): void => {
      state[cell] = VISITED;
      if (target[cell]) {
        target[cell] = 0;
        targetsInRow[(cell / w) | 0]--;
      }
      const x = cell % w;
      if (cell >= w) addTarget(cell - w);
      if (x + 1 < w) addTarget(cell + 1);
      if (cell + w < size) addTarget(cell + w);
      if (x > 0) addTarget(cell - 1);
      if (onStep) onStep(Step.Visit, cell, 0);
      entered++;
      if (--untilProgress === 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress(entered, size);
      }
    };

    let cell = checkedStart(maze, options.start);
    enter(cell);
    while (true) {
      // Kill: walk into a random unvisited neighbour.
      const x = cell % w;
      let count = 0;
      if (cell >= w && state[cell - w] === UNVISITED) choices[count++] = NORTH;
      if (x + 1 < w && state[cell + 1] === UNVISITED) choices[count++] = EAST;
      if (cell + w < size && state[cell + w] === UNVISITED) choices[count++] = SOUTH;
      if (x > 0 && state[cell - 1] === UNVISITED) choices[count++] = WEST;
      if (count > 0) {
        const dir = choices[count === 1 ? 0 : rng.int(count)];
        const next = stepCell(cell, dir, w);
        cells[cell] &= ~dir;
        cells[next] &= ~OPPOSITE[dir];
        if (onStep) onStep(Step.Carve, cell, dir);
        enter(next);
        cell = next;
        continue;
      }
      // Hunt: the first target in row order.
      while (firstRow < h && targetsInRow[firstRow] === 0) firstRow++;
      if (firstRow === h) break;
      const row = firstRow * w;
      let column = firstColumn[firstRow];
      while (target[row + column] === 0) column++;
      firstColumn[firstRow] = column;
      const found = row + column;
      count = 0;
      if (found >= w && state[found - w] === VISITED) choices[count++] = NORTH;
      if (column + 1 < w && state[found + 1] === VISITED) choices[count++] = EAST;
      if (found + w < size && state[found + w] === VISITED) choices[count++] = SOUTH;
      if (column > 0 && state[found - 1] === VISITED) choices[count++] = WEST;
      const dir = choices[count === 1 ? 0 : rng.int(count)];
      const other = stepCell(found, dir, w);
      cells[found] &= ~dir;
      cells[other] &= ~OPPOSITE[dir];
      if (onStep) {
        onStep(Step.Frontier, found, 0);
        onStep(Step.Carve, found, dir);
      }
      enter(found);
      cell = found;
    }
    if (onProgress) onProgress(size, size);
  },
});

/** Scratch bits of a cell byte while the fast loop runs: visited, and a hunt target (unvisited, next to the maze). */
const VISITED_BIT = 0x20;
const TARGET_BIT = 0x40;
/** Indexed by a direction bit: the change of column and of row. */
const DX = new Int8Array(9);
DX[EAST] = 1;
DX[WEST] = -1;
const DY = new Int8Array(9);
DY[NORTH] = -1;
DY[SOUTH] = 1;
/** Slots of the Int32Array that carries the state between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const CELL = 4;
const X = 5;
const Y = 6;
const FIRST_ROW = 7;
const OPEN = 8;
const SLOTS = 9;
/** Loop turns per slice (docs/design.md, "Hot loops run in slices"). */
const SLICE = 1 << 16;

/**
 * `huntAndKill.generate` for the common case (no step reporter, the library's sfc32):
 * the visited and target flags live in the cells' scratch bits (cleared at the end),
 * the walk carries its column and row (no division), the stream runs in locals in
 * slices, and a side is drawn in 16-bit integer halves (exact for four). Same maze.
 */
function huntInCells(cells: Uint8Array, w: number, h: number, start: number, rng: Sfc32, onProgress: ProgressReporter | undefined): void {
  const targetsInRow = new Int32Array(h);
  const firstColumn = new Int32Array(h).fill(w);
  const slots = new Int32Array(SLOTS);
  slots.set(rng.getState(), A);
  const x = start % w;
  const y = (start - x) / w;
  slots[CELL] = start;
  slots[X] = x;
  slots[Y] = y;
  slots[FIRST_ROW] = enterCell(cells, w, h, start, x, y, targetsInRow, firstColumn, h);
  slots[OPEN] = unvisitedAround(cells, w, h, start, x, y);
  // A slice that returns true ran all its turns, and every turn (a step or a hunt) enters one cell.
  let entered = 1;
  let reported = 0;
  for (
    let calls = 1, turns = sliceTurns(1, SLICE);
    huntSlice(cells, w, h, targetsInRow, firstColumn, slots, turns);
    turns = sliceTurns(++calls, SLICE)
  ) {
    entered += turns;
    if (onProgress && entered - reported >= PROGRESS_EVERY) {
      reported = entered;
      onProgress(entered, w * h);
    }
  }
  rng.setState([slots[A], slots[B], slots[C], slots[D]]);
  clearScratchBits(cells);
}

/** Marks a cell visited and its unvisited neighbours targets; returns the new first row with a target. */
function enterCell(
  cells: Uint8Array,
  w: number,
  h: number,
  cell: number,
  x: number,
  y: number,
  targetsInRow: Int32Array,
  firstColumn: Int32Array,
  firstRow: number,
): number {
  const byte = cells[cell];
  if (byte & TARGET_BIT) targetsInRow[y]--;
  cells[cell] = (byte & ~TARGET_BIT) | VISITED_BIT;
  const free = BLOCKED | VISITED_BIT | TARGET_BIT;
  if (y > 0 && (cells[cell - w] & free) === 0) {
    cells[cell - w] |= TARGET_BIT;
    targetsInRow[y - 1]++;
    if (x < firstColumn[y - 1]) firstColumn[y - 1] = x;
    if (y - 1 < firstRow) firstRow = y - 1;
  }
  if (x + 1 < w && (cells[cell + 1] & free) === 0) {
    cells[cell + 1] |= TARGET_BIT;
    targetsInRow[y]++;
    if (x + 1 < firstColumn[y]) firstColumn[y] = x + 1;
    if (y < firstRow) firstRow = y;
  }
  if (y + 1 < h && (cells[cell + w] & free) === 0) {
    cells[cell + w] |= TARGET_BIT;
    targetsInRow[y + 1]++;
    if (x < firstColumn[y + 1]) firstColumn[y + 1] = x;
    if (y + 1 < firstRow) firstRow = y + 1;
  }
  if (x > 0 && (cells[cell - 1] & free) === 0) {
    cells[cell - 1] |= TARGET_BIT;
    targetsInRow[y]++;
    if (x - 1 < firstColumn[y]) firstColumn[y] = x - 1;
    if (y < firstRow) firstRow = y;
  }
  return firstRow;
}

/** The directions from a cell to its free unvisited neighbours. */
function unvisitedAround(cells: Uint8Array, w: number, h: number, cell: number, x: number, y: number): number {
  const taken = BLOCKED | VISITED_BIT;
  return (
    (y > 0 && (cells[cell - w] & taken) === 0 ? NORTH : 0) |
    (x + 1 < w && (cells[cell + 1] & taken) === 0 ? EAST : 0) |
    (y + 1 < h && (cells[cell + w] & taken) === 0 ? SOUTH : 0) |
    (x > 0 && (cells[cell - 1] & taken) === 0 ? WEST : 0)
  );
}

/**
 * Up to `turns` walk steps or hunts; false once no target is left. A walk step enters its
 * cell inline and notes the free unvisited neighbours as it marks them targets, which
 * are the next step's choices (each neighbour read once a step).
 */
function huntSlice(
  cells: Uint8Array,
  w: number,
  h: number,
  targetsInRow: Int32Array,
  firstColumn: Int32Array,
  slots: Int32Array,
  turns: number,
): boolean {
  let a = slots[A];
  let b = slots[B];
  let c = slots[C];
  let d = slots[D];
  let cell = slots[CELL];
  let x = slots[X];
  let y = slots[Y];
  let firstRow = slots[FIRST_ROW];
  let open = slots[OPEN];
  let more = true;
  const taken = BLOCKED | VISITED_BIT;
  const step = directionSteps(w);
  for (; turns > 0; turns--) {
    let own: number; // the wall of `cell` opened into the maze
    if (open === 0) {
      // Hunt: the first target in row order, joined to a random visited neighbour.
      while (firstRow < h && targetsInRow[firstRow] === 0) firstRow++;
      if (firstRow === h) {
        more = false;
        break;
      }
      const row = firstRow * w;
      let column = firstColumn[firstRow];
      while ((cells[row + column] & TARGET_BIT) === 0) column++;
      firstColumn[firstRow] = column;
      cell = row + column;
      x = column;
      y = firstRow;
      const visited =
        (y > 0 && cells[cell - w] & VISITED_BIT ? NORTH : 0) |
        (x + 1 < w && cells[cell + 1] & VISITED_BIT ? EAST : 0) |
        (y + 1 < h && cells[cell + w] & VISITED_BIT ? SOUTH : 0) |
        (x > 0 && cells[cell - 1] & VISITED_BIT ? WEST : 0);
      let dir = visited;
      const count = BIT_COUNT[visited];
      if (count > 1) {
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + t) | 0;
        dir = NTH_BIT[(visited << 2) | (((t >>> 16) * count + (((t & 0xffff) * count) >>> 16)) >>> 16)];
      }
      cells[cell + step[dir]] &= ~OPPOSITE[dir];
      own = dir;
    } else {
      // Kill: walk into a random unvisited neighbour.
      let dir = open;
      const count = BIT_COUNT[open];
      if (count > 1) {
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + t) | 0;
        dir = NTH_BIT[(open << 2) | (((t >>> 16) * count + (((t & 0xffff) * count) >>> 16)) >>> 16)];
      }
      cells[cell] &= ~dir;
      // The move by tables, not a chain of tests on a random direction.
      cell += step[dir];
      x += DX[dir];
      y += DY[dir];
      own = OPPOSITE[dir];
    }
    // Enter the cell (a target: it was next to a visited cell) through its wall `own`,
    // marking its free unvisited neighbours as targets; they are the next step's choices.
    const byte = cells[cell];
    if (byte & TARGET_BIT) targetsInRow[y]--;
    cells[cell] = (byte & ~(TARGET_BIT | own)) | VISITED_BIT;
    // The neighbours (one off the grid reads as visited): the free unvisited ones are the
    // next choices, by masks; a branch only for the ones not yet targets.
    const up = y > 0 ? cells[cell - w] : VISITED_BIT;
    const right = x + 1 < w ? cells[cell + 1] : VISITED_BIT;
    const down = y + 1 < h ? cells[cell + w] : VISITED_BIT;
    const left = x > 0 ? cells[cell - 1] : VISITED_BIT;
    open =
      (((up & taken) - 1) >>> 31) |
      ((((right & taken) - 1) >>> 31) << 1) |
      ((((down & taken) - 1) >>> 31) << 2) |
      ((((left & taken) - 1) >>> 31) << 3);
    const marked = TARGET_BIT | taken;
    if ((up & marked) === 0) {
      cells[cell - w] = up | TARGET_BIT;
      targetsInRow[y - 1]++;
      if (x < firstColumn[y - 1]) firstColumn[y - 1] = x;
      if (y - 1 < firstRow) firstRow = y - 1;
    }
    if ((right & marked) === 0) {
      cells[cell + 1] = right | TARGET_BIT;
      targetsInRow[y]++;
      if (x + 1 < firstColumn[y]) firstColumn[y] = x + 1;
      if (y < firstRow) firstRow = y;
    }
    if ((down & marked) === 0) {
      cells[cell + w] = down | TARGET_BIT;
      targetsInRow[y + 1]++;
      if (x < firstColumn[y + 1]) firstColumn[y + 1] = x;
      if (y + 1 < firstRow) firstRow = y + 1;
    }
    if ((left & marked) === 0) {
      cells[cell - 1] = left | TARGET_BIT;
      targetsInRow[y]++;
      if (x - 1 < firstColumn[y]) firstColumn[y] = x - 1;
      if (y < firstRow) firstRow = y;
    }
  }
  slots[A] = a;
  slots[B] = b;
  slots[C] = c;
  slots[D] = d;
  slots[CELL] = cell;
  slots[X] = x;
  slots[Y] = y;
  slots[FIRST_ROW] = firstRow;
  slots[OPEN] = open;
  return more;
}

/** Cells per block of the generic hunt's target counts. */
const HUNT_BLOCK = 64;

/**
 * The same walks and hunts on any grid: the hunt takes the lowest-numbered target (on
 * the square grid, the first in row order, as above), found through per-block target
 * counts and a lower bound on the first block that has any.
 */
function huntAndKillOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const state = new Uint8Array(size);
  for (let cell = 0; cell < size; cell++) if (cells[cell] & t.blockedBit) state[cell] = OBSTACLE;
  const target = new Uint8Array(size);
  const blocks = Math.ceil(size / HUNT_BLOCK);
  const targetsInBlock = new Int32Array(blocks);
  let firstBlock = blocks;
  const around = new Int32Array(t.maxDegree);
  const choices = new Int32Array(t.maxDegree);
  const onProgress = options.onProgress;
  let entered = 0;
  let untilProgress = PROGRESS_EVERY;

  const enter = (cell: number): void => {
    state[cell] = VISITED;
    if (target[cell]) {
      target[cell] = 0;
      targetsInBlock[(cell / HUNT_BLOCK) | 0]--;
    }
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || target[next] || state[next] !== UNVISITED) continue;
      target[next] = 1;
      const block = (next / HUNT_BLOCK) | 0;
      targetsInBlock[block]++;
      if (block < firstBlock) firstBlock = block;
    }
    if (onStep) onStep(Step.Visit, cell, 0);
    entered++;
    if (--untilProgress === 0) {
      untilProgress = PROGRESS_EVERY;
      if (onProgress) onProgress(entered, size);
    }
  };

  let cell = checkedGridStart(maze, options.start);
  enter(cell);
  while (true) {
    let degree = t.neighbours(cell, around);
    let count = 0;
    for (let s = 0; s < degree; s++) if (around[s] >= 0 && state[around[s]] === UNVISITED) choices[count++] = s;
    if (count > 0) {
      const slot = choices[count === 1 ? 0 : rng.int(count)];
      const next = around[slot];
      cells[cell] &= ~(1 << slot);
      cells[next] &= ~(1 << t.backSlot(cell, slot));
      if (onStep) onStep(Step.Carve, cell, 1 << slot);
      enter(next);
      cell = next;
      continue;
    }
    while (firstBlock < blocks && targetsInBlock[firstBlock] === 0) firstBlock++;
    if (firstBlock === blocks) break;
    let found = firstBlock * HUNT_BLOCK;
    while (target[found] === 0) found++;
    degree = t.neighbours(found, around);
    count = 0;
    for (let s = 0; s < degree; s++) if (around[s] >= 0 && state[around[s]] === VISITED) choices[count++] = s;
    const slot = choices[count === 1 ? 0 : rng.int(count)];
    cells[found] &= ~(1 << slot);
    cells[around[slot]] &= ~(1 << t.backSlot(found, slot));
    if (onStep) {
      onStep(Step.Frontier, found, 0);
      onStep(Step.Carve, found, 1 << slot);
    }
    enter(found);
    cell = found;
  }
  if (onProgress) onProgress(size, size);
}
