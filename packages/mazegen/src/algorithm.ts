import type { GridMaze } from './maze.js';
import type { GridKind } from './grid/topology.js';
import type { Maze } from './maze.js';
import type { Rng } from './rng.js';
import type { StepReporter } from './steps.js';

/** Options a generator may read; each ignores the ones it has no use for. */
export interface GeneratorOptions {
  /** Cell to start from where the algorithm has one (a free cell). */
  start: number;
  /** DFS direction bias, 1..10, 5 = even (the MATLAB seed's weighting). */
  difficulty: number;
  /** Algorithm-specific variant, for example Growing Tree's 'newest' or Binary Tree's 'NE'. */
  variant?: string;
  /**
   * Coarse progress, from every generator on every grid: `total` is the maze's cells and
   * `done` how many are finished (1..total, never falling), told about every 2^20 units
   * of work (cells, or walk steps for Wilson and Aldous-Broder, whose figure can stand
   * still during a long walk) and once more with done = total at the end. Listening
   * never changes the maze.
   */
  onProgress?: (done: number, total: number) => void;
}

/**
 * A faster form of a generator on part of its domain, or its only form there. Kernels are
 * registry data; the one place that chooses among them is `runGenerator` in
 * generators/define.ts. Where the generator has a `generic` form too, a kernel makes the
 * same bytes and leaves the random generator in the same state (tests check every kernel of
 * the registry against it).
 */
export interface GeneratorKernel {
  /** What it is, for tests and messages: 'square', 'polar', ... */
  readonly name: string;
  /** The grids it runs on. */
  readonly grids: readonly GridKind[];
  /** True when it runs on wrapped grids of those kinds too. */
  readonly wraps: boolean;
  /**
   * The fewest cells it is chosen for (a WebAssembly kernel: below, compiling it costs more
   * than it saves). Only the choice reads it: `run` takes any size, and is tested on small ones.
   */
  readonly minCells?: number;
  /** True when `run` never declines a maze it fits (then no kernel after it, nor the generic form, runs there). */
  readonly takesAll?: boolean;
  /** Its scratch bytes per cell at its peak, where they differ from its generator's figure for the grid (for memory checks). */
  readonly scratchBytesPerCell?: number;
  /** Carves the maze; false when it declined (a step reporter, a size it does not take) and left the maze and the random stream as they were. */
  run(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): boolean;
}

/**
 * A maze generator: one entry, `generate`, on every grid of `grids`. It receives a maze with
 * every wall closed and the cells outside it (a mask, the 42 pattern) blocked, and carves a
 * spanning tree of the free cells, by the first of `kernels` that takes the maze, else by
 * `generic`.
 */
export interface GeneratorAlgorithm {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  /** Where to read about it. */
  readonly reference: string;
  /** The named values its `variant` option takes, the default first (absent: it has none). */
  readonly variants?: readonly string[];
  /** Scratch bytes per cell at its peak, beyond the maze's own byte (for memory checks): `generate`, the square kernel. */
  readonly scratchBytesPerCell: number;
  /** The same for the generic form and the other grids' kernels (every grid but the unwrapped square one), beyond the maze's words. */
  readonly gridScratchBytesPerCell?: number;
  /** The grids it works on (capabilities as data). */
  readonly grids: readonly GridKind[];
  /** True when it works on wrapped grids (cylinder, torus). */
  readonly wraps: boolean;
  /** Its kernels, tried in order. */
  readonly kernels: readonly GeneratorKernel[];
  /**
   * The algorithm over any topology in `grids`, where it has one form for all (absent for
   * Eller and RecursiveDivision, square only, and BinaryTree and Sidewinder, whose polar form
   * is a kernel of its own): the specification every kernel is tested against. Steps report
   * wall bits `1 << slot`.
   */
  readonly generic?: (maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter) => void;
  /** Carves `maze` (a square `Maze` or a maze on any grid) with the kernel that fits it. */
  generate(maze: Maze | GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void;
}

/** What a solver found. `path` runs from start to goal inclusive, or is null. */
export interface SolverResult {
  path: Int32Array | null;
  /** Cells the solver visited (explored), for statistics. */
  visited: number;
  /** Why there is no path, in words, when `path` is null. */
  failure?: string;
  /** Moves from the start to each cell (-1 = not reached), from solvers that keep a distance map (BFS). */
  distances?: Int32Array;
}

/** A solver's form on part of its domain, as `GeneratorKernel`: the same path as the generic form where it runs. */
export interface SolverKernel {
  readonly name: string;
  readonly grids: readonly GridKind[];
  readonly wraps: boolean;
  /** True when it runs only where no step reporter listens (a watched solve takes the next form that fits). */
  readonly quiet?: boolean;
  run(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult;
}

/** A maze solver: one entry, `solve`, on every grid; the first kernel that fits the maze runs, else the generic form. */
export interface SolverAlgorithm {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly reference: string;
  /** Scratch bytes per cell at its peak, beyond the maze's own byte (for memory checks): `solve`, the square kernel. */
  readonly scratchBytesPerCell: number;
  /** The same for `solveGrid` (every grid but the unwrapped square one), beyond the maze's words; typed arrays, off the JavaScript heap. */
  readonly gridScratchBytesPerCell: number;
  /** True when the path it returns is always a shortest one. */
  readonly shortest: boolean;
  /** True when it finds a path on mazes with loops too (not only perfect ones). */
  readonly handlesLoops: boolean;
  /** The grids it works on (every solver: every grid). */
  readonly grids: readonly GridKind[];
  /** Its kernels, tried in order (the square grid's first). */
  readonly kernels: readonly SolverKernel[];
  /** The solver on any grid and wrap: the specification its kernels are tested against (steps report cells). */
  readonly generic: (maze: GridMaze, start: number, goal: number, onStep?: StepReporter) => SolverResult;
  /** Solves `maze` (a square `Maze` or a maze on any grid) from cell `start` to cell `goal`. */
  solve(maze: Maze | GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult;
}
