// AssemblyScript: what the square and triangle spanning-tree kernels (square-mst.ts,
// triangle-mst.ts) share: the triangle grid is the square grid's walls less some, in the
// same 2^k x 2^k tiles, so the tile's memory layout, its union-finds, the pick-tree labels,
// the walls' sort and the coarse graph's records are the same code. The memory, from
// __heap_base: the maze's cells, the tile's scratch arrays, the coarse nodes of the tile
// row above, and the coarse edges (16-byte records) growing at the end.

import { INFINITE, edgeWeight as keyedWeight, ld, reserve, sortRecords, st, words } from './common';

export { INFINITE, ld, reserve, st };

/** The maze's blocked bit (16 on the square grid, 8 on the triangle one). */
export let BLOCKED_BIT: i32 = 16;
/** The triangle grid's tiles (its walls open as a triangle's), not the square grid's. */
export let TRIANGLE: bool = false;

export let W: i32 = 0;
export let H: i32 = 0;
export let K1: i32 = 0;
export let K2: i32 = 0;
export let TB: i32 = 0; // log2 of the tile side
export let SIDE: i32 = 0;
export let MASK: i32 = 0;
export let BUCKET_BITS: i32 = 0;

export let CELLS: usize = 0;
export let PARENT: usize = 0;
export let LABEL: usize = 0; // u16
export let LIGHTEST: usize = 0;
export let JOINED: usize = 0;
export let CERTAIN: usize = 0;
export let OUTOF: usize = 0;
export let NODEOF: usize = 0;
export let WALLW: usize = 0;
export let PICK: usize = 0;
export let KEPT: usize = 0; // u8
export let RAW: usize = 0;
export let SORTED: usize = 0;
export let BUCKET: usize = 0;
export let UNDW: usize = 0;
export let UNDWALL: usize = 0;
export let WESTNODE: usize = 0;
export let NORTHNODE: usize = 0;
export let COARSE: usize = 0;
export let END: usize = 0; // first byte past the memory in use

export let coarseLength: i32 = 0;
export let nodes: i32 = 0;
export let openedCount: i32 = 0;
export let freeCells: i32 = 0;


/** Counts walls a kernel opened (the coarse graph needs free cells - 1 - opened more). */
@inline export function addOpened(n: i32): void {
  openedCount += n;
}

@inline export function cellAt(i: i32): u8 {
  return load<u8>(CELLS + <usize>i);
}

@inline export function clearByte(at: usize, bits: i32): void {
  store<u8>(at, <u8>(<i32>load<u8>(at) & ~bits));
}

@inline export function clearBits(i: i32, bits: i32): void {
  clearByte(CELLS + <usize>i, bits);
}

/** The byte the cells start at: the host writes `size` bytes there after calling layout. */
export function cellsAt(): usize {
  return (__heap_base + 15) & ~15;
}

/** Lays the memory out for a w x h maze with tiles of 2^tileBits a side and the grid's blocked bit; returns 0. */
export function layOut(w: i32, h: i32, k1: i32, k2: i32, tileBits: i32, blockedBit: i32, triangle: bool): i32 {
  BLOCKED_BIT = blockedBit;
  TRIANGLE = triangle;
  W = w;
  H = h;
  K1 = k1;
  K2 = k2;
  TB = tileBits;
  SIDE = 1 << tileBits;
  MASK = SIDE - 1;
  BUCKET_BITS = max(1, 2 * tileBits - 1);
  const tileCells = <usize>(SIDE * SIDE);
  let at: usize = cellsAt();
  CELLS = at;
  at = (at + <usize>w * <usize>h + 15) & ~15;
  PARENT = at; at += tileCells << 2;
  LABEL = at; at += ((tileCells << 1) + 15) & ~15;
  LIGHTEST = at; at += tileCells << 2;
  JOINED = at; at += tileCells << 2;
  CERTAIN = at; at += tileCells << 2;
  OUTOF = at; at += tileCells << 2;
  NODEOF = at; at += tileCells << 2;
  WALLW = at; at += tileCells << 3;
  PICK = at; at += tileCells << 2;
  KEPT = at; at += (tileCells + 15) & ~15;
  RAW = at; at += tileCells << 3;
  SORTED = at; at += tileCells << 3;
  BUCKET = at; at += ((((<usize>1 << BUCKET_BITS) + 1) << 2) + 15) & ~15;
  UNDW = at; at += tileCells << 2;
  UNDWALL = at; at += tileCells << 2;
  WESTNODE = at; at += <usize>SIDE << 2;
  NORTHNODE = at; at += ((<usize>w << 2) + 15) & ~15;
  COARSE = at;
  END = at;
  reserve(END + (<usize>1 << 16));
  coarseLength = 0;
  nodes = 0;
  openedCount = 0;
  freeCells = 0;
  return 0;
}

