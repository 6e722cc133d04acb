import { describe, expect, it } from 'vitest';
import { generateMaze, Maze, SizeError, solveMaze } from 'mazegen';
import { encodeHex, encodeHexRows, encodeHexRowsInto } from 'mazegen/internal';

describe('a maze in shared memory', () => {
  it('is a SharedArrayBuffer maze with all walls closed and the usual header', () => {
    const maze = Maze.shared(5, 3);
    expect(maze.data).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(maze.cells)).toEqual(new Array(15).fill(15));
    expect(new Maze(5, 3).data.byteLength).toBe(maze.data.byteLength);
  });

  it('generates and solves to the same file as an ordinary maze', () => {
    for (const generator of ['DFS', 'Prim', 'Eller']) {
      const options = { width: 31, height: 17, seed: 'shared', generator };
      const plain = generateMaze(options);
      const shared = generateMaze({ ...options, sharedMemory: true });
      expect(shared.maze.data).toBeInstanceOf(SharedArrayBuffer);
      const file = (g: typeof plain): Uint8Array =>
        encodeHex(g.maze, { entry: g.entry, exit: g.exit, path: solveMaze(g.maze, g.entry, g.exit, 'BFS').directions });
      expect(file(shared)).toEqual(file(plain));
    }
  });
});

describe('encodeHexRowsInto', () => {
  it('writes the same bytes as encodeHexRows into a reused buffer, whatever the scratch bits hold', () => {
    const { maze } = generateMaze({ width: 13, height: 9, seed: 5 });
    const expected = encodeHexRows(maze, 2, 7);
    for (let i = 0; i < maze.size; i += 3) maze.cells[i] |= 0xe0;
    const buffer = new Uint8Array(100);
    expect(encodeHexRowsInto(maze, buffer, 2, 7)).toBe(5 * 14);
    expect(buffer.subarray(0, 70)).toEqual(expected);
    expect(() => encodeHexRowsInto(maze, new Uint8Array(10), 0, 2)).toThrow(SizeError);
  });
});
