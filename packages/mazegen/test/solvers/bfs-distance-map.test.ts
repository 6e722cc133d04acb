import { describe, expect, it } from 'vitest';
import { distanceMap, generateMaze, resolveSolver } from 'mazegen';

describe('BFS distance map (the C seed method)', () => {
  const { maze, entry, exit } = generateMaze({ width: 30, height: 20, seed: 'distance', perfect: false });
  const start = entry.y * maze.width + entry.x;
  const goal = exit.y * maze.width + exit.x;

  it('fills every reachable cell with its distance; one move changes it by at most one', () => {
    const full = distanceMap(maze, start);
    expect(full[start]).toBe(0);
    for (let cell = 0; cell < maze.size; cell++) {
      if (maze.isBlocked(cell)) {
        expect(full[cell]).toBe(-1);
        continue;
      }
      expect(full[cell]).toBeGreaterThanOrEqual(0);
      let hasCloserNeighbour = cell === start;
      for (const dir of [1, 2, 4, 8]) {
        if (maze.hasWall(cell, dir)) continue;
        const other = maze.neighbor(cell, dir);
        expect(Math.abs(full[other] - full[cell])).toBeLessThanOrEqual(1);
        if (full[other] === full[cell] - 1) hasCloserNeighbour = true;
      }
      expect(hasCloserNeighbour).toBe(true);
    }
  });

  it('comes back with the BFS result, and the path walks down it one step at a time', () => {
    const full = distanceMap(maze, start);
    const result = resolveSolver('BFS').solve(maze, start, goal);
    const distances = result.distances!;
    expect(distances[goal]).toBe(full[goal]);
    for (let cell = 0; cell < maze.size; cell++) if (full[cell] < full[goal]) expect(distances[cell]).toBe(full[cell]);
    result.path!.forEach((cell, k) => expect(distances[cell]).toBe(k));
  });
});
