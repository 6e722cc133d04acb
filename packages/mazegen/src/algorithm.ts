import type { GridMaze } from './grid/grid-maze.js';
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
 * A maze generator. `generate` receives a maze with every wall closed and the 42
 * pattern cells marked BLOCKED, and carves a spanning tree of the free cells.
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
  /** The same for `generateGrid` (every grid but the unwrapped square one), beyond the maze's words; present with it. */
  readonly gridScratchBytesPerCell?: number;
  /** The grids it works on (capabilities as data): a plain or masked square maze runs `generate`, any other `generateGrid`. */
  readonly grids: readonly GridKind[];
  /** True when it works on wrapped grids (cylinder, torus). */
  readonly wraps: boolean;
  generate(maze: Maze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void;
  /**
   * The algorithm over any topology in `grids`: the specification the square kernel is
   * tested against (equal bytes where both run). Steps report wall bits `1 << slot`.
   */
  generateGrid?(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void;
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
  solve(maze: Maze, start: number, goal: number, onStep?: StepReporter): SolverResult;
  /** The solver on any grid and wrap (steps report cells; a Carve-less search has no wall bits). */
  solveGrid(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult;
}
