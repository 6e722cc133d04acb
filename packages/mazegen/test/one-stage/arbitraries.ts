import fc from 'fast-check';
import { GENERATORS, OUTLINES, generateMaze, type GeneratedMaze, type GridMazeRequest, type Maze } from 'mazegen';

/**
 * The mazes the one-stage tests draw: every grid kind with each wrap it takes, with and
 * without an outline (a mask), perfect and braided; and the plain square grid alone, by
 * size, seed and generator, to hold the square kernels against the topology path.
 */
const gridSpecArb = fc.oneof(
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

export const anyGridMazeArb: fc.Arbitrary<GeneratedMaze> = fc
  .record({
    spec: gridSpecArb,
    shape: fc.option(fc.constantFrom(...OUTLINES), { nil: undefined }),
    generator: fc.constantFrom(...GENERATORS.map((g) => g.name)),
    perfect: fc.boolean(),
    braid: fc.constantFrom(0, 50, 100),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .filter(({ spec, generator }) => {
    const g = GENERATORS.find((a) => a.name === generator)!;
    return g.grids.includes(spec.grid as never) && (spec.wrap === 'none' || g.wraps);
  })
  .map(({ spec, ...rest }) => {
    try {
      return generateMaze({ ...spec, ...rest } as GridMazeRequest);
    } catch {
      // An outline too small for this grid: the same grid without it.
      return generateMaze({ ...spec, ...rest, shape: undefined } as GridMazeRequest);
    }
  });

export const squareMazeArb: fc.Arbitrary<GeneratedMaze<Maze>> = fc
  .record({
    width: fc.integer({ min: 1, max: 24 }),
    height: fc.integer({ min: 1, max: 18 }),
    algorithm: fc.constantFrom(...GENERATORS.filter((g) => g.grids.includes('square')).map((g) => g.name)),
    perfect: fc.boolean(),
    braid: fc.constantFrom(0, 30, 100),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .filter(({ width, height }) => width * height >= 2)
  .map((options) => generateMaze(options));
