import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCKED,
  GENERATORS,
  Maze,
  SOLVERS,
  Step,
  UnsolvableError,
  generateMaze,
  parseHex,
  solveMaze,
  toHex,
  validate,
  type Point,
  type StepKind,
} from 'mazegen';
import { shortestPath } from 'mazegen';
import { ALL_WALLS, type Side } from 'mazegen/internal';
import { distancesFrom, expectedPatternCells, independentProblems, minimumLoops } from '../support/invariants.js';

/**
 * SPEC 4 and 5 over random sizes (1..60 x 1..60), seeds, both PERFECT modes, BRAID,
 * the pattern on or off and random entry/exit (points and side names), for every
 * generator in the registry: checked by validate() and, independently, by
 * test/support/invariants.ts.
 */

type End = Point | Side;

interface Config {
  width: number;
  height: number;
  entry: End;
  exit: End;
  seed: number | string;
  perfect: boolean;
  braid: number;
  pattern: '42' | 'none';
}

const SIDE_NAMES: Side[] = ['top', 'bottom', 'left', 'right'];

function sideLength(side: Side, width: number, height: number): number {
  return side === 'top' || side === 'bottom' ? width : height;
}

function sideCell(side: Side, width: number, height: number): Point {
  return side === 'right' ? { x: width - 1, y: 0 } : side === 'bottom' ? { x: 0, y: height - 1 } : { x: 0, y: 0 };
}

function onSide(p: Point, side: Side, width: number, height: number): boolean {
  if (side === 'top') return p.y === 0;
  if (side === 'bottom') return p.y === height - 1;
  if (side === 'left') return p.x === 0;
  return p.x === width - 1;
}

/** True when some choice of cells satisfies the config (distinct ends, none on the pattern). */
function endsCanBePlaced(c: Config): boolean {
  const pattern = c.pattern === '42' ? expectedPatternCells(c.width, c.height) : new Set<number>();
  const onPattern = (p: Point): boolean => pattern.has(p.y * c.width + p.x);
  const { entry, exit } = c;
  if (typeof entry !== 'string' && typeof exit !== 'string')
    return !(entry.x === exit.x && entry.y === exit.y) && !onPattern(entry) && !onPattern(exit);
  if (typeof entry !== 'string' || typeof exit !== 'string') {
    const [point, side] = typeof entry === 'string' ? [exit as Point, entry] : [entry, exit as Side];
    if (onPattern(point)) return false;
    if (sideLength(side, c.width, c.height) > 1) return true;
    const only = sideCell(side, c.width, c.height);
    return only.x !== point.x || only.y !== point.y;
  }
  return !(entry === exit && sideLength(entry, c.width, c.height) === 1);
}

const configArb: fc.Arbitrary<Config> = fc
  .record({ width: fc.integer({ min: 1, max: 60 }), height: fc.integer({ min: 1, max: 60 }) })
  .filter(({ width, height }) => width * height >= 2)
  .chain(({ width, height }) => {
    const point = fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) });
    const end: fc.Arbitrary<End> = fc.oneof({ weight: 4, arbitrary: point }, { weight: 1, arbitrary: fc.constantFrom(...SIDE_NAMES) });
    return fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      entry: end,
      exit: end,
      seed: fc.oneof(fc.integer(), fc.string({ maxLength: 12 })),
      perfect: fc.boolean(),
      braid: fc.oneof(fc.constant(100), fc.integer({ min: 0, max: 100 })),
      pattern: fc.constantFrom<'42' | 'none'>('42', '42', 'none'),
    });
  })
  .filter(endsCanBePlaced);

// With every generator in the registry the file runs in well under a minute on 2 cores.
const RUNS_PER_GENERATOR = 80;

