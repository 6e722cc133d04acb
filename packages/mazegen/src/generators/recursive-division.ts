import type { GeneratorAlgorithm } from '../algorithm.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { Step } from '../steps.js';
import { joinForest } from './join-forest.js';

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
  generate(maze, rng, _options, onStep) {
    const { cells, width: w, height: h, size } = maze;
    // Open the field: every wall between two free cells.
    let open = 0;
    for (let cell = 0; cell < size; cell++) {
      if (cells[cell] & BLOCKED) continue;
      if ((cell % w) + 1 < w && (cells[cell + 1] & BLOCKED) === 0) {
        cells[cell] &= ~EAST;
        cells[cell + 1] &= ~WEST;
        open++;
        if (onStep) onStep(Step.Carve, cell, EAST);
      }
      if (cell + w < size && (cells[cell + w] & BLOCKED) === 0) {
        cells[cell] &= ~SOUTH;
        cells[cell + w] &= ~NORTH;
        open++;
        if (onStep) onStep(Step.Carve, cell, SOUTH);
      }
    }

    // Each split shortens a side, so at most w + h rectangles wait on the stack.
    const stack = new Int32Array(4 * (w + h + 2));
    let top = 0;
    stack[top++] = 0;
    stack[top++] = 0;
    stack[top++] = w;
    stack[top++] = h;
    while (top > 0) {
      const rh = stack[--top];
      const rw = stack[--top];
      const y0 = stack[--top];
      const x0 = stack[--top];
      if (rw < 2 || rh < 2) continue;
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
      // Push the second half first so that the first (north or west) half is divided first.
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
    }
    joinForest(maze, rng, open, onStep);
  },
};
