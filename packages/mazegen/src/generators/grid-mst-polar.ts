import type { WallWords } from '../maze.js';
import { edgeWeight } from './mst.js';

const INFINITE = 0x7fffffff;

/**
 * The polar grid's tiles for grid-mst.ts's tiled tree. Rings of one cell count (an
 * annulus) are a square grid wrapped around: ring r + 1's cell i is outward of ring r's
 * cell i. A tile is rows (rings) of one annulus and a range of columns (indices), laid
 * out as the square kernel's (mst.ts): local cell (i + 1) * stride + j + 1 for row i,
 * column j, in a frame of padding cells (whose walls are missing), so that the inward
 * neighbour is `stride` before and the clockwise one next. Each cell keeps the weights
 * of the walls whose ids it owns (PolarTopology.edgeId: inward, cell * 2, and clockwise,
 * cell * 2 + 1), missing walls weighing INFINITE, and per wall two bits: exists (an
 * inner wall between two free cells) and kept (not opened nor dropped yet). Walls out
 * of the tile (to another annulus or tile, and the ring's wrap) are grid-mst.ts's.
 */
export class PolarTile {
  readonly columns: number;
  readonly rows: number;
  readonly stride: number;
  /** Local cells of a tile, padding included. */
  readonly capacity: number;
  /** Per local cell: -1 for a free cell of the tile, 0 for a masked or padding cell. */
  readonly free: Int32Array;
  /** Per local cell: the weights of its inward and clockwise walls (INFINITE: no inner wall). */
  readonly inward: Int32Array;
  readonly clockwise: Int32Array;
  /** Per local cell: bit 0 its inward wall kept, bit 1 its clockwise wall kept, bits 2-3 they exist. */
  readonly bits: Uint8Array;
  /** The walls the last tile gathered for its sort (runPolarTile). */
  left = 0;

  constructor(tileCells: number, widest: number, maxCells: number) {
    const shape = polarTileShape(tileCells, widest, maxCells);
    this.columns = shape.columns;
    this.stride = shape.stride;
    this.rows = shape.rows;
    this.capacity = shape.capacity;
    this.free = new Int32Array(this.capacity);
    this.inward = new Int32Array(this.capacity);
    this.clockwise = new Int32Array(this.capacity);
    this.bits = new Uint8Array(this.capacity);
  }
}

/** A polar tile's columns and rows at most, its frame's stride and its local cells (padding included), for tiles of about `tileCells` cells. */
export function polarTileShape(
  tileCells: number,
  widest: number,
  maxCells: number,
): { columns: number; rows: number; stride: number; capacity: number } {
  let side = Math.max(1, Math.floor(Math.sqrt(tileCells)));
  while (side > 1 && (side + 2) * (side + 2) > maxCells) side--;
  const columns = Math.min(side, widest);
  const stride = columns + 2;
  const rows = Math.max(1, Math.min(Math.floor(tileCells / columns), Math.floor(maxCells / stride) - 2));
  return { columns, rows, stride, capacity: stride * (rows + 2) };
}

/** The cells of one tile: indices [lo, lo + tw) of rings [r0, r0 + th), all of `count` cells; the last ring's clockwise slot. */
export interface PolarTileAt {
  r0: number;
  th: number;
  lo: number;
  tw: number;
  /** The first cell of ring r0. */
  start: number;
  /** Cells of each of the tile's rings. */
  count: number;
  /** The clockwise slot of the tile's last ring (3 but where the next ring subdivides it). */
  lastClockwise: number;
}

/** Marks the tile's free cells and names their cells (`tileCell`), every wall missing; returns the free cells. */
export function startPolarTile(tile: PolarTile, at: PolarTileAt, cells: WallWords, blocked: number, tileCell: Int32Array): number {
  const { free, stride, capacity } = tile;
  free.fill(0, 0, capacity);
  tile.inward.fill(INFINITE, 0, capacity);
  tile.clockwise.fill(INFINITE, 0, capacity);
  tile.bits.fill(0, 0, capacity);
  let count = 0;
  for (let i = 0; i < at.th; i++) {
    const first = (i + 1) * stride + 1;
    const cell = at.start + i * at.count + at.lo;
    for (let j = 0; j < at.tw; j++) {
      tileCell[first + j] = cell + j;
      const isFree = (cells[cell + j] & blocked) === 0;
      free[first + j] = -Number(isFree);
      count += Number(isFree);
    }
  }
  return count;
}

