/**
 * The passage graph of a maze, read through one function: the analysis code
 * (endpoints, difficulty, distance fields, placements) asks only `openNeighbours`,
 * so a grid of another shape plugs in here and nowhere else.
 */
import { EAST, NORTH, SOUTH, WEST, type GridMaze } from './maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from './progress.js';

/** A maze the analysis reads: any grid, mask and wrap (a square `Maze` is one). */
export type PassageGraph = GridMaze;

/** The most open neighbours one cell can have (four on the square grid, six on hex, up to 15 at a polar centre). */
export const MAX_NEIGHBOURS = 16;

/**
 * Writes the cells joined to `cell` by an open passage into `out` (N, E, S, W order on
 * the square grid, slot order on the others) and returns how many. A wall open towards
 * the border leads nowhere and is skipped.
 */
export function openNeighbours(maze: PassageGraph, cell: number, out: Int32Array): number {
  const w = plainSquareWidth(maze);
  return w > 0 ? openSquareNeighbours(maze, w, cell, out) : openGridNeighbours(maze, cell, out);
}

/** The width of a square grid without wrap (its neighbours are index arithmetic), else 0. */
function plainSquareWidth(maze: GridMaze): number {
  const t = maze.topology;
  return t.kind === 'square' && t.wrap === 'none' ? t.width : 0;
}

/** openNeighbours on the square grid without wrap, `w` wide. */
function openSquareNeighbours(maze: GridMaze, w: number, cell: number, out: Int32Array): number {
  const c = maze.cells[cell];
  let n = 0;
  if ((c & NORTH) === 0 && cell >= w) out[n++] = cell - w;
  if ((c & EAST) === 0 && (cell % w) + 1 < w) out[n++] = cell + 1;
  if ((c & SOUTH) === 0 && cell + w < maze.size) out[n++] = cell + w;
  if ((c & WEST) === 0 && cell % w > 0) out[n++] = cell - 1;
  return n;
}

/** openNeighbours on any grid: the topology's neighbours across open walls (a wrapped grid's too). */
function openGridNeighbours(maze: GridMaze, cell: number, out: Int32Array): number {
  const degree = maze.topology.neighbours(cell, out);
  const word = maze.cells[cell];
  let n = 0;
  for (let s = 0; s < degree; s++) {
    const next = out[s];
    if (next >= 0 && (word & (1 << s)) === 0) out[n++] = next;
  }
  return n;
}

/** The number of open passages of a cell (its degree in the passage graph). */
export function degree(maze: PassageGraph, cell: number, scratch: Int32Array = new Int32Array(MAX_NEIGHBOURS)): number {
  return openNeighbours(maze, cell, scratch);
}

/** True when the cell belongs to the maze proper (not the 42 pattern). */
export function isFreeCell(maze: PassageGraph, cell: number): boolean {
  return !maze.isBlocked(cell);
}

/** One breadth-first pass: distances from the source, the cells in the order reached, the farthest cell. */
export interface BfsPass {
  /** Moves from the source, -1 where unreached. Reused buffers: valid until the next pass over them. */
  dist: Int32Array;
  /** Reached cells in BFS order (the first `reached` entries); each distance level is contiguous. */
  order: Int32Array;
  reached: number;
  /** The farthest reached cell; among equals the lowest index, so the answer never depends on the scan order. */
  farthest: number;
  /** Its distance: the source's eccentricity in its component. */
  eccentricity: number;
}

/** Buffers for repeated passes over one maze (two Int32Array of its size). */
export interface BfsBuffers {
  dist: Int32Array;
  order: Int32Array;
}

export function bfsBuffers(maze: PassageGraph): BfsBuffers {
  return { dist: new Int32Array(maze.size), order: new Int32Array(maze.size) };
}

/**
 * Breadth-first search from `source` over open passages, into `buffers` (fresh ones by
 * default); `onProgress` hears of the cells expanded, of the maze's size.
 */
export function bfsPass(
  maze: PassageGraph,
  source: number,
  buffers: BfsBuffers = bfsBuffers(maze),
  onProgress?: ProgressReporter,
): BfsPass {
  const { dist, order } = buffers;
  dist.fill(-1);
  const next = new Int32Array(MAX_NEIGHBOURS);
  dist[source] = 0;
  order[0] = source;
  let head = 0;
  let tail = 1;
  let farthest = source;
  let eccentricity = 0;
  // Counts down to the next report; without a reporter it never reaches 0.
  let untilReport = onProgress ? PROGRESS_EVERY : -1;
  // Which grid is decided once, out of the loop: the square one is the hot case.
  const squareWidth = plainSquareWidth(maze);
  while (head < tail) {
    if (--untilReport === 0) {
      onProgress!(head, maze.size);
      untilReport = PROGRESS_EVERY;
    }
    const cell = order[head++];
    const d = dist[cell];
    if (d > eccentricity || (d === eccentricity && cell < farthest)) {
      eccentricity = d;
      farthest = cell;
    }
    const n = squareWidth > 0 ? openSquareNeighbours(maze, squareWidth, cell, next) : openGridNeighbours(maze, cell, next);
    for (let k = 0; k < n; k++) {
      const other = next[k];
      if (dist[other] < 0) {
        dist[other] = d + 1;
        order[tail++] = other;
      }
    }
  }
  if (onProgress) onProgress(maze.size, maze.size);
  return { dist, order, reached: tail, farthest, eccentricity };
}

/** Open passages among the first `reached` cells of `order` (each counted once). */
export function passagesAmong(maze: PassageGraph, order: Int32Array, reached: number): number {
  const next = new Int32Array(MAX_NEIGHBOURS);
  let ends = 0;
  for (let i = 0; i < reached; i++) ends += openNeighbours(maze, order[i], next);
  return ends / 2;
}
