import type { SolverAlgorithm, SolverKernel, SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import type { Maze } from '../maze.js';
import type { StepReporter } from '../steps.js';

/** A solver's form on a square `Maze` (the square kernels read cells by width). */
export type SquareSolverForm = (maze: Maze, start: number, goal: number, onStep?: StepReporter) => SolverResult;

/** What a solver file declares: its data and forms; `defineSolver` adds the one entry. */
export interface SolverSpec extends Omit<SolverAlgorithm, 'kernels' | 'solve'> {
  /** Its kernel on the square grid without wrap. */
  readonly square: SquareSolverForm;
  /** Further kernels, after the square one. */
  readonly kernels?: readonly SolverKernel[];
}

/** The solver a spec declares, with its one entry `solve`: the square kernel for a square maze without wrap, else the generic form. */
export function defineSolver(spec: SolverSpec): SolverAlgorithm {
  const { square, kernels = [], ...data } = spec;
  const squareKernel: SolverKernel = {
    name: 'square',
    grids: ['square'],
    wraps: false,
    run: (maze, start, goal, onStep) => square(maze.asMaze(), start, goal, onStep),
  };
  const solver: SolverAlgorithm = {
    ...data,
    kernels: [squareKernel, ...kernels],
    solve(maze, start, goal, onStep) {
      return runSolver(solver, maze, start, goal, onStep);
    },
  };
  return solver;
}

/** The one place a solver's form is chosen: the first kernel that fits the grid and wrap (and, for a quiet one, a run nobody watches), else the generic form. */
export function runSolver(solver: SolverAlgorithm, maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const t = maze.topology;
  for (const kernel of solver.kernels)
    if (kernel.grids.includes(t.kind) && (t.wrap === 'none' || kernel.wraps) && !(kernel.quiet && onStep))
      return kernel.run(maze, start, goal, onStep);
  return solver.generic(maze, start, goal, onStep);
}
