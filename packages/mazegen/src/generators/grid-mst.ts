// One file, though long: the tiled spanning tree of the hex, triangle and polar grids, whose tile
// walk, wall lists and border gathering share one workspace; the per-grid tile shapes are in grid-mst-hex.ts and grid-mst-polar.ts.
import type { GridMaze } from '../maze.js';
import { HexTopology } from '../grid/hex.js';
import { PolarTopology } from '../grid/polar.js';
import type { Topology } from '../grid/topology.js';
import { Step, type StepReporter } from '../steps.js';
import { edgeWeight, sortByWeight, type WeightKeys } from './mst.js';
import { PolarTile, runPolarTile, startPolarTile, type PolarTileAt } from './grid-mst-polar.js';
import { HexTile, runHexTile, startHexTile, type HexTileAt } from './grid-mst-hex.js';
import { openHexTreeInWasm } from './hex-mst-kernel.js';
import { openTriangleTreeInWasm } from './triangle-mst-kernel.js';
import { openPolarTreeInWasm } from './polar-mst-kernel.js';
import { TriangleTopology } from '../grid/triangle.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';

/** Walls gathered per pass at most (about): the pass buffers stay a few MiB whatever the maze. */
const PASS_WALLS = 1 << 21;

export interface GridSpanningTreeOptions {
  onStep?: StepReporter;
  /** Told the cells joined so far (walls opened + 1) after each pass and every PROGRESS_EVERY cells a pass scans, or about every PROGRESS_EVERY cells of tiles; not at the end. */
  onProgress?: ProgressReporter;
  /** Walls per pass (tests use few, to run many passes); given, or with `onStep`, the tree is found in passes. */
  passWalls?: number;
  /** Cells per tile of the tiled search (tests use few, to cross many tiles). */
  tileCells?: number;
}

/** Cells per tile (about 128 x 128): the tile's buffers stay in cache, and the walls kept between tiles stay well under a byte a cell at 10^7 cells. */
const TILE_CELLS = 1 << 14;
/** At most this many cells a tile: a tile wall packs its two cells' local indices and a slot in 32 bits. */
const MAX_TILE_CELLS = 1 << 14;
const INFINITE = 0x7fffffff;

/**
 * The minimum spanning tree of the free cells of any grid under the keyed wall weights
 * of mst.ts (`edgeWeight(topology.edgeId(...))`, compared as int32): Kruskal, for the
 * grids the square kernel does not cover. Distinct walls weigh differently while their
 * ids stay below 2^32 (edgeWeight hashes 32 bits: a hex grid of over 1.43 x 10^9 cells
 * passes that, and walls 2^32 ids apart, far from each other, then weigh the same; the
 * result is still a spanning tree), so the tree is unique and on the square grid it is the square kernel's tree (same ids, same keys;
 * tested), whichever way it is found: tile by tile (`openTiled`, the usual way), or,
 * for a step reporter, which must see the walls opened in increasing weight order, in
 * passes: the walls are not stored, each pass recomputes every weight and keeps those
 * in its slice of the weight range (slices cut by the top bits, sized for about
 * PASS_WALLS walls each), sorts them and joins them on one union-find, so memory is 4
 * bytes a cell plus the pass buffers.
 */
export function openGridSpanningTree(maze: GridMaze, keys: WeightKeys, options: GridSpanningTreeOptions = {}): void {
  if (options.onStep || options.passWalls !== undefined) openInPasses(maze, keys, options);
  else openTiled(maze, keys, options.onProgress, options.tileCells ?? TILE_CELLS);
}

/**
 * The tiled tree of a hex grid by its WebAssembly build (hex-mst-kernel.ts), on the tiles
 * `openTiled` cuts: the same tree. False, with the maze untouched, where it does not run
 * (or the grid is not a hex one).
 */
export function openHexTreeTiledInWasm(maze: GridMaze, keys: WeightKeys, onProgress?: ProgressReporter): boolean {
  const t = maze.topology;
  return (
    t instanceof HexTopology &&
    openHexTreeInWasm(maze, t, keys, Math.min(TILE_CELLS, maze.size, MAX_TILE_CELLS), MAX_TILE_CELLS, onProgress)
  );
}

/** The same for a triangle grid (triangle-mst-kernel.ts). */
export function openTriangleTreeTiledInWasm(maze: GridMaze, keys: WeightKeys, onProgress?: ProgressReporter): boolean {
  const t = maze.topology;
  return t instanceof TriangleTopology && openTriangleTreeInWasm(maze, t, keys, TILE_CELLS, onProgress);
}

/** The same for a polar grid (polar-mst-kernel.ts). */
export function openPolarTreeTiledInWasm(maze: GridMaze, keys: WeightKeys, onProgress?: ProgressReporter): boolean {
  const t = maze.topology;
  return (
    t instanceof PolarTopology &&
    openPolarTreeInWasm(maze, t, keys, Math.min(TILE_CELLS, maze.size, MAX_TILE_CELLS), MAX_TILE_CELLS, onProgress)
  );
}

