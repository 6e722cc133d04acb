import { isDeadEnd } from './braid.js';
import { OptionError } from './errors.js';
import { coordinatePair, type GridKind, type Topology } from './grid/topology.js';
import type { GridMaze, Point } from './maze.js';
import { walkPath } from './path.js';
import { distanceMap } from './solvers/bfs.js';

/** Figures about the way from entry to exit. */
export interface SolutionAnalysis {
  /** Moves from entry to exit. */
  length: number;
  /** Cells on the path, entry and exit included (length + 1). */
  cells: number;
  /** Changes of direction along the path: cells it leaves by a wall that does not face the one it came in by (see `straightCells`). */
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

/**
 * What `analyze` measures, on every grid. Cells outside the maze (masked, cut off by an
 * outline, the 42 pattern) are left out of every count.
 */
export interface MazeAnalysis {
  grid: GridKind;
  /** The grid's size parameters: columns and rows (polar: the first ring's cells and the rings). */
  width: number;
  height: number;
  /** Free cells. */
  cells: number;
  /** Cells outside the maze: masked, cut off by an outline, or the 42 pattern. */
  maskedCells: number;
  /** Open walls between two cells, each counted once. */
  passages: number;
  /** Dead ends as the subject's checker counts them (see `isDeadEnd`). */
  deadEnds: number;
  /** deadEnds / cells, 0..1 (Walter Pullen's "dead end" percentage, as a fraction). */
  deadEndShare: number;
  /** Cells with exactly three openings. */
  junctions: number;
  /** Cells with four or more openings (on the square grid, four). */
  crossroads: number;
  /** openings[k]: free cells with k openings, k from 0 to the most slots a cell has. */
  openings: number[];
  /**
   * Cells with two openings facing each other: opposite walls of a square or a hexagon,
   * a polar cell's inward and outward walls or its two walls around the ring. A
   * triangle has no opposite walls, so on the triangle grid every two-opening cell turns.
   */
  straightCells: number;
  /** Cells with two openings that do not face each other. */
  turningCells: number;
  /** Free cells with no opening at all (none in a valid maze). */
  isolatedCells: number;
  /** The most cells in one unbroken run of two-opening cells (a corridor between junctions or dead ends). */
  longestCorridor: number;
  /** Connected groups of free cells (1 in a valid maze). */
  components: number;
  /** Independent loops: passages - cells + components (0 for a perfect maze). */
  loops: number;
  /** The entry and exit cells. */
  entry: number;
  exit: number;
  /** The same cells as `topology.cellAt` reads them: (x, y) on the square grid, (col, row) or (index, ring) on the others. */
  entryAt: Point;
  exitAt: Point;
  /** The way from entry to exit (a shortest one unless a solution was passed), or null when there is none. */
  solution: SolutionAnalysis | null;
}

/**
 * True when the walls in slots `a` and `b` of `cell` face each other, so that a walk in by
 * one and out by the other goes straight on. Read from each grid's slot numbering (see
 * its topology file): a square's and a hexagon's opposite slots are half the slots
 * apart; a polar ring cell's inward slot 0 faces every outward one, and its anticlockwise
 * slot 1 the clockwise last one (the centre cell: slots half its ring apart); a
 * triangle's walls never face each other.
 */
export function facing(t: Topology, cell: number, a: number, b: number): boolean {
  switch (t.kind) {
    case 'square':
      return (a ^ b) === 2;
    case 'hex':
      return a - b === 3 || b - a === 3;
    case 'polar': {
      const degree = t.degree(cell);
      if (cell === 0) return degree % 2 === 0 && Math.abs(a - b) === degree / 2;
      const low = Math.min(a, b);
      const high = Math.max(a, b);
      return (low === 0 && high >= 2 && high < degree - 1) || (low === 1 && high === degree - 1);
    }
    default:
      return false;
  }
}

/** A cell given as an index or as a Point (read through `topology.cellAt`), checked to be on the grid. */
function cellOf(maze: GridMaze, key: 'entry' | 'exit', end: number | Point): number {
  const t = maze.topology;
  const cell = typeof end === 'number' ? end : t.cellAt(end.x, end.y);
  if (!Number.isInteger(cell) || cell < 0 || cell >= maze.size) {
    const named = typeof end === 'number' ? `${end}` : `(${end.x},${end.y})`;
    throw new OptionError(key, `the ${key} ${named} is not a cell of this ${t.kind} grid`);
  }
  return cell;
}

/** Cells of `solution` given as cell indices or as N/E/S/W letters walked from the entry (the plain square grid's letters). */
function solutionCells(maze: GridMaze, start: number, solution: ArrayLike<number> | string): ArrayLike<number> {
  if (typeof solution !== 'string') return solution;
  const t = maze.topology;
  if (t.kind !== 'square' || t.wrap !== 'none')
    throw new OptionError('solution', `N/E/S/W letters name moves on the square grid only; give the ${t.kind} maze's solution as cells`);
  const walk = walkPath(maze.asMaze(), start, solution);
  if (walk.error) throw new OptionError('solution', `the solution is not a legal walk: ${walk.error}`);
  return walk.cells;
}

/** Walks back from `goal` to the start, each time through the first open slot to a cell one move closer (on the square grid N, E, S, W). */
function pathBack(maze: GridMaze, dist: Int32Array, goal: number): Int32Array {
  const t = maze.topology;
  const around = new Int32Array(t.maxDegree);
  const path = new Int32Array(dist[goal] + 1);
  let cell = goal;
  for (let k = dist[goal]; k > 0; k--) {
    path[k] = cell;
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next >= 0 && maze.isOpen(cell, s) && dist[next] === k - 1) {
        cell = next;
        break;
      }
    }
  }
  path[0] = cell;
  return path;
}

