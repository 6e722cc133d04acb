import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMap, type GridMaze } from 'mazegen';
import { squareDistanceMap, topologyDistanceMap } from '../../src/solvers/bfs.js';
import { anyGridMazeArb, squareMazeArb } from './arbitraries.js';

/** What a breadth-first distance map is, checked against the walls: the test does not trust any kernel. */
function expectDistanceMap(maze: GridMaze, start: number, dist: Int32Array): void {
  const t = maze.topology;
  const around = new Int32Array(t.maxDegree);
  expect(dist[start]).toBe(0);
  for (let cell = 0; cell < maze.size; cell++) {
    const degree = t.neighbours(cell, around);
    let closer = cell === start;
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || !maze.isOpen(cell, s)) continue;
      // An open wall joins two reached cells or two unreached ones, at most one move apart.
      expect(dist[next] < 0).toBe(dist[cell] < 0);
      if (dist[cell] >= 0) expect(Math.abs(dist[next] - dist[cell])).toBeLessThanOrEqual(1);
      if (dist[cell] > 0 && dist[next] === dist[cell] - 1) closer = true;
    }
    if (dist[cell] >= 0) expect(closer, `cell ${cell} at ${dist[cell]} has a neighbour one move closer`).toBe(true);
  }
}

describe('distanceMap, one function on every grid', () => {
  it('is a breadth-first distance map on every grid kind, mask and wrap', () => {
    fc.assert(
      fc.property(anyGridMazeArb, (g) => {
        expectDistanceMap(g.maze, g.entry, distanceMap(g.maze, g.entry));
        // With a goal it stops there: the goal and every cell nearer hold their distance.
        const full = distanceMap(g.maze, g.entry);
        const partial = distanceMap(g.maze, g.entry, g.exit);
        expect(partial[g.exit]).toBe(full[g.exit]);
        for (let cell = 0; cell < g.maze.size; cell++)
          if (full[cell] >= 0 && full[cell] < full[g.exit]) expect(partial[cell]).toBe(full[cell]);
      }),
      { numRuns: 150 },
    );
  });

  it('runs the square kernel on the plain square grid: the same map and the same steps as the topology path', () => {
    fc.assert(
      fc.property(squareMazeArb, fc.boolean(), (g, toGoal) => {
        const start = g.entry.y * g.maze.width + g.entry.x;
        const goal = toGoal ? g.exit.y * g.maze.width + g.exit.x : -1;
        const kernelSteps: number[] = [];
        const topologySteps: number[] = [];
        const kernel = squareDistanceMap(g.maze.cells, g.maze.width, start, goal, (kind, cell) => kernelSteps.push(kind, cell));
        const generic = topologyDistanceMap(g.maze, start, goal, (kind, cell) => topologySteps.push(kind, cell));
        expect(kernel).toEqual(generic);
        expect(kernelSteps).toEqual(topologySteps);
        expect(distanceMap(g.maze, start, goal)).toEqual(kernel);
      }),
      { numRuns: 200 },
    );
  });
});
