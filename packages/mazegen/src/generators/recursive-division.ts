import type { GeneratorAlgorithm } from '../algorithm.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST, type Maze } from '../maze.js';
import { drawBelow, Sfc32, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import { joinForest } from './join-forest.js';
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
export const recursiveDivision: GeneratorAlgorithm = {
  name: 'RecursiveDivision',
  aliases: ['recursive-division', 'division', 'divide'],
  description: 'Recursive Division: walls added to an open field; long straight walls, boxy rooms-within-rooms texture.',
  reference: 'https://weblog.jamisbuck.org/2011/1/12/maze-generation-recursive-division-algorithm',
  scratchBytesPerCell: 18, // the rectangle stack, plus joining the forest around the 42
  grids: ['square'],
  wraps: false,
  generate(maze, rng, options, onStep) {
    const { width: w, height: h } = maze;
    const field = openField(maze, onStep);
    // Each split shortens a side, so at most w + h rectangles wait on the stack.
    const stack = new Int32Array(4 * (w + h + 2));
    stack[0] = 0;
    stack[1] = 0;
    stack[2] = w;
    stack[3] = h;
    const state = new Int32Array(STATE_SLOTS);
    state[TOP] = 4;
    state[OPEN] = field.open;
    state[BOX_X0] = field.box[0];
    state[BOX_Y0] = field.box[1];
    state[BOX_X1] = field.box[2];
    state[BOX_Y1] = field.box[3];
    const onProgress = options.onProgress;
    if (!onStep && rng instanceof Sfc32) {
      state.set(rng.getState(), A);
      let reported = 0;
      for (let calls = 1; divideSlice(maze.cells, w, stack, state, sliceTurns(calls, SLICE)); calls++) {
        if (onProgress && state[DONE] - reported >= PROGRESS_EVERY) {
          reported = state[DONE];
          onProgress(reported, maze.size);
        }
      }
      rng.setState([state[A], state[B], state[C], state[D]]);
    } else {
      divideReported(maze, rng, stack, state, onStep, onProgress);
    }
    joinForest(maze, rng, state[OPEN], onStep, { free: field.free, roots: field.nearBlocked });
    if (onProgress) onProgress(maze.size, maze.size);
  },
};

/**
 * Opens every wall between two free cells; returns the passages opened, the free cells,
 * the free cells next to a blocked one (every tree the 42 cuts off has one, which is
 * what joinForest needs) and the box [x0, y0, x1, y1] of the blocked cells (empty:
 * x0 > x1) that lets a wall far from the 42 skip the test for blocked cells.
 */
function openField(maze: Maze, onStep: StepReporter | undefined): { open: number; free: number; nearBlocked: number[]; box: [number, number, number, number] } {
  const { cells, width: w, height: h, size } = maze;
  let open = 0;
  let blocked = 0;
  const nearBlocked: number[] = [];
  const box: [number, number, number, number] = [w, h, -1, -1];
  // Rows without the 42 are opened four cells per operation (a word view of the bytes from `head` on).
  const head = Math.min(size, (4 - (cells.byteOffset & 3)) & 3);
  const words = new Uint32Array(cells.buffer, cells.byteOffset + head, (size - head) >>> 2);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (!onStep && (orBytes(cells, words, head, row, Math.min(size, row + 2 * w)) & BLOCKED) === 0) {
      // This row and the one below all free: every east wall but the last and every south wall open.
      const south = y + 1 < h ? SOUTH : 0;
      if (w > 1) {
        cells[row] &= ~(EAST | south);
        andBytes(cells, words, head, row + 1, row + w - 1, ~(EAST | WEST | south) & 0xff);
        cells[row + w - 1] &= ~(WEST | south);
      } else {
        cells[row] &= ~south;
      }
      if (south) andBytes(cells, words, head, row + w, row + 2 * w, ~NORTH & 0xff);
      open += w - 1 + (south ? w : 0);
      continue;
    }
    for (let x = 0; x < w; x++) {
      const cell = row + x;
      if (cells[cell] & BLOCKED) {
        blocked++;
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
        open++;
        if (onStep) onStep(Step.Carve, cell, EAST);
      }
      if (y + 1 < h && (cells[cell + w] & BLOCKED) === 0) {
        cells[cell] &= ~SOUTH;
        cells[cell + w] &= ~NORTH;
        open++;
        if (onStep) onStep(Step.Carve, cell, SOUTH);
      }
    }
  }
  return { open, free: size - blocked, nearBlocked, box };
}

