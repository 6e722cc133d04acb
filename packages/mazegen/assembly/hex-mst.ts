// One file, though long: a WebAssembly module is compiled from one entry file, and its steps share raw memory.
// AssemblyScript: the hex grid's tiled minimum spanning tree (openTiled and openHexTiles in
// src/generators/grid-mst.ts, with the tile steps of grid-mst-hex.ts) compiled to
// WebAssembly. The same steps on raw memory, as square-mst.ts does for the square grid,
// but that the walls are weighed four at a time (SIMD) and the tile's join runs on its
// pick trees (square-mst.ts's labels), not its cells, leaving out the walls inside a tree. Built into src/generators/hex-mst-wasm.ts by scripts/build-wasm.mjs; a
// test checks that the committed bytes are this file's.
//
// Memory (bytes from __heap_base): the maze's cells (a byte each), then the tile's framed
// scratch arrays, the edge parts of the tiles done, and the kept walls (16-byte records:
// weight, wall id, the parts of its two sides) growing at the end. The host copies the
// cells in, calls setup, band for each band of tiles, finish, and copies the cells out.

import { INFINITE, edgeWeight, edgeWeight4, findHalving, ld, reserve, sortRecords, sortWalls, st, words } from './common';

const BLOCKED: i32 = 64;

let W: i32 = 0;
let H: i32 = 0;
let WRAP_X: bool = false;
let WRAP_Y: bool = false;
let K1: i32 = 0;
let K2: i32 = 0;
let COLUMNS: i32 = 0; // the tile's columns and rows at most
let ROWS: i32 = 0;
let STRIDE: i32 = 0; // a framed tile's row length (even, at least COLUMNS + 2)
let CAPACITY: i32 = 0; // local cells of a framed tile
let SHIFT: i32 = 0; // from a weight (flipped to unsigned order) to its sort bucket
let BUCKETS: i32 = 0;

let CELLS: usize = 0;
let FREE: usize = 0; // i32 per local cell: -1 a free cell of the tile, 0 masked or padding
let NORTH: usize = 0; // i32 per local cell: its N, NE, SE walls' weights (INFINITE: no inner wall)
let NORTH_EAST: usize = 0;
let SOUTH_EAST: usize = 0;
let BITS: usize = 0; // u8 per local cell: bits 0-2 N, NE, SE kept, bits 3-5 they exist
let TILE_CELL: usize = 0; // i32 per local cell: its cell
let LIGHTEST_OUT: usize = 0; // i32 per local cell: the lightest wall out of the tile of its part
let PICK: usize = 0; // i32 per local cell: owner local * 4 + slot of its lightest wall, or -1
let PICK_PARENT: usize = 0; // i32 per local cell: the cell across its opened pick (itself: a pick tree's root)
let LABEL: usize = 0; // u16 per local cell: its pick tree
// Per pick tree: the union-finds of the tile's walls joined and opened (a root holds -size), the
// lightest wall out of the tile of a JOINED root's cells, and a CERTAIN root's part id (-1: none yet).
let JOINED: usize = 0;
let CERTAIN: usize = 0;
let OUT_OF: usize = 0;
let PART_ID: usize = 0;
let WEIGHT: usize = 0; // i32 per inner wall gathered: weight and neighbour << 18 | local << 4 | slot
let WALL: usize = 0;
let SORTED_WEIGHT: usize = 0; // the same in weight order
let SORTED_WALL: usize = 0;
let BUCKET: usize = 0; // i32 per bucket + 1: counts, then starts
let ABOVE: usize = 0; // i32 per column: parts of the band above's last row
let BELOW: usize = 0; // i32 per column: parts of this band's last row
let WEST: usize = 0; // i32 per row of a band: parts of the tile before's last column
let FIRST_COLUMN: usize = 0; // i32 per row of a band: parts of the band's first column
let FIRST_ROW: usize = 0; // i32 per column: parts of the grid's first row (wrap y)
let KEPT: usize = 0;
let END: usize = 0; // first byte past the memory in use

let keptLength: i32 = 0;
let parts: i32 = 0;
let openedCount: i32 = 0;
let freeCells: i32 = 0;

