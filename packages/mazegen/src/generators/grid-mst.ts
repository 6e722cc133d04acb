import type { GridMaze } from '../grid/grid-maze.js';
import { Step, type StepReporter } from '../steps.js';
import { edgeWeight, type WeightKeys } from './mst.js';
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

/** Cells per tile: the tile's union-find and walls stay in cache, and most of its joins are decided inside it. */
const TILE_CELLS = 1 << 16;
const INFINITE = 0x7fffffff;

/**
 * The minimum spanning tree of the free cells of any grid under the keyed wall weights
 * of mst.ts (`edgeWeight(topology.edgeId(...))`, compared as int32): Kruskal, for the
 * grids the square kernel does not cover. Distinct walls weigh differently, so the tree
 * is unique and on the square grid it is the square kernel's tree (same ids, same keys;
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

/** Growable parallel arrays of walls: weight, the cell it is taken from and its slot there. */
class WallList {
  weight = new Int32Array(1024);
  cell = new Int32Array(1024);
  slot = new Int32Array(1024);
  length = 0;

  push(weight: number, cell: number, slot: number): void {
    if (this.length === this.weight.length) {
      const capacity = this.length * 2;
      const weights = new Int32Array(capacity);
      weights.set(this.weight);
      this.weight = weights;
      const cells = new Int32Array(capacity);
      cells.set(this.cell);
      this.cell = cells;
      const slots = new Int32Array(capacity);
      slots.set(this.slot);
      this.slot = slots;
    }
    this.weight[this.length] = weight;
    this.cell[this.length] = cell;
    this.slot[this.length] = slot;
    this.length++;
  }
}

/**
 * The same tree found tile by tile, as mst.ts does for the square grid, on tiles of
 * `tileCells` consecutive cells (a band of rows or rings). Each tile's inner walls are
 * joined in weight order on a union-find of the tile, which also knows each part's
 * lightest wall to another tile: a wall joining two parts of the tile is the heaviest on
 * a cycle (dropped for good) when they are already one part, in the tree by the cut
 * property when it is lighter than every wall leaving one of the parts (opened at once),
 * and undecided otherwise. The undecided walls and the walls between tiles are then
 * joined by Kruskal on a union-find of all cells in which the opened walls are already
 * joined. Same tree (the weights are distinct, so it is unique), with the work in cache.
 */
function openTiled(maze: GridMaze, keys: WeightKeys, onProgress: ProgressReporter | undefined, tileCells: number): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const tile = Math.min(tileCells, size);
  const capacity = Math.ceil((tile * t.maxDegree) / 2) + 1;
  const ws: TileWork = {
    maze,
    k1: keys[0],
    k2: keys[1],
    parent: new Int32Array(size),
    localParent: new Int32Array(tile),
    lightestOut: new Int32Array(tile),
    innerWeight: new Int32Array(capacity),
    innerFrom: new Int32Array(capacity),
    innerTo: new Int32Array(capacity),
    kept: new WallList(),
    around: new Int32Array(t.maxDegree),
  };
  const { parent, kept } = ws;
  const sorter = new RadixSorter(capacity);
  let joined = 0;
  let reported = 0;
  // Each tile in calls of its own, so V8 compiles them whole rather than mid-loop.
  for (let lo = 0; lo < size; lo += tile) {
    const hi = Math.min(size, lo + tile);
    const n = gatherTile(ws, lo, hi);
    sorter.sort(ws.innerWeight, ws.innerFrom, ws.innerTo, n);
    joined += joinTile(ws, lo, n);
    if (onProgress && hi - reported >= PROGRESS_EVERY) {
      reported = hi;
      onProgress(joined + 1, size);
    }
  }
  const find = (cell: number): number => {
    while (parent[cell] !== cell) {
      parent[cell] = parent[parent[cell]];
      cell = parent[cell];
    }
    return cell;
  };
  // The kept walls in weight order, sorted in place with their cells and slots.
  new RadixSorter(kept.length).sort(kept.weight, kept.cell, kept.slot, kept.length);
  for (let i = 0; i < kept.length; i++) {
    const cell = kept.cell[i];
    const slot = kept.slot[i];
    const next = t.neighbour(cell, slot);
    const a = find(cell);
    const b = find(next);
    if (a === b) continue;
    parent[a] = b;
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << t.backSlot(cell, slot));
    joined++;
  }
}

/** What the tiles of `openTiled` share. */
interface TileWork {
  maze: GridMaze;
  k1: number;
  k2: number;
  /** The union-find of all cells (a tile's cells are reset when it starts). */
  parent: Int32Array;
  /** The union-find of the tile's cells, by local index. */
  localParent: Int32Array;
  /** The lightest wall from each part of the tile to another tile (INFINITE: none known). */
  lightestOut: Int32Array;
  /** The tile's inner walls: weight, local cell * 16 + slot (at most 15 slots), local neighbour. */
  innerWeight: Int32Array;
  innerFrom: Int32Array;
  innerTo: Int32Array;
  /** Undecided walls and walls between tiles. */
  kept: WallList;
  around: Int32Array;
}

