// One file, though long: a WebAssembly module is compiled from one entry file, and its steps share raw memory.
// AssemblyScript: the polar grid's tiled minimum spanning tree (openTiled and openPolarTiles
// in src/generators/grid-mst.ts, with the tile steps of grid-mst-polar.ts) compiled to
// WebAssembly, as hex-mst.ts does for the hex grid: each run of rings of one count (a
// square grid wrapped around) in bands of rings cut into sectors, each tile framed. Built
// into src/generators/polar-mst-wasm.ts by scripts/build-wasm.mjs; a test checks that the
// committed bytes are this file's.
//
// Memory (bytes from __heap_base): the maze's cells (a byte or two each), the rings' counts
// and first cells, then the tile's framed scratch arrays, the edge parts of the tiles done,
// and the kept walls (16-byte records: weight, wall id, the parts of its two sides) growing
// at the end. The host copies the cells in, the ring tables after setup, calls band until
// it returns past the last ring, finish, and copies the cells out.


import { INFINITE, edgeWeight, findHalving, ld, reserve, sortRecords, sortWalls, st, words } from './common';

let SIZE: i32 = 0;
let RINGS: i32 = 0; // rings around the centre
let FIRST_RING: i32 = 0; // cells of ring 1 (the centre's walls)
let WIDE: bool = false; // two bytes a cell
let BLOCKED: i32 = 0;
let K1: i32 = 0;
let K2: i32 = 0;
let COLUMNS: i32 = 0; // the tile's columns and rows at most
let ROWS: i32 = 0;
let STRIDE: i32 = 0; // a framed tile's row length (COLUMNS + 2)
let CAPACITY: i32 = 0; // local cells of a framed tile
let SHIFT: i32 = 0; // from a weight (flipped to unsigned order) to its sort bucket
let BUCKETS: i32 = 0;

let CELLS: usize = 0;
let RING_COUNT: usize = 0; // i32 per ring 0..RINGS: its cells
let RING_START: usize = 0; // i32 per ring 0..RINGS + 1: its first cell (the last: the size)
let FREE: usize = 0; // i32 per local cell: -1 a free cell of the tile, 0 masked or padding
let INWARD: usize = 0; // i32 per local cell: its inward and clockwise walls' weights (INFINITE: no inner wall)
let CLOCKWISE: usize = 0;
let BITS: usize = 0; // u8 per local cell: bit 0 inward, bit 1 clockwise kept, bits 2-3 they exist
let TILE_CELL: usize = 0; // i32 per local cell: its cell
let LIGHTEST_OUT: usize = 0; // i32 per local cell: the lightest wall out of the tile of its part
let PICK: usize = 0; // i32 per local cell: owner local * 2 + (clockwise) of its lightest wall, or -1
let LOCAL_PARENT: usize = 0; // i32 per local cell: the union-find of the tile's walls joined
let OPEN_PARENT: usize = 0; // i32 per local cell: the union-find of the tile's walls opened
let RANK: usize = 0; // u8 per local cell: LOCAL_PARENT's ranks
let PART_ID: usize = 0; // i32 per local cell: the part id of an OPEN_PARENT root (-1: none yet)
let WEIGHT: usize = 0; // i32 per inner wall gathered: weight and neighbour << 18 | local << 4 | slot
let WALL: usize = 0;
let SORTED_WEIGHT: usize = 0; // the same in weight order
let SORTED_WALL: usize = 0;
let BUCKET: usize = 0; // i32 per bucket + 1: counts, then starts
let ABOVE: usize = 0; // i32 per index of the widest ring: parts of the band above's last ring
let BELOW: usize = 0; // i32 per index: parts of this band's last ring
let WEST: usize = 0; // i32 per ring of a band: parts of the tile before's last column
let FIRST_COLUMN: usize = 0; // i32 per ring of a band: parts of the band's first column
let KEPT: usize = 0;
let END: usize = 0; // first byte past the memory in use

let keptLength: i32 = 0;
let parts: i32 = 0;
let openedCount: i32 = 0;
let freeCells: i32 = 0;