@inline function cellAt(i: i32): i32 {
  return <i32>load<u8>(CELLS + <usize>i);
}
@inline function clearBits(i: i32, bits: i32): void {
  const at = CELLS + <usize>i;
  store<u8>(at, <u8>(<i32>load<u8>(at) & ~bits));
}
@inline function bitsAt(local: i32): i32 {
  return <i32>load<u8>(BITS + <usize>local);
}
@inline function clearKept(local: i32, bits: i32): void {
  const at = BITS + <usize>local;
  store<u8>(at, <u8>(<i32>load<u8>(at) & ~bits));
}

/** The byte the cells start at: the host writes `size` bytes there after calling setup. */
export function cellsAt(): usize {
  return (__heap_base + 15) & ~15;
}

/** The walls opened so far (for progress). */
export function opened(): i32 {
  return openedCount;
}

/**
 * Lays the memory out for a w x h hex grid (wrap: 1 x, 2 y, 3 both) in framed tiles of
 * `columns` x `rows` cells at most, a frame row `stride` long, sorting by the top
 * `bucketBits` bits of the weights; returns 0.
 */
export function setup(w: i32, h: i32, wrap: i32, k1: i32, k2: i32, columns: i32, rows: i32, stride: i32, bucketBits: i32): i32 {
  W = w;
  H = h;
  WRAP_X = (wrap & 1) != 0;
  WRAP_Y = (wrap & 2) != 0;
  K1 = k1;
  K2 = k2;
  COLUMNS = columns;
  ROWS = rows;
  STRIDE = stride;
  CAPACITY = stride * (rows + 2);
  SHIFT = 32 - bucketBits;
  BUCKETS = (1 << bucketBits) + 1;
  const walls = 3 * CAPACITY + 1;
  let at: usize = cellsAt();
  CELLS = at;
  at = (at + <usize>w * <usize>h + 15) & ~15;
  FREE = at; at += words(CAPACITY);
  NORTH = at; at += words(CAPACITY);
  NORTH_EAST = at; at += words(CAPACITY);
  SOUTH_EAST = at; at += words(CAPACITY);
  BITS = at; at += (<usize>CAPACITY + 15) & ~15;
  TILE_CELL = at; at += words(CAPACITY);
  LIGHTEST_OUT = at; at += words(CAPACITY);
  PICK = at; at += words(CAPACITY);
  PICK_PARENT = at; at += words(CAPACITY);
  LABEL = at; at += ((<usize>CAPACITY << 1) + 15) & ~15;
  JOINED = at; at += words(CAPACITY);
  CERTAIN = at; at += words(CAPACITY);
  OUT_OF = at; at += words(CAPACITY);
  PART_ID = at; at += words(CAPACITY);
  WEIGHT = at; at += words(walls);
  WALL = at; at += words(walls);
  SORTED_WEIGHT = at; at += words(walls);
  SORTED_WALL = at; at += words(walls);
  BUCKET = at; at += words(BUCKETS);
  ABOVE = at; at += words(w);
  BELOW = at; at += words(w);
  WEST = at; at += words(rows);
  FIRST_COLUMN = at; at += words(rows);
  FIRST_ROW = at; at += words(WRAP_Y ? w : 0);
  KEPT = at;
  END = at;
  reserve(END + (<usize>1 << 16));
  keptLength = 0;
  parts = 0;
  openedCount = 0;
  freeCells = 0;
  return 0;
}

/** The cell at (col, row) after wrapping, or -1 outside (HexTopology.at). */
function hexAt(col: i32, row: i32): i32 {
  if (col < 0 || col >= W) {
    if (!WRAP_X) return -1;
    col = col < 0 ? col + W : col - W;
  }
  if (row < 0 || row >= H) {
    if (!WRAP_Y) return -1;
    row = row < 0 ? row + H : row - H;
  }
  return row * W + col;
}

/** The neighbour of `cell` across slot 0-5 (N, NE, SE, S, SW, NW), or -1 (HexTopology.neighbour). */
function neighbour(cell: i32, slot: i32): i32 {
  const col = cell % W;
  const row = cell / W;
  const odd = col & 1;
  if (slot == 0) return hexAt(col, row - 1);
  if (slot == 1) return hexAt(col + 1, row - 1 + odd);
  if (slot == 2) return hexAt(col + 1, row + odd);
  if (slot == 3) return hexAt(col, row + 1);
  if (slot == 4) return hexAt(col - 1, row + odd);
  return hexAt(col - 1, row - 1 + odd);
}

