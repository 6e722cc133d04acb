import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATORS, generateMaze, OUTLINES, OptionError, SOLVERS, solveMaze, type GridMaze, type GridMazeRequest } from 'mazegen';
import { allWallsOf } from 'mazegen/internal';
import { gridDistances, gridMazeProblems } from '../support/grid.js';
import { thrown } from '../support/thrown.js';

/** A grid, a size and a wrap it takes. */
const gridArb = fc.oneof(
  fc.record({
    grid: fc.constant('square'),
    width: fc.integer({ min: 3, max: 14 }),
    height: fc.integer({ min: 3, max: 12 }),
    wrap: fc.constantFrom('none', 'x', 'y', 'xy'),
  }),
  fc.record({
    grid: fc.constant('hex'),
    width: fc.integer({ min: 2, max: 7 }).map((n) => n * 2),
    height: fc.integer({ min: 3, max: 10 }),
    wrap: fc.constantFrom('none', 'x', 'y', 'xy'),
  }),
  fc
    .record({
      grid: fc.constant('hex'),
      width: fc.integer({ min: 1, max: 13 }),
      height: fc.integer({ min: 1, max: 10 }),
      wrap: fc.constantFrom('none', 'y'),
    })
    .filter((g) => g.width * g.height >= 2 && (g.wrap === 'none' || g.height >= 3)),
  fc.record({
    grid: fc.constant('triangle'),
    width: fc.integer({ min: 2, max: 16 }),
    height: fc.integer({ min: 1, max: 10 }),
    wrap: fc.constant('none'),
  }),
  fc.record({
    grid: fc.constant('polar'),
    width: fc.integer({ min: 3, max: 12 }),
    height: fc.integer({ min: 1, max: 6 }),
    wrap: fc.constant('none'),
  }),
);

