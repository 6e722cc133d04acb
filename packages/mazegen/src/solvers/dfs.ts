import { defineSolver } from './define.js';
import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { clearScratch, sealBorder, SCRATCH_SHIFT } from '../scratch.js';
import { Step, type StepReporter } from '../steps.js';
import { foundPath, UNREACHABLE } from './grid-search.js';

/** Bit 7: reached. Bits 5-6: direction index (N, E, S, W = 0..3) back to the parent. */
const SEEN = 0x80;
const BACK_MASK = 3 << SCRATCH_SHIFT;
/** Indexed by a direction index: its bit, and the index of the opposite direction. */
const BIT = [NORTH, EAST, SOUTH, WEST];
const OPPOSITE_INDEX = [2, 3, 0, 1];

/**
 * Depth-first search trying N, E, S, W in order. Its stack is not an array: each
 * reached cell keeps the way back to its parent in the maze's scratch bits, and on the
 * way back the search resumes with the direction after the one it came from, so it
 * needs no memory beyond the maze. The chain of parents from the goal is the path. On
 * a perfect maze that path is the only one, so it is the shortest; on a maze with
 * loops it may be longer.
 */
export const dfsSolver = defineSolver({
  name: 'DFS',
  aliases: ['depth-first', 'depth-first-search'],
  description: 'Depth-first search: finds a path quickly; shortest only on perfect mazes.',
  reference: 'https://en.wikipedia.org/wiki/Depth-first_search',
  scratchBytesPerCell: 0, // its state lives in the cell bytes' spare bits
  gridScratchBytesPerCell: 6, // seen flags, next slots and the stack (int32)
  shortest: false,
  handlesLoops: true,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic: dfsOnGrid,
  square(maze, start, goal, onStep) {
    const { cells, width: w } = maze;
    const step = [-w, 1, w, -1];
    const unseal = sealBorder(maze);
    let visited = 1;
    let length = 0;
    try {
      let cell = start;
      cells[cell] |= SEEN;
      if (onStep) onStep(Step.Visit, start, 0);
      let k = 0; // next direction index to try from `cell`
      let depth = 0;
      while (true) {
        if (cell === goal) {
          length = depth + 1;
          break;
        }
        if (k === 4) {
          if (onStep) onStep(Step.Retreat, cell, 0);
          if (cell === start) break;
          const back = (cells[cell] & BACK_MASK) >> SCRATCH_SHIFT;
          cell += step[back];
          k = OPPOSITE_INDEX[back] + 1;
          depth--;
          continue;
        }
        const dir = k++;
        if (cells[cell] & BIT[dir]) continue;
        const next = cell + step[dir];
        if (cells[next] & SEEN) continue;
        cells[next] |= SEEN | (OPPOSITE_INDEX[dir] << SCRATCH_SHIFT);
        cell = next;
        k = 0;
        depth++;
        visited++;
        if (onStep) onStep(Step.Visit, next, 0);
      }
      if (length === 0) return { path: null, visited, failure: 'the exit cannot be reached from the entry' };
      const path = new Int32Array(length);
      for (let i = length - 1, c = goal; i >= 0; i--) {
        path[i] = c;
        c += step[(cells[c] & BACK_MASK) >> SCRATCH_SHIFT];
      }
      if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
      return { path, visited };
    } finally {
      unseal();
      clearScratch(maze);
    }
  },
});

/** Depth-first search on any grid: open walls tried in slot order, the stack is the path. */
function dfsOnGrid(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const t = maze.topology;
  const { cells, size } = maze;
  const seen = new Uint8Array(size);
  // Per cell on the stack: the next slot to try.
  const nextSlot = new Uint8Array(size);
  // Each cell is pushed once (marked seen as it is): a typed stack of the cells' count, off the JavaScript heap.
  const stack = new Int32Array(size);
  let top = 0;
  stack[top++] = start;
  seen[start] = 1;
  let visited = 1;
  if (onStep) onStep(Step.Visit, start, 0);
  while (top > 0) {
    const cell = stack[top - 1];
    if (cell === goal) return foundPath(stack.slice(0, top), visited, onStep);
    const degree = t.degree(cell);
    let moved = false;
    while (nextSlot[cell] < degree) {
      const s = nextSlot[cell]++;
      if (cells[cell] & (1 << s)) continue;
      const next = t.neighbour(cell, s);
      if (next < 0 || seen[next]) continue;
      seen[next] = 1;
      visited++;
      stack[top++] = next;
      if (onStep) onStep(Step.Visit, next, 0);
      moved = true;
      break;
    }
    if (!moved) {
      top--;
      if (onStep) onStep(Step.Retreat, cell, 0);
    }
  }
  return { path: null, visited, ...UNREACHABLE };
}