/** Keeps a wall for the Kruskal over parts: its side B a local cell, or -2 - a part already named. */
function pushKept(weight: i32, edge: i32, localA: i32, sideB: i32): void {
  const at = KEPT + (<usize>keptLength << 4);
  if (at + 16 > END) {
    END = at + (<usize>1 << 20);
    reserve(END);
  }
  store<i32>(at, weight);
  store<i32>(at, edge, 4);
  store<i32>(at, localA, 8);
  store<i32>(at, sideB, 12);
  keptLength++;
}

/** resetFrame and startHexTile: fresh union-finds and walls, the tile's cells named and marked free; returns its free cells. */
function startTile(x0: i32, y0: i32, tw: i32, th: i32): i32 {
  for (let i = 0; i < CAPACITY; i++) {
    st(PICK_PARENT, i, i);
    st(LIGHTEST_OUT, i, INFINITE);
    st(FREE, i, 0);
    st(NORTH, i, INFINITE);
    st(NORTH_EAST, i, INFINITE);
    st(SOUTH_EAST, i, INFINITE);
  }
  memory.fill(BITS, 0, <usize>CAPACITY);
  let count = 0;
  for (let i = 0; i < th; i++) {
    const first = (i + 1) * STRIDE + 1;
    const cell = (y0 + i) * W + x0;
    for (let j = 0; j < tw; j++) {
      st(TILE_CELL, first + j, cell + j);
      const isFree = i32((cellAt(cell + j) & BLOCKED) == 0);
      st(FREE, first + j, -isFree);
      count += isFree;
    }
  }
  return count;
}

/**
 * grid-mst.ts gatherBorderCell: the walls of `cell` (local `local`) out of the tile, its
 * slots in `inner` left out, weighed into its lightest wall out and kept when the other
 * side's tile is done or is this one (a wrapped wall, kept from its higher cell).
 */
function gatherBorderCell(cell: i32, local: i32, inner: i32, row0: i32, rows: i32, column0: i32, columns: i32): void {
  if (cellAt(cell) & BLOCKED) return;
  for (let s = 0; s < 6; s++) {
    if ((inner >> s) & 1) continue;
    const next = neighbour(cell, s);
    if (next < 0 || cellAt(next) & BLOCKED) continue;
    const edge = s < 3 ? cell * 3 + s : next * 3 + s - 3;
    const w = edgeWeight(edge, K1, K2);
    if (w < ld(LIGHTEST_OUT, local)) st(LIGHTEST_OUT, local, w);
    const row = next / W;
    const column = next - row * W;
    const inBand = row >= row0 && row < row0 + rows;
    if (inBand && column >= column0 && column < column0 + columns) {
      if (next < cell) pushKept(w, edge, local, (row - row0 + 1) * STRIDE + column - column0 + 1);
    } else if (row == row0 - 1) pushKept(w, edge, local, -2 - ld(ABOVE, column));
    else if (inBand && column < column0) pushKept(w, edge, local, -2 - (column == column0 - 1 ? ld(WEST, row - row0) : ld(FIRST_COLUMN, row - row0)));
    else if (row < row0) pushKept(w, edge, local, -2 - ld(FIRST_ROW, column));
  }
}

/** grid-mst.ts gatherHexBorder: the walls out of the tile from its edge cells. */
function gatherBorder(x0: i32, y0: i32, tw: i32, th: i32): void {
  for (let i = 0; i < th; i++) {
    const edgeRow = i == 0 || i + 1 == th;
    for (let j = 0; j < tw; j += edgeRow || j + 1 == tw ? 1 : tw - 1) {
      const odd = (j & 1) != 0;
      const up = i > 0;
      const down = i + 1 < th;
      const left = j > 0;
      const right = j + 1 < tw;
      const inner =
        i32(up) |
        (i32(right && (odd || up)) << 1) |
        (i32(right && (!odd || down)) << 2) |
        (i32(down) << 3) |
        (i32(left && (!odd || down)) << 4) |
        (i32(left && (odd || up)) << 5);
      gatherBorderCell((y0 + i) * W + x0 + j, (i + 1) * STRIDE + j + 1, inner, y0, th, x0, tw);
    }
  }
}

