import { describe, expect, it } from 'vitest';
import { OptionError, UnknownAlgorithmError, UnsolvableError } from './errors.js';
import { MazeGenerator, generateMaze } from './generate.js';
import { randomSeed } from './generate-options.js';
import { shortestPath, solveMaze } from './solve.js';
import { EAST, Maze, SOUTH } from './maze.js';
import { patternOrigin } from './pattern.js';
import { validate } from './validate.js';
import { thrown } from '../test/support/thrown.js';

const optionError = (run: () => unknown) => thrown(OptionError, run);

describe('generateMaze', () => {
  it('uses the documented defaults: DFS, perfect, entry (0,0), exit at the far corner, the 42', () => {
    const g = generateMaze({ width: 20, height: 15, seed: 7 });
    expect(g).toMatchObject({
      entry: { x: 0, y: 0 },
      exit: { x: 19, y: 14 },
      seed: '7',
      perfect: true,
      braid: 100,
      difficulty: 5,
      patternPlaced: true,
      notes: [],
    });
    expect(g.generator.name).toBe('DFS');
    expect(g.braidReport).toBeUndefined();
    expect(validate(g.maze, { entry: g.entry, exit: g.exit, perfect: true, pattern: true })).toEqual([]);
  });

  it("takes the seed project's `algorithm` as another name for `generator`", () => {
    const byAlgorithm = generateMaze({ width: 12, height: 9, seed: 3, algorithm: 'Kruskal' });
    expect(byAlgorithm.generator.name).toBe('Kruskal');
    expect(byAlgorithm.maze.equals(generateMaze({ width: 12, height: 9, seed: 3, generator: 'Kruskal' }).maze)).toBe(true);
    expect(new MazeGenerator({ width: 12, height: 9, seed: 3, algorithm: 'prim' }).result.generator.name).toBe('Prim');
    expect(generateMaze({ width: 12, height: 9, seed: 3, algorithm: 'Kruskal', generator: 'DFS' }).generator.name).toBe('DFS');
  });

  it('draws the 42 of the subject example (20x15) with its top-left cell at (7,5)', () => {
    const g = generateMaze({ width: 20, height: 15, seed: 7 });
    expect(patternOrigin(20, 15)).toEqual({ x: 7, y: 5 });
    expect(g.maze.isBlocked(5 * 20 + 7)).toBe(true);
    expect(g.maze.isBlocked(5 * 20 + 8)).toBe(false);
  });

  it('gives the same maze for the same seed, as a number or as text, and another for another seed', () => {
    const a = generateMaze({ width: 30, height: 20, seed: 42 });
    expect(generateMaze({ width: 30, height: 20, seed: '42' }).maze.equals(a.maze)).toBe(true);
    expect(generateMaze({ width: 30, height: 20, seed: 43 }).maze.equals(a.maze)).toBe(false);
  });

  it('picks and reports a random seed when none is given, which makes the maze again', () => {
    const g = generateMaze({ width: 12, height: 9 });
    expect(g.seed).toMatch(/^\d{9}$/);
    expect(generateMaze({ width: 12, height: 9, seed: g.seed }).maze.equals(g.maze)).toBe(true);
    expect(randomSeed()).toMatch(/^[1-9]\d{8}$/);
  });

  it('notes that the pattern is left out of a maze too small for it, and goes on', () => {
    const g = generateMaze({ width: 8, height: 7, seed: 1 });
    expect(g.patternPlaced).toBe(false);
    expect(g.notes).toEqual(['the 42 pattern needs a maze of at least 9x7 cells; 8x7 is too small, so it is left out']);
    expect(generateMaze({ width: 8, height: 7, seed: 1, pattern: 'none' }).notes).toEqual([]);
  });

  it('makes a Pac-Man board when perfect is false, and says when the size cannot hold one', () => {
    const g = generateMaze({ width: 20, height: 15, seed: 3, perfect: false });
    expect(g.braidReport!.loops).toBeGreaterThanOrEqual(2);
    expect(g.braidReport!.deadEndsAfter).toBeLessThanOrEqual(2);
    expect(validate(g.maze, { entry: g.entry, exit: g.exit, perfect: false })).toEqual([]);
    const corridor = generateMaze({ width: 1, height: 6, seed: 3, perfect: false });
    expect(corridor.notes.join(' ')).toMatch(/1x6 maze can hold only 0 loops/);
  });

  it.each([
    ['WIDTH', { width: 0, height: 5 }, /WIDTH must be a whole number from 1/],
    ['WIDTH', { width: 2.5, height: 5 }, /got 2.5/],
    ['HEIGHT', { width: 5, height: -1 }, /HEIGHT/],
    ['WIDTH', { width: 50_000, height: 50_000 }, /at most 2147483647 cells/],
    ['BRAID', { width: 5, height: 5, braid: 101 }, /BRAID must be a whole number from 0 to 100/],
    ['DIFFICULTY', { width: 5, height: 5, difficulty: 0 }, /DIFFICULTY must be a whole number from 1 to 10/],
    ['PATTERN', { width: 5, height: 5, pattern: 'x' as '42' }, /PATTERN must be 42 or none/],
    ['ENTRY', { width: 5, height: 5, entry: { x: 5, y: 0 } }, /ENTRY \(5,0\) is outside the maze: x must be 0..4 and y 0..4/],
    [
      'EXIT',
      { width: 5, height: 5, exit: 'middle' as 'top' },
      /EXIT must be x,y, one of top, bottom, left, right or a rule \(EXIT=farthest, ENTRY=EXIT=hardest\)/,
    ],
    ['EXIT', { width: 5, height: 5, entry: { x: 1, y: 1 }, exit: { x: 1, y: 1 } }, /same cell \(1,1\)/],
    ['ENTRY', { width: 20, height: 15, entry: { x: 7, y: 5 } }, /ENTRY \(7,5\) is on the 42 pattern/],
  ])('rejects a bad %s with an OptionError that says what is expected', (key, options, message) => {
    const error = optionError(() => generateMaze({ seed: 1, ...options }));
    expect(error.key).toBe(key);
    expect(error.message).toMatch(message);
  });

  it('accepts an entry on the pattern place when the pattern is off', () => {
    expect(generateMaze({ width: 20, height: 15, seed: 1, entry: { x: 7, y: 5 }, pattern: 'none' }).entry).toEqual({ x: 7, y: 5 });
  });

  it('rejects an unknown generator with the list of valid names', () => {
    expect(() => generateMaze({ width: 5, height: 5, generator: 'dfz' })).toThrow(UnknownAlgorithmError);
    expect(() => generateMaze({ width: 5, height: 5, generator: 'dfz' })).toThrow(/Did you mean DFS\?.*Valid generators: DFS, Kruskal/);
  });

  // Regression: a non-finite numeric seed escaped as a plain RangeError.
  it('rejects a seed that is not a finite number with an OptionError', () => {
    for (const seed of [NaN, Infinity]) expect(optionError(() => generateMaze({ width: 5, height: 5, seed })).key).toBe('SEED');
  });

  // Regression: a side name was placed first and did not avoid a point given for the
  // other end, so ENTRY=top with EXIT=0,0 failed as "the same cell" for about half the seeds.
  it('places a side name away from a point given for the other end', () => {
    for (let seed = 0; seed < 16; seed++) {
      const g = generateMaze({ width: 2, height: 2, seed, entry: 'top', exit: { x: 0, y: 0 }, pattern: 'none' });
      expect(g.entry).toEqual({ x: 1, y: 0 });
      expect(g.exit).toEqual({ x: 0, y: 0 });
    }
  });

  // Regression: with two side names, a one-cell side drawn second could find its only cell taken.
  it('places a one-cell side before a longer one', () => {
    for (let seed = 0; seed < 16; seed++) {
      const g = generateMaze({ width: 1, height: 3, seed, entry: 'left', exit: 'top' });
      expect(g.exit).toEqual({ x: 0, y: 0 });
      expect(g.entry.y).toBeGreaterThan(0);
    }
  });

  it('still rejects two ends that can only be the same cell', () => {
    expect(optionError(() => generateMaze({ width: 1, height: 3, seed: 1, entry: 'top', exit: 'top' })).message).toMatch(/same cell/);
  });
});

