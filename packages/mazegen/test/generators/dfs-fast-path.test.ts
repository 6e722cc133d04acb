import { describe, expect, it } from 'vitest';
import { createRng, generateMaze, Maze, resolveGenerator } from 'mazegen';
import { type Sfc32 } from 'mazegen/internal';

/**
 * The DFS generator has two loops: a general one (step reporter, DIFFICULTY weights,
 * any Rng) and one that keeps sfc32's state in locals. Both must carve the same maze
 * from the same stream and leave the stream in the same state.
 */
const dfs = resolveGenerator('DFS');

function carve(width: number, height: number, seed: string, start: number, general: boolean): { maze: Maze; next: number } {
  const maze = new Maze(width, height);
  const rng = createRng(seed, 'generate') as Sfc32;
  dfs.generate(maze, rng, { start, difficulty: 5 }, general ? () => {} : undefined);
  return { maze, next: rng.nextUint32() };
}

describe('DFS generator fast path', () => {
  it('carves the same maze as the general loop and leaves the stream where it does', () => {
    for (const [width, height, start] of [
      [1, 1, 0],
      [1, 9, 4],
      [9, 1, 0],
      [37, 23, 100],
      [64, 64, 4095],
      [200, 3, 599],
    ]) {
      for (const seed of ['a', 'b', '42']) {
        const fast = carve(width, height, seed, start, false);
        const general = carve(width, height, seed, start, true);
        expect(fast.maze.cells).toEqual(general.maze.cells);
        expect(fast.next).toBe(general.next);
      }
    }
  });

  it('leaves no scratch bits behind, with the 42 pattern too', () => {
    const { maze } = generateMaze({ width: 30, height: 20, seed: 7 });
    expect(maze.cells.every((c) => (c & 0xe0) === 0)).toBe(true);
  });
});
