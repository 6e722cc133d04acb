import { OptionError } from '../errors.js';
import { MAX_CELLS } from '../model-header.js';
import type { DrawPoint, GridCoordinates, Topology, Wrap } from './topology.js';

/** A config's polar WIDTH when it gives none: six cells around the centre draw a round maze. */
export const DEFAULT_FIRST_RING = 6;

/** The default cell count of the first ring: round(2 * pi), the ring whose cells are as wide as deep. */
export const DEFAULT_POLAR_FIRST_RING = 6;
/** Log2 of the cells per bucket of the ring lookup (PolarTopology.ringOf). */
const RING_BUCKET_BITS = 10;

/** Fewest cells a ring may have: two would meet twice (a double wall), one would neighbour itself. */
export const MIN_POLAR_FIRST_RING = 3;

/**
 * The cells of a polar grid of `rings` rings around the centre, the first of `firstRing`
 * cells, by the constructor's own ring arithmetic but with no array: the count stops
 * growing once it passes MAX_CELLS (a grid that large is refused, so its exact size does
 * not matter, and the rings grow so fast that this takes some 26000 rings at most).
 */
export function polarCellCount(firstRing: number, rings: number): number {
  let total = 1 + firstRing;
  for (let r = 2, inner = firstRing; r <= rings && total <= MAX_CELLS; r++) {
    inner *= Math.max(1, Math.round((2 * Math.PI * r) / inner));
    total += inner;
  }
  return total;
}

/**
 * A centre cell (ring 0) and HEIGHT rings around it; ring 1 has WIDTH cells, and ring r
 * (r >= 2) has ring r-1's count times max(1, round(2 * pi * r / count)), so every count
 * is a multiple of the one inside it and cells stay about as wide (at their inner edge)
 * as they are deep. Cell index i of a ring spans angles [i, i+1] * 2pi / count,
 * clockwise from north. Slots of a ring cell, clockwise: 0 inward, 1 anticlockwise
 * (index - 1), 2..2+k-1 the k outward cells (k = the next ring's ratio; on the outer
 * ring one outward slot with no neighbour: the border), then clockwise (index + 1).
 * The centre's slots are the WIDTH cells of ring 1. Drawing unit: a ring's depth; ring r
 * spans radii [r, r+1] around the centre (HEIGHT+1, HEIGHT+1).
 */
export class PolarTopology implements Topology {
  readonly kind = 'polar' as const;
  readonly width: number;
  readonly height: number;
  readonly wrap: Wrap = 'none';
  readonly size: number;
  readonly maxDegree: number;
  readonly blockedBit: number;
  readonly wordBytes: 1 | 2;
  readonly edgeIdBound: number;
  readonly extent: { width: number; height: number };
  /** Cells of each ring 0..height. */
  readonly ringCount: Int32Array;
  /** Index of each ring's first cell; ringStart[height + 1] = size. */
  readonly ringStart: Int32Array;
  /** Outward cells per cell of each ring (the next ring's ratio; 1 on the outer ring, whose one outward slot is the border). */
  private readonly outward: Int32Array;
  /** The ring of the last lookup: algorithms mostly ask about nearby cells. */
  private lastRing = 0;
  /** The ring of the last `distance` target. */
  private lastTargetRing = 0;
  /** Cells of each ring r >= 2 per cell of ring r-1 (1 for rings 0 and 1). */
  private readonly ratioIn: Int32Array;
  /** The ring of cell b * 2^RING_BUCKET_BITS, for each b: a few bytes per thousand cells, not a table of cells. */
  private readonly bucketRing: Int32Array;

