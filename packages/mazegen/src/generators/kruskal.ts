import { defineGenerator } from './define.js';
import { openGridSpanningTree } from './grid-mst.js';
import { EAST, SOUTH } from '../maze.js';
import { Step } from '../steps.js';
import { edgeWeight, openMinimumSpanningTree, sortByWeight, type WeightKeys } from './mst.js';
import { treeKernels } from './tree-kernels.js';
import type { Rng } from '../rng.js';

/**
 * Randomized Kruskal: every wall between two free cells, taken in a uniformly random
 * order, is opened when it joins two different trees. Taking the walls in a random
 * order is the same as taking them by random weights, and the result is the minimum
 * spanning tree under those weights, which `openMinimumSpanningTree` finds tile by tile
 * in cache (see mst.ts for why that tree is exactly the one a plain Kruskal over all
 * walls in weight order makes). A reporter still sees the walls opened in increasing
 * weight order, as Kruskal opens them.
 */
export const kruskal = defineGenerator({
  name: 'Kruskal',
  aliases: ['randomized-kruskal'],
  description: 'Randomized Kruskal: merges random trees; many short dead ends, uniform texture.',
  reference: 'https://en.wikipedia.org/wiki/Maze_generation_algorithm#Iterative_randomized_Kruskal%27s_algorithm_(with_sets)',
  scratchBytesPerCell: 6, // tile state and the coarse graph; measured peak about 4.3
  gridScratchBytesPerCell: 5, // the tiles' arrays, the coarse graph and the WebAssembly kernels' copy of the words; measured 1.7-3.4
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  // The tree by WebAssembly from WASM_MIN_CELLS cells on, on every grid, where it runs (it reports no steps).
  ...treeKernels({ keys: kruskalWeightKeys }, { keys: kruskalWeightKeys }),
  generic(maze, rng, options, onStep) {
    openGridSpanningTree(maze, kruskalWeightKeys(rng), { onStep, onProgress: options.onProgress });
    if (options.onProgress) options.onProgress(maze.size, maze.size);
  },
  square(maze, rng, options, onStep) {
    const keys = kruskalWeightKeys(rng);
    const opened: number[] | undefined = onStep ? [] : undefined;
    openMinimumSpanningTree(maze, keys, { onProgress: options.onProgress, opened });
    if (onStep && opened) {
      for (const wall of inWeightOrder(opened, keys)) onStep(Step.Carve, wall >>> 1, wall & 1 ? SOUTH : EAST);
    }
    if (options.onProgress) options.onProgress(maze.size, maze.size);
  },
});

/** Kruskal's weight keys: two draws from the maze's stream. */
function kruskalWeightKeys(rng: Rng): WeightKeys {
  return [rng.nextUint32() | 0, rng.nextUint32() | 0];
}

/** The walls (cell * 2, + 1 for south) sorted by their weights under `keys`. */
function inWeightOrder(walls: readonly number[], keys: readonly [number, number]): Int32Array {
  const n = walls.length;
  const weight = new Int32Array(n);
  const item = Int32Array.from(walls);
  for (let i = 0; i < n; i++) weight[i] = edgeWeight(walls[i], keys[0], keys[1]);
  let bits = 1;
  while (bits < 24 && n >>> (bits + 1) > 0) bits++;
  const counts = new Int32Array((1 << bits) + 1);
  const shift = 32 - bits;
  for (let i = 0; i < n; i++) counts[((weight[i] ^ 0x80000000) >>> shift) + 1]++;
  const sortedWeight = new Int32Array(n);
  const sorted = new Int32Array(n);
  sortByWeight(n, weight, item, sortedWeight, sorted, counts, shift);
  return sorted;
}