const optionsArb = fc
  .record({
    spec: gridArb,
    shape: fc.option(fc.constantFrom(...OUTLINES), { nil: undefined }),
    generator: fc.constantFrom(...GENERATORS.map((g) => g.name)),
    perfect: fc.boolean(),
    braid: fc.constantFrom(0, 50, 100),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .filter(({ spec, generator }) => {
    const g = GENERATORS.find((a) => a.name === generator)!;
    return g.grids.includes(spec.grid as never) && (spec.wrap === 'none' || g.wraps);
  });

/** Independent cycles of the free cells' grid graph (walls ignored): the most loops a board can have. */
function cycleRank(maze: GridMaze): number {
  const t = maze.topology;
  let links = 0;
  for (let cell = 0; cell < t.size; cell++) {
    for (let s = 0; s < t.degree(cell); s++) {
      const next = t.neighbour(cell, s);
      if (next > cell && !maze.isBlocked(cell) && !maze.isBlocked(next)) links++;
    }
  }
  return links - maze.countOpenCells() + 1;
}

function make(o: typeof optionsArb extends fc.Arbitrary<infer T> ? T : never) {
  const options: GridMazeRequest = {
    ...o.spec,
    shape: o.shape,
    generator: o.generator,
    perfect: o.perfect,
    braid: o.braid,
    seed: o.seed,
    pattern: 'none',
  };
  try {
    return generateMaze(options);
  } catch (error) {
    // An outline can leave too few cells on a tiny grid: a clear refusal, not a maze.
    if (error instanceof OptionError && /leaves no cell|at least 2/.test(error.message)) return undefined;
    throw error;
  }
}

describe('every grid x outline x wrap x generator x PERFECT', () => {
  it('walls agree on both sides, masked cells stay closed, the free cells are a tree (or a connected board with loops)', () => {
    fc.assert(
      fc.property(optionsArb, (o) => {
        const g = make(o);
        if (!g) return;
        const t = g.maze.topology;
        expect(gridMazeProblems(g.maze, o.perfect)).toEqual([]);
        for (let cell = 0; cell < t.size; cell++) {
          if (g.maze.isBlocked(cell)) expect(g.maze.cells[cell]).toBe(allWallsOf(t.degree(cell)) | t.blockedBit);
        }
        expect(g.maze.isBlocked(g.entry) || g.maze.isBlocked(g.exit)).toBe(false);
        if (!o.perfect && o.braid === 100 && cycleRank(g.maze) >= 2 && g.maze.countOpenCells() >= 12) {
          expect(g.braidReport!.loops).toBeGreaterThanOrEqual(2);
          expect(g.braidReport!.deadEndsAfter).toBeLessThanOrEqual(2);
        }
      }),
      { numRuns: 250 },
    );
  });

  it('every solver finds a valid path; the shortest ones as short as a BFS', () => {
    fc.assert(
      fc.property(optionsArb, (o) => {
        const g = make(o);
        if (!g) return;
        const t = g.maze.topology;
        const moves = gridDistances(t, g.entry, (cell, slot) => g.maze.isOpen(cell, slot))[g.exit];
        expect(moves).toBeGreaterThan(0);
        for (const solver of SOLVERS) {
          if (!o.perfect && !solver.handlesLoops) continue;
          const { cells } = solveMaze(g.maze, g.entry, g.exit, solver.name);
          expect(cells[0]).toBe(g.entry);
          expect(cells[cells.length - 1]).toBe(g.exit);
          expect(new Set(cells).size).toBe(cells.length);
          for (let i = 1; i < cells.length; i++) {
            const slot = Array.from({ length: t.degree(cells[i - 1]) }, (_, s) => s).find((s) => t.neighbour(cells[i - 1], s) === cells[i]);
            expect(slot, `${solver.name}: ${cells[i - 1]} -> ${cells[i]} is not a move`).toBeDefined();
            expect(g.maze.isOpen(cells[i - 1], slot!)).toBe(true);
          }
          if (solver.shortest) expect(cells.length - 1, solver.name).toBe(moves);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('generateMaze', () => {
  it('makes the very maze of generateMaze on the plain square grid', async () => {
    const { generateMaze } = await import('mazegen');
    const a = generateMaze({ grid: 'square', width: 20, height: 15, seed: 42, generator: 'Kruskal' });
    const b = generateMaze({ width: 20, height: 15, seed: 42, generator: 'Kruskal' });
    expect(Array.from(a.maze.cells)).toEqual(Array.from(b.maze.cells));
    expect(a.patternPlaced).toBe(true);
    expect(a.plainSquare).toBe(true);
  });

  it('refuses a row-structured generator on another grid, in one line naming where it works and what does', () => {
    expect(thrown(OptionError, () => generateMaze({ grid: 'hex', width: 8, height: 6, generator: 'Eller' })).message).toBe(
      'Eller works on the square grid only, without wrap; on the hex grid use one of DFS, Kruskal, Prim, TruePrim, Wilson, AldousBroder, GrowingTree, HuntAndKill',
    );
    expect(
      thrown(OptionError, () => generateMaze({ grid: 'square', width: 8, height: 6, wrap: 'x', generator: 'Sidewinder' })).message,
    ).toMatch(/^Sidewinder .* on a square grid wrapped x use one of DFS,/);
  });

  it('names the regions of a disconnected mask, and refuses an entry on a masked cell', () => {
    const mask = { width: 5, height: 3, cells: Uint8Array.from([1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]) };
    expect(thrown(OptionError, () => generateMaze({ grid: 'square', mask, seed: 1 })).message).toBe(
      'the mask leaves 2 separate regions of cells; a maze needs one (join them or mask the smaller ones)',
    );
    const joined = { ...mask, cells: Uint8Array.from([1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1]) };
    expect(thrown(OptionError, () => generateMaze({ grid: 'square', mask: joined, seed: 1, entry: { x: 2, y: 0 } })).message).toBe(
      'ENTRY (2,0) is a masked cell, outside the maze; choose a cell of the shape',
    );
    const g = generateMaze({ grid: 'square', mask: joined, seed: 1, generator: 'Eller' });
    expect(g.maze.isBlocked(2)).toBe(true);
    expect(gridMazeProblems(g.maze)).toEqual([]);
    expect(g.notes).toContain('the 42 pattern is a feature of the plain square grid; this shaped maze has none');
  });

  it('places polar ends at the centre and on the outer ring by default, and side names on the shape', () => {
    const g = generateMaze({ grid: 'polar', height: 5, seed: 3 });
    expect(g.entry).toBe(0);
    const t = g.maze.topology;
    expect(t.width).toBe(6);
    expect((t.coordinates(g.exit) as { ring: number }).ring).toBe(5);
    const c = generateMaze({ grid: 'hex', width: 15, height: 13, shape: 'circle', seed: 5, entry: 'top', exit: 'bottom' });
    const rows = [c.entry, c.exit].map((cell) => (c.maze.topology.coordinates(cell) as { row: number }).row);
    expect(rows[0]).toBeLessThan(rows[1]);
    for (let cell = 0; cell < c.maze.size; cell++) {
      if (!c.maze.isBlocked(cell)) expect((c.maze.topology.coordinates(cell) as { row: number }).row).toBeGreaterThanOrEqual(rows[0]);
    }
    expect(thrown(OptionError, () => generateMaze({ grid: 'hex', width: 5, height: 5, entry: 'centre' })).message).toMatch(
      /^'centre' names the polar grid's centre cell/,
    );
  });
});
