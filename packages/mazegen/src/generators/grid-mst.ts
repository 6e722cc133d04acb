import type { GridMaze } from '../grid/grid-maze.js';
import { Step, type StepReporter } from '../steps.js';
import { edgeWeight, type WeightKeys } from './mst.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';

/** Walls gathered per pass at most (about): the pass buffers stay a few MiB whatever the maze. */
const PASS_WALLS = 1 << 21;

export interface GridSpanningTreeOptions {
  onStep?: StepReporter;
  /** Told the cells joined so far (walls opened + 1) after each pass and every PROGRESS_EVERY cells a pass scans; not at the end. */
  onProgress?: ProgressReporter;
  /** Walls per pass (tests use few, to run many passes). */
  passWalls?: number;
}

/**
 * The minimum spanning tree of the free cells of any grid under the keyed wall weights
 * of mst.ts (`edgeWeight(topology.edgeId(...))`, compared as int32), opened wall by wall
 * in increasing weight order: Kruskal, for the grids the tiled square kernel does not
 * cover. Distinct walls weigh differently, so the tree is unique and on the square grid
 * it is the tiled kernel's tree (same ids, same keys; tested). The walls are not stored:
 * each pass recomputes every weight and keeps those in its slice of the weight range
 * (slices cut by the top bits, sized for about PASS_WALLS walls each), sorts them and
 * joins them on one union-find, so memory is 4 bytes a cell plus the pass buffers.
 */
export function openGridSpanningTree(maze: GridMaze, keys: WeightKeys, options: GridSpanningTreeOptions = {}): void {
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