@inline function at4(base: usize, i: i32): usize {
  return base + (<usize>i << 2);
}

/**
 * weighHexRow: row i's inner walls from each cell's N, NE and SE slots (ids cell * 3 +
 * slot), four cells at a time (lanes of alternate column parity: a tile starts on an even
 * column). The lanes past the row's end are padding (not free: their walls come out
 * missing) or the next row's first cells, which that row's weighing writes again.
 */
function weighRow(i: i32, cell: i32, tw: i32): void {
  const first = (i + 1) * STRIDE + 1;
  const odd = i32x4(0, -1, 0, -1);
  const infinite = i32x4.splat(INFINITE);
  let edge = i32x4.add(i32x4.splat(cell * 3), i32x4(0, 3, 6, 9));
  const step = i32x4.splat(12);
  for (let local = first, end = first + tw; local < end; local += 4) {
    const here = v128.load(at4(FREE, local));
    const same = v128.load(at4(FREE, local + 1));
    // 0/-1 masks: the wall exists when both cells are free (padding is not).
    const n = v128.and(here, v128.load(at4(FREE, local - STRIDE)));
    const ne = v128.and(here, v128.bitselect(same, v128.load(at4(FREE, local + 1 - STRIDE)), odd));
    const se = v128.and(here, v128.bitselect(v128.load(at4(FREE, local + 1 + STRIDE)), same, odd));
    v128.store(at4(NORTH, local), v128.bitselect(edgeWeight4(edge, K1, K2), infinite, n));
    v128.store(at4(NORTH_EAST, local), v128.bitselect(edgeWeight4(i32x4.add(edge, i32x4.splat(1)), K1, K2), infinite, ne));
    v128.store(at4(SOUTH_EAST, local), v128.bitselect(edgeWeight4(i32x4.add(edge, i32x4.splat(2)), K1, K2), infinite, se));
    const exists = v128.or(v128.or(v128.and(n, i32x4.splat(1)), v128.and(ne, i32x4.splat(2))), v128.and(se, i32x4.splat(4)));
    const bits = v128.or(exists, i32x4.shl(exists, 3));
    // The four low bytes of the lanes, as four bytes.
    store<u32>(BITS + <usize>local, i32x4.extract_lane(i8x16.swizzle(bits, i8x16(0, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), 0));
    edge = i32x4.add(edge, step);
  }
}

/** pickHexRow: each cell's lightest wall when lighter than its lightest wall out of the tile, or -1. */
function pickRow(i: i32, tw: i32): void {
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j < tw; j++, local++) {
    const odd = j & 1;
    // Selects, not branches: which wall is lightest is a coin toss.
    let best = ld(LIGHTEST_OUT, local);
    let pick = -1;
    let w = ld(NORTH, local);
    pick = select<i32>(local * 4, pick, w < best);
    best = min(best, w);
    w = ld(NORTH_EAST, local);
    pick = select<i32>(local * 4 + 1, pick, w < best);
    best = min(best, w);
    w = ld(SOUTH_EAST, local);
    pick = select<i32>(local * 4 + 2, pick, w < best);
    best = min(best, w);
    const south = local + STRIDE;
    w = ld(NORTH, south);
    pick = select<i32>(south * 4, pick, w < best);
    best = min(best, w);
    const southWest = local - 1 + STRIDE * odd;
    w = ld(NORTH_EAST, southWest);
    pick = select<i32>(southWest * 4 + 1, pick, w < best);
    best = min(best, w);
    const northWest = local - 1 - STRIDE * (odd ^ 1);
    w = ld(SOUTH_EAST, northWest);
    pick = select<i32>(northWest * 4 + 2, pick, w < best);
    st(PICK, local, pick);
  }
}

/** The offset from a local cell to the neighbour across its slot 0-2, by its column's parity (a local index is odd for an even column). */
@inline function slotOffset(slot: i32, local: i32): i32 {
  const oddColumn = (local & 1) ^ 1;
  if (slot == 0) return -STRIDE;
  if (slot == 1) return 1 - STRIDE * (oddColumn ^ 1);
  return 1 + STRIDE * oddColumn;
}