describe('solveMaze and shortestPath', () => {
  it('solves with the named solver and gives the moves as letters', () => {
    const g = generateMaze({ width: 10, height: 8, seed: 5 });
    for (const name of ['AStar', 'A*', 'bfs', 'DFS']) {
      const s = solveMaze(g.maze, g.entry, g.exit, name);
      expect(s.cells[0]).toBe(0);
      expect(s.cells[s.cells.length - 1]).toBe(79);
      expect(s.directions).toHaveLength(s.cells.length - 1);
      expect(s.directions).toMatch(/^[NESW]+$/);
      expect(validate(g.maze, { entry: g.entry, exit: g.exit, path: s.directions })).toEqual([]);
    }
  });

  it('throws UnsolvableError where the exit is walled off', () => {
    const maze = new Maze(3, 1);
    maze.carvePassage(0, EAST);
    expect(() => solveMaze(maze, { x: 0, y: 0 }, { x: 2, y: 0 })).toThrow(UnsolvableError);
  });

  // Regression: a point outside the maze went straight into the solver's arrays.
  it('rejects an entry or exit outside the maze', () => {
    const maze = new Maze(3, 2);
    expect(optionError(() => solveMaze(maze, { x: 0, y: 0 }, { x: 3, y: 0 })).key).toBe('EXIT');
    expect(optionError(() => solveMaze(maze, { x: -1, y: 0 }, { x: 1, y: 0 })).key).toBe('ENTRY');
  });

  it("keeps a shortest solver's solution and replaces another one by a shortest path", () => {
    const g = generateMaze({ width: 20, height: 15, seed: 9, perfect: false });
    const astar = solveMaze(g.maze, g.entry, g.exit, 'AStar');
    expect(shortestPath(g.maze, g.entry, g.exit, astar)).toBe(astar);
    const dfs = solveMaze(g.maze, g.entry, g.exit, 'DFS');
    const best = shortestPath(g.maze, g.entry, g.exit, dfs);
    expect(best.solver.shortest).toBe(true);
    expect(best.directions.length).toBeLessThanOrEqual(dfs.directions.length);
    expect(best.directions.length).toBe(astar.directions.length);
  });
});

