import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { gridForm } from '../support/grid.js';
import {
  createRng,
  createTopology,
  GENERATORS,
  GridMaze,
  Maze,
  OptionError,
  OUTLINES,
  type GeneratorAlgorithm,
  type Rng,
  type Wrap,
} from 'mazegen';
import { placePattern } from 'mazegen';
import { applyOutline, keepLargestRegion, PATTERN_MIN_HEIGHT, PATTERN_MIN_WIDTH } from 'mazegen/internal';

// Reports every few cells instead of every 2^20, so that small mazes exercise every
// countdown (and its reset) many times; the real interval is tested in progress-large.test.ts.
vi.mock('../../src/progress.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/progress.js')>()),
  PROGRESS_EVERY: 5,
}));

/** The stream of createRng behind an object that is not an Sfc32: the generators' general loops, without a step reporter. */
function plainRng(seed: number): Rng {
  const inner = createRng(seed, 'generate');
  return { nextUint32: () => inner.nextUint32(), float: () => inner.float(), int: (n) => inner.int(n) };
}

/** A grid the generator takes (by the registry's `grids` and `wraps`), with a size and wrap that grid allows. */
function gridArb(g: GeneratorAlgorithm) {
  const wraps = (all: Wrap[]) => fc.constantFrom<Wrap>(...(g.wraps ? all : (['none'] as Wrap[])));
  const kinds = [];
  if (g.grids.includes('square')) {
    kinds.push(
      fc.record({
        grid: fc.constant('square'),
        width: fc.integer({ min: 1, max: 16 }),
        height: fc.integer({ min: 1, max: 12 }),
        wrap: fc.constant<Wrap>('none'),
      }),
    );
    if (g.wraps)
      kinds.push(
        fc.record({
          grid: fc.constant('square'),
          width: fc.integer({ min: 3, max: 12 }),
          height: fc.integer({ min: 3, max: 10 }),
          wrap: wraps(['x', 'y', 'xy']),
        }),
      );
  }
  if (g.grids.includes('hex')) {
    kinds.push(
      fc.record({
        grid: fc.constant('hex'),
        width: fc.integer({ min: 2, max: 7 }).map((n) => n * 2),
        height: fc.integer({ min: 3, max: 10 }),
        wrap: wraps(['none', 'x', 'y', 'xy']),
      }),
    );
  }
  if (g.grids.includes('triangle')) {
    kinds.push(
      fc.record({
        grid: fc.constant('triangle'),
        width: fc.integer({ min: 2, max: 16 }),
        height: fc.integer({ min: 1, max: 10 }),
        wrap: fc.constant('none'),
      }),
    );
  }
  if (g.grids.includes('polar')) {
    kinds.push(
      fc.record({
        grid: fc.constant('polar'),
        width: fc.integer({ min: 3, max: 12 }),
        height: fc.integer({ min: 1, max: 6 }),
        wrap: fc.constant('none'),
      }),
    );
  }
  return fc.oneof(...kinds);
}

function caseArb(g: GeneratorAlgorithm) {
  return fc.record({
    spec: gridArb(g),
    // On the plain square grid: the 42 pattern; elsewhere (and there too): an outline mask.
    obstacles: fc.constantFrom('none', 'pattern', ...OUTLINES),
    // A ring form takes no variant: such cases are refused (OptionError) and skipped.
    variant: fc.constantFrom(undefined, ...(g.variants ?? [])),
    difficulty: fc.integer({ min: 1, max: 10 }),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    startPick: fc.nat(),
    // fast: the kernels for the library's stream; stepped / plainRng: the general loops.
    path: fc.constantFrom('fast', 'stepped', 'plainRng'),
  });
}

type Case = ReturnType<typeof caseArb> extends fc.Arbitrary<infer T> ? T : never;

/** Builds the case's maze (undefined when the grid is too small for it) and a way to carve a copy. */
function setUp(
  g: GeneratorAlgorithm,
  c: Case,
):
  | { size: number; carve: (onProgress?: (done: number, total: number) => void) => { cells: Uint8Array | Uint16Array; next: number } }
  | undefined {
  const { spec } = c;
  const grid = new GridMaze(createTopology(spec));
  if (c.obstacles !== 'none' && c.obstacles !== 'pattern') {
    applyOutline(grid, c.obstacles);
    keepLargestRegion(grid);
  }
  if (grid.countOpenCells() < 2) return undefined;
  const squareKernel = spec.grid === 'square' && spec.wrap === 'none';
  let square: Maze | undefined;
  if (squareKernel) {
    square = grid.toMaze();
    if (c.obstacles === 'pattern') {
      if (spec.width < PATTERN_MIN_WIDTH || spec.height < PATTERN_MIN_HEIGHT) return undefined;
      placePattern(square);
    }
  } else if (c.obstacles === 'pattern') {
    return undefined;
  }
  const free: number[] = [];
  for (let cell = 0; cell < grid.size; cell++) if (square ? !square.isBlocked(cell) : !grid.isBlocked(cell)) free.push(cell);
  const start = free[c.startPick % free.length];
  const carve = (onProgress?: (done: number, total: number) => void) => {
    const rng = c.path === 'plainRng' ? plainRng(c.seed) : createRng(c.seed, 'generate');
    const onStep = c.path === 'stepped' ? () => {} : undefined;
    const options = { start, difficulty: c.difficulty, variant: c.variant, onProgress };
    if (square) {
      const maze = square.clone();
      g.generate(maze, rng, options, onStep);
      return { cells: maze.cells, next: rng.nextUint32() };
    }
    const maze = new GridMaze(grid.topology);
    maze.cells.set(grid.cells);
    gridForm(g)(maze, rng, options, onStep);
    return { cells: maze.cells, next: rng.nextUint32() };
  };
  return { size: grid.size, carve };
}

describe('onProgress on every generator and every grid it takes', () => {
  for (const g of GENERATORS) {
    it(`${g.name}: the same maze and stream with and without a listener; reports within 1..size, never falling, ending at size`, () => {
      fc.assert(
        fc.property(caseArb(g), (c) => {
          const made = setUp(g, c);
          if (!made) return;
          const reports: [number, number][] = [];
          let without: ReturnType<typeof made.carve>;
          try {
            without = made.carve();
          } catch (error) {
            if (error instanceof OptionError && error.key === 'VARIANT' && c.variant !== undefined) return;
            throw error;
          }
          const withListener = made.carve((done, total) => reports.push([done, total]));
          expect(withListener.cells).toEqual(without.cells);
          expect(withListener.next).toBe(without.next);
          expect(reports.length).toBeGreaterThan(0);
          let last = 0;
          for (const [done, total] of reports) {
            expect(total).toBe(made.size);
            expect(Number.isInteger(done)).toBe(true);
            expect(done).toBeGreaterThanOrEqual(Math.max(1, last));
            expect(done).toBeLessThanOrEqual(total);
            last = done;
          }
          expect(last).toBe(made.size);
        }),
        { numRuns: 150 },
      );
    });
  }
});