/** openHexPicksRow: opens each cell's pick; the lower cell of a shared pick stays its tree's root. Returns the walls opened. */
function openPicksRow(i: i32, tw: i32): i32 {
  let opened = 0;
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j < tw; j++, local++) {
    const pick = ld(PICK, local);
    if (pick < 0) continue; // masked, or its lightest wall leaves the tile
    const a = pick >>> 2;
    const slot = pick & 3;
    const b = a + slotOffset(slot, a);
    const other = a + b - local;
    const root = i32(ld(PICK, other) == pick) & i32(local < other);
    const opens = root ^ 1;
    const to = select<i32>(local, other, root != 0);
    st(PICK_PARENT, local, to);
    clearKept(a, 1 << slot);
    clearBits(ld(TILE_CELL, a), (1 << slot) & -opens);
    clearBits(ld(TILE_CELL, b), (8 << slot) & -opens);
    opened += opens;
  }
  return opened;
}

/** dropHexTrianglesRow: clears the kept bit of the heaviest wall of each triangle whose three walls exist. */
function dropTrianglesRow(i: i32, tw: i32): void {
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j < tw; j++, local++) {
    const odd = j & 1;
    const south = local + STRIDE;
    const vertical = ld(NORTH, south);
    const southBits = bitsAt(south);
    const hasVertical = (southBits >> 3) & 1;
    // x, S, SE.
    const e = ld(SOUTH_EAST, local);
    const f = ld(NORTH_EAST, south);
    if (hasVertical & (bitsAt(local) >> 5) & (southBits >> 4)) {
      const isV = i32(vertical > e) & i32(vertical > f);
      const isE = (isV ^ 1) & i32(e > f);
      const isF = (isV | isE) ^ 1;
      clearKept(south, isV | (isF << 1));
      clearKept(local, isE << 2);
    }
    // x, S, SW.
    const southWest = local - 1 + STRIDE * odd;
    const westBits = bitsAt(southWest);
    const g = ld(NORTH_EAST, southWest);
    const h = ld(SOUTH_EAST, southWest);
    if (hasVertical & (westBits >> 4) & (westBits >> 5)) {
      const isV = i32(vertical > g) & i32(vertical > h);
      const isG = (isV ^ 1) & i32(g > h);
      const isH = (isV | isG) ^ 1;
      clearKept(south, isV);
      clearKept(southWest, (isG << 1) | (isH << 2));
    }
  }
}

@inline function countBucket(w: i32, k: i32): void {
  const b = ((w ^ 0x80000000) >>> SHIFT) + 1;
  st(BUCKET, b, ld(BUCKET, b) + k);
}

/** gatherHexRow, once the pick trees are labelled: lists the kept walls between two trees (weight; neighbour << 18 | local << 4 | slot) and counts them into the buckets; returns the count. */
function gatherRow(i: i32, tw: i32, n: i32): i32 {
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j < tw; j++, local++) {
    const odd = j & 1;
    const keep = bitsAt(local);
    // Each wall written at the end and kept by the count (kept or not is a coin toss).
    // A wall inside one pick tree closes a cycle of tree walls: in no tree.
    const tree = labelOf(local);
    const north = local - STRIDE;
    const northEast = local + 1 - STRIDE * (odd ^ 1);
    const southEast = local + 1 + STRIDE * odd;
    let k = keep & i32(labelOf(north) != tree);
    let w = ld(NORTH, local);
    st(WEIGHT, n, w);
    st(WALL, n, (north << 18) | (local << 4));
    n += k;
    countBucket(w, k);
    k = (keep >> 1) & i32(labelOf(northEast) != tree);
    w = ld(NORTH_EAST, local);
    st(WEIGHT, n, w);
    st(WALL, n, (northEast << 18) | (local << 4) | 1);
    n += k;
    countBucket(w, k);
    k = (keep >> 2) & i32(labelOf(southEast) != tree);
    w = ld(SOUTH_EAST, local);
    st(WEIGHT, n, w);
    st(WALL, n, (southEast << 18) | (local << 4) | 2);
    n += k;
    countBucket(w, k);
  }
  return n;
}

/** runHexTile: weighing, picking, opening picks and dropping triangles row by row, each a few rows behind the one it needs; returns the walls opened by picks. */
function runTile(x0: i32, y0: i32, tw: i32, th: i32): i32 {
  let opened = 0;
  for (let step = 0; step < th + 2; step++) {
    if (step < th) weighRow(step, (y0 + step) * W + x0, tw);
    const picking = step - 1;
    if (picking >= 0 && picking < th) pickRow(picking, tw);
    const opening = step - 2;
    if (opening >= 0 && opening < th) {
      opened += openPicksRow(opening, tw);
      if (opening + 1 < th) dropTrianglesRow(opening, tw);
    }
  }
  return opened;
}

