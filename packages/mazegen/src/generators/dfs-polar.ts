import type { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import type { Sfc32 } from '../rng.js';

/** Loop turns per call of `polarSlice` (as in dfs.ts: whole-function compilation, not OSR). */
const SLICE = 1 << 16;
/** Marks, in `back`, a cell that is never entered: the start (no way back) and every blocked cell. */
const NOT_FREE = 255;

/** Slots of the search state carried between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const CELL = 4;
const RING = 5;
const START = 6;
const ENTERED = 7;

/** The polar grid's rings as flat arrays: first cell, cell count, outward cells a cell, inner ring's cells per cell of this one. */
interface Rings {
  start: Int32Array;
  count: Int32Array;
  outward: Int32Array;
  ratioIn: Int32Array;
  /** 1 for a ring whose cells have one cell inward and one outward, both in rings of the same count (most rings): its inner cells are a square grid's. */
  plain: Uint8Array;
  last: number;
  centreDegree: number;
}

/** NTH[mask * 4 + k]: the k-th set bit of a 4-bit slot mask, from slot 0. COUNT[mask]: how many. */
const NTH = new Uint8Array(16 * 4);
const COUNT = new Uint8Array(16);
for (let mask = 0; mask < 16; mask++) {
  for (let s = 0; s < 4; s++) if (mask & (1 << s)) NTH[mask * 4 + COUNT[mask]++] = s;
}

/**
 * DFS on the polar grid with the library's own sfc32 and no step reporter: the generic
 * kernel (dfs.ts, dfsOnGrid) with a tracked ring, so that a cell's neighbours and the
 * way back come from its ring's numbers without a lookup or a call, one read a
 * neighbour (`back` marks blocked cells as entered), the stream in locals and the same
 * draws: the same bytes (tested against the generic kernel).
 */
export function dfsPolar(maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): void {
  const t = maze.topology as PolarTopology;
  const { cells, size } = maze;
  const blocked = t.blockedBit;
  const last = t.height;
  const rings: Rings = {
    start: t.ringStart,
    count: t.ringCount,
    outward: new Int32Array(last + 1),
    ratioIn: new Int32Array(last + 1),
    plain: new Uint8Array(last + 1),
    last,
    centreDegree: t.degree(0),
  };
  for (let r = 1; r <= last; r++) {
    rings.outward[r] = t.outwardCount(r);
    rings.ratioIn[r] = r === 1 ? 1 : t.ringCount[r] / t.ringCount[r - 1];
  }
  for (let r = 2; r < last; r++) rings.plain[r] = rings.ratioIn[r] === 1 && rings.outward[r] === 1 ? 1 : 0;
  const back = new Uint8Array(size);
  for (let cell = 0; cell < size; cell++) if (cells[cell] & blocked) back[cell] = NOT_FREE;
  back[start] = NOT_FREE;
  const state = new Int32Array(8);
  state.set(rng.getState());
  state[CELL] = start;
  state[RING] = t.ringOf(start);
  state[START] = start;
  state[ENTERED] = 1;
  const around = new Int32Array(t.maxDegree);
  let reported = 0;
  while (polarSlice(cells, rings, back, around, state)) {
    if (onProgress && state[ENTERED] - reported >= PROGRESS_EVERY) {
      reported = state[ENTERED];
      onProgress(reported, size);
    }
  }
  rng.setState([state[A], state[B], state[C], state[D]]);
}

function polarSlice(cells: Uint8Array | Uint16Array, rings: Rings, back: Uint8Array, around: Int32Array, state: Int32Array): boolean {
  const { start: ringStart, count: ringCount, outward, ratioIn, plain, last, centreDegree } = rings;
  const start = state[START];
  let a = state[A];
  let b = state[B];
  let c = state[C];
  let d = state[D];
  let cell = state[CELL];
  let ring = state[RING];
  let entered = 0;
  let running = true;
  for (let turns = SLICE; turns > 0; turns--) {
    if (plain[ring] === 1) {
      const count = ringCount[ring];
      const i = cell - ringStart[ring];
      if (i > 0 && i < count - 1) {
        // Slots inward, anticlockwise, outward, clockwise: cell - count, - 1, + count, + 1, as on a
        // square grid of width `count`; (b - 1) >>> 31 is 1 exactly for b === 0 (not entered), without a branch.
        const mask =
          ((back[cell - count] - 1) >>> 31) |
          (((back[cell - 1] - 1) >>> 31) << 1) |
          (((back[cell + count] - 1) >>> 31) << 2) |
          (((back[cell + 1] - 1) >>> 31) << 3);
        let slot: number;
        if (mask === 0) {
          if (cell === start) {
            running = false;
            break;
          }
          slot = back[cell] - 1;
        } else {
          const open = COUNT[mask];
          slot = NTH[mask << 2];
          if (open > 1) {
            // sfc32's step and Sfc32.int's floor(r * open / 2^32), in integers (exact), as in dfs.ts.
            const r = (((a + b) | 0) + d) | 0;
            d = (d + 1) | 0;
            a = b ^ (b >>> 9);
            b = (c + (c << 3)) | 0;
            c = (c << 21) | (c >>> 11);
            c = (c + r) | 0;
            slot = NTH[(mask << 2) | (((r >>> 16) * open + (((r & 0xffff) * open) >>> 16)) >>> 16)];
          }
        }
        // Slot 0 and 2 move by a ring's count, 1 and 3 by one cell; 0 and 1 go down, 2 and 3 up; 0 and 2 change the ring.
        const next = cell + (count + ((1 - count) & -(slot & 1))) * ((slot & 2) - 1);
        if (mask !== 0) {
          const backSlot = (slot + 2) & 3;
          cells[cell] &= ~(1 << slot);
          cells[next] &= ~(1 << backSlot);
          back[next] = backSlot + 1;
          entered++;
        }
        cell = next;
        ring += ((slot & 1) ^ 1) * (slot - 1);
        continue;
      }
    }
    // This cell's neighbours in slot order, and k: its outward slots are 2..2+k-1.
    let degree: number;
    let k = 0;
    let first = 0;
    let i = 0;
    if (ring === 0) {
      degree = centreDegree;
      for (let s = 0; s < degree; s++) around[s] = 1 + s;
    } else {
      first = ringStart[ring];
      const count = ringCount[ring];
      i = cell - first;
      k = outward[ring];
      degree = 3 + k;
      const ratio = ratioIn[ring];
      around[0] = ring === 1 ? 0 : ringStart[ring - 1] + (ratio === 1 ? i : (i - (i % ratio)) / ratio);
      around[1] = i === 0 ? first + count - 1 : cell - 1;
      if (ring === last) around[2] = -1;
      else {
        const out = ringStart[ring + 1] + i * k;
        for (let j = 0; j < k; j++) around[2 + j] = out + j;
      }
      around[2 + k] = i + 1 === count ? first : cell + 1;
    }
    let mask = 0;
    let open = 0;
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next >= 0 && back[next] === 0) {
        mask |= 1 << s;
        open++;
      }
    }
    if (open === 0) {
      if (cell === start) {
        running = false;
        break;
      }
      const slot = back[cell] - 1;
      cell = around[slot];
      ring = ring === 0 ? 1 : slot === 0 ? ring - 1 : slot >= 2 && slot < 2 + k ? ring + 1 : ring;
      continue;
    }
    let pick = 0;
    if (open > 1) {
      // sfc32's step and Sfc32.int's floor(r * open / 2^32), in integers (exact), as in dfs.ts.
      const r = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + r) | 0;
      pick = ((r >>> 16) * open + (((r & 0xffff) * open) >>> 16)) >>> 16;
    }
    // The pick-th open slot, from slot 0.
    let slot = 31 - Math.clz32(mask & -mask);
    for (; pick > 0; pick--) {
      mask &= mask - 1;
      slot = 31 - Math.clz32(mask & -mask);
    }
    const next = around[slot];
    let backSlot: number;
    let nextRing: number;
    if (ring === 0) {
      backSlot = 0;
      nextRing = 1;
    } else if (slot === 0) {
      backSlot = ring === 1 ? i : 2 + (i % ratioIn[ring]);
      nextRing = ring - 1;
    } else if (slot === 1) {
      backSlot = 2 + k;
      nextRing = ring;
    } else if (slot === 2 + k) {
      backSlot = 1;
      nextRing = ring;
    } else {
      backSlot = 0;
      nextRing = ring + 1;
    }
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << backSlot);
    back[next] = backSlot + 1;
    cell = next;
    ring = nextRing;
    entered++;
  }
  state[A] = a;
  state[B] = b;
  state[C] = c;
  state[D] = d;
  state[CELL] = cell;
  state[RING] = ring;
  state[ENTERED] += entered;
  return running;
}