/** The OR of cells[from..to), four bytes at a time where `words` (the bytes from `head` on) covers them. */
function orBytes(cells: Uint8Array, words: Uint32Array, head: number, from: number, to: number): number {
  let flags = 0;
  let i = from;
  for (; i < to && ((i - head) & 3) !== 0; i++) flags |= cells[i];
  // Here i >= head (i is head mod 4) unless i === to.
  let word = 0;
  if (i < to) {
    const first = (i - head) >>> 2;
    const last = first + ((to - i) >>> 2);
    for (let q = first; q < last; q++) word |= words[q];
    i += (last - first) * 4;
  }
  for (; i < to; i++) flags |= cells[i];
  return flags | word | (word >>> 8) | (word >>> 16) | (word >>> 24);
}

/** cells[from..to) &= mask (a byte), four bytes at a time where `words` covers them. */
function andBytes(cells: Uint8Array, words: Uint32Array, head: number, from: number, to: number, mask: number): void {
  let i = from;
  for (; i < to && ((i - head) & 3) !== 0; i++) cells[i] &= mask;
  if (i < to) {
    const quad = Math.imul(mask, 0x01010101);
    const first = (i - head) >>> 2;
    const last = first + ((to - i) >>> 2);
    for (let q = first; q < last; q++) words[q] &= quad;
    i += (last - first) * 4;
  }
  for (; i < to; i++) cells[i] &= mask;
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
const STATE_SLOTS = 11;
/** Rectangles per slice of `divideSlice` (docs/design.md, "Hot loops run in slices"). */
const SLICE = 1 << 14;

/**
 * Up to `turns` rectangles of the division for the common case (no step reporter, the
 * library's sfc32 in locals): the same draws as `divideReported`. A wall whose two
 * lines of cells miss the box of blocked cells has every position free, so it is built
 * without testing them. False once the stack is empty.
 */
function divideSlice(cells: Uint8Array, w: number, stack: Int32Array, state: Int32Array, turns: number): boolean {
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
  for (; turns > 0 && top > 0; turns--) {
    const rh = stack[--top];
    const rw = stack[--top];
    const y0 = stack[--top];
    const x0 = stack[--top];
    if (rw < 2 || rh < 2) {
      done += rw * rh;
      continue;
    }
    let horizontal = rh > rw;
    if (rh === rw) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      horizontal = (t & 1) === 0;
    }
    // cut = 1 + rng.int(span - 1): floor(t / 2^32 * n), in doubles as Sfc32.int.
    let t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    const cut = 1 + drawBelow(t, (horizontal ? rh : rw) - 1);
    const length = horizontal ? rw : rh;
    const first = horizontal ? (y0 + cut - 1) * w + x0 : y0 * w + x0 + cut - 1;
    const along = horizontal ? 1 : w;
    const across = horizontal ? w : 1;
    const dir = horizontal ? SOUTH : EAST;
    const back = horizontal ? NORTH : WEST;
    // The wall's cells on both sides: columns lx0..lx1, rows ly0..ly1.
    const lx0 = horizontal ? x0 : x0 + cut - 1;
    const lx1 = horizontal ? x0 + rw - 1 : x0 + cut;
    const ly0 = horizontal ? y0 + cut - 1 : y0;
    const ly1 = horizontal ? y0 + cut : y0 + rh - 1;
    const clear = lx1 < bx0 || lx0 > bx1 || ly1 < by0 || ly0 > by1;
    let gaps = length;
    if (!clear) {
      gaps = 0;
      for (let i = 0, cell = first; i < length; i++, cell += along) if (((cells[cell] | cells[cell + across]) & BLOCKED) === 0) gaps++;
    }
    let gap = -1;
    if (gaps > 0) {
      t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      gap = drawBelow(t, gaps);
    }
    if (clear) {
      const gapCell = first + gap * along;
      for (let cell = first, end = first + length * along; cell < end; cell += along) {
        cells[cell] |= dir;
        cells[cell + across] |= back;
      }
      cells[gapCell] &= ~dir;
      cells[gapCell + across] &= ~back;
      open -= length - 1;
    } else {
      for (let i = 0, cell = first; i < length; i++, cell += along) {
        if ((cells[cell] | cells[cell + across]) & BLOCKED) continue;
        if (gap-- === 0) continue;
        cells[cell] |= dir;
        cells[cell + across] |= back;
        open--;
      }
    }
    // The two halves, the second pushed first; a half one cell wide or high is finished
    // (it draws nothing), so it is only counted, not pushed and popped.
    const sx = horizontal ? x0 : x0 + cut;
    const sy = horizontal ? y0 + cut : y0;
    const sw = horizontal ? rw : rw - cut;
    const sh = horizontal ? rh - cut : rh;
    if (sw < 2 || sh < 2) {
      done += sw * sh;
    } else {
      stack[top++] = sx;
      stack[top++] = sy;
      stack[top++] = sw;
      stack[top++] = sh;
    }
    const fw = horizontal ? rw : cut;
    const fh = horizontal ? cut : rh;
    if (fw < 2 || fh < 2) {
      done += fw * fh;
    } else {
      stack[top++] = x0;
      stack[top++] = y0;
      stack[top++] = fw;
      stack[top++] = fh;
    }
  }
  state[A] = a;
  state[B] = b;
  state[C] = c;
  state[D] = d;
  state[TOP] = top;
  state[OPEN] = open;
  state[DONE] = done;
  return top > 0;
}