/**
 * The tile's steps after its walls out of it are weighed, row by row as runHexTile's (a
 * pick needs the next row weighed, opening it the next row picked, gathering a row its
 * neighbours opened and the next row's squares dropped). Returns the walls it opened by
 * picks; `tile.left` is the walls gathered for the sort.
 */
export function runPolarTile(
  tile: PolarTile,
  at: PolarTileAt,
  k1: number,
  k2: number,
  cells: WallWords,
  tileCell: Int32Array,
  lightestOut: Int32Array,
  pickOf: Int32Array,
  localParent: Int32Array,
  openParent: Int32Array,
  weight: Int32Array,
  wall: Int32Array,
  bucketStart: Int32Array,
  shift: number,
): number {
  const { th, tw } = at;
  bucketStart.fill(0);
  let opened = 0;
  let n = 0;
  for (let step = 0; step < th + 3; step++) {
    if (step < th) weighPolarRow(tile, step, at.start + step * at.count + at.lo, tw, k1, k2);
    const picking = step - 1;
    if (picking >= 0 && picking < th) pickPolarRow(tile, picking, tw, lightestOut, pickOf);
    const opening = step - 2;
    if (opening >= 0 && opening < th) {
      opened += openPolarPicksRow(tile, at, opening, cells, tileCell, pickOf, localParent, openParent);
      if (opening > 0) dropPolarSquaresRow(tile, opening, tw);
    }
    const gathering = step - 3;
    if (gathering >= 0)
      n = gatherPolarRow(tile, gathering, tw, gathering + 1 === th ? at.lastClockwise : 3, weight, wall, bucketStart, shift, n);
  }
  tile.left = n;
  return opened;
}

/** Weighs row i's inner walls from each cell's inward and clockwise slots (ids cell * 2, cell * 2 + 1); `cell` is the row's first. */
function weighPolarRow(tile: PolarTile, i: number, cell: number, tw: number, k1: number, k2: number): void {
  const { free, stride, inward, clockwise, bits } = tile;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < tw; j++, local++, cell++) {
    const here = free[local];
    // 0/-1 masks: the wall exists when both cells are free (padding is not).
    const inner = here & free[local - stride];
    const next = here & free[local + 1];
    inward[local] = (edgeWeight(cell * 2, k1, k2) & inner) | (INFINITE & ~inner);
    clockwise[local] = (edgeWeight(cell * 2 + 1, k1, k2) & next) | (INFINITE & ~next);
    const exists = (inner & 1) | (next & 2);
    bits[local] = exists | (exists << 2);
  }
}

/**
 * Each cell's lightest wall, when it is lighter than the cell's lightest wall out of the
 * tile (`lightestOut`), as `pickOf`: owner local cell * 2 + 0 (inward) or 1 (clockwise),
 * or -1. Its four walls: its own two, its outward neighbour's inward and its
 * anticlockwise neighbour's clockwise. No branch on the random comparisons: 0/1 flags as masks.
 */
function pickPolarRow(tile: PolarTile, i: number, tw: number, lightestOut: Int32Array, pickOf: Int32Array): void {
  const { stride, inward, clockwise } = tile;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < tw; j++, local++) {
    let best = lightestOut[local];
    let pick = -1;
    let w = inward[local];
    let take = -Number(w < best);
    best = (w & take) | (best & ~take);
    pick = ((local * 2) & take) | (pick & ~take);
    w = clockwise[local];
    take = -Number(w < best);
    best = (w & take) | (best & ~take);
    pick = ((local * 2 + 1) & take) | (pick & ~take);
    w = inward[local + stride];
    take = -Number(w < best);
    best = (w & take) | (best & ~take);
    pick = (((local + stride) * 2) & take) | (pick & ~take);
    w = clockwise[local - 1];
    take = -Number(w < best);
    pick = (((local - 1) * 2 + 1) & take) | (pick & ~take);
    pickOf[local] = pick;
  }
}