describe.each(GENERATORS.map((g) => [g.name, g] as const))('generator %s', (name) => {
  it('makes mazes that keep every rule of SPEC 4, checked by validate() and independently', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const result = generateMaze({ ...config, generator: name });
        const { maze, entry, exit } = result;
        const { width: w, height: h } = config;

        // Points are honoured; side names land on their side.
        for (const [given, got] of [
          [config.entry, entry],
          [config.exit, exit],
        ] as const) {
          if (typeof given === 'string') expect(onSide(got, given, w, h)).toBe(true);
          else expect(got).toEqual(given);
        }

        const path = shortestPath(maze, entry, exit).directions;
        const expected = { entry, exit, perfect: config.perfect, braid: config.braid, pattern: config.pattern === '42', path };
        expect(independentProblems(maze, expected)).toEqual([]);
        expect(validate(maze, expected)).toEqual([]);

        // The pattern is drawn exactly where it fits and was asked for; a note says when it is left out.
        const pattern = expectedPatternCells(w, h);
        const drawn = config.pattern === '42' && pattern.size > 0;
        expect(result.patternPlaced).toBe(drawn);
        for (let cell = 0; cell < maze.size; cell++) {
          expect(maze.isBlocked(cell)).toBe(drawn && pattern.has(cell));
        }
        const patternNote = result.notes.some((n) => /pattern/.test(n));
        expect(patternNote).toBe(config.pattern === '42' && pattern.size === 0);
        // A board too small for two loops says so.
        if (!config.perfect && minimumLoops(w, h) < 2) expect(result.notes.some((n) => /loop/.test(n))).toBe(true);
        if (config.perfect) expect(result.notes.some((n) => /loop/.test(n))).toBe(false);
      }),
      { numRuns: RUNS_PER_GENERATOR },
    );
  });

  it('writes a file that reads back as the same maze, entry, exit and a shortest path', () => {
    fc.assert(
      fc.property(configArb, fc.boolean(), (config, lowerCase) => {
        const { maze, entry, exit } = generateMaze({ ...config, generator: name });
        const path = shortestPath(maze, entry, exit).directions;
        const text = toHex(maze, { entry, exit, path });

        const lines = text.split('\n');
        expect(text.endsWith('\n')).toBe(true);
        expect(lines.length).toBe(maze.height + 5);
        for (let y = 0; y < maze.height; y++) expect(lines[y]).toMatch(new RegExp(`^[0-9A-F]{${maze.width}}$`));
        expect(lines.slice(maze.height)).toEqual(['', `${entry.x},${entry.y}`, `${exit.x},${exit.y}`, path, '']);

        // Readers accept either case of hex digit (the braided subject example is lower case).
        const rows = lines.slice(0, maze.height).join('\n');
        const back = parseHex(lowerCase ? rows.toLowerCase() + text.slice(rows.length) : text);
        expect(back.maze.equals(maze)).toBe(true);
        expect(back.entry).toEqual(entry);
        expect(back.exit).toEqual(exit);
        expect(back.path).toBe(path);
        // The path in the file is a shortest one (independent breadth-first search).
        expect(path.length).toBe(distancesFrom(back.maze, entry)[exit.y * maze.width + exit.x]);
        expect(toHex(back.maze, back)).toBe(text);
        // What the CLI's validate command sees: the file alone, the pattern recognised from its cells.
        expect(
          validate(back.maze, { entry: back.entry, exit: back.exit, path: back.path, perfect: config.perfect, braid: config.braid }),
        ).toEqual([]);
      }),
      { numRuns: RUNS_PER_GENERATOR },
    );
  });

  it('is deterministic, and its steps replay to the same maze without changing it', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const plain = generateMaze({ ...config, generator: name });
        const steps: [StepKind, number, number][] = [];
        const reported = generateMaze({ ...config, generator: name }, (kind, cell, dir) => steps.push([kind, cell, dir]));
        expect(reported.maze.equals(plain.maze)).toBe(true);
        expect(reported.entry).toEqual(plain.entry);
        expect(reported.exit).toEqual(plain.exit);

        // Replaying the wall steps on a closed maze (pattern drawn) rebuilds it.
        const replay = new Maze(config.width, config.height);
        for (let cell = 0; cell < replay.size; cell++) if (plain.maze.isBlocked(cell)) replay.cells[cell] = ALL_WALLS | BLOCKED;
        for (const [kind, cell, dir] of steps) {
          if (kind === Step.Carve) replay.carvePassage(cell, dir);
          else if (kind === Step.Wall) replay.buildWall(cell, dir);
        }
        expect(replay.equals(plain.maze)).toBe(true);
      }),
      { numRuns: Math.ceil(RUNS_PER_GENERATOR / 2) },
    );
  });
});

describe.each(SOLVERS.map((s) => [s.name, s] as const))('solver %s', (name, solver) => {
  it('finds a legal path on every generated maze it can handle, a shortest one when it promises to', () => {
    fc.assert(
      fc.property(configArb, fc.constantFrom(...GENERATORS.map((g) => g.name)), (config, generator) => {
        const { maze, entry, exit, perfect } = generateMaze({ ...config, generator });
        let directions: string;
        try {
          directions = solveMaze(maze, entry, exit, name).directions;
        } catch (error) {
          // Only a solver that says it cannot handle loops may give up, and only on a maze with loops.
          expect(error).toBeInstanceOf(UnsolvableError);
          expect(solver.handlesLoops || perfect).toBe(false);
          return;
        }
        const shortest = distancesFrom(maze, entry)[exit.y * maze.width + exit.x];
        const problems = independentProblems(maze, {
          entry,
          exit,
          perfect,
          braid: config.braid,
          pattern: config.pattern === '42',
          path: directions,
        });
        if (solver.shortest || perfect) expect(problems).toEqual([]);
        else expect(problems.filter((p) => !p.startsWith('path has'))).toEqual([]);
        expect(directions.length).toBeGreaterThanOrEqual(shortest);
      }),
      { numRuns: 60 },
    );
  });
});
