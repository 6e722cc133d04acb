import { isDeadEnd } from './braid.js';
import { BLOCKED, EAST, NORTH, SOUTH, stepCell, WEST, type Maze, type Point } from './maze.js';
import { walkPath } from './path.js';
import { distanceMap, pathFromDistances } from './solvers/bfs.js';
import { OptionError } from './errors.js';

/** Figures about the way from entry to exit. */
export interface SolutionAnalysis {
  /** Moves from entry to exit. */
  length: number;
  /** Cells on the path, entry and exit included (length + 1). */
  cells: number;
  /** Changes of direction along the path. */
  turns: number;
  /**
   * Cells on the path where the walker must choose: the entry when it has two or
   * more ways out, and every later cell before the exit with three or more openings
   * (two or more ways on besides the way in).
   */
  decisionPoints: number;
  /** Share of the free cells that lie on the path, 0..1. */
  share: number;
}

/** What `analyze` measures. Cells of the 42 pattern are left out of every count. */
export interface MazeAnalysis {
  width: number;
  height: number;
  /** Free cells (outside the 42 pattern). */
  cells: number;
  /** Cells of the 42 pattern. */
  patternCells: number;
  /** Open walls between two cells, each counted once. */
  passages: number;
  /** Dead ends as the subject's checker counts them (see `isDeadEnd`). */
  deadEnds: number;
  /** deadEnds / cells, 0..1 (Walter Pullen's "dead end" percentage, as a fraction). */
  deadEndShare: number;
  /** Cells with exactly three openings. */
  junctions: number;
  /** Cells with four openings. */
  crossroads: number;
  /** Cells with two openings facing each other (N-S or E-W). */
  straightCells: number;
  /** Cells with two openings at a right angle. */
  turningCells: number;
  /** Free cells with no opening at all (none in a valid maze). */
  isolatedCells: number;
  /** The most cells in one unbroken run of two-opening cells (a corridor between junctions or dead ends). */
  longestCorridor: number;
  /** Connected groups of free cells (1 in a valid maze). */
  components: number;
  /** Independent loops: passages - cells + components (0 for a perfect maze). */
  loops: number;
  entry: Point;
  exit: Point;
  /** The way from entry to exit (a shortest one unless a solution was passed), or null when there is none. */
  solution: SolutionAnalysis | null;
}

function openingCount(c: number): number {
  return 4 - ((c & NORTH) + ((c >> 1) & 1) + ((c >> 2) & 1) + ((c >> 3) & 1));
}

/** Cells of `solution` given as cell indices or as N/E/S/W letters walked from the entry. */
function solutionCells(maze: Maze, start: number, solution: ArrayLike<number> | string): ArrayLike<number> {
  if (typeof solution !== 'string') return solution;
  const walk = walkPath(maze, start, solution);
  if (walk.error) throw new OptionError('solution', `the solution is not a legal walk: ${walk.error}`);
  return walk.cells;
}

/**
 * Measures a maze: dead ends, junctions, corridors, loops, and the way from entry
 * to exit. `entry` and `exit` default to the corners generateMaze uses, (0,0) and
 * (width-1,height-1). Pass `solution` (cells, or N/E/S/W letters from the entry) to
 * measure that path instead of a shortest one. Linear in the number of cells.
 */
export function analyze(maze: Maze, entry?: Point, exit?: Point, solution?: ArrayLike<number> | string): MazeAnalysis {
  const { cells, width: w, height: h, size } = maze;
  const from = entry ?? { x: 0, y: 0 };
  const to = exit ?? { x: w - 1, y: h - 1 };
  let free = 0;
  let deadEnds = 0;
  let junctions = 0;
  let crossroads = 0;
  let straightCells = 0;
  let turningCells = 0;
  let isolatedCells = 0;
  for (let cell = 0; cell < size; cell++) {
    const c = cells[cell];
    if (c & BLOCKED) continue;
    free++;
    const openings = openingCount(c);
    if (openings === 0) isolatedCells++;
    else if (openings === 1) {
      if (isDeadEnd(maze, cell)) deadEnds++;
    } else if (openings === 2) {
      const walls = c & 15;
      if (walls === (EAST | WEST) || walls === (NORTH | SOUTH)) straightCells++;
      else turningCells++;
    } else if (openings === 3) junctions++;
    else crossroads++;
  }

  // Components and corridor runs, by flood fill over typed-array stacks.
  const inComponent = new Uint8Array(size);
  const stack = new Int32Array(size);
  let components = 0;
  for (let seed = 0; seed < size; seed++) {
    if (inComponent[seed] || cells[seed] & BLOCKED) continue;
    components++;
    inComponent[seed] = 1;
    let top = 0;
    stack[top++] = seed;
    while (top > 0) {
      const cell = stack[--top];
      const c = cells[cell];
      for (let dir = 1; dir <= 8; dir <<= 1) {
        if (c & dir) continue;
        const other = stepCell(cell, dir, w);
        if (inComponent[other]) continue;
        inComponent[other] = 1;
        stack[top++] = other;
      }
    }
  }

  // A corridor: the two-opening cells joined to each other, counted by flood fill among them only.
  const inRun = new Uint8Array(size);
  let longestCorridor = 0;
  for (let seed = 0; seed < size; seed++) {
    if (inRun[seed] || cells[seed] & BLOCKED || openingCount(cells[seed]) !== 2) continue;
    inRun[seed] = 1;
    let run = 0;
    let top = 0;
    stack[top++] = seed;
    while (top > 0) {
      const cell = stack[--top];
      run++;
      const c = cells[cell];
      for (let dir = 1; dir <= 8; dir <<= 1) {
        if (c & dir) continue;
        const other = stepCell(cell, dir, w);
        if (inRun[other] || openingCount(cells[other]) !== 2) continue;
        inRun[other] = 1;
        stack[top++] = other;
      }
    }
    if (run > longestCorridor) longestCorridor = run;
  }

  const passages = maze.countPassages();
  const start = from.y * w + from.x;
  const goal = to.y * w + to.x;
  let path: ArrayLike<number> | null;
  if (solution !== undefined) {
    path = solutionCells(maze, start, solution);
  } else {
    const dist = distanceMap(maze, start, goal);
    path = dist[goal] < 0 ? null : pathFromDistances(maze, dist, goal);
  }
  return {
    width: w,
    height: h,
    cells: free,
    patternCells: size - free,
    passages,
    deadEnds,
    deadEndShare: free === 0 ? 0 : deadEnds / free,
    junctions,
    crossroads,
    straightCells,
    turningCells,
    isolatedCells,
    longestCorridor,
    components,
    loops: passages - free + components,
    entry: { x: from.x, y: from.y },
    exit: { x: to.x, y: to.y },
    solution: path === null ? null : analyzePath(maze, path, free),
  };
}

function analyzePath(maze: Maze, path: ArrayLike<number>, free: number): SolutionAnalysis {
  const { cells } = maze;
  const length = path.length - 1;
  let turns = 0;
  let decisionPoints = 0;
  let previousStep = 0;
  for (let i = 0; i < length; i++) {
    const step = path[i + 1] - path[i];
    if (i > 0 && step !== previousStep) turns++;
    previousStep = step;
    const openings = openingCount(cells[path[i]]);
    // Ways on: every opening except the one the walker came in by (none at the entry).
    if ((i === 0 ? openings : openings - 1) >= 2) decisionPoints++;
  }
  return { length, cells: path.length, turns, decisionPoints, share: free === 0 ? 0 : path.length / free };
}
