import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EAST,
  GENERATORS,
  MazeError,
  OptionError,
  SOUTH,
  WEST,
  NORTH,
  generateMaze,
  streamMaze,
  type Maze,
  type SquareMazeOptions,
  type Point,
} from 'mazegen';
import { shortestPath } from 'mazegen';
import { findPathByRows, rowsReadAtMost, type RowSource, type Side } from 'mazegen/internal';

/** The rows of an in-memory maze, as the CLI reads them from a file. */
function memoryRows(maze: Maze): RowSource & { reads: number } {
  const source = {
    reads: 0,
    readRows(first: number, count: number, into: Uint8Array): void {
      source.reads++;
      into.set(maze.cells.subarray(first * maze.width, (first + count) * maze.width));
    },
  };
  return source;
}

/** All rows of a stream, one after the other. */
function streamedCells(options: SquareMazeOptions): Uint8Array {
  const stream = streamMaze(options);
  const out = new Uint8Array(stream.width * stream.height);
  let y = 0;
  for (const row of stream.rows()) out.set(row, y++ * stream.width);
  expect(y).toBe(stream.height);
  return out;
}

const text = (letters: Uint8Array): string => String.fromCharCode(...letters);

const end = fc.oneof(fc.constantFrom<Side>('top', 'bottom', 'left', 'right'), fc.record({ x: fc.nat(200), y: fc.nat(200) }));

