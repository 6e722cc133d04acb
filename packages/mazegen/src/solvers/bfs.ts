import { defineSolver } from './define.js';
import { EAST, NORTH, SOUTH, WEST, type GridMaze, type Maze, type WallWords } from '../maze.js';
import { clearScratch, sealBorder, SCRATCH_MASK, SCRATCH_SHIFT } from '../scratch.js';
import { Step, type StepReporter } from '../steps.js';
import { CellQueue, foundPath, gridBreadthFirst, pathFromParentSlots, UNREACHABLE } from './grid-search.js';
import { polarBreadthFirst } from './bfs-polar.js';

/**
 * Distance (in moves) from `start` to every cell over open walls, -1 where unreachable,
 * on any grid; with `goal` it stops once the goal leaves the queue (cells nearer than the
 * goal hold theirs). `onStep` hears of each cell reached (Frontier) and taken (Visit),
 * in the same order on every path. The plain square grid runs the C seed's kernel (the
 * same map, without the topology's neighbour calls); every other grid the topology's.
 */
export function distanceMap(maze: GridMaze, start: number, goal = -1, onStep?: StepReporter): Int32Array {
  const t = maze.topology;
  if (t.kind === 'square' && t.wrap === 'none') return squareDistanceMap(maze.cells, t.width, start, goal, onStep);
  return topologyDistanceMap(maze, start, goal, onStep);
}