  constructor(firstRing: number, rings: number, wrap: Wrap = 'none') {
    if (wrap !== 'none') throw new OptionError('WRAP', `WRAP=${wrap} is for the square and hex grids; the polar grid has no wrap`);
    if (rings < 1)
      throw new OptionError(
        'HEIGHT',
        `HEIGHT on the polar grid is the number of rings around the centre and must be at least 1, got ${rings}`,
      );
    if (firstRing < MIN_POLAR_FIRST_RING) {
      throw new OptionError(
        'WIDTH',
        `WIDTH on the polar grid is the first ring's cell count and must be at least ${MIN_POLAR_FIRST_RING}, got ${firstRing}`,
      );
    }
    // Counted before any array is made: a ring table of a few billion rings, or a bucket table past 2^31 cells, cannot be.
    const cells = polarCellCount(firstRing, rings);
    if (cells > MAX_CELLS)
      throw new OptionError(
        'HEIGHT',
        `a polar maze of ${rings} rings around a first ring of ${firstRing} has over ${MAX_CELLS} cells, more than a maze holds; use fewer rings`,
      );
    this.width = firstRing;
    this.height = rings;
    this.ringCount = new Int32Array(rings + 1);
    this.ringStart = new Int32Array(rings + 2);
    this.outward = new Int32Array(rings + 1);
    this.ringCount[0] = 1;
    if (rings >= 1) this.ringCount[1] = firstRing;
    for (let r = 2; r <= rings; r++) {
      const inner = this.ringCount[r - 1];
      const ratio = Math.max(1, Math.round((2 * Math.PI * r) / inner));
      if (inner * ratio > 2 ** 31 - 1) throw new OptionError('HEIGHT', `a polar maze of ${rings} rings is too large to hold`);
      this.ringCount[r] = inner * ratio;
    }
    this.ratioIn = new Int32Array(rings + 1).fill(1);
    for (let r = 2; r <= rings; r++) this.ratioIn[r] = this.ringCount[r] / this.ringCount[r - 1];
    let total = 0;
    for (let r = 0; r <= rings; r++) {
      this.ringStart[r] = total;
      total += this.ringCount[r];
    }
    this.ringStart[rings + 1] = total;
    this.size = total;
    this.bucketRing = new Int32Array((total >> RING_BUCKET_BITS) + 1);
    for (let b = 0, ring = 0; b < this.bucketRing.length; b++) {
      while (this.ringStart[ring + 1] <= b << RING_BUCKET_BITS) ring++;
      this.bucketRing[b] = ring;
    }
    let maxDegree = rings >= 1 ? firstRing : 0;
    for (let r = 1; r <= rings; r++) {
      this.outward[r] = r < rings ? this.ringCount[r + 1] / this.ringCount[r] : 1;
      maxDegree = Math.max(maxDegree, 3 + this.outward[r]);
    }
    if (maxDegree > 15) {
      throw new OptionError(
        'WIDTH',
        `on the polar grid WIDTH is how many cells the first ring around the centre has (HEIGHT is how many rings): ` +
          `${firstRing} would give a cell ${maxDegree} walls, more than the 15 a cell holds; use a WIDTH of at most 15 ` +
          `(6 to 8 looks round), or leave it out of a config for ${DEFAULT_FIRST_RING}`,
      );
    }
    this.maxDegree = maxDegree;
    this.blockedBit = 1 << maxDegree;
    this.wordBytes = maxDegree + 1 <= 8 ? 1 : 2;
    this.edgeIdBound = total * 2;
    this.extent = { width: 2 * (rings + 1), height: 2 * (rings + 1) };
  }

  /** The ring of `cell`. */
  ringOf(cell: number): number {
    return (this.lastRing = this.ringNear(cell, this.lastRing));
  }

  /** The ring of `cell`, looked for first at `guess` and its neighbours, then by bisection. */
  private ringNear(cell: number, guess: number): number {
    const start = this.ringStart;
    const r = guess;
    if (cell >= start[r] && cell < start[r + 1]) return r;
    if (r > 0 && cell >= start[r - 1] && cell < start[r]) return r - 1;
    if (r < this.height && cell >= start[r + 1] && cell < start[r + 2]) return r + 1;
    // The ring of the bucket's first cell, then on: a bucket holds few rings (one or two
    // but near the centre), so this is a step or two, where a bisection took a dozen.
    let ring = this.bucketRing[cell >> RING_BUCKET_BITS];
    while (start[ring + 1] <= cell) ring++;
    return ring;
  }

  /** How many outward cells a cell of ring r has (the border's one slot on the outer ring). */
  outwardCount(ring: number): number {
    return ring === 0 ? this.width : this.outward[ring];
  }

  degree(cell: number): number {
    if (cell === 0) return this.height >= 1 ? this.width : 0;
    return 3 + this.outward[this.ringOf(cell)];
  }

  neighbour(cell: number, slot: number): number {
    if (cell === 0) return slot >= 0 && slot < this.width && this.height >= 1 ? 1 + slot : -1;
    const r = this.ringOf(cell);
    const start = this.ringStart[r];
    const count = this.ringCount[r];
    const i = cell - start;
    const k = this.outward[r];
    if (slot === 0) return r === 1 ? 0 : this.ringStart[r - 1] + Math.floor(i / (count / this.ringCount[r - 1]));
    if (slot === 1) return start + (i === 0 ? count - 1 : i - 1);
    if (slot === 2 + k) return start + (i + 1 === count ? 0 : i + 1);
    if (slot >= 2 && slot < 2 + k) return r === this.height ? -1 : this.ringStart[r + 1] + i * k + (slot - 2);
    return -1;
  }

