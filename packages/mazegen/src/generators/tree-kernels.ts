import type { GeneratorKernel } from '../algorithm.js';
import type { GridKind } from '../grid/topology.js';
import type { GridMaze } from '../maze.js';
import type { ProgressReporter } from '../progress.js';
import { Sfc32, type Rng } from '../rng.js';
import type { StepReporter } from '../steps.js';
import { WASM_MIN_CELLS } from '../wasm.js';
import { openHexTreeTiledInWasm, openPolarTreeTiledInWasm, openTriangleTreeTiledInWasm } from './grid-mst.js';
import { openMinimumSpanningTreeInWasm, type WeightKeys } from './mst.js';

/** How a generator that opens the keyed minimum spanning tree (Kruskal, TruePrim) uses it on one kind of grid. */
export interface TreePlan {
  /** Its weight keys, drawn from the maze's stream. */
  keys(rng: Rng): WeightKeys;
  /** Its start cell checked, where it has one (as its form checks it). */
  start?(maze: GridMaze, start: number): number;
  /** Its steps, told once the tree is open; absent, a kernel declines a run with a step reporter. */
  report?(maze: GridMaze, start: number, keys: WeightKeys, onStep: StepReporter): void;
}

/** A WebAssembly build of the tiled tree: false, with the maze untouched, where it does not run. */
type OpenInWasm = (maze: GridMaze, keys: WeightKeys, onProgress?: ProgressReporter) => boolean;

/**
 * A WebAssembly build of the tree as a kernel, chosen from WASM_MIN_CELLS cells on (below,
 * compiling it costs more than it saves). The keys are drawn before it runs, so it takes
 * the library's own sfc32, whose state it puts back where the build does not run: a kernel
 * that declines leaves the stream as it was.
 */
function treeKernel(name: string, grid: GridKind, wraps: boolean, open: OpenInWasm, plan: TreePlan): GeneratorKernel {
  return {
    name,
    grids: [grid],
    wraps,
    minCells: WASM_MIN_CELLS,
    run(maze, rng, options, onStep) {
      if ((onStep && !plan.report) || !(rng instanceof Sfc32)) return false;
      const start = plan.start ? plan.start(maze, options.start) : -1;
      const before = rng.getState();
      const keys = plan.keys(rng);
      if (!open(maze, keys, options.onProgress)) {
        rng.setState(before);
        return false;
      }
      if (onStep) plan.report!(maze, start, keys, onStep);
      if (options.onProgress) options.onProgress(maze.size, maze.size);
      return true;
    },
  };
}

/** The tree's WebAssembly kernels: the plain square grid's (tried before the square form) and the hex (any wrap), triangle and polar grids'. */
export function treeKernels(square: TreePlan, grids: TreePlan): { squareKernels: GeneratorKernel[]; kernels: GeneratorKernel[] } {
  return {
    squareKernels: [
      treeKernel(
        'square-wasm',
        'square',
        false,
        (maze, keys, onProgress) => openMinimumSpanningTreeInWasm(maze.asMaze(), keys, onProgress),
        square,
      ),
    ],
    kernels: [
      treeKernel('hex-wasm', 'hex', true, openHexTreeTiledInWasm, grids),
      treeKernel('triangle-wasm', 'triangle', false, openTriangleTreeTiledInWasm, grids),
      treeKernel('polar-wasm', 'polar', false, openPolarTreeTiledInWasm, grids),
    ],
  };
}
