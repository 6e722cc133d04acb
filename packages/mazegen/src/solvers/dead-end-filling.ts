import { defineSolver } from './define.js';
import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { foundPath, gridBreadthFirst, pathFromParentSlots, UNREACHABLE } from './grid-search.js';
import { pathFromDistances } from './bfs.js';

/**
 * Dead-end filling: fill every dead end (a cell with one open side, other than the
 * entry and exit), and keep filling back along its corridor while the filled cells
 * leave new dead ends. A cell filled this way lies on no simple path between entry
 * and exit, so every such path survives. On a perfect maze exactly the solution is
 * left; on a maze with loops the loops are left too, and a breadth-first search over
 * the unfilled cells picks a shortest path among them: the result is a shortest path
 * on every maze.
 */
export const deadEndFilling = defineSolver({
  name: 'DeadEndFilling',
  aliases: ['dead-end-filler', 'dead-end-fill', 'dead-ends', 'deadend'],
  description: 'Fills dead ends back to the junctions until only the solution (and any loops) is left, then walks it: a shortest path.',
  reference: 'https://en.wikipedia.org/wiki/Maze-solving_algorithm#Dead-end_filling',
  scratchBytesPerCell: 18, // the fill queue, flags and a BFS over what is left
  gridScratchBytesPerCell: 17, // open counts, filled flags, the fill stack (two pushes a cell at most) and the BFS over what is left
  shortest: true,
  handlesLoops: true,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic: deadEndFillingOnGrid,
  square(maze, start, goal, onStep) {
    const { cells, width: w, size } = maze;
    // Open sides per cell that lead to a cell not yet filled.
    const degree = new Uint8Array(size);
    const filled = new Uint8Array(size);
    const queue = new Int32Array(size);
    let tail = 0;
    for (let cell = 0; cell < size; cell++) {
      const c = cells[cell];
      const d = 4 - ((c & 1) + ((c >> 1) & 1) + ((c >> 2) & 1) + ((c >> 3) & 1));
      degree[cell] = d;
      if (d === 1 && cell !== start && cell !== goal) queue[tail++] = cell;
    }
    // Filling phase: the queue holds dead ends waiting to be filled.
    let head = 0;
    while (head < tail) {
      const cell = queue[head++];
      filled[cell] = 1;
      if (onStep) onStep(Step.Retreat, cell, 0);
      const c = cells[cell];
      // The one neighbour still open: its corridor loses a side.
      let other = -1;
      if ((c & NORTH) === 0 && !filled[cell - w]) other = cell - w;
      else if ((c & EAST) === 0 && !filled[cell + 1]) other = cell + 1;
      else if ((c & SOUTH) === 0 && !filled[cell + w]) other = cell + w;
      else if ((c & WEST) === 0 && !filled[cell - 1]) other = cell - 1;
      if (other < 0) continue;
      if (--degree[other] === 1 && other !== start && other !== goal) queue[tail++] = other;
    }
    const filledCount = tail;
    // Search phase: breadth first over what is left, parents recorded as distances.
    const dist = new Int32Array(size).fill(-1);
    head = 0;
    tail = 0;
    queue[tail++] = start;
    dist[start] = 0;
    if (onStep) onStep(Step.Frontier, start, 0);
    while (head < tail) {
      const cell = queue[head++];
      if (onStep) onStep(Step.Visit, cell, 0);
      if (cell === goal) break;
      const c = cells[cell];
      const next = dist[cell] + 1;
      for (let k = 0; k < 4; k++) {
        const dir = 1 << k;
        if (c & dir) continue;
        const other = dir === NORTH ? cell - w : dir === EAST ? cell + 1 : dir === SOUTH ? cell + w : cell - 1;
        if (filled[other] || dist[other] >= 0) continue;
        dist[other] = next;
        queue[tail++] = other;
        if (onStep) onStep(Step.Frontier, other, 0);
      }
    }
    if (dist[goal] < 0) return { path: null, visited: filledCount + tail, failure: 'the exit cannot be reached from the entry' };
    const path = pathFromDistances(maze, dist, goal);
    if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
    return { path, visited: filledCount + tail };
  },
});

/** Dead-end filling on any grid, then a breadth-first walk over the cells left. */
function deadEndFillingOnGrid(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const t = maze.topology;
  const { cells, size } = maze;
  const open = new Uint8Array(size);
  const filled = new Uint8Array(size);
  const around = new Int32Array(t.maxDegree);
  // A cell is pushed when it is a dead end and again when its last way out fills: twice at most, in a typed stack off the JavaScript heap.
  const queue = new Int32Array(2 * size);
  let top = 0;
  for (let cell = 0; cell < size; cell++) {
    if (cells[cell] & t.blockedBit) continue;
    const degree = t.neighbours(cell, around);
    let n = 0;
    for (let s = 0; s < degree; s++) if (around[s] >= 0 && (cells[cell] & (1 << s)) === 0) n++;
    open[cell] = n;
    if (n <= 1 && cell !== start && cell !== goal) queue[top++] = cell;
  }
  let visited = 0;
  while (top > 0) {
    const cell = queue[--top];
    if (filled[cell]) continue;
    filled[cell] = 1;
    visited++;
    if (onStep) onStep(Step.Retreat, cell, 0);
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || cells[cell] & (1 << s) || filled[next]) continue;
      if (--open[next] <= 1 && next !== start && next !== goal) queue[top++] = next;
    }
  }
  const { parentSlot, reached, found } = gridBreadthFirst(maze, start, goal, undefined, filled);
  if (!found) return { path: null, visited: visited + reached, ...UNREACHABLE };
  return foundPath(pathFromParentSlots(maze, parentSlot, start, goal), visited + reached, onStep);
}