/** Numbers the tile's pick trees (their roots in order) and labels each cell with its tree's number; returns how many trees. */
function labelTrees(tw: i32, th: i32): i32 {
  let trees = 0;
  for (let i = 0; i < th; i++) {
    const first = (i + 1) * STRIDE + 1;
    for (let local = first, end = first + tw; local < end; local++) {
      const isRoot = i32(ld(PICK_PARENT, local) == local);
      store<u16>(LABEL + (<usize>local << 1), <u16>trees);
      trees += isRoot;
    }
  }
  for (let i = 0; i < th; i++) {
    const first = (i + 1) * STRIDE + 1;
    for (let local = first, end = first + tw; local < end; local++) {
      // Three steps up reach the root from most cells (a root is its own parent); a loop the rest.
      let root = ld(PICK_PARENT, ld(PICK_PARENT, ld(PICK_PARENT, local)));
      while (ld(PICK_PARENT, root) != root) root = ld(PICK_PARENT, root);
      store<u16>(LABEL + (<usize>local << 1), load<u16>(LABEL + (<usize>root << 1)));
    }
  }
  return trees;
}

@inline function labelOf(local: i32): i32 {
  return <i32>load<u16>(LABEL + (<usize>local << 1));
}

/** Fresh union-finds of the tile's `trees` pick trees, and each tree's lightest wall out of the tile (only edge cells have walls out of it). */
function startTrees(trees: i32, rows: i32, columns: i32): void {
  memory.fill(JOINED, 0xff, <usize>trees << 2);
  memory.fill(CERTAIN, 0xff, <usize>trees << 2);
  memory.fill(PART_ID, 0xff, <usize>trees << 2);
  for (let i = 0; i < trees; i++) st(OUT_OF, i, INFINITE);
  for (let i = 0; i < rows; i++) {
    const edgeRow = i == 0 || i + 1 == rows;
    const first = (i + 1) * STRIDE + 1;
    for (let j = 0; j < columns; j += edgeRow || j + 1 == columns ? 1 : columns - 1) {
      const tree = labelOf(first + j);
      st(OUT_OF, tree, min(ld(OUT_OF, tree), ld(LIGHTEST_OUT, first + j)));
    }
  }
}

/** The root of `x` in a union-find whose roots hold -size, halving the path. */
@inline function findRoot(parent: usize, x: i32): i32 {
  let p = ld(parent, x);
  while (p >= 0) {
    const up = ld(parent, p);
    if (up < 0) return p;
    st(parent, x, up);
    x = up;
    p = ld(parent, up);
  }
  return x;
}

/** Joins the roots `a` and `b` of a union-find whose roots hold -size, the smaller under the larger; returns the new root. */
@inline function unite(parent: usize, a: i32, b: i32): i32 {
  const sizeA = ld(parent, a);
  const sizeB = ld(parent, b);
  const big = select<i32>(a, b, sizeA <= sizeB);
  st(parent, big, sizeA + sizeB);
  st(parent, a ^ b ^ big, big);
  return big;
}

/**
 * grid-mst.ts joinTile, on the pick trees: joins the sorted walls until `joins` unions are
 * made, opening the certain ones (lighter than every wall out of one side) and keeping the
 * undecided; returns the walls opened.
 */
function joinTile(n: i32, joins: i32): i32 {
  let opened = 0;
  for (let i = 0; i < n && joins > 0; i++) {
    const wall = ld(SORTED_WALL, i);
    const from = (wall >> 4) & 0x3fff;
    const to = wall >>> 18;
    const treeA = labelOf(from);
    const treeB = labelOf(to);
    const a = findRoot(JOINED, treeA);
    const b = findRoot(JOINED, treeB);
    if (a == b) continue;
    const w = ld(SORTED_WEIGHT, i);
    const outA = ld(OUT_OF, a);
    const outB = ld(OUT_OF, b);
    st(OUT_OF, unite(JOINED, a, b), min(outA, outB));
    joins--;
    const slot = wall & 15;
    const cell = ld(TILE_CELL, from);
    if (w < outA || w < outB) {
      clearBits(cell, 1 << slot);
      clearBits(ld(TILE_CELL, to), 8 << slot);
      unite(CERTAIN, findRoot(CERTAIN, treeA), findRoot(CERTAIN, treeB));
      opened++;
    } else {
      pushKept(w, cell * 3 + slot, from, to);
    }
  }
  return opened;
}

