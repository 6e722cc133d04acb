import { defineGenerator, squareQuietKernel } from './define.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST, type Maze } from '../maze.js';
import { drawBelow, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import { joinForest } from './join-forest.js';
import { andBytes, blockedRows, wordView, type WordView } from './row-bytes.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { sliceTurns } from '../slices.js';

/**
 * Recursive Division, with an explicit stack of rectangles: the field starts open,
 * each rectangle is cut by a wall across its shorter side (at random when square) at a
 * random position, with one random gap, until every piece is one cell wide. It first
 * opens every wall between two free cells, reporting those as Carve steps, then reports
 * each wall it builds as a Wall step, so replaying the steps on a closed maze gives
 * the result. The 42 pattern's cells stay closed obstacles: a gap is drawn only where
 * both sides are free, and a wall with no such place (or a piece split by the pattern)
 * leaves a separate tree that `joinForest` connects at the end.
 */
export const recursiveDivision = defineGenerator({
  name: 'RecursiveDivision',
  aliases: ['recursive-division', 'division', 'divide'],
  description: 'Recursive Division: walls added to an open field; long straight walls, boxy rooms-within-rooms texture.',
  reference: 'https://weblog.jamisbuck.org/2011/1/12/maze-generation-recursive-division-algorithm',
  scratchBytesPerCell: 18, // the rectangle stack, plus joining the forest around the 42
  grids: ['square'],
  wraps: false,
  // Without a step reporter, with the library's sfc32: rectangles in slices, the stream's state among the division's.
  squareKernels: [
    squareQuietKernel(
      'square-quiet',
      (maze, rng, _start, onProgress) => {
        const { field, stack, state } = startDivision(maze, undefined);
        const w = maze.width;
        state.set(rng.getState(), A);
        let reported = 0;
        for (let calls = 1; state[TOP] > 0; calls++) {
          divideSlice(maze.cells, w, stack, state, sliceTurns(calls, SLICE));
          if (state[NEAR]) {
            // A rectangle that reaches into the box of blocked cells: divided the general way.
            state[NEAR] = 0;
            rng.setState([state[A], state[B], state[C], state[D]]);
            state[DONE] += divideOne(maze.cells, w, rng, stack, state, undefined);
            state.set(rng.getState(), A);
          }
          if (onProgress && state[DONE] - reported >= PROGRESS_EVERY) {
            reported = state[DONE];
            onProgress(reported, maze.size);
          }
        }
        rng.setState([state[A], state[B], state[C], state[D]]);
        joinForest(maze, rng, state[OPEN], undefined, { free: field.free, roots: field.nearBlocked });
        return true;
      },
      { start: false },
    ),
  ],
  square(maze, rng, options, onStep) {
    const { field, stack, state } = startDivision(maze, onStep);
    const onProgress = options.onProgress;
    divideReported(maze, rng, stack, state, onStep, onProgress);
    joinForest(maze, rng, state[OPEN], onStep, { free: field.free, roots: field.nearBlocked });
    if (onProgress) onProgress(maze.size, maze.size);
  },
});

/** The field opened, and the division's stack and state holding the whole maze as its first rectangle. */
function startDivision(
  maze: Maze,
  onStep: StepReporter | undefined,
): { field: ReturnType<typeof openField>; stack: Int32Array; state: Int32Array } {
  const { width: w, height: h } = maze;
  const field = openField(maze, onStep);
  // Each split shortens a side, so at most w + h rectangles wait on the stack (and
  // divideSlice writes a half's four slots before it knows whether it keeps them).
  const stack = new Int32Array(4 * (w + h + 4));
  stack[0] = 0;
  stack[1] = 0;
  stack[2] = w;
  stack[3] = h;
  const state = new Int32Array(STATE_SLOTS);
  // The stack never holds a finished rectangle (one cell wide or high): it is only counted.
  const finished = w < 2 || h < 2;
  state[TOP] = finished ? 0 : 4;
  state[DONE] = finished ? w * h : 0;
  state[OPEN] = field.open;
  state[BOX_X0] = field.box[0];
  state[BOX_Y0] = field.box[1];
  state[BOX_X1] = field.box[2];
  state[BOX_Y1] = field.box[3];
  return { field, stack, state };
}

/** What opening the field finds: the passages opened, the blocked cells, and where they are. */
interface Field {
  open: number;
  blocked: number;
  /** The free cells next to a blocked one: every tree the 42 cuts off has one, which is what joinForest needs. */
  nearBlocked: number[];
  /** The box [x0, y0, x1, y1] of the blocked cells (empty: x0 > x1), that lets divideSlice tell a rectangle clear of them. */
  box: [number, number, number, number];
}

/**
 * Opens every wall between two free cells; returns the passages opened, the free cells,
 * the cells next to the 42 and the box of its cells. Rows that they and the row below
 * leave free are opened four cells per operation, a run of them per call: a loop over
 * the rows here made this function hot, and V8 compiled it whole with everything it
 * calls, for about 17 ms of CPU (30 ms when it was one loop) in one of a process's
 * first runs at 10^6 cells.
 */
function openField(
  maze: Maze,
  onStep: StepReporter | undefined,
): { open: number; free: number; nearBlocked: number[]; box: [number, number, number, number] } {
  const { cells, width: w, height: h, size } = maze;
  const field: Field = { open: 0, blocked: 0, nearBlocked: [], box: [w, h, -1, -1] };
  const view = wordView(cells);
  // With a step reporter every passage is reported, so every row takes the tested way.
  const blocked = onStep ? undefined : blockedRows(cells, w, h);
  for (let y = 0; y < h;) {
    const end = blocked ? freeRowsFrom(blocked, y, h) : y;
    if (end > y) {
      field.open += openFreeRows(cells, view, w, h, y, end);
      y = end;
    } else {
      openTestedRow(maze, y, field, onStep);
      y++;
    }
  }
  return { open: field.open, free: size - field.blocked, nearBlocked: field.nearBlocked, box: field.box };
}

/** The end of the run of rows from `y` on that they and the row below (if any) leave free. */
function freeRowsFrom(blocked: Uint8Array, y: number, h: number): number {
  let end = y;
  while (end < h && (blocked[end] | (end + 1 < h ? blocked[end + 1] : 0)) === 0) end++;
  return end;
}

/** Rows [from, to) that they and the row below leave free: every east wall but the last and every south wall open. Returns the passages. */
function openFreeRows(cells: Uint8Array, view: WordView, w: number, h: number, from: number, to: number): number {
  let open = 0;
  for (let y = from; y < to; y++) {
    const row = y * w;
    const hasSouth = y + 1 < h;
    const south = hasSouth ? SOUTH : 0;
    if (w > 1) {
      cells[row] &= ~(EAST | south);
      andBytes(cells, view, row + 1, row + w - 1, ~(EAST | WEST | south) & 0xff);
      cells[row + w - 1] &= ~(WEST | south);
    } else {
      cells[row] &= ~south;
    }
    if (hasSouth) andBytes(cells, view, row + w, row + 2 * w, ~NORTH & 0xff);
    open += w - 1 + (hasSouth ? w : 0);
  }
  return open;
}

/** A row near the 42 (or any row, with a step reporter): each wall tested, blocked cells counted and boxed. */
function openTestedRow(maze: Maze, y: number, field: Field, onStep: StepReporter | undefined): void {
  const { cells, width: w, height: h } = maze;
  const { nearBlocked, box } = field;
  const row = y * w;
  for (let x = 0; x < w; x++) {
    const cell = row + x;
    if (cells[cell] & BLOCKED) {
      field.blocked++;
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
      if (x > 0 && (cells[cell - 1] & BLOCKED) === 0) nearBlocked.push(cell - 1);
      if (x + 1 < w && (cells[cell + 1] & BLOCKED) === 0) nearBlocked.push(cell + 1);
      if (y > 0 && (cells[cell - w] & BLOCKED) === 0) nearBlocked.push(cell - w);
      if (y + 1 < h && (cells[cell + w] & BLOCKED) === 0) nearBlocked.push(cell + w);
      continue;
    }
    if (x + 1 < w && (cells[cell + 1] & BLOCKED) === 0) {
      cells[cell] &= ~EAST;
      cells[cell + 1] &= ~WEST;
      field.open++;
      if (onStep) onStep(Step.Carve, cell, EAST);
    }
    if (y + 1 < h && (cells[cell + w] & BLOCKED) === 0) {
      cells[cell] &= ~SOUTH;
      cells[cell + w] &= ~NORTH;
      field.open++;
      if (onStep) onStep(Step.Carve, cell, SOUTH);
    }
  }
}

/** Slots of the Int32Array that carries the division's state between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const TOP = 4;
const OPEN = 5;
const BOX_X0 = 6;
const BOX_Y0 = 7;
const BOX_X1 = 8;
const BOX_Y1 = 9;
/** Cells of the finished chambers (one cell wide or high: nothing left to divide), for progress. */
const DONE = 10;
/** Set when divideSlice stopped at a rectangle that reaches into the box of blocked cells. */
const NEAR = 11;
const STATE_SLOTS = 12;
/** Rectangles per slice of `divideSlice` (docs/design.md, "Hot loops run in slices"). */
const SLICE = 1 << 14;

/**
 * Up to `turns` rectangles of the division for the common case (no step reporter, the
 * library's sfc32 in locals): the same draws as `divideReported`. It stops at a
 * rectangle that reaches into the box of blocked cells and leaves it on the stack for
 * `divideOne` (NEAR), so every wall built here has all its positions free and this loop
 * holds no path that a run meets only late: such a path, compiled without feedback,
 * deoptimised the loop in the first runs. The choices (orientation, a draw made only
 * for a square, which halves to keep) are masks rather than branches, since they are
 * random and defeat prediction.
 */
function divideSlice(cells: Uint8Array, w: number, stack: Int32Array, state: Int32Array, turns: number): void {
  let a = state[A];
  let b = state[B];
  let c = state[C];
  let d = state[D];
  let top = state[TOP];
  let open = state[OPEN];
  const bx0 = state[BOX_X0];
  const by0 = state[BOX_Y0];
  const bx1 = state[BOX_X1];
  const by1 = state[BOX_Y1];
  let done = state[DONE];
  const width = w | 0;
  let near = false;
  // The wall bits as literals (their types make the compiler check them against maze.ts): V8
  // loads and checks an imported binding on every use in the loop, and an immediate costs nothing.
  const north: typeof NORTH = 1;
  const east: typeof EAST = 2;
  const south: typeof SOUTH = 4;
  const west: typeof WEST = 8;
  for (; turns > 0 && top > 0; turns--) {
    const rh = stack[top - 1];
    const rw = stack[top - 2];
    const y0 = stack[top - 3];
    const x0 = stack[top - 4];
    // Every difference is >= 0 only when the rectangle meets the box (an empty box never).
    // (A local, not a store to `state`: a store first met late would deoptimise the loop.)
    near = ((x0 + rw - 1 - bx0) | (bx1 - x0) | (y0 + rh - 1 - by0) | (by1 - y0)) >= 0;
    if (near) break;
    top -= 4;
    // A square draws its orientation (an even draw cuts it horizontally): the draw is made
    // always and kept only for a square (all ones), like the draw of Sidewinder's north cell.
    const square = ((rh ^ rw) - 1) >> 31;
    const t0 = (((a + b) | 0) + d) | 0;
    a ^= (a ^ (b ^ (b >>> 9))) & square;
    b ^= (b ^ ((c + (c << 3)) | 0)) & square;
    c ^= (c ^ ((((c << 21) | (c >>> 11)) + t0) | 0)) & square;
    d = (d - square) | 0;
    // All ones for a horizontal wall (across a tall rectangle, or a square on an even draw).
    const horizontal = (((rw - rh) & ~square) >> 31) | (((~t0 << 31) >> 31) & square);
    // cut = 1 + rng.int(span - 1), as drawBelow.
    const t1 = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t1) | 0;
    const span = rw ^ ((rw ^ rh) & horizontal);
    const cut = 1 + drawBelow(t1, span - 1);
    // The wall runs along `length` cells from `first`, `along` apart, each facing the cell `across` from it.
    const length = rh ^ ((rh ^ rw) & horizontal);
    const across = 1 ^ ((1 ^ width) & horizontal);
    const along = width ^ ((width ^ 1) & horizontal);
    const first = y0 * width + x0 + (cut - 1) * across;
    const dir = east ^ ((east ^ south) & horizontal);
    const back = west ^ ((west ^ north) & horizontal);
    const t2 = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t2) | 0;
    const gapCell = first + drawBelow(t2, length) * along;
    // Two or more cells: the first two, then two more at min(i, length - 1) (the last again
    // for a short wall, which changes nothing), then a loop for walls longer than four.
    const end = first + length * along;
    const third = first + (2 + ((length - 3) & ((length - 3) >> 31))) * along;
    const fourth = first + (3 + ((length - 4) & ((length - 4) >> 31))) * along;
    cells[first] |= dir;
    cells[first + across] |= back;
    cells[first + along] |= dir;
    cells[first + along + across] |= back;
    cells[third] |= dir;
    cells[third + across] |= back;
    cells[fourth] |= dir;
    cells[fourth + across] |= back;
    for (let cell = fourth + along; cell < end; cell += along) {
      cells[cell] |= dir;
      cells[cell + across] |= back;
    }
    cells[gapCell] &= ~dir;
    cells[gapCell + across] &= ~back;
    open -= length - 1;
    // The two halves, the second pushed first; a half one cell wide or high is finished
    // (it draws nothing), so it is only counted. Both are written, and `top` moves past
    // the ones kept.
    const cutAcross = cut & ~horizontal;
    const cutDown = cut & horizontal;
    const sw = rw - cutAcross;
    const sh = rh - cutDown;
    stack[top] = x0 + cutAcross;
    stack[top + 1] = y0 + cutDown;
    stack[top + 2] = sw;
    stack[top + 3] = sh;
    const keepSecond = ((1 - sw) & (1 - sh)) >> 31;
    top += keepSecond & 4;
    done += (sw * sh) & ~keepSecond;
    const fw = cut ^ ((cut ^ rw) & horizontal);
    const fh = rh ^ ((rh ^ cut) & horizontal);
    stack[top] = x0;
    stack[top + 1] = y0;
    stack[top + 2] = fw;
    stack[top + 3] = fh;
    const keepFirst = ((1 - fw) & (1 - fh)) >> 31;
    top += keepFirst & 4;
    done += (fw * fh) & ~keepFirst;
  }
  state[A] = a;
  state[B] = b;
  state[C] = c;
  state[D] = d;
  state[TOP] = top;
  state[OPEN] = open;
  state[DONE] = done;
  state[NEAR] = near ? 1 : 0;
}