/** The tree in passes over the weight range, each wall opened in increasing weight order (what a step reporter sees). */
function openInPasses(maze: GridMaze, keys: WeightKeys, options: GridSpanningTreeOptions): void {
  const { onStep, onProgress, passWalls = PASS_WALLS } = options;
  const t = maze.topology;
  const { cells, size } = maze;
  const blocked = t.blockedBit;
  const [k1, k2] = keys;
  const parent = new Int32Array(size);
  for (let i = 0; i < size; i++) parent[i] = i;
  const find = (cell: number): number => {
    while (parent[cell] !== cell) {
      parent[cell] = parent[parent[cell]];
      cell = parent[cell];
    }
    return cell;
  };
  const wallsAbout = (size * t.maxDegree) / 2;
  let passBits = 0;
  while (passBits < 16 && wallsAbout / 2 ** passBits > passWalls) passBits++;
  const passes = 2 ** passBits;
  let capacity = Math.max(16, Math.ceil((wallsAbout / passes) * 1.25));
  let weight = new Int32Array(capacity);
  let wallCell = new Int32Array(capacity);
  let wallSlot = new Uint8Array(capacity);
  const around = new Int32Array(t.maxDegree);
  let joined = 0;
  let free = 0;
  for (let cell = 0; cell < size; cell++) if ((cells[cell] & blocked) === 0) free++;

  for (let pass = 0; pass < passes && joined < free - 1; pass++) {
    // Gather this slice's walls: each wall once, from its lower-numbered cell.
    let n = 0;
    let untilProgress = PROGRESS_EVERY;
    for (let cell = 0; cell < size; cell++) {
      // A pass scans every cell: on a big grid the bar moves (or at least ticks) within it.
      if (--untilProgress === 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress(joined + 1, size);
      }
      if (cells[cell] & blocked) continue;
      const degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next <= cell || cells[next] & blocked) continue;
        const w = edgeWeight(t.edgeId(cell, s), k1, k2);
        if (passBits > 0 && (w ^ 0x80000000) >>> (32 - passBits) !== pass) continue;
        if (n === capacity) {
          capacity *= 2;
          const moreWeight = new Int32Array(capacity);
          moreWeight.set(weight);
          weight = moreWeight;
          const moreCell = new Int32Array(capacity);
          moreCell.set(wallCell);
          wallCell = moreCell;
          const moreSlot = new Uint8Array(capacity);
          moreSlot.set(wallSlot);
          wallSlot = moreSlot;
        }
        weight[n] = w;
        wallCell[n] = cell;
        wallSlot[n] = s;
        n++;
      }
    }
    const order = sortedByWeight(weight, n);
    for (let i = 0; i < n; i++) {
      const cell = wallCell[order[i]];
      const slot = wallSlot[order[i]];
      const next = t.neighbour(cell, slot);
      const a = find(cell);
      const b = find(next);
      if (a === b) continue;
      parent[a] = b;
      cells[cell] &= ~(1 << slot);
      cells[next] &= ~(1 << t.backSlot(cell, slot));
      joined++;
      if (onStep) onStep(Step.Carve, cell, 1 << slot);
    }
    if (onProgress) onProgress(joined + 1, size);
  }
}

/**
 * Growable parallel arrays of kept walls: weight, the cell it is taken from, its slot
 * there, and the ids of its two sides' parts; in chunks of 2^bits walls, so that growing
 * copies nothing (a grown copy leaves the old arrays as garbage until a collection: a
 * third more peak memory on a 10^7-cell grid).
 */
class WallList {
  private readonly bits: number;
  private readonly mask: number;
  private readonly weights: Int32Array[] = [];
  private readonly cells: Int32Array[] = [];
  private readonly slots: Uint8Array[] = [];
  /** While its tile runs: the local index of each side's cell (sideB -1: the other side's tile is still to come); after it: the part ids. */
  private readonly sideAs: Int32Array[] = [];
  private readonly sideBs: Int32Array[] = [];
  length = 0;

  constructor(bits: number) {
    this.bits = bits;
    this.mask = (1 << bits) - 1;
  }

  push(weight: number, cell: number, slot: number, sideA: number, sideB: number): void {
    const chunk = this.length >> this.bits;
    if (chunk === this.weights.length) {
      const n = 1 << this.bits;
      this.weights.push(new Int32Array(n));
      this.cells.push(new Int32Array(n));
      this.slots.push(new Uint8Array(n));
      this.sideAs.push(new Int32Array(n));
      this.sideBs.push(new Int32Array(n));
    }
    const at = this.length++ & this.mask;
    this.weights[chunk][at] = weight;
    this.cells[chunk][at] = cell;
    this.slots[chunk][at] = slot;
    this.sideAs[chunk][at] = sideA;
    this.sideBs[chunk][at] = sideB;
  }

  /** Every weight, in one array. */
  allWeights(): Int32Array {
    const all = new Int32Array(this.length);
    for (let chunk = 0; chunk < this.weights.length; chunk++) {
      const from = chunk << this.bits;
      all.set(this.weights[chunk].subarray(0, Math.min(1 << this.bits, this.length - from)), from);
    }
    return all;
  }

  cell(i: number): number {
    return this.cells[i >> this.bits][i & this.mask];
  }

  slot(i: number): number {
    return this.slots[i >> this.bits][i & this.mask];
  }

  sideA(i: number): number {
    return this.sideAs[i >> this.bits][i & this.mask];
  }

  sideB(i: number): number {
    return this.sideBs[i >> this.bits][i & this.mask];
  }

  setSideA(i: number, part: number): void {
    this.sideAs[i >> this.bits][i & this.mask] = part;
  }

  setSideB(i: number, part: number): void {
    this.sideBs[i >> this.bits][i & this.mask] = part;
  }
}

/** Pending walls that reach a tile: their index in the kept walls, and the local index of their cell there. */
class Arrivals {
  wall = new Int32Array(256);
  local = new Int32Array(256);
  length = 0;

  push(wall: number, local: number): void {
    if (this.length === this.wall.length) {
      // Doubled: it holds one tile's walls, a few hundred.
      const wall = new Int32Array(2 * this.length);
      wall.set(this.wall);
      this.wall = wall;
      const local = new Int32Array(2 * this.length);
      local.set(this.local);
      this.local = local;
    }
    this.wall[this.length] = wall;
    this.local[this.length++] = local;
  }
}

