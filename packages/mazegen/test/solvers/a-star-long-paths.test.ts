import { describe, expect, it } from 'vitest';
import { distanceMap, generateMaze, resolveSolver } from 'mazegen';
import { walkPath, pathToDirections } from 'mazegen/internal';

// A* keeps g modulo 255 in one byte per cell; these paths run far past 255 moves, so the
// byte wraps many times and every comparison goes through the decoding.
describe('A* on paths much longer than 255 moves', () => {
  for (const [generator, perfect, braid] of [
    ['DFS', true, 100],
    ['DFS', false, 100],
    ['Kruskal', false, 40],
    ['Prim', false, 100],
  ] as const) {
    it(`finds a shortest path on a ${generator} ${perfect ? 'perfect maze' : `board (BRAID=${braid})`}`, () => {
      for (const seed of ['a', 'b', 'c']) {
        const g = generateMaze({ width: 160, height: 120, seed, generator, perfect, braid });
        const start = 0;
        const goal = g.maze.size - 1;
        const result = resolveSolver('AStar').solve(g.maze, start, goal);
        expect(result.path).not.toBeNull();
        const shortest = distanceMap(g.maze, start, goal)[goal];
        const moves = pathToDirections(g.maze, result.path!);
        expect(walkPath(g.maze, start, moves).error).toBeUndefined();
        expect(result.path![result.path!.length - 1]).toBe(goal);
        expect(moves.length).toBe(shortest);
        if (perfect) expect(shortest).toBeGreaterThan(1000);
        else expect(shortest).toBeGreaterThan(255);
      }
    });
  }
});