/**
 * Opens each cell's pick (in the tree: cut property around one cell) and clears its kept
 * bit; the picks form trees whose one 2-cycle is a wall both cells picked, the lower cell
 * its root. Slots: inward 0 (the inner cell's outward 2), clockwise 3, or the tile's
 * last ring's (the next cell's anticlockwise 1). Returns how many walls it opened.
 */
function openPolarPicksRow(
  tile: PolarTile,
  at: PolarTileAt,
  i: number,
  cells: WallWords,
  tileCell: Int32Array,
  pickOf: Int32Array,
  localParent: Int32Array,
  openParent: Int32Array,
): number {
  const { stride, bits } = tile;
  const lastRow = at.th * stride;
  let opened = 0;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < at.tw; j++, local++) {
    const pick = pickOf[local];
    if (pick < 0) continue; // masked, or its lightest wall leaves the tile
    const a = pick >>> 1;
    const isClockwise = pick & 1;
    // No branch on the pick's kind (a coin toss): the clockwise neighbour is stride + 1 after the inward one.
    const b = a - stride + isClockwise * (stride + 1);
    const other = a + b - local;
    // The lower cell of a shared pick stays its tree's root.
    const root = Number(pickOf[other] === pick) & Number(local < other);
    const opens = root ^ 1;
    const to = (other & -opens) | (local & -root);
    localParent[local] = to;
    openParent[local] = to;
    bits[a] &= ~(1 << isClockwise);
    const slot = (a >= lastRow ? at.lastClockwise : 3) & -isClockwise;
    cells[tileCell[a]] &= ~((1 << slot) & -opens);
    cells[tileCell[b]] &= ~((4 >> isClockwise) & -opens);
    opened += opens;
  }
  return opened;
}

/**
 * Clears the kept bit of the heaviest wall of each unit square of the tile (a cell, its
 * clockwise neighbour and the inner neighbours of both: it closes a cycle of lighter
 * walls, so it is in no tree), only where all four walls exist. No pick is cleared: a
 * pick is lighter than the square's other wall at its cell.
 */
function dropPolarSquaresRow(tile: PolarTile, i: number, tw: number): void {
  const { stride, inward, clockwise, bits } = tile;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j + 1 < tw; j++, local++) {
    const up = local - stride;
    const here = bits[local];
    const right = bits[local + 1];
    if (!((here >> 2) & (here >> 3) & (right >> 2) & (bits[up] >> 3) & 1)) continue;
    const bottom = clockwise[local];
    const left = inward[local];
    const rightIn = inward[local + 1];
    const top = clockwise[up];
    // Which wall is the heaviest, by 0/1 flags (a coin toss to a chain of branches).
    const isBottom = Number(bottom > left) & Number(bottom > rightIn) & Number(bottom > top);
    const isLeft = (isBottom ^ 1) & Number(left > rightIn) & Number(left > top);
    const isRight = ((isBottom | isLeft) ^ 1) & Number(rightIn > top);
    const isTop = (isBottom | isLeft | isRight) ^ 1;
    bits[local] &= ~((isBottom << 1) | isLeft);
    bits[local + 1] &= ~isRight;
    bits[up] &= ~(isTop << 1);
  }
}

/**
 * Lists the kept walls as grid-mst.ts's tile walls (weight; neighbour << 18 | cell << 4 |
 * slot, by local cells) and counts them into the sort's buckets; returns how many.
 */
function gatherPolarRow(
  tile: PolarTile,
  i: number,
  tw: number,
  clockwiseSlot: number,
  weight: Int32Array,
  wall: Int32Array,
  bucketStart: Int32Array,
  shift: number,
  n: number,
): number {
  const { stride, inward, clockwise, bits } = tile;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < tw; j++, local++) {
    const keep = bits[local];
    // Each wall written at the end and kept by the count (kept or not is a coin toss).
    let k = keep & 1;
    let w = inward[local];
    weight[n] = w;
    wall[n] = ((local - stride) << 18) | (local << 4);
    n += k;
    bucketStart[((w ^ 0x80000000) >>> shift) + 1] += k;
    k = (keep >> 1) & 1;
    w = clockwise[local];
    weight[n] = w;
    wall[n] = ((local + 1) << 18) | (local << 4) | clockwiseSlot;
    n += k;
    bucketStart[((w ^ 0x80000000) >>> shift) + 1] += k;
  }
  return n;
}
