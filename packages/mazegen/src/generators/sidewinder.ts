import type { GeneratorAlgorithm } from '../algorithm.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { Sfc32, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import { blockedRows } from './row-bytes.js';
import { joinForest } from './join-forest.js';
import { sidewinderOnPolar } from './polar-rows.js';
import { PROGRESS_EVERY } from '../progress.js';

/**
 * Sidewinder: the top row is one corridor; every other row is cut into runs that go
 * east, and each run opens north from one random cell of its own, so no path ever
 * goes south then north again and the top row is always straight. Near the 42
 * pattern a blocked cell ends the run (like the east border), a run is closed only
 * once one of its cells has a free cell to the north, and a run that meets the
 * pattern before it has one stays a separate tree that `joinForest` connects.
 */
export const sidewinder: GeneratorAlgorithm = {
  name: 'Sidewinder',
  aliases: ['side-winder'],
  description: 'Sidewinder: east-going runs, each opening north once; a straight top corridor, vertical texture.',
  reference: 'https://weblog.jamisbuck.org/2011/2/3/maze-generation-sidewinder-algorithm',
  scratchBytesPerCell: 18, // labels, a queue and a list to join the forest around the 42
  grids: ['square', 'polar'],
  wraps: false,
  generateGrid: sidewinderOnPolar,
  generate(maze, rng, options, onStep) {
    const { cells, width: w, height: h } = maze;
    // One cell of every tree (the first cell of a run that could not open north), for joinForest.
    const roots: number[] = [];
    const counts = new Int32Array(COUNT_SLOTS);
    const fast = !onStep && rng instanceof Sfc32;
    // Rows with a blocked cell (and the rows below them) go to carveRow; so do rows past
    // 2^15 columns, where a run's draw no longer fits carveFreeRow's 16-bit halves.
    const blocked = fast && w < 1 << 15 ? blockedRows(cells, w, h) : undefined;
    const onProgress = options.onProgress;
    let untilProgress = PROGRESS_EVERY;
    if (fast) counts.set(rng.getState(), A);
    for (let y = 0; y < h; ) {
      let end = y + 1;
      if (blocked && y > 0 && (blocked[y] | blocked[y - 1]) === 0) {
        // A band of free rows, up to the next row that touches the 42 or reports progress: this
        // loop then turns a few times a run, and V8 never compiles it (nor all it would inline).
        const stop = Math.min(h, y + Math.ceil(untilProgress / w));
        while (end < stop && (blocked[end] | blocked[end - 1]) === 0) end++;
        carveFreeRows(cells, y, end, w, counts);
      } else {
        if (fast) rng.setState([counts[A], counts[B], counts[C], counts[D]]);
        carveRow(cells, y, w, rng, counts, roots, onStep);
        if (fast) counts.set((rng as Sfc32).getState(), A);
      }
      untilProgress -= (end - y) * w;
      if (untilProgress <= 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress(end * w, maze.size);
      }
      y = end;
    }
    if (fast) rng.setState([counts[A], counts[B], counts[C], counts[D]]);
    joinForest(maze, rng, counts[CARVED], onStep, { free: maze.size - counts[BLOCKED_COUNT], roots });
    if (onProgress) onProgress(maze.size, maze.size);
  },
};

/** Slots of the Int32Array that carries the sfc32 state and the counts from row to row. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const CARVED = 4;
const BLOCKED_COUNT = 5;
const COUNT_SLOTS = 6;

/** Rows from..to-1 by `carveFreeRow`, one call a row (docs/design.md, "Hot loops run in slices"). */
function carveFreeRows(cells: Uint8Array, from: number, to: number, w: number, counts: Int32Array): void {
  for (let y = from; y < to; y++) carveFreeRow(cells, y * w, w, counts);
}

/**
 * A row below the first whose cells and the cells above are all free (the common case,
 * no step reporter, the library's sfc32 in locals), in fewer than 2^15 columns.
 * The same draws as `carveRow`: every cell but the last draws whether its run goes on;
 * a run that ends draws which of its cells opens north. Both draws are made and kept
 * or dropped by masks rather than branches, since a coin flip defeats prediction.
 */
