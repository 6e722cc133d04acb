import type { HexTopology } from '../grid/hex.js';
import type { WallWords } from '../maze.js';
import { edgeWeight } from './mst.js';

const INFINITE = 0x7fffffff;

/**
 * The hex grid's tiles for grid-mst.ts's tiled tree, with the tile laid out as the square
 * kernel's (mst.ts): local cell (i + 1) * stride + j + 1 for the cell in row i, column j
 * of the tile, a frame of padding cells around it (stride even, at least the width + 2),
 * so that each of a cell's six neighbours is a fixed offset away (by its column's parity:
 * tiles start on even columns, and a local index is odd for an even column) and a
 * neighbour outside the tile is a padding cell, whose walls are missing. Each cell keeps
 * the weights of the walls whose ids it owns (HexTopology.edgeId: its N, NE and SE
 * slots), missing walls weighing INFINITE, and per wall two bits: exists (an inner wall
 * between two free cells) and kept (not opened nor dropped yet). The walls to other tiles
 * and the wrapped walls are grid-mst.ts's (gatherBorder): they are weighed there into
 * each cell's lightest wall out of the tile, as for the other grids.
 */
export class HexTile {
  /** The tile's columns and rows at most, and its stride. */
  readonly columns: number;
  readonly rows: number;
  readonly stride: number;
  /** Local cells of a tile, padding included. */
  readonly capacity: number;
  /** Per local cell: -1 for a free cell of the tile, 0 for a masked or padding cell. */
  readonly free: Int32Array;
  /** Per local cell: the weights of its N, NE and SE walls (INFINITE: no inner wall). */
  readonly north: Int32Array;
  readonly northEast: Int32Array;
  readonly southEast: Int32Array;
  /** Per local cell: bits 0-2 its N, NE, SE walls kept, bits 3-5 they exist. */
  readonly bits: Uint8Array;
  /** The offset from a cell to the neighbour across its slot 0, 1, 2 (N, NE, SE), by 2 * slot + odd column. */
  readonly offset: Int32Array;
  /** The walls the last tile gathered for its sort (runHexTile). */
  left = 0;

  constructor(tileCells: number, width: number, height: number, maxCells: number) {
    const shape = hexTileShape(tileCells, width, height, maxCells);
    this.columns = shape.columns;
    this.stride = shape.stride;
    this.rows = shape.rows;
    this.capacity = shape.capacity;
    this.free = new Int32Array(this.capacity);
    this.north = new Int32Array(this.capacity);
    this.northEast = new Int32Array(this.capacity);
    this.southEast = new Int32Array(this.capacity);
    this.bits = new Uint8Array(this.capacity);
    const s = this.stride;
    this.offset = Int32Array.of(-s, -s, 1 - s, 1, 1, s + 1);
  }
}

/** A hex tile's columns and rows at most, its frame's stride and its local cells (padding included), for tiles of about `tileCells` cells. */
export function hexTileShape(
  tileCells: number,
  width: number,
  height: number,
  maxCells: number,
): { columns: number; rows: number; stride: number; capacity: number } {
  let side = Math.max(2, Math.floor(Math.sqrt(tileCells)) & ~1);
  while (side > 2 && evenUp(side + 2) * (side + 2) > maxCells) side -= 2;
  const columns = Math.min(side, width);
  const stride = evenUp(columns + 2);
  const rows = Math.max(1, Math.min(height, Math.floor(tileCells / columns), Math.floor(maxCells / stride) - 2));
  return { columns, rows, stride, capacity: stride * (rows + 2) };
}

function evenUp(n: number): number {
  return n + (n & 1);
}

/** The cells of one tile: columns [x0, x0 + tw) of rows [y0, y0 + th). */
export interface HexTileAt {
  x0: number;
  y0: number;
  tw: number;
  th: number;
}

/**
 * Marks the tile's free cells and names their cells (`tileCell`), the padding and
 * masked cells not free and every wall missing; returns the free cells.
 */
export function startHexTile(tile: HexTile, at: HexTileAt, cells: WallWords, t: HexTopology, tileCell: Int32Array): number {
  const { free, stride, capacity } = tile;
  free.fill(0, 0, capacity);
  tile.north.fill(INFINITE, 0, capacity);
  tile.northEast.fill(INFINITE, 0, capacity);
  tile.southEast.fill(INFINITE, 0, capacity);
  tile.bits.fill(0, 0, capacity);
  const w = t.width;
  let count = 0;
  for (let i = 0; i < at.th; i++) {
    const first = (i + 1) * stride + 1;
    const cell = (at.y0 + i) * w + at.x0;
    for (let j = 0; j < at.tw; j++) {
      tileCell[first + j] = cell + j;
      const isFree = (cells[cell + j] & 64) === 0;
      free[first + j] = -Number(isFree);
      count += Number(isFree);
    }
  }
  return count;
}