/**
 * Measures a maze on any grid: dead ends, junctions, corridors, loops, and the way from
 * entry to exit. `entry` and `exit` are cells, or Points read through `topology.cellAt`
 * ((x, y) on the square grid); they default to the first and the last cell ((0,0) and
 * (width-1,height-1) on the square grid, the corners generateMaze uses). Pass `solution`
 * (cells, or on the square grid N/E/S/W letters from the entry) to measure that path
 * instead of a shortest one. Linear in the number of cells.
 */
export function analyze(
  maze: GridMaze,
  entry?: number | Point,
  exit?: number | Point,
  solution?: ArrayLike<number> | string,
): MazeAnalysis {
  const t = maze.topology;
  const { cells, size } = maze;
  const start = cellOf(maze, 'entry', entry ?? 0);
  const goal = cellOf(maze, 'exit', exit ?? size - 1);
  const around = new Int32Array(t.maxDegree);
  const openCount = new Uint8Array(size);
  const openings: number[] = new Array<number>(t.maxDegree + 1).fill(0);
  let free = 0;
  let deadEnds = 0;
  let straightCells = 0;
  let turningCells = 0;
  for (let cell = 0; cell < size; cell++) {
    if (maze.isBlocked(cell)) continue;
    free++;
    const degree = t.degree(cell);
    const word = cells[cell];
    let n = 0;
    let first = -1;
    let second = -1;
    for (let s = 0; s < degree; s++) {
      if (word & (1 << s)) continue;
      n++;
      if (first < 0) first = s;
      else second = s;
    }
    openCount[cell] = n;
    openings[n]++;
    if (n === 1) {
      if (isDeadEnd(maze, cell, around)) deadEnds++;
    } else if (n === 2) {
      if (facing(t, cell, first, second)) straightCells++;
      else turningCells++;
    }
  }

  // Components, and corridors (the two-opening cells joined to each other), by flood fill over one typed-array stack.
  const stack = new Int32Array(size);
  const inComponent = new Uint8Array(size);
  let components = 0;
  const inRun = new Uint8Array(size);
  let longestCorridor = 0;
  for (let seed = 0; seed < size; seed++) {
    if (!inComponent[seed] && !maze.isBlocked(seed)) {
      components++;
      flood(maze, seed, inComponent, stack, around, null);
    }
    if (!inRun[seed] && openCount[seed] === 2 && !maze.isBlocked(seed)) {
      longestCorridor = Math.max(longestCorridor, flood(maze, seed, inRun, stack, around, openCount));
    }
  }

  const passages = maze.countPassages();
  let path: ArrayLike<number> | null;
  if (solution !== undefined) {
    path = solutionCells(maze, start, solution);
  } else {
    const dist = distanceMap(maze, start, goal);
    path = dist[goal] < 0 ? null : pathBack(maze, dist, goal);
  }
  const [entryX, entryY] = coordinatePair(t, start);
  const [exitX, exitY] = coordinatePair(t, goal);
  return {
    grid: t.kind,
    width: t.width,
    height: t.height,
    cells: free,
    maskedCells: size - free,
    passages,
    deadEnds,
    deadEndShare: free === 0 ? 0 : deadEnds / free,
    junctions: openings[3] ?? 0,
    crossroads: openings.slice(4).reduce((sum, n) => sum + n, 0),
    openings,
    straightCells,
    turningCells,
    isolatedCells: openings[0],
    longestCorridor,
    components,
    loops: passages - free + components,
    entry: start,
    exit: goal,
    entryAt: { x: entryX, y: entryY },
    exitAt: { x: exitX, y: exitY },
    solution: path === null ? null : analyzePath(maze, path, openCount, free),
  };
}

/**
 * Marks and counts the cells reached from `seed` through open walls; with `only`, through
 * cells whose opening count is 2 (a corridor) only.
 */
function flood(maze: GridMaze, seed: number, seen: Uint8Array, stack: Int32Array, around: Int32Array, only: Uint8Array | null): number {
  const t = maze.topology;
  const { cells } = maze;
  seen[seed] = 1;
  let top = 0;
  let count = 0;
  stack[top++] = seed;
  while (top > 0) {
    const cell = stack[--top];
    count++;
    const degree = t.neighbours(cell, around);
    const word = cells[cell];
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || word & (1 << s) || seen[next] || (only && only[next] !== 2)) continue;
      seen[next] = 1;
      stack[top++] = next;
    }
  }
  return count;
}

/** The slot of `cell` whose neighbour is `next`, or -1. */
function slotTo(t: Topology, cell: number, next: number, around: Int32Array): number {
  const degree = t.neighbours(cell, around);
  for (let s = 0; s < degree; s++) if (around[s] === next) return s;
  return -1;
}

function analyzePath(maze: GridMaze, path: ArrayLike<number>, openCount: Uint8Array, free: number): SolutionAnalysis {
  const t = maze.topology;
  const around = new Int32Array(t.maxDegree);
  const length = path.length - 1;
  let turns = 0;
  let decisionPoints = 0;
  for (let i = 0; i < length; i++) {
    const cell = path[i];
    if (i > 0) {
      // A turn: the wall out does not face the wall in.
      const into = slotTo(t, cell, path[i - 1], around);
      const out = slotTo(t, cell, path[i + 1], around);
      if (!facing(t, cell, into, out)) turns++;
    }
    // Ways on: every opening except the one the walker came in by (none at the entry).
    const openings = openCount[cell];
    if ((i === 0 ? openings : openings - 1) >= 2) decisionPoints++;
  }
  return { length, cells: path.length, turns, decisionPoints, share: free === 0 ? 0 : path.length / free };
}
