// AssemblyScript: the triangle grid's minimum spanning tree (grid-mst.ts openTiled) compiled
// to WebAssembly, as square-mst.ts's tiles: the triangle grid is the square grid with the
// same wall ids (cell * 2 east, cell * 2 + 1 below) less the vertical walls of the cells
// that point down (col + row odd), so its tree is found by the square kernel's steps with
// those walls missing, and without the 2 x 2 cycles (a triangle grid has none). Built into
// src/generators/triangle-mst-wasm.ts by scripts/build-wasm.mjs; a test checks that the
// committed bytes are this file's.
//
// Memory (bytes from __heap_base): the maze's cells, then the tile's scratch arrays, the
// coarse nodes of the tile row above, and the coarse edges (16-byte records) growing at the
// end. The host copies the cells in, calls setup, band for each row of tiles, finish, and
// copies the cells out.

const BLOCKED: u8 = 8;

import { addOpened, cellAt, cellsAt, clearBits, clearByte, coarseKruskal, dropPicksLeavingTile, edgeWeight, H, INFINITE, joinInTile, KEPT, LABEL, labelFromRoots, layOut, ld, LIGHTEST, lightestPick, MASK, nodeAt, NORTHNODE, PARENT, PICK, pushCoarse, RAW, SIDE, sortWalls, st, startTile, startTrees, takenCount, TB, UNDW, UNDWALL, W, WALLW, WESTNODE } from './square-tiles';

export { cellsAt } from './square-tiles';

/** Lays the memory out for a w x h maze with tiles of 2^tileBits a side; returns 0. */
export function setup(w: i32, h: i32, k1: i32, k2: i32, tileBits: i32): i32 {
  return layOut(w, h, k1, k2, tileBits, BLOCKED, true);
}

/**
 * Opens the wall east of `cell` (south 0) or below it (south 1; `cell` then points up).
 * Slots: an up cell W, E, S (bits 1, 2, 4), a down cell W, N, E (1, 2, 4); `down` is 1
 * when `cell` points down. `opens` 0 leaves the bits.
 */
@inline function openWall(cell: i32, south: i32, down: i32, opens: i32): void {
  clearBits(cell, (2 << (down | south)) & -opens);
  clearBits(cell + 1 + south * (W - 1), (1 << south) & -opens);
}

function noteOut(x0: i32, y0: i32, tw: i32, th: i32, base: i32): void {
  const parity = (x0 + y0) & 1;
  for (let ly = 0; ly < th; ly++) {
    const west = base + ly * W;
    const east = west + tw - 1;
    const row = ly << TB;
    if (x0 > 0 && !((cellAt(west) | cellAt(west - 1)) & BLOCKED)) {
      st(LIGHTEST, row, min(ld(LIGHTEST, row), edgeWeight((west - 1) * 2)));
    }
    if (x0 + tw < W && !((cellAt(east) | cellAt(east + 1)) & BLOCKED)) {
      const at = row + tw - 1;
      st(LIGHTEST, at, min(ld(LIGHTEST, at), edgeWeight(east * 2)));
    }
  }
  const lastLocalRow = (th - 1) << TB;
  for (let lx = 0; lx < tw; lx++) {
    const north = base + lx;
    const south = north + (th - 1) * W;
    // A vertical wall above a cell that points down, below one that points up.
    if (y0 > 0 && ((parity + lx) & 1) == 1 && !((cellAt(north) | cellAt(north - W)) & BLOCKED)) {
      st(LIGHTEST, lx, min(ld(LIGHTEST, lx), edgeWeight((north - W) * 2 + 1)));
    }
    if (y0 + th < H && ((parity + lx + th - 1) & 1) == 0 && !((cellAt(south) | cellAt(south + W)) & BLOCKED)) {
      const at = lastLocalRow + lx;
      st(LIGHTEST, at, min(ld(LIGHTEST, at), edgeWeight(south * 2 + 1)));
    }
  }
}

function weighTile(tw: i32, th: i32, base: i32, patterned: bool, parity: i32): void {
  for (let ly = 0; ly < th; ly++) {
    const grid = base + ly * W;
    const row = ly << TB;
    let west = INFINITE;
    for (let lx = 0; lx < tw; lx++) {
      const cell = grid + lx;
      const local = row + lx;
      let keep = 0;
      let east = INFINITE;
      let south = INFINITE;
      if (!patterned || !(cellAt(cell) & BLOCKED)) {
        if (lx + 1 < tw && (!patterned || !(cellAt(cell + 1) & BLOCKED))) {
          east = edgeWeight(cell << 1);
          keep = 1;
        }
        if (ly + 1 < th && ((parity + lx + ly) & 1) == 0 && (!patterned || !(cellAt(cell + W) & BLOCKED))) {
          south = edgeWeight((cell << 1) | 1);
          keep |= 2;
        }
      }
      st(WALLW, local << 1, east);
      st(WALLW, (local << 1) | 1, south);
      store<u8>(KEPT + <usize>local, <u8>keep);
      // Selects, not branches: which wall is lightest is a coin toss.
      const north = ly > 0 ? ld(WALLW, ((local - SIDE) << 1) | 1) : INFINITE;
      st(PICK, local, lightestPick(local, east, south, west, north));
      west = east;
    }
  }
}

