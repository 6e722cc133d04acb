import { describe, expect, it } from 'vitest';
import { EAST, NORTH, SOUTH, WEST } from './maze.js';
import { letterToDirection, pathFromParents, pathToDirections, walkPath } from './path.js';
import { uMaze } from '../test/support/mazes.js';

describe('path helpers', () => {
  it('turns cells into letters', () => {
    expect(pathToDirections(uMaze(), [0, 1, 2, 5, 4, 3])).toBe('EESWW');
    expect(pathToDirections(uMaze(), [3, 0])).toBe('N');
    expect(pathToDirections(uMaze(), [4])).toBe('');
    expect(pathToDirections(uMaze(), [])).toBe('');
  });

  it('maps letters to wall bits', () => {
    expect(['N', 'E', 'S', 'W', 'n', 'x', ''].map(letterToDirection)).toEqual([NORTH, EAST, SOUTH, WEST, 0, 0, 0]);
  });

  it('walks a legal path and stops at the first illegal move with a reason', () => {
    const maze = uMaze();
    expect(walkPath(maze, 0, 'EESWW')).toEqual({ cells: [0, 1, 2, 5, 4, 3] });
    expect(walkPath(maze, 0, 'ES')).toEqual({ cells: [0, 1], error: 'move 2 (S) from (1,0) goes through a wall' });
    expect(walkPath(maze, 0, 'N')).toEqual({ cells: [0], error: 'move 1 (N) from (0,0) leaves the maze' });
    expect(walkPath(maze, 0, 'E?')).toEqual({ cells: [0, 1], error: "move 2 '?' is not one of N, E, S, W" });
  });

  it('rebuilds a path from a parent map', () => {
    const parent = Int32Array.from([0, 0, 1, 4, 5, 2]);
    expect(Array.from(pathFromParents(parent, 0, 3))).toEqual([0, 1, 2, 5, 4, 3]);
    expect(Array.from(pathFromParents(parent, 0, 0))).toEqual([0]);
  });
});