@inline function cellAt(i: i32): i32 {
  return WIDE ? <i32>load<u16>(CELLS + (<usize>i << 1)) : <i32>load<u8>(CELLS + <usize>i);
}
@inline function clearBits(i: i32, bits: i32): void {
  if (WIDE) {
    const at = CELLS + (<usize>i << 1);
    store<u16>(at, <u16>(<i32>load<u16>(at) & ~bits));
  } else {
    const at = CELLS + <usize>i;
    store<u8>(at, <u8>(<i32>load<u8>(at) & ~bits));
  }
}
@inline function bitsAt(local: i32): i32 {
  return <i32>load<u8>(BITS + <usize>local);
}
@inline function clearKept(local: i32, bits: i32): void {
  const at = BITS + <usize>local;
  store<u8>(at, <u8>(<i32>load<u8>(at) & ~bits));
}

/** The byte the cells start at: the host writes them there after calling setup. */
export function cellsAt(): usize {
  return (__heap_base + 15) & ~15;
}

/** The byte the ring counts start at (RINGS + 1 of them, then RINGS + 2 ring starts): the host writes them after calling setup. */
export function ringsAt(): usize {
  return RING_COUNT;
}

/** The walls opened so far (for progress). */
export function opened(): i32 {
  return openedCount;
}

/**
 * Lays the memory out for a polar grid of `size` cells, `rings` rings around the centre
 * and `firstRing` cells in ring 1, its widest ring `widest` cells, `wordBytes` bytes a
 * cell and `blocked` the masked bit, in framed tiles of `columns` x `rows` cells at most,
 * sorting by the top `bucketBits` bits of the weights; returns 0.
 */
export function setup(size: i32, rings: i32, firstRing: i32, widest: i32, wordBytes: i32, blocked: i32, k1: i32, k2: i32, columns: i32, rows: i32, bucketBits: i32): i32 {
  SIZE = size;
  RINGS = rings;
  FIRST_RING = firstRing;
  WIDE = wordBytes == 2;
  BLOCKED = blocked;
  K1 = k1;
  K2 = k2;
  COLUMNS = columns;
  ROWS = rows;
  STRIDE = columns + 2;
  CAPACITY = STRIDE * (rows + 2);
  SHIFT = 32 - bucketBits;
  BUCKETS = (1 << bucketBits) + 1;
  const walls = 2 * CAPACITY + 1;
  let at: usize = cellsAt();
  CELLS = at;
  at = (at + (<usize>size << (WIDE ? 1 : 0)) + 15) & ~15;
  RING_COUNT = at; at += <usize>(rings + 1) << 2;
  RING_START = at; at += words(rings + 2);
  FREE = at; at += words(CAPACITY);
  INWARD = at; at += words(CAPACITY);
  CLOCKWISE = at; at += words(CAPACITY);
  BITS = at; at += (<usize>CAPACITY + 15) & ~15;
  TILE_CELL = at; at += words(CAPACITY);
  LIGHTEST_OUT = at; at += words(CAPACITY);
  PICK = at; at += words(CAPACITY);
  LOCAL_PARENT = at; at += words(CAPACITY);
  OPEN_PARENT = at; at += words(CAPACITY);
  RANK = at; at += (<usize>CAPACITY + 15) & ~15;
  PART_ID = at; at += words(CAPACITY);
  WEIGHT = at; at += words(walls);
  WALL = at; at += words(walls);
  SORTED_WEIGHT = at; at += words(walls);
  SORTED_WALL = at; at += words(walls);
  BUCKET = at; at += words(BUCKETS);
  ABOVE = at; at += words(widest);
  BELOW = at; at += words(widest);
  WEST = at; at += words(rows);
  FIRST_COLUMN = at; at += words(rows);
  KEPT = at;
  END = at;
  reserve(END + (<usize>1 << 16));
  keptLength = 0;
  parts = 0;
  openedCount = 0;
  freeCells = 0;
  return 0;
}

@inline function ringCount(ring: i32): i32 {
  return ld(RING_COUNT, ring);
}
@inline function ringStart(ring: i32): i32 {
  return ld(RING_START, ring);
}

/** How many outward cells a cell of `ring` has (PolarTopology.outwardCount: the border's one slot on the outer ring). */
function outwardCount(ring: i32): i32 {
  if (ring == 0) return FIRST_RING;
  return ring < RINGS ? ringCount(ring + 1) / ringCount(ring) : 1;
}

/** The ring of `cell`, by bisection of the ring starts (PolarTopology.ringOf). */
function ringOf(cell: i32): i32 {
  let lo = 0;
  let hi = RINGS + 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (ringStart(mid) <= cell) lo = mid;
    else hi = mid;
  }
  return lo;
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

