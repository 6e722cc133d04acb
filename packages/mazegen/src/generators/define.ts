import type { GeneratorAlgorithm, GeneratorKernel, GeneratorOptions } from '../algorithm.js';
import { OptionError } from '../errors.js';
import type { GridMaze } from '../maze.js';
import type { GridKind, Wrap } from '../grid/topology.js';
import type { Maze } from '../maze.js';
import type { ProgressReporter } from '../progress.js';
import { Sfc32, type Rng } from '../rng.js';
import { checkedGridStart, checkedStart } from './start.js';
import type { StepReporter } from '../steps.js';

/** A generator's form on a square `Maze` (the square kernels predate the topology seam and read cells by width). */
export type SquareForm = (maze: Maze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter) => void;

/** What a generator file declares: its data, its forms; `defineGenerator` adds the one entry. */
export interface GeneratorSpec extends Omit<GeneratorAlgorithm, 'kernels' | 'generate'> {
  /** Faster kernels for the plain or masked square grid that may decline a maze: tried before the square form, which takes every one. */
  readonly squareKernels?: readonly GeneratorKernel[];
  /** Its kernel on the square grid without wrap (masked or with the 42 pattern). */
  readonly square?: SquareForm;
  /** Further kernels, after the square one. */
  readonly kernels?: readonly GeneratorKernel[];
}

/** What a kernel may add to its grids and wraps: see `GeneratorKernel`. */
export interface KernelData {
  readonly minCells?: number;
  readonly scratchBytesPerCell?: number;
}

/** The square form as a kernel: the same bytes seen as a `Maze` (shared, not copied). */
function squareKernel(form: SquareForm): GeneratorKernel & { readonly form: SquareForm } {
  return {
    name: 'square',
    grids: ['square'],
    wraps: false,
    takesAll: true,
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
    takesAll: true,
    run(maze, rng, options, onStep) {
      form(maze, rng, options, onStep);
      return true;
    },
  };
}

/** What a quiet kernel runs: false where it does not take the maze (a size its WebAssembly form does not hold, an option it has no loop for), having changed nothing. */
export type QuietCarve<M extends GridMaze> = (
  maze: M,
  rng: Sfc32,
  start: number,
  onProgress: ProgressReporter | undefined,
  options: GeneratorOptions,
) => boolean;

/**
 * A kernel for runs nobody watches: no step reporter, and the library's own generator (it
 * calls Sfc32's methods directly). `carve` receives the checked start and the options.
 */
export function quietKernel(
  name: string,
  grid: GridKind,
  wraps: boolean,
  carve: QuietCarve<GridMaze>,
  data: KernelData = {},
): GeneratorKernel {
  return {
    name,
    grids: [grid],
    wraps,
    ...data,
    run(maze, rng, options, onStep) {
      if (onStep || !(rng instanceof Sfc32)) return false;
      if (!carve(maze, rng, checkedGridStart(maze, options.start), options.onProgress, options)) return false;
      if (options.onProgress) options.onProgress(maze.size, maze.size);
      return true;
    },
  };
}

/**
 * `quietKernel` on the plain or masked square grid: the maze seen as a `Maze`, its start
 * checked as the square form checks it (the 42 pattern named), unless `start` is false (a
 * generator with no start cell, which never reads the option: the kernel gets -1).
 */
export function squareQuietKernel(
  name: string,
  carve: QuietCarve<Maze>,
  data: KernelData & { readonly start?: false } = {},
): GeneratorKernel {
  const { start: withStart = true, ...kernelData } = data;
  return {
    name,
    grids: ['square'],
    wraps: false,
    ...kernelData,
    run(maze, rng, options, onStep) {
      if (onStep || !(rng instanceof Sfc32)) return false;
      const square = maze.asMaze();
      const start = withStart ? checkedStart(square, options.start) : -1;
      if (!carve(square, rng, start, options.onProgress, options)) return false;
      if (options.onProgress) options.onProgress(maze.size, maze.size);
      return true;
    },
  };
}

/** The generator a spec declares, with its one entry `generate`. */
export function defineGenerator(spec: GeneratorSpec): GeneratorAlgorithm {
  const { squareKernels = [], square, kernels = [], ...data } = spec;
  const all = square ? [...squareKernels, squareKernel(square), ...kernels] : [...squareKernels, ...kernels];
  const generator: GeneratorAlgorithm = {
    ...data,
    kernels: all,
    generate(maze, rng, options, onStep) {
      runGenerator(generator, maze, rng, options, onStep);
    },
  };
  return generator;
}

/** What the choice of a kernel reads of a grid: its kind, wrap and cells (a `Topology` is one). */
export interface GridShape {
  readonly kind: GridKind;
  readonly wrap: Wrap;
  readonly size: number;
}

/** True when `kernel` is chosen for a grid of this kind, wrap and size (it may still decline the maze). */
export function kernelFits(kernel: GeneratorKernel, grid: GridShape): boolean {
  return kernel.grids.includes(grid.kind) && (grid.wrap === 'none' || kernel.wraps) && grid.size >= (kernel.minCells ?? 0);
}

/**
 * The forms that may carve a grid of this shape, in the order `runGenerator` tries them:
 * the kernels that fit, up to the first that takes every maze, and the generic form (when
 * none such does and the generator has one). Empty when the generator does not work there.
 */
export function candidateForms(generator: GeneratorAlgorithm, grid: GridShape): { kernels: GeneratorKernel[]; generic: boolean } {
  const kernels: GeneratorKernel[] = [];
  for (const kernel of generator.kernels) {
    if (!kernelFits(kernel, grid)) continue;
    kernels.push(kernel);
    if (kernel.takesAll) return { kernels, generic: false };
  }
  const generic = generator.generic !== undefined && generator.grids.includes(grid.kind) && (grid.wrap === 'none' || generator.wraps);
  return { kernels, generic };
}

/**
 * Scratch bytes a cell that carving a grid of this shape may take: the most of any form
 * `runGenerator` may run there (each kernel's own figure, else its generator's figure for
 * the grid: `scratchBytesPerCell` on the plain square grid, `gridScratchBytesPerCell` on
 * the others).
 */
export function generatorScratchBytesPerCell(generator: GeneratorAlgorithm, grid: GridShape): number {
  const plainSquare = grid.kind === 'square' && grid.wrap === 'none';
  const formFigure = plainSquare ? generator.scratchBytesPerCell : (generator.gridScratchBytesPerCell ?? generator.scratchBytesPerCell);
  const { kernels, generic } = candidateForms(generator, grid);
  let most = generic ? formFigure : 0;
  for (const kernel of kernels) most = Math.max(most, kernel.scratchBytesPerCell ?? formFigure);
  return most;
}

/**
 * The one place a generator's form is chosen: the first kernel that fits the grid and takes
 * the maze, else the generic form.
 */
export function runGenerator(
  generator: GeneratorAlgorithm,
  maze: GridMaze,
  rng: Rng,
  options: GeneratorOptions,
  onStep?: StepReporter,
): void {
  const t = maze.topology;
  const { kernels, generic } = candidateForms(generator, t);
  for (const kernel of kernels) if (kernel.run(maze, rng, options, onStep)) return;
  if (!generic) {
    throw new OptionError(
      'GENERATOR',
      `${generator.name} does not work on ${t.wrap === 'none' ? `the ${t.kind} grid` : `a ${t.kind} grid wrapped ${t.wrap}`}`,
    );
  }
  generator.generic!(maze, rng, options, onStep);
}
