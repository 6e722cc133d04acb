import { OptionError } from '../errors.js';
import type { GridMaze } from '../grid/grid-maze.js';
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
