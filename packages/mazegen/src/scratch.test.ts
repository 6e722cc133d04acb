import { describe, expect, it } from 'vitest';
import { generateMaze, Maze, resolveSolver, SOLVERS } from 'mazegen';
import { clearScratch, sealBorder } from './scratch.js';

describe('scratch bits', () => {
  it('clearScratch clears bits 5-7 of every cell and keeps walls and the 42 flag', () => {
    for (const [w, h] of [
      [1, 1],
      [3, 1],
      [5, 3],
      [7, 9],
    ]) {
      const maze = new Maze(w, h);
      for (let i = 0; i < maze.size; i++) maze.cells[i] = (i * 37) & 0xff;
      const want = Array.from(maze.cells, (b) => b & 0x1f);
      clearScratch(maze);
      expect(Array.from(maze.cells)).toEqual(want);
    }
  });

  it('the search algorithms that use them leave the maze byte for byte as it was', () => {
    for (const perfect of [true, false]) {
      const { maze, entry, exit } = generateMaze({ width: 41, height: 23, seed: 'scratch', perfect });
      const before = maze.clone();
      for (const solver of SOLVERS) {
        solver.solve(maze, entry.y * maze.width + entry.x, exit.y * maze.width + exit.x);
        expect(maze.equals(before), solver.name).toBe(true);
        for (let i = 0; i < maze.size; i++) if (maze.cells[i] & 0xe0) throw new Error(`${solver.name} left scratch bits in cell ${i}`);
      }
    }
  });

  it('sealBorder closes the outer walls until undone, so a hole in the border is not a way out', () => {
    // A 3x1 corridor with its east border wall missing: no search may walk past x = 2.
    const maze = Maze.fromWalls(3, 1, [0b1101, 0b0101, 0b0101]);
    const undo = sealBorder(maze);
    expect(maze.cells[2] & 2).toBe(2);
    undo();
    expect(Array.from(maze.cells)).toEqual([0b1101, 0b0101, 0b0101]);
    for (const name of ['BFS', 'DFS', 'AStar']) {
      const result = resolveSolver(name).solve(maze, 0, 2);
      expect(Array.from(result.path!), name).toEqual([0, 1, 2]);
      expect(Array.from(maze.cells), name).toEqual([0b1101, 0b0101, 0b0101]);
    }
  });
});
