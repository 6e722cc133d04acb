import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import type { Rng } from '../rng.js';

/**
 * The direction of one random-walk step from `cell` to a uniformly chosen free
 * neighbour (one draw, none when a single way is open): the step Wilson's and
 * Aldous-Broder's walks share. `choices` is caller-owned scratch of 4, so the walk
 * allocates nothing per step. The free cells are connected, so there is always a way.
 */
export function randomFreeDirection(cells: Uint8Array, width: number, cell: number, choices: Int32Array, rng: Rng): number {
  const x = cell % width;
  let count = 0;
  if (cell >= width && (cells[cell - width] & BLOCKED) === 0) choices[count++] = NORTH;
  if (x + 1 < width && (cells[cell + 1] & BLOCKED) === 0) choices[count++] = EAST;
  if (cell + width < cells.length && (cells[cell + width] & BLOCKED) === 0) choices[count++] = SOUTH;
  if (x > 0 && (cells[cell - 1] & BLOCKED) === 0) choices[count++] = WEST;
  return choices[count === 1 ? 0 : rng.int(count)];
}
