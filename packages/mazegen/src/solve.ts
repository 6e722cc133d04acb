/** Solving any maze from entry to exit: one `solveMaze`, one `shortestPath`, one `Solution` for every grid. */
import type { SolverAlgorithm } from './algorithm.js';
import { OptionError, UnsolvableError } from './errors.js';
import { DEFAULT_SOLVER } from './generate-options.js';
import { cellLabel, type Topology } from './grid/topology.js';
import type { GridMaze, Point } from './maze.js';
import { asciiText, pathToDirections } from './path.js';
import { resolveSolver } from './registry.js';
import { bfs } from './solvers/bfs.js';
import type { StepReporter } from './steps.js';

/** A path from entry to exit. */
export interface Solution {
  solver: SolverAlgorithm;
  /** Cells from entry to exit inclusive: the path on every grid. */
  cells: Int32Array;
  /**
   * The moves as N/E/S/W letters on the square grid (any wrap or mask: a move across a
   * wrapped edge is the letter of its slot), what the hex file's last line holds. On the
   * hex, triangle and polar grids it is '': there `cells` is the path, and a move's slot
   * is the topology's to tell (no letters name those grids' slots).
   */
  directions: string;
  /** Cells the solver explored. */
  visited: number;
}

/** The slot letters of the square grid, N E S W. */
const SQUARE_LETTERS = [78, 69, 83, 87];

/** The square grid's letters of a path; on a wrapped grid by the slot each move takes. */
function squareDirections(maze: GridMaze, path: Int32Array): string {
  const t = maze.topology;
  if (t.wrap === 'none') return pathToDirections(maze.asMaze(), path);
  const codes = new Uint8Array(Math.max(0, path.length - 1));
  for (let i = 1; i < path.length; i++) {
    let slot = 0;
    while (slot < 3 && t.neighbour(path[i - 1], slot) !== path[i]) slot++;
    codes[i - 1] = SQUARE_LETTERS[slot];
  }
  return asciiText(codes);
}

/** The range of cells a Point may name on this grid, for a refusal. */
function pointRange(t: Topology): string {
  if (t.kind === 'square' && t.wrap === 'none') return `x must be 0..${t.width - 1} and y 0..${t.height - 1}`;
  return t.kind === 'polar'
    ? `it takes index,ring with ring 0..${t.height} and index below the ring's count`
    : `it takes col 0..${t.width - 1} and row 0..${t.height - 1}`;
}

/** An end as a cell number: a number as it is, a Point as {x: col, y: row} (polar: {x: index, y: ring}); checked to be a free cell. */
function endCell(maze: GridMaze, key: 'ENTRY' | 'EXIT', end: number | Point): number {
  const t = maze.topology;
  let cell: number;
  if (typeof end === 'number') {
    if (!Number.isInteger(end) || end < 0 || end >= t.size)
      throw new OptionError(key, `${key} must be a cell from 0 to ${t.size - 1}, got ${end}`);
    cell = end;
  } else {
    const { x, y } = end;
    cell = Number.isInteger(x) && Number.isInteger(y) ? t.cellAt(x, y) : -1;
    if (cell < 0) {
      const where = t.kind === 'square' && t.wrap === 'none' ? 'the maze' : `the ${t.kind} grid`;
      throw new OptionError(key, `${key} (${x},${y}) is outside ${where}: ${pointRange(t)}`);
    }
  }
  if (maze.isBlocked(cell)) {
    const closed = t.kind === 'square' ? 'a closed cell (masked or the 42 pattern)' : 'a masked cell';
    throw new OptionError(key, `${key} ${cellLabel(t, cell)} is ${closed}, outside the maze`);
  }
  return cell;
}

/** Solves any maze from entry to exit (cell numbers or Points) with the named solver (default A*). */
export function solveMaze(
  maze: GridMaze,
  entry: number | Point,
  exit: number | Point,
  solverName: string = DEFAULT_SOLVER,
  onStep?: StepReporter,
): Solution {
  const solver = resolveSolver(solverName);
  const t = maze.topology;
  const start = endCell(maze, 'ENTRY', entry);
  const goal = endCell(maze, 'EXIT', exit);
  const result = solver.solve(maze, start, goal, onStep);
  if (!result.path) {
    throw new UnsolvableError(
      `${solver.name} found no path from ${cellLabel(t, start)} to ${cellLabel(t, goal)}: ${result.failure ?? 'no path'}`,
    );
  }
  const directions = t.kind === 'square' ? squareDirections(maze, result.path) : '';
  return { solver, cells: result.path, directions, visited: result.visited };
}

/** A shortest path, whatever solver was asked for: the one the output file holds. */
export function shortestPath(maze: GridMaze, entry: number | Point, exit: number | Point, solution?: Solution): Solution {
  if (solution && solution.solver.shortest) return solution;
  return solveMaze(maze, entry, exit, bfs.name);
}
