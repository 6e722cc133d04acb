import { defineGenerator, gridKernel, squareQuietKernel } from './define.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { Sfc32, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import { andBytes, blockedRows, wordView } from './row-bytes.js';
import { joinForest } from './join-forest.js';
import { sidewinderOnPolar } from './polar-rows.js';
import { PROGRESS_EVERY } from '../progress.js';
import { WARM_SLICES } from '../slices.js';

/**
 * Sidewinder: the top row is one corridor; every other row is cut into runs that go
 * east, and each run opens north from one random cell of its own, so no path ever
 * goes south then north again and the top row is always straight. Near the 42
 * pattern a blocked cell ends the run (like the east border), a run is closed only
 * once one of its cells has a free cell to the north, and a run that meets the
 * pattern before it has one stays a separate tree that `joinForest` connects.
 */
export const sidewinder = defineGenerator({
  name: 'Sidewinder',
  aliases: ['side-winder'],
  description: 'Sidewinder: east-going runs, each opening north once; a straight top corridor, vertical texture.',
  reference: 'https://weblog.jamisbuck.org/2011/2/3/maze-generation-sidewinder-algorithm',
  scratchBytesPerCell: 18, // labels, a queue and a list to join the forest around the 42
  gridScratchBytesPerCell: 22, // row plan; joining a masked forest: union-find and the closed walls, two a cell at most (4 + 2 x 9)
  grids: ['square', 'polar'],
  wraps: false,
  kernels: [gridKernel('polar', 'polar', sidewinderOnPolar)],
  // Without a step reporter, with the library's sfc32 (its state in `counts`) and fewer than
  // 2^15 columns (a run's draw fits carveFree's 16-bit halves): bands of free rows by carveFree.
  squareKernels: [
    squareQuietKernel(
      'square-quiet',
      (maze, rng, _start, onProgress) => {
        const { cells, width: w, height: h } = maze;
        if (w >= 1 << 15) return false;
        // One cell of every tree (the first cell of a run that could not open north), for joinForest.
        const roots: number[] = [];
        const counts = new Int32Array(COUNT_SLOTS);
        const blocked = blockedRows(cells, w, h);
        let untilProgress = PROGRESS_EVERY;
        counts.set(rng.getState(), A);
        let bands = 0;
        for (let y = 0; y < h;) {
          let end = y + 1;
          if (y === 0 && blocked[0] === 0) {
            carveCorridor(cells, w);
            counts[CARVED] += w - 1;
            roots.push(0);
          } else if (y === 0) {
            // The top row with blocked cells: no coins (nothing north), so sfc32's state can stay in `counts`.
            carveRow(cells, 0, w, rng, counts, roots, undefined, 0, 0, 0, w);
          } else if ((blocked[y] | blocked[y - 1]) === 0) {
            // A band of free rows, up to the next row that touches the 42 or reports progress: this
            // loop then turns a few times a run, and V8 never compiles it (nor all it would inline).
            // The first bands of a run are two rows each, so that carveFree has returned with type
            // feedback (for its step to the next row too) before it runs long (docs/design.md,
            // "Hot loops run in slices"): compiled without, it deoptimised there.
            // The band ends at the first row by the 42 (found by a native scan: a loop here over the
            // rows, a thousand turns a run, made V8 compile this function a dozen runs into a process).
            const stop = Math.min(h, ++bands <= WARM_SLICES ? y + 2 : y + Math.ceil(untilProgress / w));
            const next = blocked.indexOf(1, y + 1);
            end = Math.max(end, Math.min(stop, next < 0 ? h : next));
            carveFree(cells, y * w, end * w, w, counts);
          } else carveAround(cells, y, w, rng, counts, roots);
          untilProgress -= (end - y) * w;
          if (untilProgress <= 0) {
            untilProgress = PROGRESS_EVERY;
            if (onProgress) onProgress(end * w, maze.size);
          }
          y = end;
        }
        rng.setState([counts[A], counts[B], counts[C], counts[D]]);
        joinForest(maze, rng, counts[CARVED], undefined, { free: maze.size - counts[BLOCKED_COUNT], roots });
        return true;
      },
      { start: false },
    ),
  ],
  square(maze, rng, options, onStep) {
    const { cells, width: w, height: h } = maze;
    // One cell of every tree (the first cell of a run that could not open north), for joinForest.
    const roots: number[] = [];
    const counts = new Int32Array(COUNT_SLOTS);
    const onProgress = options.onProgress;
    let untilProgress = PROGRESS_EVERY;
    for (let y = 0; y < h; y++) {
      carveRow(cells, y, w, rng, counts, roots, onStep, 0, 0, 0, w);
      untilProgress -= w;
      if (untilProgress <= 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress((y + 1) * w, maze.size);
      }
    }
    joinForest(maze, rng, counts[CARVED], onStep, { free: maze.size - counts[BLOCKED_COUNT], roots });
    if (onProgress) onProgress(maze.size, maze.size);
  },
});

/** Slots of the Int32Array that carries the sfc32 state and the counts from row to row. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const CARVED = 4;
const BLOCKED_COUNT = 5;
const COUNT_SLOTS = 6;

/**
 * The top row, every cell free: one corridor (its run has nowhere north to open, so it is a
 * tree of its own). Four cells a write: a loop of a cell a turn ran hot a few runs into a
 * process and V8 compiled it then, inside them.
 */
function carveCorridor(cells: Uint8Array, w: number): void {
  const first = cells[0];
  const last = cells[w - 1];
  andBytes(cells, wordView(cells), 0, w, 0xff & ~(EAST | WEST));
  cells[0] = first & ~(w > 1 ? EAST : 0);
  if (w > 1) cells[w - 1] = last & ~WEST;
}