function carveFreeRow(cells: Uint8Array, row: number, w: number, counts: Int32Array): void {
  let a = counts[A];
  let b = counts[B];
  let c = counts[C];
  let d = counts[D];
  let runStart = row | 0;
  const last = (row + w - 1) | 0;
  // The wall bits as literals (their types make the compiler check them against maze.ts): V8
  // loads and checks an imported binding on every use in the loop, and an immediate costs nothing.
  const notEast = ~(2 satisfies typeof EAST);
  const notWest = ~(8 satisfies typeof WEST);
  const notNorth = ~(1 satisfies typeof NORTH);
  const notSouth = ~(4 satisfies typeof SOUTH);
  // Int32 locals: the arguments are tagged, and V8 would check them on every use in the loop.
  const width = w | 0;
  // The current cell's byte stays in a register: the next cell's is read before any store to it.
  let own = cells[row];
  for (let cell = runStart; cell < last; cell++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    // All ones when the odd draw opens east, else zero: the run ends here. (Shifts, not a
    // negation: -(0) is -0, a double, and would take V8 off its integer path.)
    const goesEast = (t << 31) >> 31;
    const closes = ~goesEast;
    cells[cell] = own & (closes | notEast);
    own = cells[cell + 1] & (closes | notWest);
    const n = (cell - runStart + 1) | 0;
    // The draw for the north cell, made always and kept only when a run of two or more ends.
    const u = (((a + b) | 0) + d) | 0;
    const keep = closes & ((runStart - cell) >> 31);
    const a2 = b ^ (b >>> 9);
    const b2 = (c + (c << 3)) | 0;
    const c2 = (((c << 21) | (c >>> 11)) + u) | 0;
    a ^= (a ^ a2) & keep;
    b ^= (b ^ b2) & keep;
    c ^= (c ^ c2) & keep;
    d = (d - keep) | 0;
    // floor(u * n / 2^32), as Sfc32.int, in 16-bit halves: exact while n < 2^15.
    const k = (Math.imul(u >>> 16, n) + (Math.imul(u & 0xffff, n) >>> 16)) >>> 16;
    const opened = (runStart + (k & keep)) | 0;
    cells[opened] &= goesEast | notNorth;
    cells[(opened - width) | 0] &= goesEast | notSouth;
    runStart = (runStart + ((cell + 1 - runStart) & closes)) | 0;
  }
  cells[last] = own;
  // The last cell ends its run without a coin.
  const n = last - runStart + 1;
  let k = 0;
  if (n > 1) {
    const u = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + u) | 0;
    k = ((u >>> 16) * n + (((u & 0xffff) * n) >>> 16)) >>> 16;
  }
  cells[runStart + k] &= ~NORTH;
  cells[runStart + k - w] &= ~SOUTH;
  counts[A] = a;
  counts[B] = b;
  counts[C] = c;
  counts[D] = d;
  // w - 1 links east or north inside runs, plus one north per run: w passages in all.
  counts[CARVED] += w;
}

/** One row in the general way: any Rng, blocked cells, a step reporter. */
function carveRow(cells: Uint8Array, y: number, w: number, rng: Rng, counts: Int32Array, roots: number[], onStep: StepReporter | undefined): void {
  const row = y * w;
  let carved = 0;
  let blocked = 0;
  let runStart = 0;
  // Cells of the current run whose north neighbour is free (a blocked one cannot be opened).
  let northExits = 0;
  for (let x = 0; x < w; x++) {
    const cell = row + x;
    if (cells[cell] & BLOCKED) {
      blocked++;
      runStart = x + 1;
      northExits = 0;
      continue;
    }
    if (onStep) onStep(Step.Visit, cell, 0);
    if (y > 0 && (cells[cell - w] & BLOCKED) === 0) northExits++;
    const canEast = x + 1 < w && (cells[cell + 1] & BLOCKED) === 0;
    // The top row never closes a run: it has nowhere north to go.
    const closeRun = !canEast || (northExits > 0 && (rng.nextUint32() & 1) === 0);
    if (!closeRun) {
      cells[cell] &= ~EAST;
      cells[cell + 1] &= ~WEST;
      carved++;
      if (onStep) onStep(Step.Carve, cell, EAST);
      continue;
    }
    if (northExits > 0) {
      // Open north from the k-th run cell that has a free cell above it.
      let k = northExits === 1 ? 0 : rng.int(northExits);
      let chosen = row + runStart;
      for (let i = row + runStart; i <= cell; i++) {
        if ((cells[i - w] & BLOCKED) === 0 && k-- === 0) {
          chosen = i;
          break;
        }
      }
      cells[chosen] &= ~NORTH;
      cells[chosen - w] &= ~SOUTH;
      carved++;
      if (onStep) onStep(Step.Carve, chosen, NORTH);
    } else {
      roots.push(row + runStart);
    }
    runStart = x + 1;
    northExits = 0;
  }
  counts[CARVED] += carved;
  counts[BLOCKED_COUNT] += blocked;
}
