import type { GridMaze } from '../maze.js';
import { distanceMap } from '../solvers/bfs.js';
import { shadeFromDistances, type DistanceShading } from './distance.js';
import type { Theme } from './theme.js';

/**
 * The distance theme's tint on any grid (hex, triangle, polar, masked, wrapped): each cell's
 * moves from the entry (the grid BFS) in the palette's bands, as distanceShading gives the
 * square grid. Undefined for a theme without a distance palette, or without a free entry.
 */
export function gridDistanceShading(
  maze: GridMaze,
  theme: Pick<Theme, 'distance'>,
  entry: number | undefined,
): DistanceShading | undefined {
  const colors = theme.distance;
  if (!colors || colors.length === 0 || entry === undefined || entry < 0 || entry >= maze.size || maze.isBlocked(entry)) return undefined;
  const distances = distanceMap(maze, entry);
  let max = 0;
  for (let i = 0; i < distances.length; i++) if (distances[i] > max) max = distances[i];
  return { shade: shadeFromDistances(distances, max, colors.length), shadeColors: colors, max, distances };
}