  neighbours(cell: number, out: Int32Array): number {
    if (cell === 0) {
      const n = this.height >= 1 ? this.width : 0;
      for (let s = 0; s < n; s++) out[s] = 1 + s;
      return n;
    }
    const r = this.ringOf(cell);
    const start = this.ringStart[r];
    const count = this.ringCount[r];
    const i = cell - start;
    const k = this.outward[r];
    const ratio = this.ratioIn[r];
    out[0] = r === 1 ? 0 : this.ringStart[r - 1] + (ratio === 1 ? i : (i - (i % ratio)) / ratio);
    out[1] = start + (i === 0 ? count - 1 : i - 1);
    if (r === this.height) out[2] = -1;
    else {
      const first = this.ringStart[r + 1] + i * k;
      for (let j = 0; j < k; j++) out[2 + j] = first + j;
    }
    out[2 + k] = start + (i + 1 === count ? 0 : i + 1);
    return 3 + k;
  }

  backSlot(cell: number, slot: number): number {
    if (cell === 0) return 0;
    const r = this.ringOf(cell);
    const k = this.outward[r];
    if (slot === 1) return 2 + k;
    if (slot === 2 + k) return 1;
    if (slot >= 2) return 0;
    // Inward: the parent's outward slot that leads here (the centre's slot is the index).
    const i = cell - this.ringStart[r];
    if (r === 1) return i;
    return 2 + (i % this.ratioIn[r]);
  }

  /** A ring cell owns its inward wall (cell * 2) and its clockwise wall (cell * 2 + 1). */
  edgeId(cell: number, slot: number): number {
    if (cell === 0) return (1 + slot) * 2;
    const k = this.outward[this.ringOf(cell)];
    if (slot === 0) return cell * 2;
    if (slot === 2 + k) return cell * 2 + 1;
    const other = this.neighbour(cell, slot);
    return slot === 1 ? other * 2 + 1 : other * 2;
  }

  edgeIdTo(cell: number, slot: number, next: number): number {
    if (cell === 0) return (1 + slot) * 2;
    if (slot === 0) return cell * 2;
    if (slot === 1) return next * 2 + 1;
    return slot === 2 + this.outward[this.ringOf(cell)] ? cell * 2 + 1 : next * 2;
  }

  /** Every move changes the ring by at most one. */
  distance(a: number, b: number): number {
    // The target has a lookup cache of its own: A* asks about one target and many cells.
    const rb = (this.lastTargetRing = this.ringNear(b, this.lastTargetRing));
    return Math.abs(this.ringOf(a) - rb);
  }

  /** The cell's angles [from, to] in radians, clockwise from north. */
  angles(cell: number): [number, number] {
    if (cell === 0) return [0, 2 * Math.PI];
    const r = this.ringOf(cell);
    const i = cell - this.ringStart[r];
    const step = (2 * Math.PI) / this.ringCount[r];
    return [i * step, (i + 1) * step];
  }

  /** The point at `radius` and `angle` (clockwise from north) in drawing units. */
  point(radius: number, angle: number): DrawPoint {
    const c = this.height + 1;
    return { x: c + radius * Math.sin(angle), y: c - radius * Math.cos(angle) };
  }

  centre(cell: number): DrawPoint {
    if (cell === 0) return this.point(0, 0);
    const [from, to] = this.angles(cell);
    return this.point(this.ringOf(cell) + 0.5, (from + to) / 2);
  }

  coordinates(cell: number): GridCoordinates {
    const ring = this.ringOf(cell);
    return { ring, index: cell - this.ringStart[ring] };
  }

  /** The cell at (index, ring), or -1. */
  cellAt(index: number, ring: number): number {
    if (!Number.isInteger(index) || !Number.isInteger(ring) || ring < 0 || ring > this.height || index < 0 || index >= this.ringCount[ring])
      return -1;
    return this.ringStart[ring] + index;
  }

  /** Corner k starts the wall of slot k, clockwise; the walls between them are arcs (inward, outward) or radial segments. */
  corners(cell: number): DrawPoint[] {
    if (cell === 0) {
      const n = this.width;
      return Array.from({ length: n }, (_, s) => this.point(1, (s * 2 * Math.PI) / n));
    }
    const r = this.ringOf(cell);
    const [from, to] = this.angles(cell);
    const k = this.outward[r];
    const corners = [this.point(r, to), this.point(r, from)];
    for (let j = 0; j < k; j++) corners.push(this.point(r + 1, from + ((to - from) * j) / k));
    corners.push(this.point(r + 1, to));
    return corners;
  }
}