/** The weight of wall `edge` under the maze's keys (mst.ts edgeWeight). */
@inline export function edgeWeight(edge: i32): i32 {
  return keyedWeight(edge, K1, K2);
}

export function pushCoarse(weight: i32, wall: i32, a: i32, b: i32): void {
  const at = COARSE + (<usize>coarseLength << 4);
  if (at + 16 > END) {
    END = at + (<usize>1 << 20);
    reserve(END);
  }
  store<i32>(at, weight);
  store<i32>(at, wall, 4);
  store<i32>(at, a, 8);
  store<i32>(at, b, 12);
  coarseLength++;
}

export function nodeAt(local: i32): i32 {
  let root = <i32>load<u16>(LABEL + (<usize>local << 1));
  let up = ld(CERTAIN, root);
  while (up >= 0) {
    const upper = ld(CERTAIN, up);
    if (upper < 0) {
      root = up;
      break;
    }
    st(CERTAIN, root, upper);
    root = upper;
    up = ld(CERTAIN, root);
  }
  let node = ld(NODEOF, root);
  if (node < 0) {
    node = nodes++;
    st(NODEOF, root, node);
  }
  return node;
}

export function startTile(tw: i32, th: i32, base: i32): i32 {
  const n = th << TB;
  memory.fill(PARENT, 0xff, <usize>n << 2);
  for (let i = 0; i < n; i++) st(LIGHTEST, i, INFINITE);
  const blocked = BLOCKED_BIT; // a local: the loop reads it every cell
  let free = 0;
  for (let ly = 0; ly < th; ly++) {
    const grid = base + ly * W;
    for (let lx = 0; lx < tw; lx++) free += i32(!(cellAt(grid + lx) & blocked));
  }
  freeCells += free;
  return free;
}

@inline export function perimeterCell(k: i32, tw: i32, lastRow: i32): i32 {
  if (k < tw) return k;
  if (k < 2 * tw) return lastRow + k - tw;
  const between = k - 2 * tw;
  return ((1 + (between >> 1)) << TB) + (between & 1 ? tw - 1 : 0);
}

export function dropPicksLeavingTile(tw: i32, th: i32): void {
  const lastRow = (th - 1) << TB;
  const perimeter = th > 1 ? 2 * tw + 2 * (th - 2) : tw;
  for (let k = 0; k < perimeter; k++) {
    const local = perimeterCell(k, tw, lastRow);
    const pick = ld(PICK, local);
    if (pick < 0) continue;
    if (ld(LIGHTEST, local) < ld(WALLW, pick)) st(PICK, local, -1);
  }
}

export function labelFromRoots(tw: i32, th: i32): void {
  for (let ly = 0; ly < th; ly++) {
    const row = ly << TB;
    for (let local = row, end = row + tw; local < end; local++) {
      // Three steps up by selects reach the root from 98% of cells; a loop the rest.
      let root = local;
      let up = ld(PARENT, root);
      root = select<i32>(root, up, up < 0);
      up = ld(PARENT, root);
      root = select<i32>(root, up, up < 0);
      up = ld(PARENT, root);
      root = select<i32>(root, up, up < 0);
      up = ld(PARENT, root);
      while (up >= 0) {
        root = up;
        up = ld(PARENT, root);
      }
      store<u16>(LABEL + (<usize>local << 1), load<u16>(LABEL + (<usize>root << 1)));
    }
  }
}