/**
 * The tile's steps after its walls out of it are weighed: row by row, each step a few
 * rows behind the one it needs (a pick needs the next row weighed, opening it the next
 * row picked, a triangle the next row weighed, gathering a row its neighbours opened and
 * its triangles and the row before's dropped), so that the rows a step reads are still
 * in the first-level cache from the step before. Returns the walls it opened by picks;
 * `tile.left` is the walls gathered for the sort.
 */
export function runHexTile(
  tile: HexTile,
  at: HexTileAt,
  w: number,
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
    if (step < th) weighHexRow(tile, step, (at.y0 + step) * w + at.x0, tw, k1, k2);
    const picking = step - 1;
    if (picking >= 0 && picking < th) pickHexRow(tile, picking, tw, lightestOut, pickOf);
    const opening = step - 2;
    if (opening >= 0 && opening < th) {
      opened += openHexPicksRow(tile, opening, tw, cells, tileCell, pickOf, localParent, openParent);
      if (opening + 1 < th) dropHexTrianglesRow(tile, opening, tw);
    }
    const gathering = step - 3;
    if (gathering >= 0) n = gatherHexRow(tile, gathering, tw, weight, wall, bucketStart, shift, n);
  }
  tile.left = n;
  return opened;
}

/** Weighs row i's inner walls from each cell's N, NE and SE slots (ids cell * 3 + slot); `cell` is the row's first. */
function weighHexRow(tile: HexTile, i: number, cell: number, tw: number, k1: number, k2: number): void {
  const { free, stride, north, northEast, southEast, bits } = tile;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < tw; j++, local++, cell++) {
    const odd = j & 1;
    const here = free[local];
    // 0/-1 masks: the wall exists when both cells are free (padding is not).
    const n = here & free[local - stride];
    const ne = here & free[local + 1 - stride * (odd ^ 1)];
    const se = here & free[local + 1 + stride * odd];
    north[local] = (edgeWeight(cell * 3, k1, k2) & n) | (INFINITE & ~n);
    northEast[local] = (edgeWeight(cell * 3 + 1, k1, k2) & ne) | (INFINITE & ~ne);
    southEast[local] = (edgeWeight(cell * 3 + 2, k1, k2) & se) | (INFINITE & ~se);
    const exists = (n & 1) | (ne & 2) | (se & 4);
    bits[local] = exists | (exists << 3);
  }
}

/**
 * Each cell's lightest wall, when it is lighter than the cell's lightest wall out of the
 * tile (`lightestOut`), as `pickOf`: owner local cell * 4 + slot (0-2), or -1. Its six
 * walls: its own N, NE, SE, its S neighbour's N, its SW neighbour's NE and its NW
 * neighbour's SE. No branch on the random comparisons: 0/1 flags as masks.
 */
function pickHexRow(tile: HexTile, i: number, tw: number, lightestOut: Int32Array, pickOf: Int32Array): void {
  const { stride, north, northEast, southEast } = tile;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < tw; j++, local++) {
    const odd = j & 1;
    let best = lightestOut[local];
    let pick = -1;
    let w = north[local];
    let take = -Number(w < best);
    best = (w & take) | (best & ~take);
    pick = ((local * 4) & take) | (pick & ~take);
    w = northEast[local];
    take = -Number(w < best);
    best = (w & take) | (best & ~take);
    pick = ((local * 4 + 1) & take) | (pick & ~take);
    w = southEast[local];
    take = -Number(w < best);
    best = (w & take) | (best & ~take);
    pick = ((local * 4 + 2) & take) | (pick & ~take);
    const south = local + stride;
    w = north[south];
    take = -Number(w < best);
    best = (w & take) | (best & ~take);
    pick = ((south * 4) & take) | (pick & ~take);
    const southWest = local - 1 + stride * odd;
    w = northEast[southWest];
    take = -Number(w < best);
    best = (w & take) | (best & ~take);
    pick = ((southWest * 4 + 1) & take) | (pick & ~take);
    const northWest = local - 1 - stride * (odd ^ 1);
    w = southEast[northWest];
    take = -Number(w < best);
    pick = ((northWest * 4 + 2) & take) | (pick & ~take);
    pickOf[local] = pick;
  }
}

