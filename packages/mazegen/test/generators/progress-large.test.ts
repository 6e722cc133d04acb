import { describe, expect, it } from 'vitest';
import { gridForm } from '../support/grid.js';
import { createRng, createTopology, GENERATORS, GridMaze, Maze, type GeneratorAlgorithm, type GridKind } from 'mazegen';
import { placePattern } from 'mazegen';

/**
 * With the real interval (every 2^20 cells or walk steps), every generator reports
 * progress before it is done on a maze big enough to take a while: the square kernels
 * (fast paths for the library's stream, and the general loops with a step reporter)
 * and the kernels of every other grid. The random walks report per step, so a smaller
 * maze that still takes millions of steps is enough for them.
 */

const MILLION_PLUS = { width: 1200, height: 1000 };
/** Aldous-Broder's cover time is millions of steps already here (Wilson needs a little more). */
const WALKS: Record<string, { width: number; height: number }> = {
  AldousBroder: { width: 250, height: 250 },
  Wilson: { width: 400, height: 400 },
};

function sizeFor(g: GeneratorAlgorithm): { width: number; height: number } {
  return WALKS[g.name] ?? MILLION_PLUS;
}

/** The reports of one run, checked: within 1..size, never falling, ending at size. */
function checked(reports: number[][], size: number): number[] {
  const done = reports.map(([d, total]) => {
    expect(total).toBe(size);
    return d;
  });
  for (let i = 0; i < done.length; i++) {
    expect(done[i]).toBeGreaterThanOrEqual(i === 0 ? 1 : done[i - 1]);
    expect(done[i]).toBeLessThanOrEqual(size);
  }
  expect(done.at(-1)).toBe(size);
  return done;
}

describe('every generator reports progress on a big maze before it ends', () => {
  for (const g of GENERATORS) {
    const { width, height } = sizeFor(g);
    it(`${g.name} on the square grid, ${width}x${height} with the 42 pattern`, () => {
      const maze = new Maze(width, height);
      placePattern(maze);
      const reports: number[][] = [];
      g.generate(maze, createRng('progress', 'generate'), {
        start: 0,
        difficulty: 5,
        onProgress: (done, total) => reports.push([done, total]),
      });
      const done = checked(reports, maze.size);
      expect(done.filter((d) => d < maze.size).length).toBeGreaterThan(0);
    });
  }

  // The general loops (any Rng, or a step reporter) once each, on the kernels that have a fast path.
  for (const g of GENERATORS.filter((a) => !(a.name in WALKS))) {
    it(`${g.name} on the square grid with a step reporter`, () => {
      const maze = new Maze(MILLION_PLUS.width, MILLION_PLUS.height);
      const reports: number[][] = [];
      g.generate(
        maze,
        createRng('progress', 'generate'),
        { start: 0, difficulty: 5, onProgress: (done, total) => reports.push([done, total]) },
        () => {},
      );
      const done = checked(reports, maze.size);
      expect(done.filter((d) => d < maze.size).length).toBeGreaterThan(0);
    });
  }

  for (const g of GENERATORS.filter((a) => a.grids.length > 1)) {
    for (const grid of g.grids.filter((kind): kind is Exclude<GridKind, 'square'> => kind !== 'square')) {
      // Wilson's walks from the middle of these grids (its root there) take too few steps on 400x400.
      const base = g.name === 'Wilson' ? MILLION_PLUS : sizeFor(g);
      // Polar: ring r holds about 2 pi r cells, so R rings about pi R^2 (618 rings: 1.2 million).
      const spec =
        grid === 'polar'
          ? { grid, width: 6, height: Math.round(Math.sqrt((base.width * base.height) / Math.PI)), wrap: 'none' as const }
          : { grid, ...base, wrap: 'none' as const };
      it(`${g.name} on the ${grid} grid, ${spec.width}x${spec.height}`, () => {
        const maze = new GridMaze(createTopology(spec));
        const reports: number[][] = [];
        gridForm(g)(maze, createRng('progress', 'generate'), {
          start: 0,
          difficulty: 5,
          onProgress: (done, total) => reports.push([done, total]),
        });
        const done = checked(reports, maze.size);
        expect(done.filter((d) => d < maze.size).length).toBeGreaterThan(0);
      });
    }
  }
});