/**
 * The same tree found tile by tile, as mst.ts does for the square grid, on about square
 * tiles of at most `tileCells` cells (a band of rows or rings cut into sectors, each
 * row's share of a sector in proportion to its width). Each cell's lightest wall is
 * opened first (when no wall to another tile is lighter), as in a Borůvka round; the
 * tile's other inner walls are then joined in weight order on a union-find of the tile, which also knows each part's
 * lightest wall to another tile: a wall joining two parts of the tile is the heaviest on
 * a cycle (dropped for good) when they are already one part, in the tree by the cut
 * property when it is lighter than every wall leaving one of the parts (opened at once),
 * and undecided otherwise. The undecided walls and the walls between tiles are then
 * joined by Kruskal on a union-find of parts: each side of a kept wall is named by the
 * id of its cell's part under the walls its tile opened, so that union-find covers the
 * parts along kept walls, not every cell. Same tree (the weights are distinct, so it is
 * unique), with the work in cache and memory the maze plus the tile buffers and the
 * kept walls (about 1.5% of the walls on a 10^7-cell hex grid).
 */
function openTiled(maze: GridMaze, keys: WeightKeys, onProgress: ProgressReporter | undefined, tileCells: number): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const tile = Math.min(tileCells, size, MAX_TILE_CELLS);
  // The hex grid's tiles are laid out as the square kernel's, with a frame (grid-mst-hex.ts).
  const hexTile = t instanceof HexTopology ? new HexTile(tile, t.width, t.height, MAX_TILE_CELLS) : undefined;
  // And the polar grid's: rings of one count (a wrapped square grid) in tiles of their own (grid-mst-polar.ts).
  const polarTile = t instanceof PolarTopology ? new PolarTile(tile, t.ringCount[t.height], MAX_TILE_CELLS) : undefined;
  const locals = hexTile ? hexTile.capacity : polarTile ? polarTile.capacity : tile;
  const capacity = hexTile ? 3 * locals + 1 : polarTile ? 2 * locals + 1 : Math.ceil((tile * t.maxDegree) / 2) + 1;
  // The hex and polar tiles sort 0.6-0.9 walls a cell (of their 3 or 2): about a bucket a cell of
  // the frame (2^13), not one for every wall there could be (more buckets to clear and count than walls).
  const sorted = hexTile || polarTile ? locals : capacity;
  let bucketBits = 1;
  while (bucketBits < 16 && 2 << bucketBits < sorted) bucketBits++;
  const rowStart = rowStarts(t);
  const rows = rowStart.length - 1;
  const ws: TileWork = {
    maze,
    k1: keys[0],
    k2: keys[1],
    rowStart,
    r0: 0,
    r1: 0,
    rowLo: new Int32Array(tile + 1),
    rowHi: new Int32Array(tile + 1),
    rowOffset: new Int32Array(tile + 1),
    tileCell: new Int32Array(locals),
    openParent: new Int32Array(locals),
    partId: new Int32Array(locals),
    parts: 0,
    pending: new Map(),
    arriving: new Arrivals(),
    localParent: new Int32Array(locals),
    rank: new Uint8Array(locals),
    lightestOut: new Int32Array(locals),
    innerWeight: new Int32Array(capacity),
    innerWall: new Int32Array(capacity),
    sortedWeight: new Int32Array(capacity),
    sortedWall: new Int32Array(capacity),
    bucketShift: 32 - bucketBits,
    bucketStart: new Int32Array((1 << bucketBits) + 1),
    lightestIn: new Int32Array(locals),
    pickOf: new Int32Array(locals),
    // Chunks of about 1/64 of the cells (kept walls are about 5% of them), 2^10 to 2^16 walls.
    kept: new WallList(Math.max(10, Math.min(16, Math.round(Math.log2(size)) - 6))),
    free: 0,
    identity: Int32Array.from({ length: hexTile || polarTile ? locals : 0 }, (_, i) => i),
    backSlots: hexTile
      ? Uint8Array.of(3, 4, 5)
      : polarTile
        ? Uint8Array.from({ length: 16 }, (_, slot) => (slot === 0 ? 2 : 1))
        : undefined,
    around: new Int32Array(t.maxDegree),
  };
  const { kept } = ws;
  const side = Math.max(1, Math.floor(Math.sqrt(tile)));
  const cellsOfRow = (r: number): number => rowStart[r + 1] - rowStart[r];
  let joined = 0;
  let done = 0;
  let reported = 0;
  if (hexTile && t instanceof HexTopology) joined = openHexTiles(ws, hexTile, t, onProgress);
  else if (polarTile && t instanceof PolarTopology) joined = openPolarTiles(ws, polarTile, t, onProgress);
  else {
    // Bands of rows (rings) cut into about square tiles of about `tile` cells, each in calls of its own (V8 compiles them whole).
    for (let r0 = 0; r0 < rows;) {
      const sectors = Math.max(1, Math.floor(cellsOfRow(r0) / side), Math.ceil(cellsOfRow(r0) / tile));
      let r1 = r0;
      let total = 0;
      while (r1 < rows && total + Math.ceil(cellsOfRow(r1) / sectors) <= tile) total += Math.ceil(cellsOfRow(r1++) / sectors);
      ws.r0 = r0;
      ws.r1 = r1;
      for (let sector = 0; sector < sectors; sector++) {
        let count = 0;
        for (let r = r0; r < r1; r++) {
          const width = cellsOfRow(r);
          const i = r - r0;
          ws.rowLo[i] = Math.floor((sector * width) / sectors);
          ws.rowHi[i] = Math.floor(((sector + 1) * width) / sectors);
          ws.rowOffset[i] = count;
          for (let c = ws.rowLo[i]; c < ws.rowHi[i]; c++) ws.tileCell[count++] = rowStart[r] + c;
        }
        const first = kept.length;
        resetTile(ws, count);
        const n = gatherTile(ws);
        const picked = openLightestPerCell(ws, count);
        joined += picked;
        carryLightestOut(ws, count);
        const left = dropPicked(ws, n);
        sortByWeight(left, ws.innerWeight, ws.innerWall, ws.sortedWeight, ws.sortedWall, ws.bucketStart, ws.bucketShift);
        joined += joinTile(ws, left, ws.free - 1 - picked);
        nameParts(ws, first);
        done += count;
        if (onProgress && done - reported >= PROGRESS_EVERY) {
          reported = done;
          onProgress(joined + 1, size);
        }
      }
      r0 = r1;
    }
  }
  if (ws.pending.size > 0) throw new Error(`internal: ${ws.pending.size} walls between tiles met from one side only`);
  const parent = new Int32Array(ws.parts);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const find = (part: number): number => {
    while (parent[part] !== part) {
      parent[part] = parent[parent[part]];
      part = parent[part];
    }
    return part;
  };
  // The kept walls in weight order, as indices: 4 bytes a kept wall more, where sorting them with payloads took 16.
  const order = sortedByWeight(kept.allWeights(), kept.length);
  for (let i = 0; i < kept.length; i++) {
    const wall = order[i];
    const a = find(kept.sideA(wall));
    const b = find(kept.sideB(wall));
    if (a === b) continue;
    parent[a] = b;
    const cell = kept.cell(wall);
    const slot = kept.slot(wall);
    const next = t.neighbour(cell, slot);
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << t.backSlot(cell, slot));
    joined++;
  }
}

