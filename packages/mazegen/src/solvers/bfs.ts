import type { SolverAlgorithm } from '../algorithm.js';
import { EAST, NORTH, SOUTH, WEST, type Maze } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';

/**
 * Distance (in moves) from `start` to every cell, -1 where unreachable: the C seed's
 * distance map, filled breadth first with a typed-array queue.
 */
export function distanceMap(maze: Maze, start: number, goal = -1, onStep?: StepReporter): Int32Array {
  const { cells, width: w, size } = maze;
  const dist = new Int32Array(size).fill(-1);
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  dist[start] = 0;
  queue[tail++] = start;
  if (onStep) onStep(Step.Frontier, start, 0);
  while (head < tail) {
    const cell = queue[head++];
    if (onStep) onStep(Step.Visit, cell, 0);
    if (cell === goal) break;
    const c = cells[cell];
    const next = dist[cell] + 1;
    if ((c & NORTH) === 0 && dist[cell - w] < 0) {
      dist[cell - w] = next;
      queue[tail++] = cell - w;
      if (onStep) onStep(Step.Frontier, cell - w, 0);
    }
    if ((c & EAST) === 0 && dist[cell + 1] < 0) {
      dist[cell + 1] = next;
      queue[tail++] = cell + 1;
      if (onStep) onStep(Step.Frontier, cell + 1, 0);
    }
    if ((c & SOUTH) === 0 && dist[cell + w] < 0) {
      dist[cell + w] = next;
      queue[tail++] = cell + w;
      if (onStep) onStep(Step.Frontier, cell + w, 0);
    }
    if ((c & WEST) === 0 && dist[cell - 1] < 0) {
      dist[cell - 1] = next;
      queue[tail++] = cell - 1;
      if (onStep) onStep(Step.Frontier, cell - 1, 0);
    }
  }
  return dist;
}

/** Walks back from `goal` along cells one step closer to the start each time. */
export function pathFromDistances(maze: Maze, dist: Int32Array, goal: number): Int32Array {
  const { cells, width: w } = maze;
  const path = new Int32Array(dist[goal] + 1);
  let cell = goal;
  for (let k = dist[goal]; k > 0; k--) {
    path[k] = cell;
    const c = cells[cell];
    const want = k - 1;
    if ((c & NORTH) === 0 && dist[cell - w] === want) cell -= w;
    else if ((c & EAST) === 0 && dist[cell + 1] === want) cell += 1;
    else if ((c & SOUTH) === 0 && dist[cell + w] === want) cell += w;
    else cell -= 1;
  }
  path[0] = cell;
  return path;
}

/**
 * Breadth-first search: the shortest path, on any maze. The result carries the
 * distance map (`distances`) as far as the search went: it stops once the exit is
 * reached, so only cells nearer than the exit are sure to hold their distance; call
 * `distanceMap(maze, start)` for the whole map, as the C seed fills it.
 */
export const bfs: SolverAlgorithm = {
  name: 'BFS',
  aliases: ['breadth-first', 'breadth-first-search'],
  description: 'Breadth-first search over a distance map (the C seed\'s method): always a shortest path.',
  reference: 'https://en.wikipedia.org/wiki/Breadth-first_search',
  shortest: true,
  handlesLoops: true,
  solve(maze, start, goal, onStep) {
    const dist = distanceMap(maze, start, goal, onStep);
    let visited = 0;
    for (let i = 0; i < dist.length; i++) if (dist[i] >= 0) visited++;
    if (dist[goal] < 0) return { path: null, visited, failure: 'the exit cannot be reached from the entry', distances: dist };
    const path = pathFromDistances(maze, dist, goal);
    if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
    return { path, visited, distances: dist };
  },
};
