import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng, createTopology, GridMaze, resolveGenerator, type GridKind } from 'mazegen';
import { centralFreeCell } from '../../src/generators/start.js';
import { gridMazeProblems } from '../support/grid.js';

const wilson = resolveGenerator('Wilson');

function carve(maze: GridMaze, seed: string, start: number, onStep?: () => void): GridMaze {
  wilson.generic!(maze, createRng(seed, 'generate'), { start, difficulty: 5 }, onStep);
  return maze;
}

describe("Wilson's root off the square grid: the free cell nearest the middle", () => {
  it('is the middle cell of hex and triangle grids and the centre of a polar grid', () => {
    for (const [grid, width, height] of [
      ['hex', 9, 7],
      ['triangle', 10, 6],
      ['polar', 6, 5],
    ] as const) {
      const t = createTopology({ grid, width, height, wrap: 'none' });
      const root = centralFreeCell(new GridMaze(t));
      const c = t.centre(root);
      const mid = { x: t.extent.width / 2, y: t.extent.height / 2 };
      const nearest = Math.min(
        ...Array.from({ length: t.size }, (_, cell) => Math.hypot(t.centre(cell).x - mid.x, t.centre(cell).y - mid.y)),
      );
      expect(Math.hypot(c.x - mid.x, c.y - mid.y)).toBeCloseTo(nearest, 9);
      if (grid === 'polar') expect(root).toBe(0);
    }
  });

  it('steps around a masked middle to the nearest free cell', () => {
    const maze = new GridMaze(createTopology({ grid: 'hex', width: 9, height: 7, wrap: 'none' }));
    const middle = centralFreeCell(maze);
    maze.block(middle);
    const root = centralFreeCell(maze);
    expect(root).not.toBe(middle);
    expect(maze.isBlocked(root)).toBe(false);
    const around = new Int32Array(maze.topology.maxDegree);
    const degree = maze.topology.neighbours(middle, around);
    expect([...around.subarray(0, degree)]).toContain(root);
  });

  it('makes the maze independent of the start cell on hex, triangle and polar grids (the same tree from any entry), the same with a step reporter', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<GridKind>('hex', 'triangle', 'polar'),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 2, max: 9 }),
        fc.string({ maxLength: 6 }),
        fc.nat(),
        (grid, width, height, seed, pick) => {
          const spec = { grid, width: grid === 'polar' ? Math.min(Math.max(width, 3), 8) : width, height, wrap: 'none' as const };
          const t = createTopology(spec);
          const a = carve(new GridMaze(t), seed, 0);
          const b = carve(new GridMaze(t), seed, pick % t.size);
          const traced = carve(new GridMaze(t), seed, pick % t.size, () => {});
          expect(gridMazeProblems(a)).toEqual([]);
          expect(b.cells).toEqual(a.cells);
          expect(traced.cells).toEqual(a.cells);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps the start cell as the root on the square grid (its bytes are pinned)', () => {
    const t = createTopology({ grid: 'square', width: 9, height: 7, wrap: 'none' });
    const a = carve(new GridMaze(t), 's', 0);
    const b = carve(new GridMaze(t), 's', t.size - 1);
    expect(b.cells).not.toEqual(a.cells);
  });
});