/** Resets the tile [lo, hi), lists its inner walls (returns how many) and keeps its walls to other tiles. */
function gatherTile(ws: TileWork, lo: number, hi: number): number {
  const { maze, k1, k2, parent, localParent, lightestOut, innerWeight, innerFrom, innerTo, kept, around } = ws;
  const t = maze.topology;
  const cells = maze.cells;
  const blocked = t.blockedBit;
  for (let i = 0; i < hi - lo; i++) {
    localParent[i] = i;
    lightestOut[i] = INFINITE;
    parent[lo + i] = lo + i;
  }
  let n = 0;
  for (let cell = lo; cell < hi; cell++) {
    if (cells[cell] & blocked) continue;
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || cells[next] & blocked) continue;
      if (next >= lo && next < hi) {
        if (next <= cell) continue;
        innerWeight[n] = edgeWeight(t.edgeId(cell, s), k1, k2);
        innerFrom[n] = ((cell - lo) << 4) | s;
        innerTo[n] = next - lo;
        n++;
      } else {
        const w = edgeWeight(t.edgeId(cell, s), k1, k2);
        if (w < lightestOut[cell - lo]) lightestOut[cell - lo] = w;
        // Each wall between tiles is kept once, from its lower-numbered cell.
        if (next > cell) kept.push(w, cell, s);
      }
    }
  }
  return n;
}

/** Joins the tile's n inner walls (sorted by weight): opens the certain ones, keeps the undecided; returns how many it opened. */
function joinTile(ws: TileWork, lo: number, n: number): number {
  const { maze, parent, localParent, lightestOut, innerWeight, innerFrom, innerTo, kept } = ws;
  const t = maze.topology;
  const cells = maze.cells;
  let opened = 0;
  for (let i = 0; i < n; i++) {
    const from = innerFrom[i];
    let a = from >> 4;
    while (localParent[a] !== a) a = localParent[a] = localParent[localParent[a]];
    let b = innerTo[i];
    while (localParent[b] !== b) b = localParent[b] = localParent[localParent[b]];
    if (a === b) continue;
    const w = innerWeight[i];
    const cell = lo + (from >> 4);
    const slot = from & 15;
    if (w < lightestOut[a] || w < lightestOut[b]) {
      const next = lo + innerTo[i];
      cells[cell] &= ~(1 << slot);
      cells[next] &= ~(1 << t.backSlot(cell, slot));
      let x = cell;
      while (parent[x] !== x) x = parent[x] = parent[parent[x]];
      let y = next;
      while (parent[y] !== y) y = parent[y] = parent[parent[y]];
      parent[x] = y;
      opened++;
    } else {
      kept.push(w, cell, slot);
    }
    localParent[a] = b;
    if (lightestOut[a] < lightestOut[b]) lightestOut[b] = lightestOut[a];
  }
  return opened;
}

/** Sorts int32 weights (as signed) with two payloads by an LSD radix sort in three 11-bit digits, in place, on buffers of a fixed capacity. */
class RadixSorter {
  private readonly key: Int32Array;
  private readonly first: Int32Array;
  private readonly second: Int32Array;
  private readonly counts = new Int32Array(2048);

  constructor(capacity: number) {
    this.key = new Int32Array(capacity);
    this.first = new Int32Array(capacity);
    this.second = new Int32Array(capacity);
  }

  /** Puts the first n entries of the three arrays in increasing order of `weight`. */
  sort(weight: Int32Array, first: Int32Array, second: Int32Array, n: number): void {
    const counts = this.counts;
    let key = weight;
    let a = first;
    let b = second;
    let nextKey = this.key;
    let nextA = this.first;
    let nextB = this.second;
    for (let shift = 0; shift < 32; shift += 11) {
      counts.fill(0);
      // Flipping the sign bit makes the unsigned order of the digits the signed order of the weights.
      const flip = shift === 22 ? 0x200 : 0;
      for (let i = 0; i < n; i++) counts[((key[i] >>> shift) & 2047) ^ flip]++;
      let sum = 0;
      for (let d = 0; d < 2048; d++) {
        const c = counts[d];
        counts[d] = sum;
        sum += c;
      }
      for (let i = 0; i < n; i++) {
        const k = key[i];
        const at = counts[((k >>> shift) & 2047) ^ flip]++;
        nextKey[at] = k;
        nextA[at] = a[i];
        nextB[at] = b[i];
      }
      [key, nextKey] = [nextKey, key];
      [a, nextA] = [nextA, a];
      [b, nextB] = [nextB, b];
    }
    // Three passes leave the result in the scratch buffers.
    weight.set(key.subarray(0, n));
    first.set(a.subarray(0, n));
    second.set(b.subarray(0, n));
  }
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