function openLightestPerCell(tw: i32, th: i32, base: i32, parity: i32): i32 {
  let joins = 0;
  let trees = 0;
  for (let ly = 0; ly < th; ly++) {
    const row = ly << TB;
    for (let local = row, end = row + tw; local < end; local++) {
      const pick = ld(PICK, local);
      store<u16>(LABEL + (<usize>local << 1), <u16>trees);
      if (pick < 0) {
        trees++;
        continue;
      }
      const a = pick >>> 1;
      const south = pick & 1;
      const b = a + 1 + south * (SIDE - 1);
      const other = a + b - local;
      const root = i32(ld(PICK, other) == pick) & i32(local < other);
      st(PARENT, local, other | -root);
      trees += root;
      clearByte(KEPT + <usize>a, 1 << south);
      const opens = root ^ 1;
      const cell = base + (a >>> TB) * W + (a & MASK);
      openWall(cell, south, (parity + (a >>> TB) + (a & MASK)) & 1, opens);
      joins += opens;
    }
  }
  addOpened(joins);
  return joins;
}

function gatherWalls(tw: i32, th: i32): i32 {
  let walls = 0;
  for (let ly = 0; ly < th; ly++) {
    const row = ly << TB;
    for (let local = row, end = row + tw; local < end; local++) {
      const keep = <i32>load<u8>(KEPT + <usize>local);
      st(RAW, walls, local << 1);
      walls += keep & 1;
      st(RAW, walls, (local << 1) | 1);
      walls += (keep >>> 1) & 1;
    }
  }
  return walls;
}

function handOff(x0: i32, y0: i32, tw: i32, th: i32, base: i32, undecided: i32): void {
  const lastLocalRow = (th - 1) << TB;
  for (let i = 0; i < undecided; i++) {
    const wall = ld(UNDWALL, i);
    const u = wall >>> 1;
    const v = wall & 1 ? u + SIDE : u + 1;
    const cell = base + (u >>> TB) * W + (u & MASK);
    pushCoarse(ld(UNDW, i), cell * 2 + (wall & 1), nodeAt(u), nodeAt(v));
  }
  if (x0 > 0) {
    for (let ly = 0; ly < th; ly++) {
      const cell = base + ly * W;
      if ((cellAt(cell) | cellAt(cell - 1)) & BLOCKED) continue;
      const wall = (cell - 1) * 2;
      pushCoarse(edgeWeight(wall), wall, ld(WESTNODE, ly), nodeAt(ly << TB));
    }
  }
  if (y0 > 0) {
    for (let lx = 0; lx < tw; lx++) {
      const cell = base + lx;
      // Only a cell that points down has a wall above it.
      if (((x0 + y0 + lx) & 1) == 0 || (cellAt(cell) | cellAt(cell - W)) & BLOCKED) continue;
      const wall = (cell - W) * 2 + 1;
      pushCoarse(edgeWeight(wall), wall, ld(NORTHNODE, x0 + lx), nodeAt(lx));
    }
  }
  if (x0 + tw < W) {
    for (let ly = 0; ly < th; ly++) {
      const local = (ly << TB) + tw - 1;
      st(WESTNODE, ly, cellAt(base + ly * W + tw - 1) & BLOCKED ? -1 : nodeAt(local));
    }
  }
  if (y0 + th < H) {
    for (let lx = 0; lx < tw; lx++) {
      st(NORTHNODE, x0 + lx, cellAt(base + (th - 1) * W + lx) & BLOCKED ? -1 : nodeAt(lastLocalRow + lx));
    }
  }
}

function processTile(x0: i32, y0: i32, th: i32): void {
  const tw = min(SIDE, W - x0);
  const base = y0 * W + x0;
  const free = startTile(tw, th, base);
  noteOut(x0, y0, tw, th, base);
  const patterned = free != tw * th;
  const parity = (x0 + y0) & 1;
  weighTile(tw, th, base, patterned, parity);
  dropPicksLeavingTile(tw, th);
  const joins = openLightestPerCell(tw, th, base, parity);
  labelFromRoots(tw, th);
  startTrees(tw, th, tw * th - joins);
  const walls = gatherWalls(tw, th);
  sortWalls(walls);
  const undecided = joinInTile(base, walls, joins, free, parity);
  handOff(x0, y0, tw, th, base, undecided);
}

/** Every tile of the row of tiles from row y0. */
export function band(y0: i32): void {
  const th = min(SIDE, H - y0);
  for (let x0 = 0; x0 < W; x0 += SIDE) processTile(x0, y0, th);
}

/** Opens the walls the Kruskal over the coarse graph takes: what the tiles left undecided. */
export function finish(): void {
  const taken = coarseKruskal();
  for (let i = 0; i < takenCount; i++) {
    const wall = ld(taken, i);
    const cell = wall >>> 1;
    const south = wall & 1;
    openWall(cell, south, ((cell % W) + cell / W) & 1, 1);
  }
}
