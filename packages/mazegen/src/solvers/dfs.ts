import type { SolverAlgorithm } from '../algorithm.js';
import { EAST, NORTH, SOUTH } from '../maze.js';
import { Step } from '../steps.js';

/**
 * Depth-first search with an explicit stack, trying N, E, S, W in order. The stack is
 * the path when the goal is reached. On a perfect maze that path is the only one, so
 * it is the shortest; on a maze with loops it may be longer.
 */
export const dfsSolver: SolverAlgorithm = {
  name: 'DFS',
  aliases: ['depth-first', 'depth-first-search'],
  description: 'Depth-first search: finds a path quickly; shortest only on perfect mazes.',
  reference: 'https://en.wikipedia.org/wiki/Depth-first_search',
  shortest: false,
  handlesLoops: true,
  solve(maze, start, goal, onStep) {
    const { cells, width: w, size } = maze;
    const stack = new Int32Array(size);
    // Next direction index (0..4) to try from each cell on the stack; 255 = not seen yet.
    const tried = new Uint8Array(size).fill(255);
    let top = 0;
    stack[top++] = start;
    tried[start] = 0;
    let visited = 1;
    if (onStep) onStep(Step.Visit, start, 0);
    while (top > 0) {
      const cell = stack[top - 1];
      if (cell === goal) break;
      const k = tried[cell];
      if (k === 4) {
        top--;
        if (onStep) onStep(Step.Retreat, cell, 0);
        continue;
      }
      tried[cell] = k + 1;
      const dir = 1 << k;
      if (cells[cell] & dir) continue;
      const next = dir === NORTH ? cell - w : dir === EAST ? cell + 1 : dir === SOUTH ? cell + w : cell - 1;
      if (tried[next] !== 255) continue;
      tried[next] = 0;
      stack[top++] = next;
      visited++;
      if (onStep) onStep(Step.Visit, next, 0);
    }
    if (top === 0) return { path: null, visited, failure: 'the exit cannot be reached from the entry' };
    const path = stack.slice(0, top);
    if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
    return { path, visited };
  },
};