describe('streamMaze', () => {
  it('yields byte for byte the rows generateMaze makes with Eller (sizes with and without the 42, sides, seeds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 48 }),
        fc.oneof(fc.integer(), fc.string()),
        fc.constantFrom<'42' | 'none'>('42', 'none'),
        end,
        end,
        (width, height, seed, pattern, entryEnd, exitEnd) => {
          // Points are taken modulo the size so that they land inside.
          const place = (e: Point | Side): Point | Side => (typeof e === 'string' ? e : { x: e.x % width, y: e.y % height });
          const options: SquareMazeOptions = {
            width,
            height,
            seed,
            pattern,
            generator: 'Eller',
            entry: place(entryEnd),
            exit: place(exitEnd),
          };
          let made;
          try {
            made = generateMaze(options);
          } catch (error) {
            // The same refusal (entry on the 42, entry = exit) from both.
            expect(error).toBeInstanceOf(OptionError);
            expect(() => streamMaze(options)).toThrow((error as Error).message);
            return;
          }
          const stream = streamMaze(options);
          expect({
            entry: stream.entry,
            exit: stream.exit,
            seed: stream.seed,
            patternPlaced: stream.patternPlaced,
            notes: stream.notes,
          }).toEqual({
            entry: made.entry,
            exit: made.exit,
            seed: made.seed,
            patternPlaced: made.patternPlaced,
            notes: made.notes,
          });
          expect(streamedCells(options)).toEqual(made.maze.cells);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('replays the same rows on every call to rows()', () => {
    const stream = streamMaze({ width: 30, height: 20, seed: 'again', generator: 'eller' });
    const first = [...stream.rows()].length;
    const a = streamedCells({ width: 30, height: 20, seed: 'again', generator: 'eller' });
    let y = 0;
    for (const row of stream.rows()) expect(row).toEqual(a.subarray(y * 30, ++y * 30));
    expect(y).toBe(first);
  });

  it('refuses another generator or PERFECT=false, naming the key and what streams', () => {
    expect(() => streamMaze({ width: 10, height: 10, generator: 'DFS' })).toThrow(OptionError);
    expect(() => streamMaze({ width: 10, height: 10, generator: 'DFS' })).toThrow(
      /GENERATOR=DFS cannot stream; only Eller with PERFECT=True/,
    );
    try {
      streamMaze({ width: 10, height: 10, generator: 'Eller', perfect: false });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OptionError);
      expect((error as OptionError).key).toBe('PERFECT');
    }
  });
});

describe('findPathByRows', () => {
  const perfectGenerators = GENERATORS.map((g) => g.name);

  it("is the shortest path's letters for every generator's perfect mazes, whatever the band size", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...perfectGenerators),
        fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 })),
        fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 100, max: 300 })),
        fc.integer(),
        fc.constantFrom<'42' | 'none'>('42', 'none'),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 9 }),
        fc.nat(),
        fc.nat(),
        (generator, width, height, seed, pattern, baseCells, blockRows, maxParts, s, g) => {
          if (width * height < 2) return;
          const made = generateMaze({ width, height, seed, pattern, generator });
          // Random start and goal off the 42.
          const free: number[] = [];
          for (let cell = 0; cell < made.maze.size; cell++) if (!(made.maze.cells[cell] & 16)) free.push(cell);
          const a = free[s % free.length];
          const b = free[g % free.length];
          const start = { x: a % width, y: Math.floor(a / width) };
          const goal = { x: b % width, y: Math.floor(b / width) };
          const expected = a === b ? '' : shortestPath(made.maze, start, goal).directions;
          let rowsRead = 0;
          const options = {
            baseCells,
            blockCells: blockRows * width,
            maxParts,
            cells: true,
            onProgress: (rows: number) => (rowsRead = rows),
          };
          const found = findPathByRows(memoryRows(made.maze), width, height, start, goal, options);
          expect(text(found.letters)).toBe(expected);
          expect(rowsRead).toBeLessThanOrEqual(rowsReadAtMost(width, height, options));
          expect(found.cells![0]).toBe(a);
          expect(found.cells![found.cells!.length - 1]).toBe(b);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('bounds the rows read where a smaller part needs one more split than a larger one (11x36, parts of 7 and 8 rows)', () => {
    // Found by the property above: 36 rows in 5 parts of 7 or 8; 8 rows split in 3 reach the
    // base band, 7 rows split in 2 leave 4 rows, over the base band, so they split again.
    const made = generateMaze({ width: 11, height: 36, seed: 0, pattern: '42', generator: 'DFS' });
    const free: number[] = [];
    for (let cell = 0; cell < made.maze.size; cell++) if (!(made.maze.cells[cell] & 16)) free.push(cell);
    const [a, b] = [free[6075462 % free.length], free[1460871342 % free.length]];
    let rowsRead = 0;
    const options = { baseCells: 39, blockCells: 11, maxParts: 5, onProgress: (rows: number) => (rowsRead = rows) };
    const found = findPathByRows(
      memoryRows(made.maze),
      11,
      36,
      { x: a % 11, y: Math.floor(a / 11) },
      { x: b % 11, y: Math.floor(b / 11) },
      options,
    );
    expect(text(found.letters)).toBe(
      shortestPath(made.maze, { x: a % 11, y: Math.floor(a / 11) }, { x: b % 11, y: Math.floor(b / 11) }).directions,
    );
    expect(rowsRead).toBeGreaterThan(108);
    expect(rowsRead).toBeLessThanOrEqual(rowsReadAtMost(11, 36, options));
  });

  it('splits a tall maze many times (base band of one cell, 2, 3 or 64 parts a split) and still finds the exact path', () => {
    for (const [width, height] of [
      [1, 200],
      [200, 1],
      [2, 500],
      [13, 97],
    ]) {
      const made = generateMaze({ width, height, seed: `deep ${width}`, generator: 'Eller' });
      const expected = shortestPath(made.maze, made.entry, made.exit).directions;
      for (const maxParts of [2, 3, 64]) {
        const found = findPathByRows(memoryRows(made.maze), width, height, made.entry, made.exit, {
          baseCells: 1,
          blockCells: 1,
          maxParts,
        });
        expect(text(found.letters)).toBe(expected);
      }
    }
  });

  it('reads no rows of a half the path never enters', () => {
    // Entry and exit side by side in the top row: this seed's path stays in the top rows.
    const made = generateMaze({ width: 20, height: 400, seed: 1, generator: 'Eller', entry: { x: 0, y: 0 }, exit: { x: 1, y: 0 } });
    const path = shortestPath(made.maze, made.entry, made.exit);
    expect(Math.max(...path.cells) / 20).toBeLessThan(200);
    let rows = 0;
    const found = findPathByRows(memoryRows(made.maze), 20, 400, made.entry, made.exit, {
      baseCells: 20 * 16,
      onProgress: (done) => (rows = done),
    });
    expect(text(found.letters)).toBe(path.directions);
    // One split into 25 parts of 16 rows (one pass over all 400 rows), then only the
    // base band that holds the path is read, not all 25.
    expect(rows).toBe(400 + 16);
    // Halving each time (at most 2 parts): 400, then only the top half's bands: 200, 100, 50, 25, and one base band of 12.
    rows = 0;
    findPathByRows(memoryRows(made.maze), 20, 400, made.entry, made.exit, {
      baseCells: 20 * 16,
      maxParts: 2,
      onProgress: (done) => (rows = done),
    });
    expect(rows).toBe(400 + 200 + 100 + 50 + 25 + 12);
    // A progress bar's total: every row once per level, and once in the base bands.
    expect(rowsReadAtMost(20, 400, { baseCells: 20 * 16 })).toBe(2 * 400);
    expect(rowsReadAtMost(20, 400, { baseCells: 20 * 16, maxParts: 2 })).toBe(6 * 400);
  });

  it('refuses a maze with a loop, and a maze cut in two', () => {
    for (const baseCells of [1, 1 << 22]) {
      const made = generateMaze({ width: 12, height: 12, seed: 5, generator: 'Eller', pattern: 'none' });
      const looped = made.maze;
      // Open every wall between rows 5 and 6: at least one new loop.
      for (let x = 0; x < 12; x++) {
        looped.cells[5 * 12 + x] &= ~SOUTH;
        looped.cells[6 * 12 + x] &= ~NORTH;
      }
      expect(() => findPathByRows(memoryRows(looped), 12, 12, { x: 0, y: 0 }, { x: 11, y: 11 }, { baseCells })).toThrow(MazeError);
      const closed = generateMaze({ width: 12, height: 12, seed: 5, generator: 'Eller', pattern: 'none' }).maze;
      // Close every wall between rows 5 and 6: the top and the bottom are apart.
      for (let x = 0; x < 12; x++) {
        closed.cells[5 * 12 + x] |= SOUTH;
        closed.cells[6 * 12 + x] |= NORTH;
      }
      expect(() => findPathByRows(memoryRows(closed), 12, 12, { x: 0, y: 0 }, { x: 11, y: 11 }, { baseCells })).toThrow(/not perfect/);
    }
  });

  it('refuses a maze with one passage too many, wherever it is, whatever the band size (a split checks every row once)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 2, max: 60 }),
        fc.integer(),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 2, max: 9 }),
        fc.nat(),
        fc.boolean(),
        (width, height, seed, baseCells, maxParts, at, east) => {
          const maze = generateMaze({ width, height, seed, pattern: 'none', generator: 'Eller' }).maze;
          // Open the first closed inner wall from a random cell on (east or south first): a perfect maze plus one passage has a loop.
          let opened = false;
          for (let k = 0; k < 2 * maze.size && !opened; k++) {
            const cell = (at + (k >> 1)) % maze.size;
            const x = cell % width;
            if ((k & 1) === (east ? 0 : 1) && x + 1 < width && maze.cells[cell] & EAST) {
              maze.cells[cell] &= ~EAST;
              maze.cells[cell + 1] &= ~WEST;
              opened = true;
            } else if ((k & 1) === (east ? 1 : 0) && cell + width < maze.size && maze.cells[cell] & SOUTH) {
              maze.cells[cell] &= ~SOUTH;
              maze.cells[cell + width] &= ~NORTH;
              opened = true;
            }
          }
          expect(opened).toBe(true);
          expect(() =>
            findPathByRows(memoryRows(maze), width, height, { x: 0, y: 0 }, { x: width - 1, y: height - 1 }, { baseCells, maxParts }),
          ).toThrow(/not perfect/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a loop inside one row of a split band', () => {
    const made = generateMaze({ width: 6, height: 40, seed: 9, generator: 'Eller', pattern: 'none' });
    const cells = made.maze.cells;
    // Open a whole row's east-west walls and the row below's: a loop wherever two columns drop down.
    for (const y of [3, 4])
      for (let x = 0; x + 1 < 6; x++) {
        cells[y * 6 + x] &= ~EAST;
        cells[y * 6 + x + 1] &= ~WEST;
      }
    for (let x = 0; x < 6; x++) {
      cells[3 * 6 + x] &= ~SOUTH;
      cells[4 * 6 + x] &= ~NORTH;
    }
    expect(() => findPathByRows(memoryRows(made.maze), 6, 40, { x: 0, y: 0 }, { x: 5, y: 39 }, { baseCells: 6 })).toThrow(/loop/);
  });
});