/** The general division: any Rng, a step reporter. */
function divideReported(
  maze: Maze,
  rng: Rng,
  stack: Int32Array,
  state: Int32Array,
  onStep: StepReporter | undefined,
  onProgress: ProgressReporter | undefined,
): void {
  const { cells, width: w, size } = maze;
  let untilProgress = PROGRESS_EVERY;
  while (state[TOP] > 0) {
    const finished = divideOne(cells, w, rng, stack, state, onStep);
    state[DONE] += finished;
    untilProgress -= finished;
    if (untilProgress <= 0) {
      untilProgress = PROGRESS_EVERY;
      if (onProgress) onProgress(state[DONE], size);
    }
  }
}

/**
 * Pops one rectangle and divides it, testing every cell of the wall for the 42; pushes
 * the halves that are not finished and returns the cells of those that are.
 */
function divideOne(cells: Uint8Array, w: number, rng: Rng, stack: Int32Array, state: Int32Array, onStep: StepReporter | undefined): number {
  let top = state[TOP];
  const rh = stack[--top];
  const rw = stack[--top];
  const y0 = stack[--top];
  const x0 = stack[--top];
  const horizontal = rh > rw || (rh === rw && (rng.nextUint32() & 1) === 0);
  // The wall runs along `length` cells, between each cell `first + i * along` and the one `across` from it.
  const length = horizontal ? rw : rh;
  const cut = 1 + rng.int((horizontal ? rh : rw) - 1);
  const first = horizontal ? (y0 + cut - 1) * w + x0 : y0 * w + x0 + cut - 1;
  const along = horizontal ? 1 : w;
  const across = horizontal ? w : 1;
  const dir = horizontal ? SOUTH : EAST;
  const back = horizontal ? NORTH : WEST;
  let gaps = 0;
  for (let i = 0, cell = first; i < length; i++, cell += along) {
    if (((cells[cell] | cells[cell + across]) & BLOCKED) === 0) gaps++;
  }
  let gap = gaps > 0 ? rng.int(gaps) : -1;
  let open = state[OPEN];
  for (let i = 0, cell = first; i < length; i++, cell += along) {
    if ((cells[cell] | cells[cell + across]) & BLOCKED) continue;
    if (gap-- === 0) continue;
    cells[cell] |= dir;
    cells[cell + across] |= back;
    open--;
    if (onStep) onStep(Step.Wall, cell, dir);
  }
  state[OPEN] = open;
  // The second half is pushed first, so that the first (north or west) is divided first.
  const sw = horizontal ? rw : rw - cut;
  const sh = horizontal ? rh - cut : rh;
  const fw = horizontal ? rw : cut;
  const fh = horizontal ? cut : rh;
  let finished = 0;
  if (sw < 2 || sh < 2) {
    finished += sw * sh;
  } else {
    stack[top++] = horizontal ? x0 : x0 + cut;
    stack[top++] = horizontal ? y0 + cut : y0;
    stack[top++] = sw;
    stack[top++] = sh;
  }
  if (fw < 2 || fh < 2) {
    finished += fw * fh;
  } else {
    stack[top++] = x0;
    stack[top++] = y0;
    stack[top++] = fw;
    stack[top++] = fh;
  }
  state[TOP] = top;
  return finished;
}
