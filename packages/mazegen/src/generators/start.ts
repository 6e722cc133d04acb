import { OptionError } from '../errors.js';
import type { GridMaze } from '../maze.js';
import { cellAtPoint } from '../grid/locate.js';
import { BLOCKED, type Maze } from '../maze.js';

/**
 * The start cell of a generator that grows from one, checked: a cell inside the maze
 * and not on the 42 pattern. generateMaze already refuses such an entry; this guards
 * direct calls, where a blocked start would break the pattern or, for Wilson, never
 * be reached by any walk.
 */
export function checkedStart(maze: Maze, start: number): number {
  if (!Number.isInteger(start) || start < 0 || start >= maze.size) {
    throw new OptionError('ENTRY', `the start cell must be a cell index from 0 to ${maze.size - 1}, got ${start}`);
  }
  if (maze.cells[start] & BLOCKED) {
    const { x, y } = maze.point(start);
    throw new OptionError('ENTRY', `the start cell (${x},${y}) is on the 42 pattern; a generator must start on a free cell`);
  }
  return start;
}

/** `checkedStart` for a maze on any grid: a cell of the grid that is part of the maze. */
export function checkedGridStart(maze: GridMaze, start: number): number {
  if (!Number.isInteger(start) || start < 0 || start >= maze.size) {
    throw new OptionError('ENTRY', `the start cell must be a cell index from 0 to ${maze.size - 1}, got ${start}`);
  }
  if (maze.isBlocked(start)) {
    throw new OptionError('ENTRY', `the start cell ${start} is not part of the maze (masked); a generator must start on a free cell`);
  }
  return start;
}

/**
 * The free cell nearest the middle of the grid's picture: the root for a walk-based
 * generator whose result does not depend on where its tree starts (Wilson's tree is
 * uniform from any root), since walks reach a central cell far sooner than a corner.
 * The middle's own cell in one step; a full scan only when it is masked or outside
 * the shape.
 */
export function centralFreeCell(maze: GridMaze): number {
  const t = maze.topology;
  const mid = { x: t.extent.width / 2, y: t.extent.height / 2 };
  const there = cellAtPoint(t, mid);
  if (there >= 0 && !maze.isBlocked(there)) return there;
  let best = -1;
  let bestDistance = Infinity;
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    const c = t.centre(cell);
    const distance = (c.x - mid.x) ** 2 + (c.y - mid.y) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = cell;
    }
  }
  return best;
}
