import { defineGenerator } from './define.js';
import type { GridMaze } from '../maze.js';
import { openGridSpanningTree } from './grid-mst.js';
import type { Rng } from '../rng.js';
import { IndexHeap } from '../heap.js';
import { BLOCKED, DIRECTIONS, EAST, NORTH, OPPOSITE, SOUTH, stepCell, WEST, type Maze } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { edgeWeight, openMinimumSpanningTree, type WeightKeys } from './mst.js';
import { checkedGridStart, checkedStart } from './start.js';
import { treeKernels } from './tree-kernels.js';

/** Salts for the weight keys, so that TruePrim and Kruskal differ on one seed (same distribution). */
const SALT_1 = 0x7f4a7c15;
const SALT_2 = 0x2545f491;

/**
 * Prim's algorithm proper: every wall between two free cells gets a random weight and
 * the maze is their minimum spanning tree, grown from the start cell by always opening
 * the lightest wall from the tree to a cell outside it (invasion percolation). With
 * distinct weights the minimum spanning tree is unique, so it is the very tree Kruskal
 * makes under the same weights: the maze is built by the same tiled, cache-resident
 * method (mst.ts), with weight keys of its own. Only a reporter sees the difference:
 * it gets the walls in Prim's order from the start cell. That order needs only the
 * tree's own walls in a heap (the lightest wall leaving the tree is always a tree
 * wall, by the cut property), so the trace costs O(n log n) and only when asked for.
 */
export const truePrim = defineGenerator({
  name: 'TruePrim',
  aliases: ['true-prim', 'weighted-prim', 'prim-weighted', 'true-prims'],
  description: "Prim's algorithm with random wall weights: a random minimum spanning tree grown from the start.",
  reference: 'https://en.wikipedia.org/wiki/Prim%27s_algorithm',
  scratchBytesPerCell: 6, // the same tiled tree as Kruskal
  gridScratchBytesPerCell: 5, // Kruskal's tiled tree; measured 1.6-2.9
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  // The tree by WebAssembly from WASM_MIN_CELLS cells on, on every grid, where it runs; Prim's order is told after it, as the forms tell it.
  ...treeKernels(
    {
      keys: primWeightKeys,
      start: (maze, start) => checkedStart(maze.asMaze(), start),
      report: (maze, start, keys, onStep) => reportPrimOrder(maze.asMaze(), start, keys, onStep),
    },
    { keys: primWeightKeys, start: checkedGridStart, report: reportPrimOrderOnGrid },
  ),
  generic(maze, rng, options, onStep) {
    const start = checkedGridStart(maze, options.start);
    const keys = primWeightKeys(rng);
    openGridSpanningTree(maze, keys, { onProgress: options.onProgress });
    if (onStep) reportPrimOrderOnGrid(maze, start, keys, onStep);
    if (options.onProgress) options.onProgress(maze.size, maze.size);
  },
  square(maze, rng, options, onStep) {
    const start = checkedStart(maze, options.start);
    const keys = primWeightKeys(rng);
    openMinimumSpanningTree(maze, keys, { onProgress: options.onProgress });
    if (onStep) reportPrimOrder(maze, start, keys, onStep);
    if (options.onProgress) options.onProgress(maze.size, maze.size);
  },
});

/** TruePrim's weight keys: two draws from the maze's stream, salted. */
export function primWeightKeys(rng: Rng): WeightKeys {
  return [(rng.nextUint32() ^ SALT_1) | 0, (rng.nextUint32() ^ SALT_2) | 0];
}

/** Reports the tree's walls in the order Prim's algorithm from `start` opens them, with its visits and frontier. */
function reportPrimOrder(maze: Maze, start: number, keys: readonly [number, number], onStep: StepReporter): void {
  const { cells, width: w, size } = maze;
  const OUTSIDE = 0;
  const FRONTIER = 1;
  const INSIDE = 2;
  const state = new Uint8Array(size);
  const heap = new IndexHeap(64);
  let cell = start;
  while (true) {
    state[cell] = INSIDE;
    onStep(Step.Visit, cell, 0);
    const x = cell % w;
    for (let d = 0; d < 4; d++) {
      const dir = DIRECTIONS[d];
      if ((dir === NORTH && cell < w) || (dir === SOUTH && cell + w >= size) || (dir === EAST && x + 1 === w) || (dir === WEST && x === 0))
        continue;
      const next = stepCell(cell, dir, w);
      if (state[next] === INSIDE || cells[next] & BLOCKED) continue;
      if (state[next] === OUTSIDE) {
        state[next] = FRONTIER;
        onStep(Step.Frontier, next, 0);
      }
      if (cells[cell] & dir) continue; // not a tree wall
      const wall = dir === NORTH ? next * 2 + 1 : dir === SOUTH ? cell * 2 + 1 : dir === EAST ? cell * 2 : next * 2;
      heap.push(next * 4 + d, edgeWeight(wall, keys[0], keys[1]));
    }
    if (heap.length === 0) break;
    const item = heap.pop();
    cell = item >>> 2;
    onStep(Step.Carve, cell, OPPOSITE[DIRECTIONS[item & 3]]);
  }
}

/** `reportPrimOrder` on any grid: the tree's walls in Prim's order from `start`. */
function reportPrimOrderOnGrid(maze: GridMaze, start: number, keys: readonly [number, number], onStep: StepReporter): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const OUTSIDE = 0;
  const FRONTIER = 1;
  const INSIDE = 2;
  const state = new Uint8Array(size);
  // A cell outside the tree has one tree wall to the inside at most (two would close a loop): its slot.
  const treeSlot = new Uint8Array(size);
  const heap = new IndexHeap(64);
  const around = new Int32Array(t.maxDegree);
  let cell = start;
  while (true) {
    state[cell] = INSIDE;
    onStep(Step.Visit, cell, 0);
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || state[next] === INSIDE || cells[next] & t.blockedBit) continue;
      if (state[next] === OUTSIDE) {
        state[next] = FRONTIER;
        onStep(Step.Frontier, next, 0);
      }
      if (cells[cell] & (1 << s)) continue; // not a tree wall
      treeSlot[next] = t.backSlot(cell, s);
      heap.push(next, edgeWeight(t.edgeId(cell, s), keys[0], keys[1]));
    }
    if (heap.length === 0) break;
    cell = heap.pop();
    onStep(Step.Carve, cell, 1 << treeSlot[cell]);
  }
}