/** resetFrame and startPolarTile: fresh union-finds and walls, the tile's cells named and marked free; returns its free cells. */
function startTile(start: i32, count: i32, lo: i32, tw: i32, th: i32): i32 {
  for (let i = 0; i < CAPACITY; i++) {
    st(LOCAL_PARENT, i, i);
    st(OPEN_PARENT, i, i);
    st(LIGHTEST_OUT, i, INFINITE);
    st(PART_ID, i, -1);
    st(FREE, i, 0);
    st(INWARD, i, INFINITE);
    st(CLOCKWISE, i, INFINITE);
  }
  memory.fill(RANK, 0, <usize>CAPACITY);
  memory.fill(BITS, 0, <usize>CAPACITY);
  let free = 0;
  for (let i = 0; i < th; i++) {
    const first = (i + 1) * STRIDE + 1;
    const cell = start + i * count + lo;
    for (let j = 0; j < tw; j++) {
      st(TILE_CELL, first + j, cell + j);
      const isFree = i32((cellAt(cell + j) & BLOCKED) == 0);
      st(FREE, first + j, -isFree);
      free += isFree;
    }
  }
  return free;
}

/**
 * One wall out of the tile from `cell` (local `local`) to `next`, at index `column` of
 * ring `row`: weighed into the cell's lightest wall out, and kept when the other side's
 * tile is done or is this one (the ring's wrap, kept from its higher cell), as
 * grid-mst.ts gatherBorderCell.
 */
function borderWall(cell: i32, local: i32, next: i32, edge: i32, row: i32, column: i32, row0: i32, rows: i32, column0: i32, columns: i32): void {
  if (cellAt(next) & BLOCKED) return;
  const w = edgeWeight(edge, K1, K2);
  if (w < ld(LIGHTEST_OUT, local)) st(LIGHTEST_OUT, local, w);
  const inBand = row >= row0 && row < row0 + rows;
  if (inBand && column >= column0 && column < column0 + columns) {
    if (next < cell) pushKept(w, edge, local, (row - row0 + 1) * STRIDE + column - column0 + 1);
  } else if (row == row0 - 1) pushKept(w, edge, local, -2 - ld(ABOVE, column));
  else if (inBand && column < column0) pushKept(w, edge, local, -2 - (column == column0 - 1 ? ld(WEST, row - row0) : ld(FIRST_COLUMN, row - row0)));
}

/**
 * The walls of `cell` (index `i` of ring `ring`, local `local`) out of the tile, its slots
 * in `inner` left out. Slots (PolarTopology): the centre's are ring 1's cells; a ring
 * cell's 0 inward, 1 anticlockwise, 2..2+k-1 its k outward cells, 2+k clockwise.
 */
function gatherBorderCell(cell: i32, ring: i32, i: i32, local: i32, inner: i32, row0: i32, rows: i32, column0: i32, columns: i32): void {
  if (cellAt(cell) & BLOCKED) return;
  if (ring == 0) {
    for (let s = 0; s < FIRST_RING; s++) if (!((inner >> s) & 1)) borderWall(cell, local, 1 + s, (1 + s) * 2, 1, s, row0, rows, column0, columns);
    return;
  }
  const count = ringCount(ring);
  const start = ringStart(ring);
  const k = outwardCount(ring);
  if (!(inner & 1)) {
    if (ring == 1) borderWall(cell, local, 0, cell * 2, 0, 0, row0, rows, column0, columns);
    else {
      const column = i / (count / ringCount(ring - 1));
      borderWall(cell, local, ringStart(ring - 1) + column, cell * 2, ring - 1, column, row0, rows, column0, columns);
    }
  }
  if (!((inner >> 1) & 1)) {
    const column = i == 0 ? count - 1 : i - 1;
    borderWall(cell, local, start + column, (start + column) * 2 + 1, ring, column, row0, rows, column0, columns);
  }
  if (ring < RINGS) {
    for (let s = 2; s < 2 + k; s++) {
      if ((inner >> s) & 1) continue;
      const column = i * k + s - 2;
      const next = ringStart(ring + 1) + column;
      borderWall(cell, local, next, next * 2, ring + 1, column, row0, rows, column0, columns);
    }
  }
  if (!((inner >> (2 + k)) & 1)) {
    const column = i + 1 == count ? 0 : i + 1;
    borderWall(cell, local, start + column, cell * 2 + 1, ring, column, row0, rows, column0, columns);
  }
}