export function startTrees(tw: i32, th: i32, trees: i32): void {
  memory.fill(JOINED, 0xff, <usize>trees << 2);
  memory.fill(CERTAIN, 0xff, <usize>trees << 2);
  memory.fill(NODEOF, 0xff, <usize>trees << 2);
  for (let i = 0; i < trees; i++) st(OUTOF, i, INFINITE);
  const lastRow = (th - 1) << TB;
  const perimeter = th > 1 ? 2 * tw + 2 * (th - 2) : tw;
  for (let k = 0; k < perimeter; k++) {
    const local = perimeterCell(k, tw, lastRow);
    const out = ld(LIGHTEST, local);
    const tree = <i32>load<u16>(LABEL + (<usize>local << 1));
    if (out < ld(OUTOF, tree)) st(OUTOF, tree, out);
  }
}

export function sortWalls(walls: i32): void {
  const shift = 32 - BUCKET_BITS;
  const buckets = (1 << BUCKET_BITS) + 1;
  memory.fill(BUCKET, 0, <usize>buckets << 2);
  for (let i = 0; i < walls; i++) {
    const b = ((ld(WALLW, ld(RAW, i)) ^ 0x80000000) >>> shift) + 1;
    st(BUCKET, b, ld(BUCKET, b) + 1);
  }
  let sum = 0;
  for (let b = 1; b < buckets; b++) {
    sum += ld(BUCKET, b);
    st(BUCKET, b, sum);
  }
  for (let i = 0; i < walls; i++) {
    const item = ld(RAW, i);
    const b = (ld(WALLW, item) ^ 0x80000000) >>> shift;
    const at = ld(BUCKET, b);
    st(BUCKET, b, at + 1);
    st(SORTED, at, item);
  }
  let before = walls > 0 ? ld(WALLW, ld(SORTED, 0)) : 0;
  for (let i = 1; i < walls; i++) {
    const it = ld(SORTED, i);
    const value = ld(WALLW, it);
    if (before <= value) {
      before = value;
      continue;
    }
    let j = i - 1;
    while (j >= 0 && ld(WALLW, ld(SORTED, j)) > value) {
      st(SORTED, j + 1, ld(SORTED, j));
      j--;
    }
    st(SORTED, j + 1, it);
  }
}

export function unite(parent: usize, u: i32, v: i32): void {
  const ru = findHalving(parent, u);
  const rv = findHalving(parent, v);
  const pu = ld(parent, ru);
  const pv = ld(parent, rv);
  if (pu <= pv) {
    st(parent, ru, pu + pv);
    st(parent, rv, ru);
  } else {
    st(parent, rv, pu + pv);
    st(parent, ru, rv);
  }
}

/** The root of `x` in a union-find with sizes negative in its roots (not common.ts's, whose roots are their own parents), halving the path. */
@inline export function findHalving(parent: usize, x: i32): i32 {
  let r = x;
  let p = ld(parent, r);
  while (p >= 0) {
    const up = ld(parent, p);
    if (up < 0) return p;
    st(parent, r, up);
    r = up;
    p = ld(parent, up);
  }
  return r;
}

/** How many walls coarseKruskal took. */
export let takenCount: i32 = 0;

/**
 * Kruskal over the coarse graph (what the tiles left undecided): its records by weight,
 * joined on a union-find of coarse nodes until the tree is whole. Returns the address of
 * the walls it takes (takenCount of them; the caller opens them, each grid its own way).
 */