/** openTiled's tiles on the hex grid (grid-mst-hex.ts): columns x rows of cells, from even columns; returns the walls opened. */
function openHexTiles(ws: TileWork, tile: HexTile, t: HexTopology, onProgress: ProgressReporter | undefined): number {
  const { maze, kept, tileCell, lightestOut, pickOf, localParent, openParent, innerWeight, innerWall, bucketStart, bucketShift } = ws;
  const { cells, size } = maze;
  const { width: w, height: h } = t;
  const at: HexTileAt = { x0: 0, y0: 0, tw: 0, th: 0 };
  const frame: TileFrame = { row0: 0, rows: 0, column0: 0, columns: 0, stride: tile.stride };
  const edges = new EdgeParts(w, tile.rows, t.wrap === 'y' || t.wrap === 'xy' ? w : 0);
  let joined = 0;
  let done = 0;
  let reported = 0;
  for (let y0 = 0; y0 < h; y0 += tile.rows) {
    for (let x0 = 0; x0 < w; x0 += tile.columns) {
      at.x0 = frame.column0 = x0;
      at.y0 = frame.row0 = y0;
      at.tw = frame.columns = Math.min(tile.columns, w - x0);
      at.th = frame.rows = Math.min(tile.rows, h - y0);
      const first = kept.length;
      resetFrame(ws, tile.capacity);
      const free = startHexTile(tile, at, cells, t, tileCell);
      gatherHexBorder(ws, tile, at, t, frame, edges);
      const picked = runHexTile(
        tile,
        at,
        w,
        ws.k1,
        ws.k2,
        cells,
        tileCell,
        lightestOut,
        pickOf,
        localParent,
        openParent,
        innerWeight,
        innerWall,
        bucketStart,
        bucketShift,
      );
      joined += picked;
      joined += closeFramedTile(ws, frame, edges, tile.left, free - 1 - picked, first);
      done += at.tw * at.th;
      if (onProgress && done - reported >= PROGRESS_EVERY) {
        reported = done;
        onProgress(joined + 1, size);
      }
    }
    edges.nextBand();
  }
  return joined;
}

/**
 * What a hex or polar tile does once its picks are open: carries the lightest walls out
 * of its edge cells, sorts the `left` walls still undecided inside it and joins them (at
 * most `joins`), names the parts of the walls it kept (from `first`) and notes its edge
 * cells' parts for the tiles after it. Returns the walls it opened.
 */
function closeFramedTile(ws: TileWork, frame: TileFrame, edges: EdgeParts, left: number, joins: number, first: number): number {
  carryFrameOut(ws, frame);
  sortByWeight(left, ws.innerWeight, ws.innerWall, ws.sortedWeight, ws.sortedWall, ws.bucketStart, ws.bucketShift);
  const opened = joinTile(ws, left, joins);
  nameParts(ws, first);
  noteEdgeParts(ws, frame, edges);
  return opened;
}

/**
 * The walls from the hex tile's edge cells out of it (to another tile, or wrapped),
 * weighed into each cell's lightest wall out of the tile and kept (gatherBorderCell). A
 * slot leads out when the neighbour by plain offsets (row, column) lies outside the tile.
 */
function gatherHexBorder(ws: TileWork, tile: HexTile, at: HexTileAt, t: HexTopology, frame: TileFrame, edges: EdgeParts): void {
  const { tw, th } = at;
  for (let i = 0; i < th; i++) {
    const edgeRow = i === 0 || i + 1 === th;
    for (let j = 0; j < tw; j += edgeRow || j + 1 === tw ? 1 : tw - 1) {
      // Slots N, NE, SE, S, SW, NW: their rows (by the column's parity) and columns.
      const odd = j & 1;
      const up = i > 0;
      const down = i + 1 < th;
      const left = j > 0;
      const right = j + 1 < tw;
      const inner =
        Number(up) |
        (Number(right && (odd ? true : up)) << 1) |
        (Number(right && (odd ? down : true)) << 2) |
        (Number(down) << 3) |
        (Number(left && (odd ? down : true)) << 4) |
        (Number(left && (odd ? true : up)) << 5);
      gatherBorderCell(ws, (at.y0 + i) * t.width + at.x0 + j, (i + 1) * tile.stride + j + 1, inner, frame, edges);
    }
  }
}

