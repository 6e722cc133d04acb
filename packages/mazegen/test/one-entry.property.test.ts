import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GENERATORS,
  generateMaze,
  MazeGenerator,
  OptionError,
  shortestPath,
  solveMaze,
  streamMaze,
  toHex,
  type GridMaze,
  type GridMazeRequest,
  type MaskData,
  type Maze,
  type Point,
} from 'mazegen';
import { coordinatePair } from 'mazegen/internal';
import { thrown } from './support/thrown.js';

/**
 * The one entry: `generateMaze` and `solveMaze` over every grid kind, wrap and mask, and
 * a plain square request (no grid named) against the established square bytes: the hex
 * golden files, the streamed Eller maze, and the same request with `grid: 'square'`.
 */

/** A grid with a mask of one left-out cell (a rectangle less one cell stays one region), or none. */
const requestArb: fc.Arbitrary<GridMazeRequest> = fc
  .record({
    grid: fc.constantFrom('square', 'hex', 'triangle', 'polar'),
    width: fc.integer({ min: 3, max: 12 }),
    height: fc.integer({ min: 3, max: 9 }),
    wrap: fc.constantFrom('none', 'x', 'y', 'xy'),
    masked: fc.boolean(),
    hole: fc.nat(),
    seed: fc.integer({ min: 0, max: 1e6 }),
    perfect: fc.boolean(),
  })
  .map(({ grid, width, height, wrap, masked, hole, seed, perfect }) => {
    // Hex takes an even width around a wrapped x; triangle takes an even width around x and no y wrap; polar takes no wrap.
    const w = (grid === 'hex' || grid === 'triangle') && wrap !== 'none' && wrap !== 'y' ? width + (width % 2) : width;
    const wr = grid === 'polar' || (grid === 'triangle' && wrap !== 'none') ? 'none' : wrap;
    const request: GridMazeRequest = { grid, width: grid === 'polar' ? 6 : w, height, wrap: wr, seed, perfect, pattern: 'none' };
    if (masked && grid !== 'polar') {
      const cells = new Uint8Array(w * height).fill(1);
      cells[hole % cells.length] = 0;
      request.mask = { width: w, height, cells } satisfies MaskData;
    }
    return request;
  });

/** The slot of `cell` whose neighbour is `next`, or -1. */
function slotTo(maze: GridMaze, cell: number, next: number): number {
  const t = maze.topology;
  for (let s = 0; s < t.degree(cell); s++) if (t.neighbour(cell, s) === next) return s;
  return -1;
}