/** Pushes the two halves, the second first, so that the first (north or west) half is divided first. */
function pushHalves(stack: Int32Array, top: number, horizontal: boolean, x0: number, y0: number, rw: number, rh: number, cut: number): number {
  if (horizontal) {
    stack[top++] = x0;
    stack[top++] = y0 + cut;
    stack[top++] = rw;
    stack[top++] = rh - cut;
    stack[top++] = x0;
    stack[top++] = y0;
    stack[top++] = rw;
    stack[top++] = cut;
  } else {
    stack[top++] = x0 + cut;
    stack[top++] = y0;
    stack[top++] = rw - cut;
    stack[top++] = rh;
    stack[top++] = x0;
    stack[top++] = y0;
    stack[top++] = cut;
    stack[top++] = rh;
  }
  return top;
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
  let top = state[TOP];
  let open = state[OPEN];
  let done = 0;
  let untilProgress = PROGRESS_EVERY;
  while (top > 0) {
    const rh = stack[--top];
    const rw = stack[--top];
    const y0 = stack[--top];
    const x0 = stack[--top];
    if (rw < 2 || rh < 2) {
      done += rw * rh;
      untilProgress -= rw * rh;
      if (untilProgress <= 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress(done, size);
      }
      continue;
    }
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
    for (let i = 0, cell = first; i < length; i++, cell += along) {
      if ((cells[cell] | cells[cell + across]) & BLOCKED) continue;
      if (gap-- === 0) continue;
      cells[cell] |= dir;
      cells[cell + across] |= back;
      open--;
      if (onStep) onStep(Step.Wall, cell, dir);
    }
    top = pushHalves(stack, top, horizontal, x0, y0, rw, rh, cut);
  }
  state[TOP] = top;
  state[OPEN] = open;
}