/** grid-mst.ts gatherPolarBorder: the walls out of the tile from its edge cells. */
function gatherBorder(r0: i32, th: i32, start: i32, count: i32, lo: i32, tw: i32): void {
  for (let i = 0; i < th; i++) {
    const edgeRow = i == 0 || i + 1 == th;
    // Outward leads out of the tile but between rings of one count.
    const k = outwardCount(r0 + i);
    const outwardInner = k == 1 && i + 1 < th ? 4 : 0;
    for (let j = 0; j < tw; j += edgeRow || j + 1 == tw ? 1 : tw - 1) {
      const inner = i32(i > 0) | (i32(j > 0) << 1) | outwardInner | (i32(j + 1 < tw) << (2 + k));
      gatherBorderCell(start + i * count + lo + j, r0 + i, lo + j, (i + 1) * STRIDE + j + 1, inner, r0, th, lo, tw);
    }
  }
}

/** weighPolarRow: row i's inner walls from each cell's inward and clockwise slots (ids cell * 2, cell * 2 + 1). */
function weighRow(i: i32, cell: i32, tw: i32): void {
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j < tw; j++, local++, cell++) {
    const here = ld(FREE, local);
    // 0/-1 masks: the wall exists when both cells are free (padding is not).
    const inner = here & ld(FREE, local - STRIDE);
    const next = here & ld(FREE, local + 1);
    st(INWARD, local, select<i32>(edgeWeight(cell * 2, K1, K2), INFINITE, inner != 0));
    st(CLOCKWISE, local, select<i32>(edgeWeight(cell * 2 + 1, K1, K2), INFINITE, next != 0));
    const exists = (inner & 1) | (next & 2);
    store<u8>(BITS + <usize>local, <u8>(exists | (exists << 2)));
  }
}

/** pickPolarRow: each cell's lightest wall when lighter than its lightest wall out of the tile, or -1. */
function pickRow(i: i32, tw: i32): void {
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j < tw; j++, local++) {
    // Selects, not branches: which wall is lightest is a coin toss.
    let best = ld(LIGHTEST_OUT, local);
    let pick = -1;
    let w = ld(INWARD, local);
    pick = select<i32>(local * 2, pick, w < best);
    best = min(best, w);
    w = ld(CLOCKWISE, local);
    pick = select<i32>(local * 2 + 1, pick, w < best);
    best = min(best, w);
    w = ld(INWARD, local + STRIDE);
    pick = select<i32>((local + STRIDE) * 2, pick, w < best);
    best = min(best, w);
    w = ld(CLOCKWISE, local - 1);
    pick = select<i32>((local - 1) * 2 + 1, pick, w < best);
    st(PICK, local, pick);
  }
}

/**
 * openPolarPicksRow: opens each cell's pick; the lower cell of a shared pick stays its
 * tree's root. Slots: inward 0 (the inner cell's outward 2), clockwise 3, or the tile's
 * last ring's (the next cell's anticlockwise 1). Returns the walls opened.
 */
function openPicksRow(i: i32, tw: i32, th: i32, lastClockwise: i32): i32 {
  const lastRow = th * STRIDE;
  let opened = 0;
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j < tw; j++, local++) {
    const pick = ld(PICK, local);
    if (pick < 0) continue; // masked, or its lightest wall leaves the tile
    const a = pick >>> 1;
    const isClockwise = pick & 1;
    // The clockwise neighbour is stride + 1 after the inward one.
    const b = a - STRIDE + isClockwise * (STRIDE + 1);
    const other = a + b - local;
    const root = i32(ld(PICK, other) == pick) & i32(local < other);
    const opens = root ^ 1;
    const to = select<i32>(local, other, root != 0);
    st(LOCAL_PARENT, local, to);
    st(OPEN_PARENT, local, to);
    clearKept(a, 1 << isClockwise);
    const slot = select<i32>(lastClockwise, 3, a >= lastRow) & -isClockwise;
    clearBits(ld(TILE_CELL, a), (1 << slot) & -opens);
    clearBits(ld(TILE_CELL, b), (4 >> isClockwise) & -opens);
    opened += opens;
  }
  return opened;
}