/** openTiled's tiles on the polar grid (grid-mst-polar.ts): each run of rings of one count in bands of rows cut into sectors; returns the walls opened. */
function openPolarTiles(ws: TileWork, tile: PolarTile, t: PolarTopology, onProgress: ProgressReporter | undefined): number {
  const { maze, kept, tileCell, lightestOut, pickOf, localParent, openParent, innerWeight, innerWall, bucketStart, bucketShift } = ws;
  const { cells, size } = maze;
  const { ringCount, ringStart } = t;
  const at: PolarTileAt = { r0: 0, th: 0, lo: 0, tw: 0, start: 0, count: 0, lastClockwise: 3 };
  const frame: TileFrame = { row0: 0, rows: 0, column0: 0, columns: 0, stride: tile.stride };
  const edges = new EdgeParts(ringCount[t.height], tile.rows, 0);
  let joined = 0;
  let done = 0;
  let reported = 0;
  for (let ring = 0; ring <= t.height;) {
    const count = ringCount[ring];
    let end = ring + 1;
    while (end <= t.height && ringCount[end] === count) end++;
    const sectors = Math.ceil(count / tile.columns);
    for (let r0 = ring; r0 < end; r0 += tile.rows) {
      at.r0 = frame.row0 = r0;
      at.th = frame.rows = Math.min(tile.rows, end - r0);
      at.start = ringStart[r0];
      at.count = count;
      at.lastClockwise = 2 + t.outwardCount(r0 + at.th - 1);
      for (let sector = 0; sector < sectors; sector++) {
        at.lo = frame.column0 = Math.floor((sector * count) / sectors);
        at.tw = frame.columns = Math.floor(((sector + 1) * count) / sectors) - at.lo;
        const first = kept.length;
        resetFrame(ws, tile.capacity);
        const free = startPolarTile(tile, at, cells, t.blockedBit, tileCell);
        gatherPolarBorder(ws, tile, at, t, frame, edges);
        const picked = runPolarTile(
          tile,
          at,
          ws.k1,
          ws.k2,
          cells,
          tileCell,
          lightestOut,
          pickOf,
          localParent,
          openParent,
          innerWeight,
          innerWall,
          bucketStart,
          bucketShift,
        );
        joined += picked;
        joined += closeFramedTile(ws, frame, edges, tile.left, free - 1 - picked, first);
        done += at.tw * at.th;
        if (onProgress && done - reported >= PROGRESS_EVERY) {
          reported = done;
          onProgress(joined + 1, size);
        }
      }
      edges.nextBand();
    }
    ring = end;
  }
  return joined;
}

/** The walls from the polar tile's edge cells out of it (to another tile or run of rings, or the ring's wrap), as gatherHexBorder. */
function gatherPolarBorder(ws: TileWork, tile: PolarTile, at: PolarTileAt, t: PolarTopology, frame: TileFrame, edges: EdgeParts): void {
  const { tw, th } = at;
  for (let i = 0; i < th; i++) {
    const edgeRow = i === 0 || i + 1 === th;
    // Slots: inward 0, anticlockwise 1, outward 2..2+k-1, clockwise 2+k; outward leads out of the tile but on rings of one count.
    const k = t.outwardCount(at.r0 + i);
    const outwardInner = k === 1 && i + 1 < th ? 4 : 0;
    for (let j = 0; j < tw; j += edgeRow || j + 1 === tw ? 1 : tw - 1) {
      const inner = Number(i > 0) | (Number(j > 0) << 1) | outwardInner | (Number(j + 1 < tw) << (2 + k));
      gatherBorderCell(ws, at.start + i * at.count + at.lo + j, (i + 1) * tile.stride + j + 1, inner, frame, edges);
    }
  }
}

/** A hex or polar tile: rows (rings) [row0, row0 + rows) by columns (indices) [column0, column0 + columns), in a frame of `stride`. */
interface TileFrame {
  row0: number;
  rows: number;
  column0: number;
  columns: number;
  stride: number;
}

/**
 * The part ids of the cells at the edges of the hex or polar tiles done that a later
 * tile's walls reach: the band above's last row (by column), the tile before's last
 * column and the band's first tile's first column (by row of the band), and, on a hex
 * grid wrapped north to south, the first row. Each wall between two tiles is kept by the
 * later tile, which knows both sides' parts; the earlier one only weighs it.
 */
class EdgeParts {
  above: Int32Array;
  below: Int32Array;
  readonly west: Int32Array;
  readonly firstColumn: Int32Array;
  readonly firstRow: Int32Array;

  constructor(widest: number, rows: number, firstRow: number) {
    this.above = new Int32Array(widest);
    this.below = new Int32Array(widest);
    this.west = new Int32Array(rows);
    this.firstColumn = new Int32Array(rows);
    this.firstRow = new Int32Array(firstRow);
  }

  /** The band done: its last row is the next band's row above. */
  nextBand(): void {
    [this.above, this.below] = [this.below, this.above];
  }
}

/**
 * The walls of `cell` (local index `local`) of a hex or polar tile out of it, its slots
 * in `inner` left out: each weighed into the cell's lightest wall out of the tile, and
 * kept if the other side's tile is done (its part read from `edges`), or is this one
 * (a wrapped wall, kept from its higher cell); a later tile keeps the rest.
 */
function gatherBorderCell(ws: TileWork, cell: number, local: number, inner: number, frame: TileFrame, edges: EdgeParts): void {
  const { maze, k1, k2, lightestOut, kept, around } = ws;
  const t = maze.topology;
  const polar = t instanceof PolarTopology ? t : undefined;
  const cells = maze.cells;
  const blocked = t.blockedBit;
  if (cells[cell] & blocked) return;
  const { row0, rows, column0, columns } = frame;
  const degree = t.neighbours(cell, around);
  for (let s = 0; s < degree; s++) {
    const next = around[s];
    if ((inner >> s) & 1 || next < 0 || cells[next] & blocked) continue;
    const w = edgeWeight(t.edgeIdTo(cell, s, next), k1, k2);
    if (w < lightestOut[local]) lightestOut[local] = w;
    // The neighbour's row (ring) and column (index in its ring).
    const row = polar ? polar.ringOf(next) : Math.floor(next / t.width);
    const column = next - (polar ? polar.ringStart[row] : row * t.width);
    const inBand = row >= row0 && row < row0 + rows;
    if (inBand && column >= column0 && column < column0 + columns) {
      if (next < cell) kept.push(w, cell, s, local, (row - row0 + 1) * frame.stride + column - column0 + 1);
    } else if (row === row0 - 1) kept.push(w, cell, s, local, -2 - edges.above[column]);
    else if (inBand && column < column0)
      kept.push(w, cell, s, local, -2 - (column === column0 - 1 ? edges.west[row - row0] : edges.firstColumn[row - row0]));
    else if (row < row0) kept.push(w, cell, s, local, -2 - edges.firstRow[column]);
  }
}