export function coarseKruskal(): usize {
  takenCount = 0;
  const count = coarseLength;
  const needed = freeCells - 1 - openedCount;
  if (count == 0 || needed <= 0) return 0;
  const order = sortRecords(COARSE, count, words(nodes));
  const root = order + words(count);
  memory.fill(root, 0xff, <usize>nodes << 2);
  let joins = 0;
  for (let k = 0; k < count; k++) {
    const record = COARSE + (<usize>ld(order, k) << 4);
    const ra = findHalving(root, load<i32>(record, 8));
    const rb = findHalving(root, load<i32>(record, 12));
    if (ra == rb) continue;
    const pa = ld(root, ra);
    const pb = ld(root, rb);
    if (pa <= pb) {
      st(root, ra, pa + pb);
      st(root, rb, ra);
    } else {
      st(root, rb, pa + pb);
      st(root, ra, rb);
    }
    // Over the order's slots already read: the taken walls, in order.
    st(order, joins, load<i32>(record, 4));
    if (++joins == needed) break;
  }
  takenCount = joins;
  return order;
}

/** A cell's lightest wall among east, south, west and north (INFINITE where missing), or -1: selects, since which is lightest is a coin toss. */
@inline export function lightestPick(local: i32, east: i32, south: i32, west: i32, north: i32): i32 {
  let best = east;
  let pick = select<i32>(local << 1, -1, east < INFINITE);
  pick = select<i32>((local << 1) | 1, pick, south < best);
  best = min(best, south);
  pick = select<i32>((local - 1) << 1, pick, west < best);
  best = min(best, west);
  return select<i32>(((local - SIDE) << 1) | 1, pick, north < best);
}

/**
 * Kruskal over the tile's sorted walls on its pick trees; returns how many were left
 * undecided (for the coarse graph). A wall found certain is joined in CERTAIN and opened
 * at once, as a square's or as a triangle's (`parity`: the tile's first cell's).
 */
export function joinInTile(base: i32, walls: i32, joins: i32, free: i32, parity: i32): i32 {
  const needed = free - 1;
  const triangle = TRIANGLE;
  let undecided = 0;
  let certain = 0;
  for (let k = 0; k < walls; k++) {
    if (joins >= needed) break;
    const wall = ld(SORTED, k);
    const u = wall >>> 1;
    const v = u + 1 + (wall & 1) * (SIDE - 1);
    const tu = <i32>load<u16>(LABEL + (<usize>u << 1));
    const tv = <i32>load<u16>(LABEL + (<usize>v << 1));
    const ru = findHalving(JOINED, tu);
    const rv = findHalving(JOINED, tv);
    if (ru == rv) continue;
    const pu = ld(JOINED, ru);
    const pv = ld(JOINED, rv);
    joins++;
    const outU = ld(OUTOF, ru);
    const outV = ld(OUTOF, rv);
    // Union by size (sizes negative in roots), the larger set's root chosen by a select.
    const big = select<i32>(ru, rv, pu <= pv);
    const small = ru ^ rv ^ big;
    st(JOINED, big, pu + pv);
    st(JOINED, small, big);
    st(OUTOF, big, min(outU, outV));
    const weight = ld(WALLW, wall);
    if (outU < weight && outV < weight) {
      st(UNDW, undecided, weight);
      st(UNDWALL, undecided, wall);
      undecided++;
      continue;
    }
    // The lightest wall leaving one side's set: in the tree (cut property).
    unite(CERTAIN, tu, tv);
    const south = wall & 1;
    const cell = base + (u >>> TB) * W + (u & MASK);
    if (triangle) {
      // A cell pointing down (col + row odd) has its vertical wall above, not below.
      const down = (parity + (u >>> TB) + (u & MASK)) & 1;
      clearBits(cell, 2 << (down | south));
      clearBits(cell + 1 + south * (W - 1), 1 << south);
    } else {
      clearBits(cell, 2 << south); // EAST, or SOUTH
      clearBits(cell + 1 + south * (W - 1), 8 >>> (3 * south)); // WEST, or NORTH
    }
    certain++;
  }
  openedCount += certain;
  return undecided;
}
