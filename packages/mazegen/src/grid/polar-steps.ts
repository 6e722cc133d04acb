import type { PolarTopology } from './polar.js';

/** The polar grid's rings as flat arrays, for kernels that track each cell's ring rather than look it up. */
export interface PolarRings {
  readonly start: Int32Array;
  readonly count: Int32Array;
  /** Outward cells per cell of each ring (1 on the outer ring: its border slot). */
  readonly outward: Int32Array;
  /** Cells of ring r per cell of ring r - 1 (1 for rings 0 and 1). */
  readonly ratioIn: Int32Array;
  /** Every wall of the centre closed. */
  readonly centreWalls: number;
}

export function polarRings(t: PolarTopology): PolarRings {
  const last = t.height;
  const outward = new Int32Array(last + 1);
  const ratioIn = new Int32Array(last + 1).fill(1);
  for (let r = 1; r <= last; r++) {
    outward[r] = t.outwardCount(r);
    if (r >= 2) ratioIn[r] = t.ringCount[r] / t.ringCount[r - 1];
  }
  return { start: t.ringStart, count: t.ringCount, outward, ratioIn, centreWalls: (1 << t.degree(0)) - 1 };
}
