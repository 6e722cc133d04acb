import type { GridMaze, Point } from '../maze.js';
import { distanceMap } from '../solvers/bfs.js';
import type { Theme } from './theme.js';

/**
 * The distance theme's tint: each cell's distance from the entry (one BFS) in as many bands
 * as the theme's palette has colours, as drawMaze's `shade` (0: not reached, k: colour k - 1).
 */
export interface DistanceShading {
  shade: Uint8Array;
  shadeColors: readonly string[];
  /** The largest distance from the entry, in moves (the legend's far end). */
  max: number;
  /** Each cell's distance from the entry (-1: not reached), for a face that animates the flood. */
  distances: Int32Array;
}

/** Band of a distance: 1 for the entry's, `colors` for the farthest (`max`). */
export function distanceBand(distance: number, max: number, colors: number): number {
  return max <= 0 ? 1 : 1 + Math.min(colors - 1, Math.floor((distance * colors) / (max + 1)));
}

/** Shade values from distances (an animation's flood passes the distances reached so far: -1 not yet). */
export function shadeFromDistances(
  distances: Int32Array,
  max: number,
  colors: number,
  into = new Uint8Array(distances.length),
): Uint8Array {
  for (let i = 0; i < distances.length; i++) into[i] = distances[i] < 0 ? 0 : distanceBand(distances[i], max, colors);
  return into;
}

/**
 * The distance theme's tint on any grid (square, hex, triangle, polar, masked, wrapped): one
 * BFS from the entry, given as a cell or as a Point (col,row; index,ring on the polar grid).
 * Undefined for a theme without a distance palette, or without an entry on a free cell.
 */
export function distanceShading(maze: GridMaze, theme: Theme, entry: number | Point | undefined): DistanceShading | undefined {
  const colors = theme.distance;
  if (!colors || colors.length === 0 || entry === undefined) return undefined;
  const start = typeof entry === 'number' ? entry : maze.topology.cellAt(entry.x, entry.y);
  if (!Number.isInteger(start) || start < 0 || start >= maze.size || maze.isBlocked(start)) return undefined;
  const distances = distanceMap(maze, start);
  let max = 0;
  for (let i = 0; i < distances.length; i++) if (distances[i] > max) max = distances[i];
  return { shade: shadeFromDistances(distances, max, colors.length), shadeColors: colors, max, distances };
}

/** The legend's words for a distance picture: what the two ends of the ramp mean. */
export function distanceLegend(max: number): string {
  return `distance from the entry: pale yellow = near (0 moves) ... violet = far (${max} moves)`;
}