/** Notes the parts of the hex or polar tile's edge cells in `edges`, for the tiles after it. */
function noteEdgeParts(ws: TileWork, frame: TileFrame, edges: EdgeParts): void {
  const { rows, column0, columns, stride } = frame;
  for (let j = 0; j < columns; j++) edges.below[column0 + j] = partOf(ws, rows * stride + j + 1);
  for (let i = 0; i < rows; i++) edges.west[i] = partOf(ws, (i + 1) * stride + columns);
  if (column0 === 0) for (let i = 0; i < rows; i++) edges.firstColumn[i] = partOf(ws, (i + 1) * stride + 1);
  if (frame.row0 === 0 && edges.firstRow.length > 0)
    for (let j = 0; j < columns; j++) edges.firstRow[column0 + j] = partOf(ws, stride + j + 1);
}

/** The first cell of each row (ring) and, last, the size: the polar grid's rings, the others' rows of `width` cells. */
function rowStarts(t: Topology): Int32Array {
  if (t instanceof PolarTopology) return t.ringStart;
  const starts = new Int32Array(t.height + 1);
  for (let r = 0; r <= t.height; r++) starts[r] = r * t.width;
  return starts;
}

/** What the tiles of `openTiled` share. */
interface TileWork {
  maze: GridMaze;
  k1: number;
  k2: number;
  rowStart: Int32Array;
  /** The tile's rows [r0, r1); in row r0 + i its columns [rowLo[i], rowHi[i]) from local index rowOffset[i] on. */
  r0: number;
  r1: number;
  rowLo: Int32Array;
  rowHi: Int32Array;
  rowOffset: Int32Array;
  /** The cell of each local index. */
  tileCell: Int32Array;
  /** The union-find of the tile's cells under the walls it opened, by local index. */
  openParent: Int32Array;
  /** The part id of each root of `openParent` that a kept wall touches (-1: none yet). */
  partId: Int32Array;
  /** Part ids handed out so far. */
  parts: number;
  /** Walls to a tile still to come, by their cell * 16 + slot: their index in `kept`. */
  pending: Map<number, number>;
  /** Pending walls that reach this tile. */
  arriving: Arrivals;
  /** The union-find of the tile's cells, by local index, and its roots' ranks. */
  localParent: Int32Array;
  rank: Uint8Array;
  /** The lightest wall from each part of the tile to another tile (INFINITE: none known). */
  lightestOut: Int32Array;
  /** The tile's inner walls: weight, and local neighbour << 18 | local cell << 4 | slot (at most 15 slots, 2^14 cells). */
  innerWeight: Int32Array;
  innerWall: Int32Array;
  /** The same in weight order, sorted by the top bits of the weight into buckets (counted by gatherTile), then within them. */
  sortedWeight: Int32Array;
  sortedWall: Int32Array;
  bucketShift: number;
  bucketStart: Int32Array;
  /** Per local cell: the weight of its lightest wall inside the tile, and that wall's index (-1: none, or a wall to another tile is lighter). */
  lightestIn: Int32Array;
  pickOf: Int32Array;
  /** Undecided walls and walls between tiles. */
  kept: WallList;
  /** 0, 1, 2, ...: copied to reset a hex or polar tile's union-finds. */
  identity: Int32Array;
  /** For the hex and polar tiles' inner walls, the back slot of each slot they are taken from (hex 0-2; polar 0 inward, 3 or more clockwise). */
  backSlots: Uint8Array | undefined;
  /** The free cells of the tile (counted by gatherTile). */
  free: number;
  around: Int32Array;
}

/** Resets the tile of `count` cells (a step of its own: see carryLightestOut). */
function resetTile(ws: TileWork, count: number): void {
  const { openParent, partId, localParent, lightestOut, lightestIn, pickOf } = ws;
  ws.arriving.length = 0;
  ws.rank.fill(0, 0, count);
  for (let i = 0; i < count; i++) {
    localParent[i] = i;
    lightestOut[i] = INFINITE;
    openParent[i] = i;
    partId[i] = -1;
    lightestIn[i] = INFINITE;
    pickOf[i] = -1;
  }
}

/** Resets a hex or polar tile's union-finds and lightest walls out of `count` local cells (the picks are all written). */
function resetFrame(ws: TileWork, count: number): void {
  const identity = ws.identity.subarray(0, count);
  ws.localParent.set(identity);
  ws.openParent.set(identity);
  ws.rank.fill(0, 0, count);
  ws.lightestOut.fill(INFINITE, 0, count);
  ws.partId.fill(-1, 0, count);
}

