import { defineSolver } from './define.js';
import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { stepCell } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { CellQueue, foundPath, UNREACHABLE } from './grid-search.js';

/**
 * Breadth-first search from both ends at once, one whole level at a time, always
 * growing the side with the smaller frontier. Each side stores its distances, so the
 * first passage that joins a cell of one side to a labelled cell of the other closes
 * a shortest path: before that level the two labelled regions were disjoint, which
 * puts the exit at least (levels of one side + levels of the other + 1) moves away,
 * and the joining passage achieves exactly that.
 */
export const bidirectionalBfs = defineSolver({
  name: 'BidirectionalBFS',
  aliases: ['bidirectional', 'bibfs', 'bi-bfs', 'bidirectional-search', 'bidirectional-breadth-first'],
  description: 'Breadth-first search from the entry and the exit until they meet: a shortest path, exploring about half as much.',
  reference: 'https://en.wikipedia.org/wiki/Bidirectional_search',
  scratchBytesPerCell: 26, // two distance maps, parents and queues
  gridScratchBytesPerCell: 28, // two distance maps, two parent maps and two queues
  shortest: true,
  handlesLoops: true,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic: bidirectionalOnGrid,
  square(maze, start, goal, onStep) {
    const { cells, width: w, size } = maze;
    if (start === goal) {
      if (onStep) {
        onStep(Step.Visit, start, 0);
        onStep(Step.Path, start, 0);
      }
      return { path: Int32Array.of(start), visited: 1 };
    }
    // Side 0 grows from the start, side 1 from the goal; parent arrays point back to each root.
    const distFrom = [new Int32Array(size).fill(-1), new Int32Array(size).fill(-1)];
    const parentFrom = [new Int32Array(size), new Int32Array(size)];
    // One queue per side; a level is the slice [levelStart, tail).
    const queues = [new Int32Array(size), new Int32Array(size)];
    const heads = [0, 0];
    const tails = [1, 1];
    queues[0][0] = start;
    queues[1][0] = goal;
    distFrom[0][start] = 0;
    distFrom[1][goal] = 0;
    parentFrom[0][start] = start;
    parentFrom[1][goal] = goal;
    if (onStep) {
      onStep(Step.Frontier, start, 0);
      onStep(Step.Frontier, goal, 0);
    }
    let visited = 2;
    // The meeting passage: `meetNear` on side `meetSide`, `meetFar` labelled by the other side.
    let meetSide = -1;
    let meetNear = -1;
    let meetFar = -1;
    while (meetSide < 0 && heads[0] < tails[0] && heads[1] < tails[1]) {
      const side = tails[0] - heads[0] <= tails[1] - heads[1] ? 0 : 1;
      const dist = distFrom[side];
      const otherDist = distFrom[1 - side];
      const parent = parentFrom[side];
      const queue = queues[side];
      let head = heads[side];
      let tail = tails[side];
      const levelEnd = tail;
      while (head < levelEnd) {
        const cell = queue[head++];
        if (onStep) onStep(Step.Visit, cell, 0);
        const c = cells[cell];
        const next = dist[cell] + 1;
        for (let k = 0; k < 4; k++) {
          const dir = 1 << k;
          if (c & dir) continue;
          const other = stepCell(cell, dir, w);
          if (otherDist[other] >= 0) {
            meetSide = side;
            meetNear = cell;
            meetFar = other;
            break;
          }
          if (dist[other] >= 0) continue;
          dist[other] = next;
          parent[other] = cell;
          queue[tail++] = other;
          visited++;
          if (onStep) onStep(Step.Frontier, other, 0);
        }
        if (meetSide >= 0) break;
      }
      heads[side] = head;
      tails[side] = tail;
    }
    if (meetSide < 0) return { path: null, visited, failure: 'the exit cannot be reached from the entry' };
    // The far cell was only labelled by its side (it is on that side's unexpanded level): it is reached now.
    if (onStep) onStep(Step.Visit, meetFar, 0);
    // Near half runs back to this side's root, far half to the other root.
    const fromStart = meetSide === 0 ? meetNear : meetFar;
    const fromGoal = meetSide === 0 ? meetFar : meetNear;
    const path = new Int32Array(distFrom[0][fromStart] + distFrom[1][fromGoal] + 2);
    let k = distFrom[0][fromStart];
    for (let cell = fromStart; k >= 0; cell = parentFrom[0][cell]) path[k--] = cell;
    k = distFrom[0][fromStart] + 1;
    for (let cell = fromGoal; k < path.length; cell = parentFrom[1][cell]) path[k++] = cell;
    if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
    return { path, visited };
  },
});

/**
 * Two breadth-first searches on any grid, one from each end, a whole layer at a time
 * (the smaller frontier first). When a layer reaches the other side, the shortest
 * meeting over that layer's edges gives a shortest path.
 */
function bidirectionalOnGrid(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const t = maze.topology;
  const { cells, size } = maze;
  if (start === goal) return foundPath(Int32Array.of(start), 1, onStep);
  const dist = [new Int32Array(size).fill(-1), new Int32Array(size).fill(-1)];
  const parent = [new Int32Array(size).fill(-1), new Int32Array(size).fill(-1)];
  const frontier = [new CellQueue(), new CellQueue()];
  const around = new Int32Array(t.maxDegree);
  dist[0][start] = 0;
  dist[1][goal] = 0;
  frontier[0].push(start);
  frontier[1].push(goal);
  let visited = 2;
  while (frontier[0].length > 0 && frontier[1].length > 0) {
    const side = frontier[0].length <= frontier[1].length ? 0 : 1;
    const mine = dist[side];
    const theirs = dist[1 - side];
    const queue = frontier[side];
    let best = Infinity;
    let meetFrom = -1;
    let meetTo = -1;
    for (let n = queue.length; n > 0; n--) {
      const cell = queue.shift();
      if (onStep) onStep(Step.Visit, cell, 0);
      const degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next < 0 || cells[cell] & (1 << s)) continue;
        if (theirs[next] >= 0 && mine[cell] + 1 + theirs[next] < best) {
          best = mine[cell] + 1 + theirs[next];
          meetFrom = cell;
          meetTo = next;
        }
        if (mine[next] >= 0) continue;
        mine[next] = mine[cell] + 1;
        parent[side][next] = cell;
        visited++;
        queue.push(next);
        if (onStep) onStep(Step.Frontier, next, 0);
      }
    }
    if (meetFrom >= 0) {
      // meetFrom is on this side's tree, meetTo on the other's; the path is filled in place (typed, off the JavaScript heap).
      const [fromStart, fromGoal] = side === 0 ? [meetFrom, meetTo] : [meetTo, meetFrom];
      const path = new Int32Array(dist[0][fromStart] + dist[1][fromGoal] + 2);
      for (let c = fromStart, i = dist[0][fromStart]; c >= 0; c = parent[0][c]) path[i--] = c;
      for (let c = fromGoal, i = dist[0][fromStart] + 1; c >= 0; c = parent[1][c]) path[i++] = c;
      return foundPath(path, visited, onStep);
    }
  }
  return { path: null, visited, ...UNREACHABLE };
}