/**
 * Opens each cell's pick (in the tree: cut property around one cell), as grid-mst.ts's
 * openLightestPerCell does for the other grids, and clears its kept bit; the picks form
 * trees whose one 2-cycle is a wall both cells picked, the lower cell its root. Returns
 * how many walls it opened.
 */
function openHexPicksRow(
  tile: HexTile,
  i: number,
  tw: number,
  cells: WallWords,
  tileCell: Int32Array,
  pickOf: Int32Array,
  localParent: Int32Array,
  openParent: Int32Array,
): number {
  const { stride, bits, offset } = tile;
  let opened = 0;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < tw; j++, local++) {
    const pick = pickOf[local];
    if (pick < 0) continue; // masked, or its lightest wall leaves the tile
    const a = pick >>> 2;
    const slot = pick & 3;
    const b = a + offset[2 * slot + ((a & 1) ^ 1)];
    const other = a + b - local;
    // The lower cell of a shared pick stays its tree's root.
    const root = Number(pickOf[other] === pick) & Number(local < other);
    const opens = root ^ 1;
    const to = (other & -opens) | (local & -root);
    localParent[local] = to;
    openParent[local] = to;
    bits[a] &= ~(1 << slot);
    cells[tileCell[a]] &= ~((1 << slot) & -opens);
    cells[tileCell[b]] &= ~((8 << slot) & -opens);
    opened += opens;
  }
  return opened;
}

/**
 * Clears the kept bit of the heaviest wall of each triangle of three mutually adjacent
 * cells of the tile (it closes a cycle of lighter walls: in no tree), only where all
 * three walls exist. From cell x, the triangles x, S, SE (walls: S's N, x's SE, S's NE)
 * and x, S, SW (S's N, SW's NE, SW's SE). No pick is cleared: a pick is lighter than the
 * other wall of the triangle at its cell.
 */
function dropHexTrianglesRow(tile: HexTile, i: number, tw: number): void {
  const { stride, north, northEast, southEast, bits } = tile;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < tw; j++, local++) {
    const odd = j & 1;
    const south = local + stride;
    const vertical = north[south];
    const southBits = bits[south];
    const hasVertical = (southBits >> 3) & 1;
    // x, S, SE.
    const e = southEast[local];
    const f = northEast[south];
    if (hasVertical & (bits[local] >> 5) & (southBits >> 4)) {
      const isV = Number(vertical > e) & Number(vertical > f);
      const isE = (isV ^ 1) & Number(e > f);
      const isF = (isV | isE) ^ 1;
      bits[south] &= ~(isV | (isF << 1));
      bits[local] &= ~(isE << 2);
    }
    // x, S, SW.
    const southWest = local - 1 + stride * odd;
    const westBits = bits[southWest];
    const g = northEast[southWest];
    const h = southEast[southWest];
    if (hasVertical & (westBits >> 4) & (westBits >> 5)) {
      const isV = Number(vertical > g) & Number(vertical > h);
      const isG = (isV ^ 1) & Number(g > h);
      const isH = (isV | isG) ^ 1;
      bits[south] &= ~isV;
      bits[southWest] &= ~((isG << 1) | (isH << 2));
    }
  }
}

/**
 * Lists the kept walls as grid-mst.ts's tile walls (weight; neighbour << 18 | cell << 4 |
 * slot, by local cells) and counts them into the sort's buckets; returns how many.
 */
function gatherHexRow(
  tile: HexTile,
  i: number,
  tw: number,
  weight: Int32Array,
  wall: Int32Array,
  bucketStart: Int32Array,
  shift: number,
  n: number,
): number {
  const { stride, north, northEast, southEast, bits } = tile;
  let local = (i + 1) * stride + 1;
  for (let j = 0; j < tw; j++, local++) {
    const odd = j & 1;
    const keep = bits[local];
    // Each wall written at the end and kept by the count (kept or not is a coin toss).
    let k = keep & 1;
    let w = north[local];
    weight[n] = w;
    wall[n] = ((local - stride) << 18) | (local << 4);
    n += k;
    bucketStart[((w ^ 0x80000000) >>> shift) + 1] += k;
    k = (keep >> 1) & 1;
    w = northEast[local];
    weight[n] = w;
    wall[n] = ((local + 1 - stride * (odd ^ 1)) << 18) | (local << 4) | 1;
    n += k;
    bucketStart[((w ^ 0x80000000) >>> shift) + 1] += k;
    k = (keep >> 2) & 1;
    w = southEast[local];
    weight[n] = w;
    wall[n] = ((local + 1 + stride * odd) << 18) | (local << 4) | 2;
    n += k;
    bucketStart[((w ^ 0x80000000) >>> shift) + 1] += k;
  }
  return n;
}
