import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, generateMaze, OptionError, OUTLINES, parseTextMask, type GeneratedMaze, type GridMaze, type Point } from 'mazegen';
import { isPlainSquareConfig, parseConfig, toMazeOptions } from 'mazegen/config';

/**
 * One `toMazeOptions` for every config (issue 24): the plain square config gets the square
 * options, every other (grid, wrap, outline, mask) a request naming its grid, and the two
 * forms make the same maze where both apply: the square one is a plug-in, not a second maker.
 */

const configArb = fc
  .record({
    grid: fc.constantFrom('square', 'hex', 'triangle', 'polar'),
    wrap: fc.constantFrom('none', 'x', 'y', 'xy'),
    width: fc.integer({ min: 3, max: 9 }),
    height: fc.integer({ min: 3, max: 7 }),
    shape: fc.option(fc.constantFrom(...OUTLINES), { nil: undefined }),
    masked: fc.boolean(),
    perfect: fc.boolean(),
    level: fc.option(fc.constantFrom('easy', 'hard'), { nil: undefined }),
    seed: fc.integer({ min: 0, max: 1_000_000 }).map(String),
    override: fc.option(fc.integer({ min: 0, max: 1_000 }).map(String), { nil: undefined }),
  })
  .map((c) => ({
    ...c,
    // Wraps are for the grids of rows and columns; a mask for the grids of cells in rows (the last cell of the first row is cut).
    wrap: c.grid === 'square' || c.grid === 'hex' ? c.wrap : 'none',
    masked: c.masked && c.grid !== 'polar' && c.shape === undefined,
  }));

/** Ends as cells, whichever form made the maze. */
const cellsOf = (g: GeneratedMaze<GridMaze>) => {
  const cell = (end: number | Point) => (typeof end === 'number' ? end : g.maze.topology.cellAt(end.x, end.y));
  return [cell(g.entry as number | Point), cell(g.exit as number | Point)];
};

/** The maze a request makes, or the message it is refused with. */
function made(options: Parameters<typeof generateMaze>[0]): GeneratedMaze<GridMaze> | string {
  try {
    return generateMaze(options);
  } catch (error) {
    if (error instanceof OptionError) return error.message;
    throw error;
  }
}

describe('toMazeOptions, one for every config', () => {
  it('square options for the plain square config, a grid request otherwise; both forms make the same maze', () => {
    fc.assert(
      fc.property(configArb, (c) => {
        const lines = [
          `GRID=${c.grid}`,
          `WRAP=${c.wrap}`,
          `WIDTH=${c.width}`,
          `HEIGHT=${c.height}`,
          c.grid === 'polar' ? 'ENTRY=centre' : 'ENTRY=0,0',
          c.grid === 'polar' ? 'EXIT=outer' : `EXIT=${c.width - 1},${c.height - 1}`,
          'OUTPUT_FILE=maze.txt',
          `PERFECT=${c.perfect ? 'True' : 'False'}`,
          `SEED=${c.seed}`,
          ...(c.shape ? [`SHAPE=${c.shape}`] : []),
          ...(c.masked ? ['MASK=mask.txt'] : []),
          ...(c.level ? [`LEVEL=${c.level}`] : []),
        ];
        let config;
        try {
          config = parseConfig(lines.join('\n') + '\n', 'config.txt');
        } catch (error) {
          if (error instanceof ConfigError) {
            fc.pre(false);
            return;
          }
          throw error;
        }
        const mask = c.masked
          ? parseTextMask(
              Array.from({ length: c.height }, (_, y) => (y === 0 ? '.'.repeat(c.width - 1) + 'X' : '.'.repeat(c.width))).join('\n'),
            )
          : undefined;
        const options = toMazeOptions(config, c.override, mask);
        const plain = isPlainSquareConfig(config) && !mask;
        expect(options.grid === undefined).toBe(plain);
        // The seed given, else the config's own.
        expect(options.seed).toBe(c.override ?? c.seed);
        expect([options.perfect, options.level]).toEqual([c.perfect, c.level]);
        if (!plain) expect(options).toMatchObject({ grid: c.grid, wrap: c.wrap, shape: c.shape, mask });
        const ours = made(options);
        // The request the config means, written out here from its keys: every key reaches the maker, in either form.
        const named = made({
          grid: config.grid,
          wrap: config.wrap,
          width: config.width > 0 ? config.width : undefined,
          height: config.height > 0 ? config.height : undefined,
          mask,
          shape: config.shape,
          entry: config.entry as Point,
          exit: config.exit as Point,
          perfect: config.perfect,
          seed: c.override ?? config.seed,
          generator: config.generator,
          braid: config.braid,
          difficulty: config.difficulty,
          variant: config.variant,
          pattern: config.pattern,
          level: config.level,
        });
        if (typeof ours === 'string' || typeof named === 'string') {
          expect(ours).toBe(named);
          return;
        }
        expect(ours.maze.topology.kind).toBe(c.grid);
        expect(ours.maze.topology.wrap).toBe(c.wrap);
        expect(Buffer.from(ours.maze.cells).equals(Buffer.from(named.maze.cells))).toBe(true);
        expect(cellsOf(ours)).toEqual(cellsOf(named));
        expect(ours.level?.level).toBe(c.level);
      }),
      { numRuns: 120 },
    );
  });
});
