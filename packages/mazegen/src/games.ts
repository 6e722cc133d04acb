/**
 * What a game built on a maze needs (the 42 follow-up is a Pac-Man-like game): where to
 * put things, which way a chaser should go, the 42's cells, and a run of levels.
 */
import { OptionError } from './errors.js';
import { generateMaze } from './generate.js';
import { randomSeed, type GeneratedMaze, type SquareMazeOptions } from './generate-options.js';
import { MAX_NEIGHBOURS, openNeighbours } from './graph.js';
import { DIRECTION_LETTER, EAST, NORTH, SOUTH, WEST, type Maze, type Point } from './maze.js';
import { validate } from './validate.js';

/** Cells a game places things on. */
export interface Placements {
  /** The free cell nearest the maze's centre (the player's start). */
  centre: Point;
  /** The free cells nearest the four corners, in the order north-west, north-east, south-east, south-west (ghosts, super-pellets). */
  corners: [Point, Point, Point, Point];
  /** Free cells with one opening, in row order. */
  deadEnds: Point[];
  /** Free cells with three or more openings, in row order. */
  junctions: Point[];
}

/** The free cell nearest the point (px, py) in cell units (centres at x + 0.5), by straight-line distance; the lowest index among equals. */
function nearestFree(maze: Maze, px: number, py: number): Point {
  let best = -1;
  let bestDistance = Infinity;
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    const dx = (cell % maze.width) + 0.5 - px;
    const dy = Math.floor(cell / maze.width) + 0.5 - py;
    const d = dx * dx + dy * dy;
    if (d < bestDistance) {
      bestDistance = d;
      best = cell;
    }
  }
  return maze.point(Math.max(best, 0));
}

/** Where to put the player, the ghosts and the pellets: see `Placements`. One pass per query over the cells. */
export function placements(maze: Maze): Placements {
  const { width: w, height: h } = maze;
  const next = new Int32Array(MAX_NEIGHBOURS);
  const deadEnds: Point[] = [];
  const junctions: Point[] = [];
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    const n = openNeighbours(maze, cell, next);
    if (n === 1) deadEnds.push(maze.point(cell));
    else if (n >= 3) junctions.push(maze.point(cell));
  }
  return {
    centre: nearestFree(maze, w / 2, h / 2),
    corners: [nearestFree(maze, 0, 0), nearestFree(maze, w, 0), nearestFree(maze, w, h), nearestFree(maze, 0, h)],
    deadEnds,
    junctions,
  };
}

/** Moves to one target from every cell, and the first move of a shortest way there. */
export interface DistanceField {
  readonly target: number;
  /** Moves from each cell to the target, -1 where it cannot be reached. */
  readonly distances: Int32Array;
  /** The next cell on a shortest way from `from` to the target; `from` itself at the target, -1 when unreachable. O(1). */
  nextStep(from: number): number;
  /** The same move as a direction letter (N, E, S, W), '' at the target or when unreachable. O(1). */
  nextDirection(from: number): string;
}

/**
 * One breadth-first search from `target` gives every cell's distance and its next step
 * towards it (the neighbour the search reached it from), so a chaser asks `nextStep`
 * in O(1) each frame. Memory: 8 bytes a cell. Ties: the first neighbour in N, E, S, W
 * order the search came from.
 */
export function distanceField(maze: Maze, target: number): DistanceField {
  if (!Number.isInteger(target) || target < 0 || target >= maze.size) {
    throw new OptionError('EXIT', `the target cell ${target} is outside the ${maze.width}x${maze.height} maze`);
  }
  const distances = new Int32Array(maze.size).fill(-1);
  const toward = new Int32Array(maze.size).fill(-1);
  const queue = new Int32Array(maze.size);
  const next = new Int32Array(MAX_NEIGHBOURS);
  distances[target] = 0;
  toward[target] = target;
  queue[0] = target;
  for (let head = 0, tail = 1; head < tail; head++) {
    const cell = queue[head];
    const n = openNeighbours(maze, cell, next);
    for (let k = 0; k < n; k++) {
      const other = next[k];
      if (distances[other] >= 0) continue;
      distances[other] = distances[cell] + 1;
      toward[other] = cell;
      queue[tail++] = other;
    }
  }
  const w = maze.width;
  return {
    target,
    distances,
    nextStep: (from) => toward[from],
    nextDirection(from) {
      const to = toward[from];
      if (to < 0 || to === from) return '';
      const dir = to === from - w ? NORTH : to === from + 1 ? EAST : to === from + w ? SOUTH : WEST;
      return DIRECTION_LETTER[dir];
    },
  };
}

/** The 42 pattern's cells (closed, outside the maze) in row order; [] when it is not drawn. */
export function patternCellList(maze: Maze): Point[] {
  const found: Point[] = [];
  for (let cell = 0; cell < maze.size; cell++) if (maze.isBlocked(cell)) found.push(maze.point(cell));
  return found;
}

export interface LevelsOptions extends Omit<SquareMazeOptions, 'width' | 'height' | 'entry' | 'exit'> {
  /** The first level's size (default 11x11) and the cells added to each side per level (default 4: 11, 15, 19, ...). */
  width?: number;
  height?: number;
  growth?: number;
  /** The ends (default the first level's corners: (0,0) and the far corner of each level). */
  entry?: SquareMazeOptions['entry'];
  exit?: SquareMazeOptions['exit'];
}

/**
 * `n` levels of growing size, level k made with the seed `<seed>/level<k>`: each a valid
 * board (checked by `validate`; a Pac-Man board with loops unless `perfect: true`).
 */
export function levels(n: number, options: LevelsOptions = {}): GeneratedMaze<Maze>[] {
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new OptionError('LEVELS', `the number of levels must be a whole number from 1 to 1000, got ${String(n)}`);
  const width = options.width ?? 11;
  const height = options.height ?? 11;
  const growth = options.growth ?? 4;
  if (!Number.isInteger(growth) || growth < 0) throw new OptionError('LEVELS', `growth must be a whole number >= 0, got ${String(growth)}`);
  const seed = options.seed ?? randomSeed();
  const made: GeneratedMaze<Maze>[] = [];
  for (let k = 0; k < n; k++) {
    const w = width + k * growth;
    const h = height + k * growth;
    const g = generateMaze({
      perfect: false,
      ...options,
      width: w,
      height: h,
      seed: `${String(seed)}/level${k}`,
      exit: options.exit ?? { x: w - 1, y: h - 1 },
    });
    const problems = validate(g.maze, { entry: g.entry, exit: g.exit, perfect: g.perfect, braid: g.braid, pattern: g.patternPlaced });
    if (problems.length > 0) throw new OptionError('LEVELS', `level ${k} (${w}x${h}) is not a valid board: ${problems[0].message}`);
    made.push(g);
  }
  return made;
}
