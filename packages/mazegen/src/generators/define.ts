import type { GeneratorAlgorithm, GeneratorKernel, GeneratorOptions } from '../algorithm.js';
import { OptionError } from '../errors.js';
import type { GridMaze } from '../maze.js';
import type { GridKind } from '../grid/topology.js';
import type { Maze } from '../maze.js';
import type { ProgressReporter } from '../progress.js';
import { Sfc32, type Rng } from '../rng.js';
import { checkedGridStart } from './start.js';
import type { StepReporter } from '../steps.js';

/** A generator's form on a square `Maze` (the square kernels predate the topology seam and read cells by width). */
export type SquareForm = (maze: Maze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter) => void;

/** What a generator file declares: its data, its forms; `defineGenerator` adds the one entry. */
export interface GeneratorSpec extends Omit<GeneratorAlgorithm, 'kernels' | 'generate'> {
  /** Its kernel on the square grid without wrap (masked or with the 42 pattern). */
  readonly square?: SquareForm;
  /** Further kernels, after the square one. */
  readonly kernels?: readonly GeneratorKernel[];
}

/** The square form as a kernel: the same bytes seen as a `Maze` (shared, not copied). */
function squareKernel(form: SquareForm): GeneratorKernel & { readonly form: SquareForm } {
  return {
    name: 'square',
    grids: ['square'],
    wraps: false,
    form,
    run(maze, rng, options, onStep) {
      form(maze.asMaze(), rng, options, onStep);
      return true;
    },
  };
}

/** A kernel for one grid kind, never on a wrap; it always takes the maze. */
export function gridKernel(
  name: string,
  grid: GridKind,
  form: (maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter) => void,
): GeneratorKernel {
  return {
    name,
    grids: [grid],
    wraps: false,
    run(maze, rng, options, onStep) {
      form(maze, rng, options, onStep);
      return true;
    },
  };
}

/**
 * A kernel for runs nobody watches: no step reporter, and the library's own generator (it
 * calls Sfc32's methods directly). `carve` returns false where it does not take the maze (a
 * size its WebAssembly form does not hold, say), having changed nothing.
 */
export function quietKernel(
  name: string,
  grid: GridKind,
  wraps: boolean,
  carve: (maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined) => boolean,
): GeneratorKernel {
  return {
    name,
    grids: [grid],
    wraps,
    run(maze, rng, options, onStep) {
      if (onStep || !(rng instanceof Sfc32)) return false;
      if (!carve(maze, rng, checkedGridStart(maze, options.start), options.onProgress)) return false;
      if (options.onProgress) options.onProgress(maze.size, maze.size);
      return true;
    },
  };
}

/** The generator a spec declares, with its one entry `generate`. */
export function defineGenerator(spec: GeneratorSpec): GeneratorAlgorithm {
  const { square, kernels = [], ...data } = spec;
  const all = square ? [squareKernel(square), ...kernels] : [...kernels];
  const generator: GeneratorAlgorithm = {
    ...data,
    kernels: all,
    generate(maze, rng, options, onStep) {
      runGenerator(generator, maze, rng, options, onStep);
    },
  };
  return generator;
}

/** True when `kernel` runs on `maze`'s grid and wrap. */
export function kernelFits(kernel: GeneratorKernel, maze: GridMaze): boolean {
  const t = maze.topology;
  return kernel.grids.includes(t.kind) && (t.wrap === 'none' || kernel.wraps);
}

/**
 * The one place a generator's form is chosen: the first kernel that fits the grid and takes
 * the maze, else the generic form. A square `Maze` goes straight to the square kernel.
 */
export function runGenerator(
  generator: GeneratorAlgorithm,
  maze: Maze | GridMaze,
  rng: Rng,
  options: GeneratorOptions,
  onStep?: StepReporter,
): void {
  // A `Maze` (no topology: told apart by shape, so that two copies of the library mix) is the plain or masked square grid, which every generator's first kernel takes (tested).
  // Going straight to it keeps GridMaze, and the topologies it can rebuild, out of an app that makes square mazes only.
  if (!('topology' in maze)) return (generator.kernels[0] as ReturnType<typeof squareKernel>).form(maze, rng, options, onStep);
  for (const kernel of generator.kernels) if (kernelFits(kernel, maze) && kernel.run(maze, rng, options, onStep)) return;
  if (!generator.generic || !generator.grids.includes(maze.topology.kind) || (maze.topology.wrap !== 'none' && !generator.wraps)) {
    const t = maze.topology;
    throw new OptionError(
      'GENERATOR',
      `${generator.name} does not work on ${t.wrap === 'none' ? `the ${t.kind} grid` : `a ${t.kind} grid wrapped ${t.wrap}`}`,
    );
  }
  generator.generic(maze, rng, options, onStep);
}
