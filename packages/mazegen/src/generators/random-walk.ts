import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import type { WallWords } from '../maze.js';
import type { Topology } from '../grid/topology.js';
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

/**
 * `randomFreeDirection` on any grid: the slot of one random-walk step from `cell` to a
 * uniformly chosen free neighbour, listed in slot order (so on the square grid the same
 * draw picks the same direction). Fills `around` with the cell's neighbours, so the
 * caller reads the next cell as `around[slot]`. No bias for the triangle grid's one
 * vertical neighbour: the walk must be uniform for the uniform spanning tree.
 */
export function randomFreeSlot(
  topology: Topology,
  cells: WallWords,
  cell: number,
  around: Int32Array,
  choices: Int32Array,
  rng: Rng,
): number {
  const blocked = topology.blockedBit;
  const degree = topology.neighbours(cell, around);
  let count = 0;
  for (let s = 0; s < degree; s++) {
    const next = around[s];
    if (next >= 0 && (cells[next] & blocked) === 0) choices[count++] = s;
  }
  return choices[count === 1 ? 0 : rng.int(count)];
}

/**
 * The box [x0, y0, x1, y1] around the blocked cells, grown by one cell on each side
 * (empty, x0 > x1, when none is blocked): a walk's fast loop takes a cell outside it
 * and off the border as having all four ways free, without reading its neighbours.
 */
export function blockedMargin(cells: Uint8Array, width: number, height: number): [number, number, number, number] {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if ((cells[row + x] & BLOCKED) === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? [width, height, -1, -1] : [x0 - 1, y0 - 1, x1 + 1, y1 + 1];
}