/** `distanceMap` on the plain square grid: the C seed's distance map, a typed-array queue over the N, E, S, W bits. */
export function squareDistanceMap(cells: WallWords, w: number, start: number, goal = -1, onStep?: StepReporter): Int32Array {
  const size = cells.length;
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

/** `distanceMap` on any grid through the topology: slots in order, so on the square grid N, E, S, W as the kernel above. */
export function topologyDistanceMap(maze: GridMaze, start: number, goal = -1, onStep?: StepReporter): Int32Array {
  const t = maze.topology;
  const { cells, size } = maze;
  const dist = new Int32Array(size).fill(-1);
  const around = new Int32Array(t.maxDegree);
  const queue = new CellQueue();
  dist[start] = 0;
  queue.push(start);
  if (onStep) onStep(Step.Frontier, start, 0);
  while (queue.length > 0) {
    const cell = queue.shift();
    if (onStep) onStep(Step.Visit, cell, 0);
    if (cell === goal) break;
    const degree = t.neighbours(cell, around);
    const word = cells[cell];
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || word & (1 << s) || dist[next] >= 0) continue;
      dist[next] = dist[cell] + 1;
      queue.push(next);
      if (onStep) onStep(Step.Frontier, next, 0);
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

/** Initial ring-queue capacity; it doubles when the frontier outgrows it. */
const QUEUE_START = 1 << 12;
/** Cells taken from the queue per call of `searchSlice` (see `search`). */
const SLICE = 1 << 16;

/** The search between two slices: the ring queue, its ends, and the level being taken. */
interface SearchState {
  queue: Int32Array;
  head: number;
  tail: number;
  depth: number;
  levelEnd: number;
  /** The goal's distance once it leaves the queue; -1 until then. */
  found: number;
}

/**
 * Breadth-first search from `start` until `goal` leaves the queue. Its state lives in
 * the maze's scratch bits (bits 5-6 = distance mod 3, plus one; 0 = not reached) and
 * its queue is a ring that holds only the frontier, so it needs about one byte per
 * cell (the maze itself). Returns the goal's distance (-1 if unreached) and the count
 * of reached cells; the caller walks the path back and clears the scratch bits.
 * The loop runs in slices: V8 then compiles the slice function whole instead of
 * replacing one huge loop on the stack (OSR), which measured about 25% faster at 10^8 cells.
 */
function search(maze: Maze, start: number, goal: number, onStep: StepReporter | undefined): { depth: number; reached: number } {
  const state: SearchState = { queue: new Int32Array(QUEUE_START), head: 0, tail: 1, depth: 0, levelEnd: 1, found: -1 };
  state.queue[0] = start;
  maze.cells[start] |= 1 << SCRATCH_SHIFT;
  if (onStep) onStep(Step.Frontier, start, 0);
  while (searchSlice(maze, goal, state, onStep));
  return { depth: state.found, reached: state.tail };
}

/** Takes up to SLICE cells from the queue; false once the goal is out or the queue is empty. */
function searchSlice(maze: Maze, goal: number, state: SearchState, onStep: StepReporter | undefined): boolean {
  const { cells, width: w } = maze;
  let { queue, head, tail, depth, levelEnd } = state;
  let mask = queue.length - 1;
  let mark = (((depth + 1) % 3) + 1) << SCRATCH_SHIFT;
  let running = true;
  for (let turns = SLICE; turns > 0; turns--) {
    if (head === tail) {
      running = false;
      break;
    }
    if (head === levelEnd) {
      depth++;
      levelEnd = tail;
      mark = (((depth + 1) % 3) + 1) << SCRATCH_SHIFT;
    }
    const cell = queue[head++ & mask];
    if (onStep) onStep(Step.Visit, cell, 0);
    if (cell === goal) {
      state.found = depth;
      running = false;
      break;
    }
    if (tail - head + 4 > mask) {
      // Grow the ring, unwrapping it so that positions stay head..tail.
      const bigger = new Int32Array(queue.length * 2);
      for (let i = head; i < tail; i++) bigger[i & (bigger.length - 1)] = queue[i & mask];
      queue = bigger;
      mask = bigger.length - 1;
    }
    const c = cells[cell];
    if ((c & NORTH) === 0 && (cells[cell - w] & SCRATCH_MASK) === 0) {
      cells[cell - w] |= mark;
      queue[tail++ & mask] = cell - w;
      if (onStep) onStep(Step.Frontier, cell - w, 0);
    }
    if ((c & EAST) === 0 && (cells[cell + 1] & SCRATCH_MASK) === 0) {
      cells[cell + 1] |= mark;
      queue[tail++ & mask] = cell + 1;
      if (onStep) onStep(Step.Frontier, cell + 1, 0);
    }
    if ((c & SOUTH) === 0 && (cells[cell + w] & SCRATCH_MASK) === 0) {
      cells[cell + w] |= mark;
      queue[tail++ & mask] = cell + w;
      if (onStep) onStep(Step.Frontier, cell + w, 0);
    }
    if ((c & WEST) === 0 && (cells[cell - 1] & SCRATCH_MASK) === 0) {
      cells[cell - 1] |= mark;
      queue[tail++ & mask] = cell - 1;
      if (onStep) onStep(Step.Frontier, cell - 1, 0);
    }
  }
  state.queue = queue;
  state.head = head;
  state.tail = tail;
  state.depth = depth;
  state.levelEnd = levelEnd;
  return running;
}

/**
 * Walks back from `goal` (at `depth` moves) to the start, each time to the first
 * neighbour (N, E, S, W) one move closer: a neighbour reached with distance mod 3 one
 * below this cell's. Neighbours across an open passage differ by at most one move, so
 * mod 3 tells them apart; this is the same path `pathFromDistances` picks.
 */
function walkBack(maze: Maze, goal: number, depth: number): Int32Array {
  const { cells, width: w } = maze;
  const path = new Int32Array(depth + 1);
  let cell = goal;
  for (let k = depth; k > 0; k--) {
    path[k] = cell;
    const c = cells[cell];
    const want = (((k - 1) % 3) + 1) << SCRATCH_SHIFT;
    if ((c & NORTH) === 0 && (cells[cell - w] & SCRATCH_MASK) === want && (cells[cell - w] & SOUTH) === 0) cell -= w;
    else if ((c & EAST) === 0 && (cells[cell + 1] & SCRATCH_MASK) === want && (cells[cell + 1] & WEST) === 0) cell += 1;
    else if ((c & SOUTH) === 0 && (cells[cell + w] & SCRATCH_MASK) === want && (cells[cell + w] & NORTH) === 0) cell += w;
    else cell -= 1;
  }
  path[0] = cell;
  return path;
}

/**
 * Breadth-first search: the shortest path, on any maze. It keeps its state in the
 * maze's scratch bits (about one byte per cell in all). The result's `distances` (the
 * C seed's distance map, as far as the search went: cells nearer than the exit are
 * sure to hold theirs) is computed on first access from the maze as it is then; call
 * `distanceMap(maze, start)` for the whole map.
 */
export const bfs = defineSolver({
  name: 'BFS',
  aliases: ['breadth-first', 'breadth-first-search'],
  description: "Breadth-first search over a distance map (the C seed's method): always a shortest path.",
  reference: 'https://en.wikipedia.org/wiki/Breadth-first_search',
  scratchBytesPerCell: 4, // the ring queue, at worst the whole maze as frontier
  gridScratchBytesPerCell: 13, // parent slots and the queue, every cell at worst, grown by doubling (polar: cell and ring a queue entry)
  shortest: true,
  handlesLoops: true,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic(maze, start, goal, onStep) {
    const { parentSlot, reached, found } = gridBreadthFirst(maze, start, goal, onStep);
    if (!found) return { path: null, visited: reached, ...UNREACHABLE };
    return foundPath(pathFromParentSlots(maze, parentSlot, start, goal), reached, onStep);
  },
  // The polar grid's search with each cell's ring queued beside it (bfs-polar.ts): the same cells and parents, for runs nobody watches.
  kernels: [
    {
      name: 'polar',
      grids: ['polar'],
      wraps: false,
      quiet: true,
      run(maze, start, goal) {
        const { parentSlot, reached, found } = polarBreadthFirst(maze, start, goal);
        if (!found) return { path: null, visited: reached, ...UNREACHABLE };
        return foundPath(pathFromParentSlots(maze, parentSlot, start, goal), reached);
      },
    },
  ],
  square(maze, start, goal, onStep) {
    const unseal = sealBorder(maze);
    let found: { depth: number; reached: number };
    let path: Int32Array | null = null;
    try {
      found = search(maze, start, goal, onStep);
      if (found.depth >= 0) path = walkBack(maze, goal, found.depth);
    } finally {
      unseal();
      clearScratch(maze);
    }
    let distances: Int32Array | undefined;
    const lazyDistances = {
      get distances(): Int32Array {
        distances ??= distanceMap(maze, start, goal);
        return distances;
      },
    };
    if (!path)
      return Object.assign(lazyDistances, { path: null, visited: found.reached, failure: 'the exit cannot be reached from the entry' });
    if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
    return Object.assign(lazyDistances, { path, visited: found.reached });
  },
});
