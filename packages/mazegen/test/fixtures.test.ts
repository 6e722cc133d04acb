import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHex, toHex, validate } from 'mazegen';
import { shortestPath } from 'mazegen';
import { findDeadEnds } from 'mazegen/internal';
import { countDeadEnds, countOpenPassages, distancesFrom, expectedPatternCells, independentProblems } from './support/invariants.js';

/** The two official subject examples (copied from the project's shared fixtures). */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

describe('subject example 25x20', () => {
  const text = fixture('subject-example-25x20.txt');
  const file = parseHex(text);

  it('reads back: 25x20, entry (1,1), exit (19,14), a 45-move path', () => {
    expect([file.maze.width, file.maze.height]).toEqual([25, 20]);
    expect(file.entry).toEqual({ x: 1, y: 1 });
    expect(file.exit).toEqual({ x: 19, y: 14 });
    expect(file.path).toHaveLength(45);
  });

  it('passes validate with perfect left open, its path a shortest one', () => {
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path })).toEqual([]);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, pattern: true })).toEqual([]);
    expect(shortestPath(file.maze, file.entry, file.exit).directions).toHaveLength(file.path.length);
  });

  // Despite its name this example is NOT a perfect maze: 578 passages for 482 free cells,
  // that is 97 independent loops, so validate reports it when perfection is asked for.
  it('is not a perfect maze: it has 97 loops', () => {
    const free = 25 * 20 - 18;
    expect(free).toBe(482);
    expect(countOpenPassages(file.maze)).toBe(578);
    expect(countOpenPassages(file.maze) - (free - 1)).toBe(97);
    const found = validate(file.maze, { entry: file.entry, exit: file.exit, perfect: true });
    expect(found).toEqual([{ rule: 'perfect', message: 'a perfect maze of 482 cells has 481 passages, this one has 578 (97 loop(s))' }]);
  });

  it('holds the 42 at (9,7), and passes the independent checks', () => {
    for (const cell of expectedPatternCells(25, 20)) expect(file.maze.walls(cell)).toBe(15);
    expect(
      independentProblems(file.maze, { entry: file.entry, exit: file.exit, perfect: false, braid: 0, pattern: true, path: file.path }),
    ).toEqual([]);
  });

  it('round-trips through toHex byte for byte (uppercase, as written)', () => {
    expect(toHex(file.maze, file)).toBe(text);
  });
});

describe('subject example 25x20, braided', () => {
  const text = fixture('subject-example-25x20-braided.txt');
  const file = parseHex(text);

  it('reads back (lower-case digits) and passes validate as a Pac-Man board', () => {
    expect(text.split('\n')[0]).toMatch(/^[0-9a-f]{25}$/);
    expect(file.path).toHaveLength(33);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path })).toEqual([]);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: false, pattern: true })).toEqual([]);
  });

  it('has 115 loops and at most 2 dead ends, counted as the subject does', () => {
    expect(countOpenPassages(file.maze) - 481).toBe(115);
    const deadEnds = countDeadEnds(file.maze, expectedPatternCells(25, 20));
    expect(deadEnds).toBeLessThanOrEqual(2);
    expect(findDeadEnds(file.maze)).toHaveLength(deadEnds);
    expect(distancesFrom(file.maze, file.entry)[14 * 25 + 19]).toBe(33);
  });

  it('round-trips through toHex, up to the case of the hex digits', () => {
    const written = toHex(file.maze, file);
    expect(written).not.toBe(text);
    const rows = text.split('\n').slice(0, 20).join('\n');
    expect(written).toBe(rows.toUpperCase() + text.slice(rows.length));
  });
});
