import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import { polarRings } from '../grid/polar-steps.js';
import { Step, type StepReporter } from '../steps.js';
import { CellStack, foundPath, pathFromParentSlots, UNREACHABLE } from './grid-search.js';

/** The state byte of a-star.ts's aStarOnGrid: bits 0-3 the parent slot + 1, bits 4-6 g mod 8, bit 7 closed. */
const PARENT_BITS = 15;
const G_SHIFT = 4;
const G_BITS = 7 << G_SHIFT;
const CLOSED_BIT = 0x80;

/**
 * A* on the polar grid, with the ring difference for h (every move changes the ring by
 * at most one), and three stacks for the open set instead of a heap: a move adds one to
 * g and changes h by -1, 0 or +1, so a neighbour's f is the cell's f, f + 1 or f + 2, and
 * with a consistent h nothing below the current f is ever added. The stacks hold the
 * cells of f, f + 1 and f + 2; the first is taken from until it is empty, then the next
 * becomes current and f grows by one. Last in, first out within a stack takes the deeper
 * cells just added first, where the heap took the larger g among equal f (the same
 * shortest paths' length; which of several it returns, and the cells visited on the way,
 * may differ). A step is O(1) where the heap's was O(log n): at 10^7 cells the open set
 * is tens of thousands of cells, and on a DFS maze A* closes about as many cells as BFS
 * (8.06 million of 10^7 corner to rim): the path is over a million moves, so no bound
 * from the geometry (a few thousand moves at most) keeps A* from closing every cell
 * nearer than that, and only the step's cost is left to cut.
 *
 * The state byte is aStarOnGrid's; the closed cell's ring is looked up once and its
 * open walls' neighbours, back slots and rings computed inline from the ring's numbers,
 * as in bfs-polar.ts.
 */
export function aStarPolar(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const t = maze.topology as PolarTopology;
  const { cells, size } = maze;
  const { start: ringStart, count: ringCount, outward, ratioIn, centreWalls } = polarRings(t);
  const goalRing = t.ringOf(goal);
  const state = new Uint8Array(size);
  // The open cells of f, f + 1 and f + 2.
  let current = new CellStack();
  let later = new CellStack();
  let latest = new CellStack();
  let f = Math.abs(t.ringOf(start) - goalRing);
  current.push(start);
  if (onStep) onStep(Step.Frontier, start, 0);
  let visited = 0;
  for (;;) {
    if (current.length === 0) {
      if (later.length === 0 && latest.length === 0) break;
      const emptied = current;
      current = later;
      later = latest;
      latest = emptied;
      f++;
      continue;
    }
    const cell = current.items[--current.length];
    if (state[cell] & CLOSED_BIT) continue;
    state[cell] |= CLOSED_BIT;
    visited++;
    if (onStep) onStep(Step.Visit, cell, 0);
    if (cell === goal) return foundPath(pathFromParentSlots(maze, state, start, goal, PARENT_BITS), visited, onStep);
    const ring = t.ringOf(cell);
    const moves = f - Math.abs(ring - goalRing) + 1;
    const word = cells[cell];
    const first = ringStart[ring];
    const count = ringCount[ring];
    const i = cell - first;
    const k = ring === 0 ? 0 : outward[ring];
    for (let open = ~word & (ring === 0 ? centreWalls : (1 << (3 + k)) - 1); open !== 0; open &= open - 1) {
      const s = 31 - Math.clz32(open & -open);
      let next: number;
      let back: number;
      let nextRing: number;
      if (ring === 0) {
        next = 1 + s;
        back = 0;
        nextRing = 1;
      } else if (s === 0) {
        nextRing = ring - 1;
        if (ring === 1) {
          next = 0;
          back = i;
        } else {
          const ratio = ratioIn[ring];
          const within = ratio === 1 ? 0 : i % ratio;
          next = ringStart[ring - 1] + (i - within) / ratio;
          back = 2 + within;
        }
      } else if (s === 1) {
        next = i === 0 ? first + count - 1 : cell - 1;
        back = 2 + k;
        nextRing = ring;
      } else if (s === 2 + k) {
        next = i + 1 === count ? first : cell + 1;
        back = 1;
        nextRing = ring;
      } else {
        next = ringStart[ring + 1] + i * k + (s - 2);
        back = 0;
        nextRing = ring + 1;
      }
      const seen = state[next];
      if (seen & CLOSED_BIT) continue;
      // Reached already with g within 2 of moves: no better unless its g is larger.
      if (seen & PARENT_BITS && ((((seen & G_BITS) >> G_SHIFT) - moves + 2) & 7) <= 2) continue;
      state[next] = ((moves & 7) << G_SHIFT) | (back + 1);
      // f grows by h's change plus one: 0, 1 or 2.
      const grows = moves + Math.abs(nextRing - goalRing) - f;
      (grows === 0 ? current : grows === 1 ? later : latest).push(next);
      if (onStep) onStep(Step.Frontier, next, 0);
    }
  }
  return { path: null, visited, ...UNREACHABLE };
}
