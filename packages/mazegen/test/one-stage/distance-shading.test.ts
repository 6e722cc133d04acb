import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { THEMES, type GridMaze } from 'mazegen';
import { coordinatePair } from 'mazegen/internal';
import { distanceBand, distanceShading, DISTANCE_PALETTE } from 'mazegen/render';
import { anyGridMazeArb, squareMazeArb } from './arbitraries.js';

/** Breadth-first moves from `start` through open walls, written here so the test trusts no BFS of the library. */
function movesFrom(maze: GridMaze, start: number): Int32Array {
  const t = maze.topology;
  const dist = new Int32Array(t.size).fill(-1);
  const around = new Int32Array(t.maxDegree);
  const queue = [start];
  dist[start] = 0;
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head];
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || dist[next] >= 0 || !maze.isOpen(cell, s)) continue;
      dist[next] = dist[cell] + 1;
      queue.push(next);
    }
  }
  return dist;
}

describe('distanceShading, one function on every grid', () => {
  it('bands each cell by its moves from the entry on every grid kind, mask and wrap; the entry as a cell or as its Point', () => {
    fc.assert(
      fc.property(anyGridMazeArb, (g) => {
        const entry = g.entry;
        const shading = distanceShading(g.maze, THEMES.distance, entry)!;
        const moves = movesFrom(g.maze, entry);
        const max = Math.max(...moves);
        expect(shading.max).toBe(max);
        expect(Array.from(shading.distances)).toEqual(Array.from(moves));
        for (let cell = 0; cell < g.maze.size; cell++)
          expect(shading.shade[cell]).toBe(moves[cell] < 0 ? 0 : distanceBand(moves[cell], max, DISTANCE_PALETTE.length));
        // The same entry named by its coordinates (col,row or index,ring) gives the same tint.
        const [x, y] = coordinatePair(g.maze.topology, entry);
        expect(distanceShading(g.maze, THEMES.distance, { x, y })).toEqual(shading);
        // No tint without a ramp, without an entry, or from a cell outside the maze.
        expect(distanceShading(g.maze, THEMES.default, entry)).toBeUndefined();
        expect(distanceShading(g.maze, THEMES.distance, undefined)).toBeUndefined();
        expect(distanceShading(g.maze, THEMES.distance, -1)).toBeUndefined();
        expect(distanceShading(g.maze, THEMES.distance, g.maze.size)).toBeUndefined();
        const blocked = Array.from({ length: g.maze.size }, (_, cell) => cell).find((cell) => g.maze.isBlocked(cell));
        if (blocked !== undefined) expect(distanceShading(g.maze, THEMES.distance, blocked)).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  });

  it('the plain square maze: a Point entry and its cell give the same tint', () => {
    fc.assert(
      fc.property(squareMazeArb, (g) => {
        const cell = g.entry.y * g.maze.width + g.entry.x;
        expect(distanceShading(g.maze, THEMES.distance, g.entry)).toEqual(distanceShading(g.maze, THEMES.distance, cell));
        expect(distanceShading(g.maze, THEMES.distance, { x: g.maze.width, y: 0 })).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