/** Lists the tile's inner walls (returns how many) and keeps its walls to other tiles. */
function gatherTile(ws: TileWork): number {
  const {
    maze,
    k1,
    k2,
    rowStart,
    r0,
    r1,
    rowLo,
    rowHi,
    rowOffset,
    pending,
    arriving,
    lightestOut,
    innerWeight,
    innerWall,
    lightestIn,
    pickOf,
    kept,
    around,
  } = ws;
  const t = maze.topology;
  const cells = maze.cells;
  const blocked = t.blockedBit;
  let n = 0;
  let free = 0;
  for (let r = r0; r < r1; r++) {
    const start = rowStart[r];
    // The tile's cells in this row and the rows next to it, as ranges of cell ids and the
    // shift from a cell id to its local index (an empty range for a row outside the tile).
    const i = r - r0;
    const sameLo = start + rowLo[i];
    const sameHi = start + rowHi[i];
    const sameShift = rowOffset[i] - sameLo;
    const belowLo = i + 1 < r1 - r0 ? rowStart[r + 1] + rowLo[i + 1] : 0;
    const belowHi = i + 1 < r1 - r0 ? rowStart[r + 1] + rowHi[i + 1] : 0;
    const belowShift = i + 1 < r1 - r0 ? rowOffset[i + 1] - belowLo : 0;
    const aboveLo = i > 0 ? rowStart[r - 1] + rowLo[i - 1] : 0;
    const aboveHi = i > 0 ? rowStart[r - 1] + rowHi[i - 1] : 0;
    const aboveShift = i > 0 ? rowOffset[i - 1] - aboveLo : 0;
    for (let local = rowOffset[i], c = rowLo[i]; c < rowHi[i]; local++, c++) {
      const cell = start + c;
      if (cells[cell] & blocked) continue;
      free++;
      const degree = t.neighbours(cell, around);
      // The cell's lightest inner wall (its walls to lower cells were weighed with them),
      // taken without branches: 0/1 flags as masks.
      let best = lightestIn[local];
      let pick = pickOf[local];
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next < 0 || cells[next] & blocked) continue;
        // The neighbour's local index, or -1 outside the tile: mostly in this row or the ones next to it.
        let localNext = -1;
        if (next >= sameLo && next < sameHi) localNext = next + sameShift;
        else if (next >= belowLo && next < belowHi) localNext = next + belowShift;
        else if (next >= aboveLo && next < aboveHi) localNext = next + aboveShift;
        else localNext = localIndex(ws, next); // a wrapped edge, or outside the tile
        if (localNext >= 0) {
          if (localNext <= local) continue;
          const w = edgeWeight(t.edgeIdTo(cell, s, next), k1, k2);
          innerWeight[n] = w;
          innerWall[n] = (localNext << 18) | (local << 4) | s;
          let take = -Number(w < best);
          best = (w & take) | (best & ~take);
          pick = (n & take) | (pick & ~take);
          const bestNext = lightestIn[localNext];
          take = -Number(w < bestNext);
          lightestIn[localNext] = (w & take) | (bestNext & ~take);
          pickOf[localNext] = (n & take) | (pickOf[localNext] & ~take);
          n++;
        } else {
          const w = edgeWeight(t.edgeIdTo(cell, s, next), k1, k2);
          if (w < lightestOut[local]) lightestOut[local] = w;
          // Each wall between tiles is kept once, by the tile that meets it first; the other tile names the far side.
          const key = next * 16 + t.backSlot(cell, s);
          const wall = pending.get(key);
          if (wall === undefined) {
            pending.set(cell * 16 + s, kept.length);
            kept.push(w, cell, s, local, -1);
          } else {
            pending.delete(key);
            arriving.push(wall, local);
          }
        }
      }
      // Picked only if lighter than every wall to another tile.
      pickOf[local] = pick | -Number(best >= lightestOut[local]);
    }
  }
  ws.free = free;
  return n;
}

/** The local index of `cell` in the tile, or -1 when it is in another tile. */
function localIndex(ws: TileWork, cell: number): number {
  const { rowStart, r0, r1, rowLo, rowHi, rowOffset } = ws;
  const rn = rowOf(rowStart, cell);
  if (rn < r0 || rn >= r1) return -1;
  const cn = cell - rowStart[rn];
  return cn >= rowLo[rn - r0] && cn < rowHi[rn - r0] ? rowOffset[rn - r0] + cn - rowLo[rn - r0] : -1;
}