describe('generateMaze and solveMaze on every grid, wrap and mask', () => {
  it('make a connected maze whose ends are free cells, and a path through open walls that any form of the ends finds', () => {
    fc.assert(
      fc.property(requestArb, fc.constantFrom('AStar', 'BFS', 'DFS'), (request, solver) => {
        let made;
        try {
          made = generateMaze(request);
        } catch (error) {
          // A grid the topology refuses (a wrap on a grid too small for it) is one line, never a crash.
          expect(error).toBeInstanceOf(OptionError);
          return;
        }
        const { maze, entry, exit } = made;
        const t = maze.topology;
        expect(t.kind).toBe(request.grid);
        expect(t.wrap).toBe(request.wrap);
        expect(made.plainSquare).toBe(t.kind === 'square' && t.wrap === 'none' && !request.mask);
        for (const end of [entry, exit]) {
          expect(Number.isInteger(end)).toBe(true);
          expect(maze.isBlocked(end)).toBe(false);
        }
        if (request.mask) expect(maze.isBlocked(request.mask.cells.indexOf(0))).toBe(true);
        const open = maze.countOpenCells();
        if (request.perfect) expect(maze.countPassages()).toBe(open - 1);

        const solution = solveMaze(maze, entry, exit, solver);
        const path = solution.cells;
        expect(path[0]).toBe(entry);
        expect(path[path.length - 1]).toBe(exit);
        for (let i = 1; i < path.length; i++) {
          const slot = slotTo(maze, path[i - 1], path[i]);
          expect(slot).toBeGreaterThanOrEqual(0);
          expect(maze.isOpen(path[i - 1], slot)).toBe(true);
        }
        // Letters on the square grid (any wrap or mask), one per move and naming its slot; none elsewhere.
        if (t.kind === 'square') {
          expect(solution.directions).toHaveLength(path.length - 1);
          for (let i = 1; i < path.length; i++) expect(solution.directions[i - 1]).toBe('NESW'[slotTo(maze, path[i - 1], path[i])]);
        } else {
          expect(solution.directions).toBe('');
        }
        // The ends as Points ({x: col, y: row}; polar {x: index, y: ring}) name the same cells.
        const point = (cell: number): Point => {
          const [x, y] = coordinatePair(t, cell);
          return { x, y };
        };
        expect(Array.from(solveMaze(maze, point(entry), point(exit), solver).cells)).toEqual(Array.from(path));
        const shortest = shortestPath(maze, entry, exit);
        expect(shortest.solver.shortest).toBe(true);
        expect(shortest.cells.length).toBeLessThanOrEqual(path.length);
        if (request.perfect) expect(Array.from(shortest.cells)).toEqual(Array.from(path));
      }),
      { numRuns: 150 },
    );
  });

  it('MazeGenerator makes, solves and names its ends on every grid; only a square maze without wrap writes a hex file', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        let gen;
        try {
          gen = new MazeGenerator({ ...request, solver: 'BFS' });
        } catch (error) {
          expect(error).toBeInstanceOf(OptionError);
          return;
        }
        const made = generateMaze(request);
        expect(gen.maze.equals(made.maze)).toBe(true);
        expect([gen.entry, gen.exit]).toEqual([made.entry, made.exit]);
        expect(Array.from(gen.solution.cells)).toEqual(Array.from(solveMaze(made.maze, made.entry, made.exit, 'BFS').cells));
        const t = gen.maze.topology;
        if (t.kind === 'square' && t.wrap === 'none') {
          const maze = gen.maze.asMaze();
          expect(gen.toHex()).toBe(
            toHex(maze, { entry: maze.point(gen.entry), exit: maze.point(gen.exit), path: gen.solution.directions }),
          );
        } else {
          expect(thrown(OptionError, () => gen.toHex()).message).toMatch(/^the hex file holds square mazes without wrap; this is a /);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('types the maze by the request: a Maze with Point ends when no grid is named, a GridMaze with cell numbers when one is', () => {
    const square = new MazeGenerator({ width: 9, height: 7, seed: 1 });
    const columns: number = square.maze.width; // the plain square face, without a cast
    const entry: Point = square.entry;
    expect([columns, entry]).toEqual([9, { x: 0, y: 0 }]);
    const hex = new MazeGenerator({ grid: 'hex', width: 4, height: 3, seed: 1 });
    const cell: number = hex.entry;
    expect(cell).toBe(0);
    // @ts-expect-error -- a grid request's maze is a GridMaze: no width, whatever grid it names
    expect(hex.maze.width).toBeUndefined();
    const named = generateMaze({ grid: 'square', width: 9, height: 7, seed: 1 });
    // @ts-expect-error -- its ends are cell numbers, not Points
    expect(named.entry.x).toBeUndefined();
  });

  it('refuses an end given as a cell number outside the grid or on a masked cell, in one line', () => {
    const mask = { width: 4, height: 3, cells: Uint8Array.from([1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1]) };
    const made = generateMaze({ grid: 'hex', mask, seed: 1 });
    expect(thrown(OptionError, () => solveMaze(made.maze, 5, 0)).message).toBe('ENTRY (1,1) is a masked cell, outside the maze');
    expect(thrown(OptionError, () => solveMaze(made.maze, 0, 12)).message).toBe('EXIT must be a cell from 0 to 11, got 12');
    expect(thrown(OptionError, () => generateMaze({ grid: 'hex', mask, seed: 1, entry: 5 })).message).toBe(
      'ENTRY (1,1) is a masked cell, outside the maze; choose a cell of the shape',
    );
    expect(generateMaze({ grid: 'hex', mask, seed: 1, entry: 6, exit: 2 })).toMatchObject({ entry: 6, exit: 2 });
  });
});

describe('a plain square request through the one entry', () => {
  const squareArb = fc.record({
    width: fc.integer({ min: 1, max: 30 }),
    height: fc.integer({ min: 1, max: 24 }),
    seed: fc.oneof(fc.integer({ min: 0, max: 1e6 }), fc.string({ maxLength: 6 })),
    generator: fc.constantFrom(...GENERATORS.filter((g) => g.grids.includes('square')).map((g) => g.name)),
    perfect: fc.boolean(),
    entry: fc.constantFrom<Point | 'top' | 'left' | undefined>(undefined, 'top', 'left', { x: 0, y: 0 }),
    exit: fc.constantFrom<'bottom' | 'right' | 'farthest' | undefined>(undefined, 'bottom', 'right', 'farthest'),
  });

  it('gives a typed Maze with Point ends, the same bytes, ends and hex text as the grid request and the hex writer', () => {
    fc.assert(
      fc.property(squareArb, (options) => {
        const ask = { ...options, entry: options.exit === 'farthest' && options.entry !== undefined ? { x: 0, y: 0 } : options.entry };
        let square;
        try {
          square = generateMaze(ask);
        } catch (error) {
          // Both ends on one cell of a one-cell-wide maze, or no 42-free cell: the grid request refuses it the same way.
          expect(error).toBeInstanceOf(OptionError);
          expect(() => generateMaze({ ...ask, grid: 'square' })).toThrow((error as Error).message);
          return;
        }
        // Typed as the plain square face: width, height and Point ends without a cast.
        const maze: Maze = square.maze;
        const entry: Point = square.entry;
        const grid = generateMaze({ ...ask, grid: 'square' });
        expect(Array.from(grid.maze.cells)).toEqual(Array.from(maze.cells));
        expect(grid.entry).toBe(maze.index(entry.x, entry.y));
        expect(grid.exit).toBe(maze.index(square.exit.x, square.exit.y));
        expect({ ...grid, maze: undefined, entry: undefined, exit: undefined }).toEqual({
          ...square,
          maze: undefined,
          entry: undefined,
          exit: undefined,
        });
        const hex = new MazeGenerator(ask).toHex();
        expect(new MazeGenerator({ ...ask, grid: 'square' }).toHex()).toBe(hex);
        // The file's path is the configured solver's (A*, a shortest one), as the CLI writes it.
        const path = shortestPath(maze, entry, square.exit, solveMaze(maze, entry, square.exit)).directions;
        expect(hex).toBe(toHex(maze, { entry, exit: square.exit, path }));
      }),
      { numRuns: 120 },
    );
  });

  it('makes the Eller maze the row-by-row stream writes, byte for byte', () => {
    fc.assert(
      // From 2 columns: a 1x1 maze has no two cells for an entry and an exit.
      fc.property(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 30 }), fc.nat(), (width, height, seed) => {
        const made = generateMaze({ width, height, seed, generator: 'Eller' });
        const rows = new Uint8Array(width * height);
        let y = 0;
        for (const row of streamMaze({ width, height, seed, generator: 'Eller' }).rows()) rows.set(row, width * y++);
        expect(Array.from(made.maze.cells)).toEqual(Array.from(rows));
      }),
      { numRuns: 60 },
    );
  });

  it('writes every hex golden file of the plain square grid again, through the grid request too', () => {
    const dir = new URL('./golden/', import.meta.url);
    const names = readdirSync(dir).filter((n) => n.endsWith('.txt'));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const m = /^(\w+)-(\d+)x(\d+)-s(.+?)(-imperfect)?\.txt$/.exec(name)!;
      const generator = GENERATORS.find((g) => g.name.toLowerCase() === m[1])!.name;
      const seed = /^\d+$/.test(m[4]) ? Number(m[4]) : m[4];
      const options = { width: Number(m[2]), height: Number(m[3]), seed, perfect: m[5] === undefined, generator };
      const text = readFileSync(new URL(name, dir), 'utf8');
      expect(new MazeGenerator(options).toHex(), name).toBe(text);
      expect(new MazeGenerator({ ...options, grid: 'square' }).toHex(), name).toBe(text);
    }
  });
});
