import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../grid/grid-maze.js';
import type { PolarTopology } from '../grid/polar.js';
import { polarRings } from '../grid/polar-steps.js';
import { IndexHeap } from '../heap.js';
import { foundPath, pathFromParentSlots, UNREACHABLE } from './grid-search.js';

/** The state byte of a-star.ts's aStarOnGrid: bits 0-3 the parent slot + 1, bits 4-6 g mod 8, bit 7 closed. */
const PARENT_BITS = 15;
const G_SHIFT = 4;
const G_BITS = 7 << G_SHIFT;
const CLOSED_BIT = 0x80;

/**
 * aStarOnGrid on the polar grid without a step reporter: the same heap, keys and pushes
 * in the same order (so the same path and the same cells visited), with the closed
 * cell's ring looked up once and its open walls' neighbours, back slots and rings (the
 * heuristic is the ring difference) computed inline from the ring's numbers, as in
 * bfs-polar.ts.
 */
export function aStarPolar(maze: GridMaze, start: number, goal: number): SolverResult {
  const t = maze.topology as PolarTopology;
  const { cells, size } = maze;
  const { start: ringStart, count: ringCount, outward, ratioIn, centreWalls } = polarRings(t);
  const goalRing = t.ringOf(goal);
  const state = new Uint8Array(size);
  const heap = new IndexHeap(64);
  const scale = 2 * (size + 1);
  heap.push(start, Math.abs(t.ringOf(start) - goalRing));
  let visited = 0;
  while (heap.length > 0) {
    const f = Math.round(heap.peekKey());
    const cell = heap.pop();
    if (state[cell] & CLOSED_BIT) continue;
    state[cell] |= CLOSED_BIT;
    visited++;
    if (cell === goal) return foundPath(pathFromParentSlots(maze, state, start, goal, PARENT_BITS), visited);
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
      heap.push(next, moves + Math.abs(nextRing - goalRing) - moves / scale);
    }
  }
  return { path: null, visited, ...UNREACHABLE };
}