/** The row holding `cell`, by bisection of the row starts. */
function rowOf(rowStart: Int32Array, cell: number): number {
  let lo = 0;
  let hi = rowStart.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (rowStart[mid] <= cell) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Opens each cell's lightest wall, picked by gatherTile when it is lighter than the cell's
 * walls to other tiles (cut property around one cell: it is in the tree), as in a Borůvka
 * round, before any sorting; returns how many. The picks form trees whose one 2-cycle is
 * a wall both its cells picked: each cell is linked to the cell across its pick, except
 * the lower cell of a shared pick, which stays a root.
 */
function openLightestPerCell(ws: TileWork, count: number): number {
  const { maze, tileCell, openParent, localParent, innerWall, pickOf } = ws;
  const t = maze.topology;
  const cells = maze.cells;
  let opened = 0;
  for (let local = 0; local < count; local++) {
    const pick = pickOf[local];
    if (pick < 0) continue; // masked, or its lightest wall leaves the tile
    const wall = innerWall[pick];
    const a = (wall >>> 4) & 0x3fff;
    const b = wall >>> 18;
    const other = a + b - local;
    if (pickOf[other] === pick && local < other) continue; // the root of its tree
    localParent[local] = other;
    openParent[local] = other;
    const cell = tileCell[a];
    const slot = wall & 15;
    cells[cell] &= ~(1 << slot);
    cells[tileCell[b]] &= ~(1 << t.backSlot(cell, slot));
    opened++;
  }
  return opened;
}

/**
 * Lowers each pick tree's lightest wall to another tile, at its root, to its cells' own.
 * A step of its own, called by openTiled: code after a hot loop in the same function (or
 * inlined there) is compiled with the loop's on-stack replacement before it has ever run,
 * and left (a deopt) on every tile.
 */
function carryLightestOut(ws: TileWork, count: number): void {
  const { localParent, lightestOut } = ws;
  for (let local = 0; local < count; local++) {
    const out = lightestOut[local];
    if (out === INFINITE) continue;
    let root = local;
    while (localParent[root] !== root) root = localParent[root];
    if (out < lightestOut[root]) lightestOut[root] = out;
  }
}

/** carryLightestOut for a hex or polar tile: only its edge cells have walls out of it. */
function carryFrameOut(ws: TileWork, frame: TileFrame): void {
  const { rows, columns, stride } = frame;
  for (let i = 0; i < rows; i++) {
    const edgeRow = i === 0 || i + 1 === rows;
    const first = (i + 1) * stride + 1;
    for (let j = 0; j < columns; j += edgeRow || j + 1 === columns ? 1 : columns - 1) carryOut(ws, first + j);
  }
}

/** Lowers the lightest wall out of the tile of `local`'s pick tree root to `local`'s own. */
function carryOut(ws: TileWork, local: number): void {
  const { localParent, lightestOut } = ws;
  const out = lightestOut[local];
  if (out === INFINITE) return;
  let root = local;
  while (localParent[root] !== root) root = localParent[root];
  if (out < lightestOut[root]) lightestOut[root] = out;
}

/** Drops the walls the cells picked (opened), and counts the rest into the sort's buckets; returns how many are left. */
function dropPicked(ws: TileWork, n: number): number {
  const { innerWeight, innerWall, pickOf, bucketShift, bucketStart } = ws;
  bucketStart.fill(0);
  let left = 0;
  for (let i = 0; i < n; i++) {
    const weight = innerWeight[i];
    const wall = innerWall[i];
    // Each wall written at the end and kept by the count (picked or not is a coin toss).
    const keep = Number(pickOf[(wall >>> 4) & 0x3fff] !== i) & Number(pickOf[wall >>> 18] !== i);
    innerWeight[left] = weight;
    innerWall[left] = wall;
    left += keep;
    bucketStart[((weight ^ 0x80000000) >>> bucketShift) + 1] += keep;
  }
  return left;
}

/** Joins the tile's n inner walls (sorted by weight) until `joins` unions are made: opens the certain ones, keeps the undecided; returns how many it opened. */
function joinTile(ws: TileWork, n: number, joins: number): number {
  const { maze, tileCell, openParent, localParent, rank, lightestOut, sortedWeight, sortedWall, kept, backSlots } = ws;
  const t = maze.topology;
  const cells = maze.cells;
  let opened = 0;
  // Once the tile's free cells are one set (joins: the unions still to make) every wall left closes a cycle.
  for (let i = 0; i < n && joins > 0; i++) {
    const wall = sortedWall[i];
    const from = wall & 0x3ffff;
    const to = wall >>> 18;
    let a = from >> 4;
    while (localParent[a] !== a) a = localParent[a] = localParent[localParent[a]];
    let b = to;
    while (localParent[b] !== b) b = localParent[b] = localParent[localParent[b]];
    if (a === b) continue;
    const w = sortedWeight[i];
    const cell = tileCell[from >> 4];
    const slot = from & 15;
    if (w < lightestOut[a] || w < lightestOut[b]) {
      const next = tileCell[to];
      cells[cell] &= ~(1 << slot);
      cells[next] &= ~(1 << (backSlots ? backSlots[slot] : t.backSlot(cell, slot)));
      let x = from >> 4;
      while (openParent[x] !== x) x = openParent[x] = openParent[openParent[x]];
      let y = to;
      while (openParent[y] !== y) y = openParent[y] = openParent[openParent[y]];
      openParent[x] = y;
      opened++;
    } else {
      kept.push(w, cell, slot, from >> 4, to);
    }
    // Union by rank (a pick tree's root starts at rank 0): shallower trees, fewer steps to a root.
    if (rank[a] > rank[b]) {
      const root = a;
      a = b;
      b = root;
    } else if (rank[a] === rank[b]) rank[b]++;
    localParent[a] = b;
    if (lightestOut[a] < lightestOut[b]) lightestOut[b] = lightestOut[a];
    joins--;
  }
  return opened;
}

/** Names the parts (under the opened walls) at the sides in this tile of the walls it kept from `first` on and of the walls arriving in it. */
function nameParts(ws: TileWork, first: number): void {
  const { kept, arriving } = ws;
  for (let i = first; i < kept.length; i++) {
    kept.setSideA(i, partOf(ws, kept.sideA(i)));
    // A local index, -1 (the far side's tile still to come), or -2 - the far side's part (a tile done).
    const b = kept.sideB(i);
    if (b >= 0) kept.setSideB(i, partOf(ws, b));
    else if (b < -1) kept.setSideB(i, -2 - b);
  }
  for (let i = 0; i < arriving.length; i++) kept.setSideB(arriving.wall[i], partOf(ws, arriving.local[i]));
}

/** The part id of the tile's local cell (under the walls it opened), given on first asking. */
function partOf(ws: TileWork, local: number): number {
  const { openParent, partId } = ws;
  let x = local;
  while (openParent[x] !== x) x = openParent[x] = openParent[openParent[x]];
  if (partId[x] < 0) partId[x] = ws.parts++;
  return partId[x];
}

/** Indices 0..n-1 ordered by weight (int32 order): a counting pass on 16 bits, then insertion sort. */
function sortedByWeight(weight: Int32Array, n: number): Int32Array {
  let lo = 0x7fffffff;
  let hi = -0x80000000;
  for (let i = 0; i < n; i++) {
    if (weight[i] < lo) lo = weight[i];
    if (weight[i] > hi) hi = weight[i];
  }
  const order = new Int32Array(n);
  if (n === 0) return order;
  const span = hi - lo; // below 2^32 as a double
  let bits = 1;
  while (bits < 16 && 2 ** bits < n) bits++;
  const buckets = 2 ** bits;
  const scale = buckets / (span + 1);
  const counts = new Int32Array(buckets + 1);
  for (let i = 0; i < n; i++) counts[Math.floor((weight[i] - lo) * scale) + 1]++;
  for (let b = 0; b < buckets; b++) counts[b + 1] += counts[b];
  for (let i = 0; i < n; i++) order[counts[Math.floor((weight[i] - lo) * scale)]++] = i;
  for (let i = 1; i < n; i++) {
    const item = order[i];
    const value = weight[item];
    let j = i - 1;
    while (j >= 0 && weight[order[j]] > value) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = item;
  }
  return order;
}
