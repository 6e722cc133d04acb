import { describe, expect, it } from 'vitest';
import { generateMaze, solveMaze } from 'mazegen';
import { encodeHexRows } from 'mazegen/internal';

/**
 * Issue 2's floor: a 3000x3000 DFS maze with the DFS solver works. Both are loops over
 * typed arrays, so nothing here can overflow the call stack however long the corridors.
 */
describe('a 3000x3000 maze', () => {
  it('DFS makes it, the DFS solver walks it, and its rows encode', () => {
    const { maze, entry, exit } = generateMaze({ width: 3000, height: 3000, seed: 'scale', generator: 'DFS' });
    expect(maze.countPassages()).toBe(maze.size - 18 - 1); // a spanning tree of the cells outside the 42
    const solution = solveMaze(maze, entry, exit, 'DFS');
    expect(solution.cells[0]).toBe(0);
    expect(solution.cells[solution.cells.length - 1]).toBe(maze.size - 1);
    expect(solution.directions).toMatch(/^[NESW]+$/);
    expect(solution.directions.length).toBe(solution.cells.length - 1);
    const lastRow = encodeHexRows(maze, 2999, 3000);
    expect(lastRow.length).toBe(3001);
  });
});
