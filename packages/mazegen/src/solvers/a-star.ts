import type { SolverAlgorithm } from '../algorithm.js';
import { IndexHeap } from '../heap.js';
import { EAST, NORTH, SOUTH } from '../maze.js';
import { pathFromParents } from '../path.js';
import { Step } from '../steps.js';

/**
 * A* with the Manhattan distance, which never overestimates on a grid of unit moves,
 * so the first time the goal leaves the heap its path is a shortest one. Ties on f are
 * broken towards the larger g (deeper cells), which keeps the open set small in mazes.
 */
export const aStar: SolverAlgorithm = {
  name: 'AStar',
  aliases: ['A*', 'a-star', 'astar-manhattan'],
  description: 'A* search with the Manhattan heuristic: a shortest path, exploring towards the exit first.',
  reference: 'https://en.wikipedia.org/wiki/A*_search_algorithm',
  shortest: true,
  handlesLoops: true,
  solve(maze, start, goal, onStep) {
    const { cells, width: w, size } = maze;
    const gx = goal % w;
    const gy = (goal - gx) / w;
    const g = new Int32Array(size).fill(-1);
    const parent = new Int32Array(size);
    const closed = new Uint8Array(size);
    const open = new IndexHeap(1024);
    // Key = f scaled, minus g as a fraction, so equal f prefers deeper cells.
    const scale = 1 / (size + 2);
    g[start] = 0;
    parent[start] = start;
    const hStart = Math.abs((start % w) - gx) + Math.abs(Math.floor(start / w) - gy);
    open.push(start, hStart);
    if (onStep) onStep(Step.Frontier, start, 0);
    let visited = 0;
    while (open.length > 0) {
      const cell = open.pop();
      if (closed[cell]) continue;
      closed[cell] = 1;
      visited++;
      if (onStep) onStep(Step.Visit, cell, 0);
      if (cell === goal) break;
      const c = cells[cell];
      const ng = g[cell] + 1;
      for (let k = 0; k < 4; k++) {
        const dir = 1 << k;
        if (c & dir) continue;
        const next = dir === NORTH ? cell - w : dir === EAST ? cell + 1 : dir === SOUTH ? cell + w : cell - 1;
        if (closed[next] || (g[next] >= 0 && g[next] <= ng)) continue;
        g[next] = ng;
        parent[next] = cell;
        const nx = next % w;
        const h = Math.abs(nx - gx) + Math.abs((next - nx) / w - gy);
        open.push(next, ng + h - ng * scale);
        if (onStep) onStep(Step.Frontier, next, 0);
      }
    }
    if (!closed[goal]) return { path: null, visited, failure: 'the exit cannot be reached from the entry' };
    const path = pathFromParents(parent, start, goal);
    if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
    return { path, visited };
  },
};