/** dropPolarSquaresRow: clears the kept bit of the heaviest wall of each unit square whose four walls exist. */
function dropSquaresRow(i: i32, tw: i32): void {
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j + 1 < tw; j++, local++) {
    const up = local - STRIDE;
    const here = bitsAt(local);
    const right = bitsAt(local + 1);
    if (!((here >> 2) & (here >> 3) & (right >> 2) & (bitsAt(up) >> 3) & 1)) continue;
    const bottom = ld(CLOCKWISE, local);
    const left = ld(INWARD, local);
    const rightIn = ld(INWARD, local + 1);
    const top = ld(CLOCKWISE, up);
    const isBottom = i32(bottom > left) & i32(bottom > rightIn) & i32(bottom > top);
    const isLeft = (isBottom ^ 1) & i32(left > rightIn) & i32(left > top);
    const isRight = ((isBottom | isLeft) ^ 1) & i32(rightIn > top);
    const isTop = (isBottom | isLeft | isRight) ^ 1;
    clearKept(local, (isBottom << 1) | isLeft);
    clearKept(local + 1, isRight);
    clearKept(up, isTop << 1);
  }
}

@inline function countBucket(w: i32, k: i32): void {
  const b = ((w ^ 0x80000000) >>> SHIFT) + 1;
  st(BUCKET, b, ld(BUCKET, b) + k);
}

/** gatherPolarRow: lists the kept walls (weight; neighbour << 18 | local << 4 | slot) and counts them into the buckets; returns the count. */
function gatherRow(i: i32, tw: i32, clockwiseSlot: i32, n: i32): i32 {
  let local = (i + 1) * STRIDE + 1;
  for (let j = 0; j < tw; j++, local++) {
    const keep = bitsAt(local);
    // Each wall written at the end and kept by the count (kept or not is a coin toss).
    let k = keep & 1;
    let w = ld(INWARD, local);
    st(WEIGHT, n, w);
    st(WALL, n, ((local - STRIDE) << 18) | (local << 4));
    n += k;
    countBucket(w, k);
    k = (keep >> 1) & 1;
    w = ld(CLOCKWISE, local);
    st(WEIGHT, n, w);
    st(WALL, n, ((local + 1) << 18) | (local << 4) | clockwiseSlot);
    n += k;
    countBucket(w, k);
  }
  return n;
}

/** The walls the last tile gathered for its sort (runTile). */
let gathered: i32 = 0;

/** runPolarTile: the rows' steps, each a few rows behind the one it needs; returns the walls opened by picks. */
function runTile(start: i32, count: i32, lo: i32, tw: i32, th: i32, lastClockwise: i32): i32 {
  memory.fill(BUCKET, 0, <usize>BUCKETS << 2);
  let opened = 0;
  let n = 0;
  for (let step = 0; step < th + 3; step++) {
    if (step < th) weighRow(step, start + step * count + lo, tw);
    const picking = step - 1;
    if (picking >= 0 && picking < th) pickRow(picking, tw);
    const opening = step - 2;
    if (opening >= 0 && opening < th) {
      opened += openPicksRow(opening, tw, th, lastClockwise);
      if (opening > 0) dropSquaresRow(opening, tw);
    }
    const gathering = step - 3;
    if (gathering >= 0) n = gatherRow(gathering, tw, gathering + 1 == th ? lastClockwise : 3, n);
  }
  gathered = n;
  return opened;
}

/** Lowers the lightest wall out of the tile of `local`'s pick tree root to `local`'s own. */
function carryOut(local: i32): void {
  const out = ld(LIGHTEST_OUT, local);
  if (out == INFINITE) return;
  let root = local;
  while (ld(LOCAL_PARENT, root) != root) root = ld(LOCAL_PARENT, root);
  if (out < ld(LIGHTEST_OUT, root)) st(LIGHTEST_OUT, root, out);
}

/** carryFrameOut: only the tile's edge cells have walls out of it. */
function carryFrameOut(rows: i32, columns: i32): void {
  for (let i = 0; i < rows; i++) {
    const edgeRow = i == 0 || i + 1 == rows;
    const first = (i + 1) * STRIDE + 1;
    for (let j = 0; j < columns; j += edgeRow || j + 1 == columns ? 1 : columns - 1) carryOut(first + j);
  }
}

