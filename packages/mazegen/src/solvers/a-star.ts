import { defineSolver } from './define.js';
import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { IndexHeap } from '../heap.js';
import { EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { clearScratch, sealBorder, SCRATCH_SHIFT } from '../scratch.js';
import { Step, type StepReporter } from '../steps.js';
import { CellStack, foundPath, pathFromParentSlots, UNREACHABLE } from './grid-search.js';
import { aStarPolar } from './a-star-polar.js';

/** Bit 7: closed. Bits 5-6: direction index (N, E, S, W = 0..3) back to the best parent so far. */
const CLOSED = 0x80;
const BACK_MASK = 3 << SCRATCH_SHIFT;
const BIT = Uint8Array.of(NORTH, EAST, SOUTH, WEST);
const OPPOSITE_INDEX = Uint8Array.of(2, 3, 0, 1);
/** Cells taken from the open set per call of `expandSlice`. */
const SLICE = 1 << 16;

/**
 * A* with the Manhattan distance, which never overestimates on a grid of unit moves,
 * so the first time the goal is taken from the open set its path is a shortest one.
 *
 * The open set is two stacks, not a heap. A move changes g by 1 and h by 1 either way,
 * so f = g + h keeps its parity and a neighbour's f is the cell's f or f + 2; with a
 * consistent heuristic nothing below the current f is ever added. So every open entry
 * has f or f + 2: take from the first stack until it is empty, then the other becomes
 * current and f grows by 2. Last in, first out within a stack prefers the deeper cells
 * just added, which keeps the open set small in mazes. Each step is O(1) instead of a
 * heap's O(log n), and an entry is 4 bytes instead of 12.
 *
 * Closed flags and parents live in the maze's scratch bits. An open cell's f is the
 * current f or f + 2, so two bits a cell say all that is needed of it: 0 = not reached,
 * else 1 + (f / 2 mod 2), which tells the two apart. A new route improves an open cell
 * only when it brings the cell from f + 2 down to f. A cell taken from the open set has
 * g = f - h exactly; only the goal's is needed (f itself).
 */
export const aStar = defineSolver({
  name: 'AStar',
  aliases: ['A*', 'a-star', 'astar-manhattan'],
  description: 'A* search with the Manhattan heuristic: a shortest path, exploring towards the exit first.',
  reference: 'https://en.wikipedia.org/wiki/A*_search_algorithm',
  scratchBytesPerCell: 5, // 2 bits of open-f parity, and at worst every cell on a stack (4)
  gridScratchBytesPerCell: 19, // state bytes and the open heap (int32 + float64 an entry), every cell at worst, grown by doubling (polar: three cell stacks)
  shortest: true,
  handlesLoops: true,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic: aStarOnGrid,
  // The polar grid's open set in three stacks (a-star-polar.ts): a shortest path too, maybe another of equal length.
  kernels: [{ name: 'polar', grids: ['polar'], wraps: false, run: aStarPolar }],
  square(maze, start, goal, onStep) {
    const { cells, width: w, size } = maze;
    const step = Int32Array.of(-w, 1, w, -1);
    const gx = goal % w;
    const gy = (goal - gx) / w;
    // Per cell, 2 bits: 0 = not reached, else 1 + (f / 2 mod 2) of its best entry.
    const reached = new Uint8Array(Math.ceil(size / 4));
    const unseal = sealBorder(maze);
    try {
      const hStart = Math.abs((start % w) - gx) + Math.abs(Math.floor(start / w) - gy);
      reached[start >> 2] |= (1 + ((hStart >> 1) & 1)) << ((start & 3) << 1);
      const search: AStarSearch = {
        cells,
        w,
        gx,
        gy,
        reached,
        step,
        goal,
        f: hStart,
        current: new CellStack(),
        next: new CellStack(),
        visited: 0,
        goalG: -1,
      };
      search.current.push(start);
      if (onStep) onStep(Step.Frontier, start, 0);
      while (expandSlice(search, onStep));
      const { visited, goalG } = search;
      if (goalG < 0) return { path: null, visited, failure: 'the exit cannot be reached from the entry' };
      const length = goalG + 1;
      const path = new Int32Array(length);
      for (let i = length - 1, p = goal; i >= 0; i--) {
        path[i] = p;
        p += step[(cells[p] & BACK_MASK) >> SCRATCH_SHIFT];
      }
      if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
      return { path, visited };
    } finally {
      unseal();
      clearScratch(maze);
    }
  },
});

/** What the search carries from one slice to the next. */
interface AStarSearch {
  cells: Uint8Array;
  w: number;
  gx: number;
  gy: number;
  reached: Uint8Array;
  step: Int32Array;
  goal: number;
  /** The f of every entry on `current`; those on `next` have f + 2. */
  f: number;
  current: CellStack;
  next: CellStack;
  visited: number;
  /** The goal's g once it is closed; -1 until then. */
  goalG: number;
}

/**
 * Closes up to SLICE cells; false once the goal is closed or the open set is empty. The
 * loop runs in slices so that V8 compiles this function whole rather than replacing one
 * long loop on the stack (OSR), which measured about 25% slower on the DFS and BFS loops.
 */
function expandSlice(search: AStarSearch, onStep: StepReporter | undefined): boolean {
  const { cells, w, gx, gy, reached, step, goal } = search;
  const invW = 1 / w;
  let { f, current, next, visited } = search;
  let running = true;
  for (let turns = SLICE; turns > 0; turns--) {
    if (current.length === 0) {
      if (next.length === 0) {
        running = false;
        break;
      }
      const emptied = current;
      current = next;
      next = emptied;
      f += 2;
    }
    const cell = current.items[--current.length];
    if (cells[cell] & CLOSED) continue;
    cells[cell] |= CLOSED;
    visited++;
    if (onStep) onStep(Step.Visit, cell, 0);
    // The row by a multiply (exact: the half keeps the product off a whole number), not two integer divisions.
    const cy = Math.floor((cell + 0.5) * invW);
    const cx = cell - cy * w;
    if (cell === goal) {
      // h is 0 there: g = f.
      search.goalG = f;
      running = false;
      break;
    }
    const c = cells[cell];
    // The codes of the two open f values: f itself and f + 2.
    const sameCode = 1 + ((f >> 1) & 1);
    const laterCode = 3 - sameCode;
    // The directions (as wall bits) in which a move brings h down by one, keeping f.
    const closer = (cy > gy ? NORTH : 0) | (cx < gx ? EAST : 0) | (cy < gy ? SOUTH : 0) | (cx > gx ? WEST : 0);
    for (let k = 0; k < 4; k++) {
      if (c & BIT[k]) continue;
      const neighbour = cell + step[k];
      const nc = cells[neighbour];
      if (nc & CLOSED) continue;
      const keepsF = (closer & BIT[k]) !== 0;
      const byte = neighbour >> 2;
      const shift = (neighbour & 3) << 1;
      const seen = (reached[byte] >> shift) & 3;
      // Open already: only a route from f + 2 down to f is better.
      if (seen !== 0 && !(keepsF && seen === laterCode)) continue;
      reached[byte] = (reached[byte] & ~(3 << shift)) | ((keepsF ? sameCode : laterCode) << shift);
      cells[neighbour] = (nc & ~BACK_MASK) | (OPPOSITE_INDEX[k] << SCRATCH_SHIFT);
      // h falls by one (same f) or rises by one (f + 2).
      (keepsF ? current : next).push(neighbour);
      if (onStep) onStep(Step.Frontier, neighbour, 0);
    }
  }
  search.f = f;
  search.current = current;
  search.next = next;
  search.visited = visited;
  return running;
}

/** A* on any grid, per cell in one byte: bits 0-3 the parent slot + 1 (0 = not reached), bits 4-6 g mod 8, bit 7 closed. */
const PARENT_BITS = 15;
const G_SHIFT = 4;
const G_BITS = 7 << G_SHIFT;
const CLOSED_BIT = 0x80;

/**
 * A* on any grid: a heap keyed by f = g + the topology's admissible and consistent
 * `distance` (Manhattan, hex axial distance, rows plus columns on the triangle grid,
 * rings on the polar grid; the short way round when wrapped), ties to the larger g.
 * With a consistent bound a cell is final when it leaves the heap, so the path is a
 * shortest one.
 *
 * A cell's g is kept modulo 8 only. It is read for an open neighbour of the cell being
 * closed (g = moves - 1), which some closed cell p reached with g(p) + 1: at least the
 * true distance, at least moves - 2; and p was closed no later, so f(p) <= f, and with
 * h changing by at most 1 a move, g(p) <= moves + 1. So the stored g is within 2 of
 * moves and its residue tells which it is. A byte a cell in all, plus the heap. The
 * polar grid has a kernel of its own in the registry, with three stacks for a heap (a-star-polar.ts).
 */
function aStarOnGrid(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const t = maze.topology;
  const { cells, size } = maze;
  const state = new Uint8Array(size);
  const around = new Int32Array(t.maxDegree);
  const heap = new IndexHeap(64);
  // f, then the larger g first: the fraction stays below 1/2, so it never reorders f.
  const key = (f: number, moves: number) => f - moves / (2 * (size + 1));
  // The start has no parent slot; it is closed before anything reads it.
  heap.push(start, key(t.distance(start, goal), 0));
  if (onStep) onStep(Step.Frontier, start, 0);
  let visited = 0;
  // The closed cell's g, found again from its key: f - h.
  while (heap.length > 0) {
    const f = Math.round(heap.peekKey());
    const cell = heap.pop();
    if (state[cell] & CLOSED_BIT) continue;
    state[cell] |= CLOSED_BIT;
    visited++;
    if (onStep) onStep(Step.Visit, cell, 0);
    if (cell === goal) return foundPath(pathFromParentSlots(maze, state, start, goal, PARENT_BITS), visited, onStep);
    const moves = f - t.distance(cell, goal) + 1;
    const degree = t.neighbours(cell, around);
    const word = cells[cell];
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || word & (1 << s)) continue;
      const seen = state[next];
      if (seen & CLOSED_BIT) continue;
      // Reached already with g within 2 of moves: no better unless its g is larger.
      if (seen & PARENT_BITS && ((((seen & G_BITS) >> G_SHIFT) - moves + 2) & 7) <= 2) continue;
      state[next] = ((moves & 7) << G_SHIFT) | (t.backSlot(cell, s) + 1);
      heap.push(next, key(moves + t.distance(next, goal), moves));
      if (onStep) onStep(Step.Frontier, next, 0);
    }
  }
  return { path: null, visited, ...UNREACHABLE };
}