/** The part id of the tile's local cell (under the walls it opened), given on first asking. */
function partOf(local: i32): i32 {
  const root = findRoot(CERTAIN, labelOf(local));
  let id = ld(PART_ID, root);
  if (id < 0) {
    id = parts++;
    st(PART_ID, root, id);
  }
  return id;
}

/** nameParts: the parts at the sides in this tile of the walls it kept from `first` on. */
function nameParts(first: i32): void {
  for (let i = first; i < keptLength; i++) {
    const at = KEPT + (<usize>i << 4);
    store<i32>(at, partOf(load<i32>(at, 8)), 8);
    // A local index, or -2 - the far side's part (a tile done).
    const b = load<i32>(at, 12);
    store<i32>(at, b >= 0 ? partOf(b) : -2 - b, 12);
  }
}

/** noteEdgeParts: the parts of the tile's edge cells, for the tiles after it. */
function noteEdgeParts(row0: i32, rows: i32, column0: i32, columns: i32): void {
  for (let j = 0; j < columns; j++) st(BELOW, column0 + j, partOf(rows * STRIDE + j + 1));
  for (let i = 0; i < rows; i++) st(WEST, i, partOf((i + 1) * STRIDE + columns));
  if (column0 == 0) for (let i = 0; i < rows; i++) st(FIRST_COLUMN, i, partOf((i + 1) * STRIDE + 1));
  if (row0 == 0 && WRAP_Y) for (let j = 0; j < columns; j++) st(FIRST_ROW, column0 + j, partOf(STRIDE + j + 1));
}

function processTile(x0: i32, y0: i32, tw: i32, th: i32): void {
  const first = keptLength;
  const free = startTile(x0, y0, tw, th);
  gatherBorder(x0, y0, tw, th);
  const picked = runTile(x0, y0, tw, th);
  startTrees(labelTrees(tw, th), th, tw);
  memory.fill(BUCKET, 0, <usize>BUCKETS << 2);
  let gathered = 0;
  for (let i = 0; i < th; i++) gathered = gatherRow(i, tw, gathered);
  sortWalls(gathered, WEIGHT, WALL, SORTED_WEIGHT, SORTED_WALL, BUCKET, BUCKETS, SHIFT);
  const joined = joinTile(gathered, free - 1 - picked);
  nameParts(first);
  noteEdgeParts(y0, th, x0, tw);
  freeCells += free;
  openedCount += picked + joined;
}

/** Every tile of the band of rows from y0. */
export function band(y0: i32): void {
  const th = min(ROWS, H - y0);
  for (let x0 = 0; x0 < W; x0 += COLUMNS) processTile(x0, y0, min(COLUMNS, W - x0), th);
  const above = ABOVE;
  ABOVE = BELOW;
  BELOW = above;
}

/** Kruskal over the parts: the walls the tiles kept, in weight order. */
export function finish(): void {
  const count = keptLength;
  const needed = freeCells - 1 - openedCount;
  if (count == 0 || needed <= 0) return;
  const order = sortRecords(KEPT, count, <usize>parts << 2);
  const root = order + words(count);
  for (let i = 0; i < parts; i++) st(root, i, i);
  let joins = 0;
  for (let k = 0; k < count; k++) {
    const record = KEPT + (<usize>ld(order, k) << 4);
    const a = findHalving(root, load<i32>(record, 8));
    const b = findHalving(root, load<i32>(record, 12));
    if (a == b) continue;
    st(root, a, b);
    // The wall's id is its owner cell * 3 + its slot there (N, NE, SE).
    const edge = <u32>load<i32>(record, 4);
    const owner = <i32>(edge / 3);
    const slot = <i32>(edge % 3);
    clearBits(owner, 1 << slot);
    clearBits(neighbour(owner, slot), 8 << slot);
    if (++joins == needed) break;
  }
}