/** grid-mst.ts joinTile: joins the sorted walls until `joins` unions are made, opening the certain ones and keeping the undecided; returns the walls opened. */
function joinTile(n: i32, joins: i32): i32 {
  let opened = 0;
  for (let i = 0; i < n && joins > 0; i++) {
    const wall = ld(SORTED_WALL, i);
    const from = (wall >> 4) & 0x3fff;
    const to = wall >>> 18;
    let a = findHalving(LOCAL_PARENT, from);
    let b = findHalving(LOCAL_PARENT, to);
    if (a == b) continue;
    const w = ld(SORTED_WEIGHT, i);
    const slot = wall & 15;
    const cell = ld(TILE_CELL, from);
    const outA = ld(LIGHTEST_OUT, a);
    const outB = ld(LIGHTEST_OUT, b);
    if (w < outA || w < outB) {
      // The far side's slot: the inner cell's outward 2 for an inward wall, the next cell's anticlockwise 1 for a clockwise one.
      clearBits(cell, 1 << slot);
      clearBits(ld(TILE_CELL, to), select<i32>(4, 2, slot == 0));
      const x = findHalving(OPEN_PARENT, from);
      const y = findHalving(OPEN_PARENT, to);
      st(OPEN_PARENT, x, y);
      opened++;
    } else {
      pushKept(w, cell * 2 + i32(slot != 0), from, to);
    }
    // Union by rank (a pick tree's root starts at rank 0).
    const rankA = <i32>load<u8>(RANK + <usize>a);
    const rankB = <i32>load<u8>(RANK + <usize>b);
    if (rankA > rankB) {
      const root = a;
      a = b;
      b = root;
    } else if (rankA == rankB) store<u8>(RANK + <usize>b, <u8>(rankB + 1));
    st(LOCAL_PARENT, a, b);
    st(LIGHTEST_OUT, b, min(outA, outB));
    joins--;
  }
  return opened;
}

/** The part id of the tile's local cell (under the walls it opened), given on first asking. */
function partOf(local: i32): i32 {
  const root = findHalving(OPEN_PARENT, local);
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
function noteEdgeParts(rows: i32, column0: i32, columns: i32): void {
  for (let j = 0; j < columns; j++) st(BELOW, column0 + j, partOf(rows * STRIDE + j + 1));
  for (let i = 0; i < rows; i++) st(WEST, i, partOf((i + 1) * STRIDE + columns));
  if (column0 == 0) for (let i = 0; i < rows; i++) st(FIRST_COLUMN, i, partOf((i + 1) * STRIDE + 1));
}

function processTile(r0: i32, th: i32, start: i32, count: i32, lo: i32, tw: i32, lastClockwise: i32): void {
  const first = keptLength;
  const free = startTile(start, count, lo, tw, th);
  gatherBorder(r0, th, start, count, lo, tw);
  const picked = runTile(start, count, lo, tw, th, lastClockwise);
  carryFrameOut(th, tw);
  sortWalls(gathered, WEIGHT, WALL, SORTED_WEIGHT, SORTED_WALL, BUCKET, BUCKETS, SHIFT);
  const joined = joinTile(gathered, free - 1 - picked);
  nameParts(first);
  noteEdgeParts(th, lo, tw);
  freeCells += free;
  openedCount += picked + joined;
}

/** Every tile of the band of rings from r0 (within r0's run of rings of one count); returns the ring after it. */
export function band(r0: i32): i32 {
  const count = ringCount(r0);
  let end = r0 + 1;
  while (end <= RINGS && end - r0 < ROWS && ringCount(end) == count) end++;
  const th = end - r0;
  const start = ringStart(r0);
  const lastClockwise = 2 + outwardCount(end - 1);
  const sectors = (count + COLUMNS - 1) / COLUMNS;
  for (let sector = 0; sector < sectors; sector++) {
    const lo = <i32>((<i64>sector * count) / sectors);
    const tw = <i32>((<i64>(sector + 1) * count) / sectors) - lo;
    processTile(r0, th, start, count, lo, tw, lastClockwise);
  }
  const above = ABOVE;
  ABOVE = BELOW;
  BELOW = above;
  return end;
}

/** Opens the wall `edge`: cell * 2 its inward wall, cell * 2 + 1 its clockwise wall. */
function openEdge(edge: u32): void {
  const cell = <i32>(edge >> 1);
  const ring = ringOf(cell);
  const i = cell - ringStart(ring);
  const count = ringCount(ring);
  if (edge & 1) {
    clearBits(cell, 1 << (2 + outwardCount(ring)));
    clearBits(ringStart(ring) + (i + 1 == count ? 0 : i + 1), 2);
  } else if (ring == 1) {
    clearBits(cell, 1);
    clearBits(0, 1 << i);
  } else {
    const ratio = count / ringCount(ring - 1);
    clearBits(cell, 1);
    clearBits(ringStart(ring - 1) + i / ratio, 1 << (2 + i % ratio));
  }
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
    openEdge(<u32>load<i32>(record, 4));
    if (++joins == needed) break;
  }
}