describe('MazeGenerator', () => {
  it('gives the structure, a solution and the hex text, like the seed class', () => {
    const gen = new MazeGenerator({
      width: 20,
      height: 15,
      entry: { x: 0, y: 0 },
      exit: { x: 19, y: 14 },
      perfect: true,
      seed: 42,
      generator: 'Kruskal',
      solver: 'BFS',
    });
    const plain = generateMaze({ width: 20, height: 15, perfect: true, seed: 42, generator: 'Kruskal' });
    expect(gen.maze.equals(plain.maze)).toBe(true);
    expect(gen.seed).toBe('42');
    expect(gen.solution.solver.name).toBe('BFS');
    expect(gen.solution).toBe(gen.solution); // computed once
    const lines = gen.toHex().split('\n');
    expect(lines.slice(15)).toEqual(['', '0,0', '19,14', gen.solution.directions, '']);
  });

  // Regression: toHex() went through the configured solver first, so a wall follower that
  // cannot get round a loop made toHex() throw although the file needs only a shortest path.
  it('writes the file with a shortest path even when the configured solver cannot solve the board', () => {
    let failures = 0;
    for (let seed = 0; seed < 10; seed++) {
      const options = { width: 12, height: 9, seed, perfect: false, exit: { x: 5, y: 1 } };
      const gen = new MazeGenerator({ ...options, solver: 'WallFollower' });
      try {
        void gen.solution;
      } catch (error) {
        expect(error).toBeInstanceOf(UnsolvableError);
        failures++;
      }
      expect(gen.toHex()).toBe(new MazeGenerator({ ...options, solver: 'BFS' }).toHex());
    }
    expect(failures).toBeGreaterThan(0); // the case this guards against did occur
  });

  it('rejects an unknown solver before generating', () => {
    expect(() => new MazeGenerator({ width: 5, height: 5, solver: 'nope' })).toThrow(/unknown solver 'nope'/);
  });

  it('has a wall on the south side of the last row', () => {
    const gen = new MazeGenerator({ width: 4, height: 3, seed: 1 });
    for (let x = 0; x < 4; x++) expect(gen.maze.hasWall(2 * 4 + x, SOUTH)).toBe(true);
  });
});

describe('wrong types (issue 10, defect 9): an OptionError naming the type, never a silent default', () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ width: '20', height: 15 }, /^WIDTH must be a whole number from 1 to \d+, got the string '20'$/],
    [{ width: 20, height: null }, /^HEIGHT must be a whole number .*, got null$/],
    [{ width: 20, height: 15, perfect: 'false' }, /^PERFECT must be true or false, got the string 'false'$/],
    [{ width: 20, height: 15, perfect: 0 }, /^PERFECT must be true or false, got 0$/],
    [{ width: 20, height: 15, seed: { a: 1 } }, /^SEED must be a whole number or any text, got an object$/],
    [{ width: 20, height: 15, seed: [1] }, /^SEED must be a whole number or any text, got an array$/],
    [{ width: 20, height: 15, braid: '50' }, /^BRAID must be a whole number from 0 to 100, got the string '50'$/],
    [{ width: 20, height: 15, generator: 42 }, /^GENERATOR must be a name \(text\), got the number 42$/],
  ];
  it.each(cases.map(([o, m]) => [JSON.stringify(o), o, m] as const))('%s', (_name, options, message) => {
    let error: unknown;
    try {
      generateMaze(options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toMatch(message);
  });
});