/**
 * A row by the 42 (y > 0; blocked cells in it or the row above): its cells left of the
 * blocked columns by carveFree, the blocked columns by carveRow, up to the first run that
 * ends past them, the rest of the row by carveFree again. So carveRow turns a few dozen
 * times a run and V8 never compiles it, and the same draws are made as carveRow makes for
 * the whole row (on cells whose neighbours are free its coins are carveFree's).
 */
function carveAround(cells: Uint8Array, y: number, w: number, rng: Sfc32, counts: Int32Array, roots: number[]): void {
  const row = y * w;
  // The blocked columns (of this row or the one above) lie in lo..hi.
  const lo = nextBlocked(cells, row, w, 0, 1);
  const hi = nextBlocked(cells, row, w, w - 1, -1);
  // Cells 0..lo-2 have free east neighbours and free cells above: their coins are carveFree's.
  const prefix = Math.max(0, lo - 1);
  const runStart = prefix > 0 ? carveFree(cells, row, row + prefix, w, counts) - row : 0;
  rng.setState([counts[A], counts[B], counts[C], counts[D]]);
  const rest = carveRow(cells, y, w, rng, counts, roots, undefined, prefix, runStart, prefix - runStart, hi);
  counts.set(rng.getState(), A);
  if (rest < w) carveFree(cells, row + rest, row + w, w, counts);
}

/**
 * The first x from `x` on, by steps of `dx`, whose cell in the row at `row` or the cell
 * above is blocked (there is one). A loop of its own, so that carveAround stays cold.
 */
function nextBlocked(cells: Uint8Array, row: number, w: number, x: number, dx: number): number {
  const above = row - w;
  while (((cells[row + x] | cells[above + x]) & (16 satisfies typeof BLOCKED)) === 0) x += dx;
  return x;
}

/**
 * Cells from..to-1 of rows below the first, each of them and the cell above it free (no
 * step reporter, the library's sfc32 in locals from and back to `counts`, fewer than 2^15
 * columns); `from` starts a run. The same draws as `carveRow`: every cell but a row's last
 * draws whether its run goes on; a run that ends draws which of its cells opens north.
 * Both draws are made and kept or dropped by masks rather than branches, since a coin
 * flip defeats prediction. `to` ends a row, or (a row by the 42) falls inside one: then
 * the cell at `to` has a free west neighbour, the run is left open there for carveRow,
 * and its first cell returned. One function for a band of rows (a loop in a loop), so
 * it runs hot and is compiled in a process's first maze.
 */
function carveFree(cells: Uint8Array, from: number, to: number, w: number, counts: Int32Array): number {
  let a = counts[A];
  let b = counts[B];
  let c = counts[C];
  let d = counts[D];
  // The wall bits as literals (their types make the compiler check them against maze.ts): V8
  // loads and checks an imported binding on every use in the loop, and an immediate costs nothing.
  const notEast = ~(2 satisfies typeof EAST);
  const notWest = ~(8 satisfies typeof WEST);
  const notNorth = ~(1 satisfies typeof NORTH);
  const notSouth = ~(4 satisfies typeof SOUTH);
  // Int32 locals: the arguments are tagged, and V8 would check them on every use in the loop.
  const width = w | 0;
  const end = to | 0;
  let runStart = from | 0;
  let cell = runStart;
  // The last cell of from's row.
  let last = (runStart - (runStart % width) + width - 1) | 0;
  for (;;) {
    const stop = end <= last ? end : last;
    // The current cell's byte stays in a register: the next cell's is read before any store to it.
    let own = cells[cell];
    for (; cell < stop; cell++) {
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
    cells[cell] = own;
    if (end <= last) break;
    // The row's last cell ends its run without a coin.
    const n = (last - runStart + 1) | 0;
    let k = 0;
    if (n > 1) {
      const u = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + u) | 0;
      k = (Math.imul(u >>> 16, n) + (Math.imul(u & 0xffff, n) >>> 16)) >>> 16;
    }
    cells[(runStart + k) | 0] &= notNorth;
    cells[(runStart + k - width) | 0] &= notSouth;
    cell = (last + 1) | 0;
    runStart = cell;
    if (cell >= end) break;
    last = (last + width) | 0;
  }
  counts[A] = a;
  counts[B] = b;
  counts[C] = c;
  counts[D] = d;
  // Every cell opened one passage: east inside its run, or (a run's last) north from the run.
  counts[CARVED] += end - from;
  return runStart;
}

/**
 * One row in the general way: any Rng, blocked cells, a step reporter. From cell `from`
 * (x), inside a run that began at x `runStart` with `northExits` cells under free ones;
 * returns the x where it stopped: the row's end, or the start of the first run after a
 * run that ended at or past x `stopAfter` (carveAround's blocked columns).
 */
function carveRow(
  cells: Uint8Array,
  y: number,
  w: number,
  rng: Rng,
  counts: Int32Array,
  roots: number[],
  onStep: StepReporter | undefined,
  from: number,
  runStart: number,
  northExits: number,
  stopAfter: number,
): number {
  const row = y * w;
  let carved = 0;
  let blocked = 0;
  let x = from;
  for (; x < w; x++) {
    const cell = row + x;
    if (cells[cell] & BLOCKED) {
      blocked++;
      runStart = x + 1;
      northExits = 0;
      if (x >= stopAfter) break;
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
    if (x >= stopAfter) break;
  }
  counts[CARVED] += carved;
  counts[BLOCKED_COUNT] += blocked;
  return Math.min(w, x + 1);
}
