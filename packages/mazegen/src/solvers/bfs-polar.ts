import type { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import { polarRings } from '../grid/polar-steps.js';

/**
 * `gridBreadthFirst` on the polar grid without a step reporter or a skip set: the same
 * search (cells reached in the same order, the same parent slots), with each queued
 * cell's ring queued beside it, so that its open walls' neighbours and back slots come
 * from its ring's numbers (PolarTopology's neighbour and backSlot, inline) without a
 * ring lookup or a call, and only open walls are looked at.
 */
export function polarBreadthFirst(
  maze: GridMaze,
  start: number,
  goal: number,
): { parentSlot: Uint8Array; reached: number; found: boolean } {
  const t = maze.topology as PolarTopology;
  const { cells, size } = maze;
  const { start: ringStart, count: ringCount, outward, ratioIn, centreWalls } = polarRings(t);
  const parentSlot = new Uint8Array(size);
  // The queue as a ring buffer of cells and their rings, doubled when full.
  let capacity = 1024;
  let queueCell = new Int32Array(capacity);
  let queueRing = new Int32Array(capacity);
  let head = 0;
  let length = 1;
  queueCell[0] = start;
  queueRing[0] = t.ringOf(start);
  parentSlot[start] = 255; // reached, no parent
  let reached = 1;
  while (length > 0) {
    const cell = queueCell[head];
    const ring = queueRing[head];
    head = (head + 1) & (capacity - 1);
    length--;
    if (cell === goal) return { parentSlot, reached, found: true };
    if (length + 16 > capacity) {
      // Room for this cell's neighbours (at most 15 slots), the live part moved to the front.
      const biggerCell = new Int32Array(capacity * 2);
      const biggerRing = new Int32Array(capacity * 2);
      for (let j = 0; j < length; j++) {
        biggerCell[j] = queueCell[(head + j) & (capacity - 1)];
        biggerRing[j] = queueRing[(head + j) & (capacity - 1)];
      }
      queueCell = biggerCell;
      queueRing = biggerRing;
      capacity *= 2;
      head = 0;
    }
    const word = cells[cell];
    if (ring === 0) {
      // The centre's slot s leads to ring 1's cell s, whose inward slot 0 leads back.
      for (let open = ~word & centreWalls; open !== 0; open &= open - 1) {
        const next = 32 - Math.clz32(open & -open);
        if (parentSlot[next] !== 0) continue;
        parentSlot[next] = 1;
        reached++;
        const at = (head + length++) & (capacity - 1);
        queueCell[at] = next;
        queueRing[at] = 1;
      }
      continue;
    }
    const first = ringStart[ring];
    const count = ringCount[ring];
    const i = cell - first;
    const k = outward[ring];
    // Open walls in slot order, as the generic search meets them.
    for (let open = ~word & ((1 << (3 + k)) - 1); open !== 0; open &= open - 1) {
      const s = 31 - Math.clz32(open & -open);
      let next: number;
      let back: number;
      let nextRing: number;
      if (s === 0) {
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
      if (parentSlot[next] !== 0) continue;
      parentSlot[next] = back + 1;
      reached++;
      const at = (head + length++) & (capacity - 1);
      queueCell[at] = next;
      queueRing[at] = nextRing;
    }
  }
  return { parentSlot, reached, found: false };
}
