import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors.js';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { parseJson } from './grid-json.js';
import { MAZEGEN_VERSION, toJson, toJsonObject } from './json.js';
import { patternCells } from '../pattern.js';

describe('JSON export', () => {
  const g = generateMaze({ width: 12, height: 9, seed: 'json', entry: 'bottom', exit: 'top' });
  const solution = shortestPath(g.maze, g.entry, g.exit).directions;
  const text = toJson(g.maze, { entry: g.entry, exit: g.exit, solution, generator: g.generator.name, seed: g.seed });

  it('writes the documented fields', () => {
    const doc = JSON.parse(text);
    expect(Object.keys(doc)).toEqual([
      'format',
      'formatVersion',
      'width',
      'height',
      'walls',
      'pattern',
      'patternCells',
      'entry',
      'exit',
      'solution',
      'generator',
      'seed',
      'libraryVersion',
    ]);
    expect(doc.format).toBe('a-maze-ing/maze');
    expect(doc.walls).toHaveLength(9);
    expect(doc.walls[0]).toMatch(/^[0-9A-F]{12}$/);
    expect(doc.pattern).toBe(true);
    const pattern = patternCells(12, 9).map((cell) => ({ x: cell % 12, y: Math.floor(cell / 12) }));
    expect(pattern).toHaveLength(18);
    expect(doc.patternCells).toEqual(pattern);
    expect(doc.entry.y).toBe(8);
    expect(doc.exit.y).toBe(0);
    expect(doc.solution).toBe(solution);
    expect(doc.generator).toBe('DFS');
    expect(doc.seed).toBe('json');
  });

  it('refuses a patternCells list that is not the pattern, and reads a file without one', () => {
    const doc = JSON.parse(text);
    doc.patternCells = doc.patternCells.slice(1);
    expect(() => parseJson(JSON.stringify(doc))).toThrow(/"patternCells" must list the 18 cells of the 42 pattern in row order/);
    delete doc.patternCells;
    expect(parseJson(JSON.stringify(doc)).maze.equals(g.maze)).toBe(true);
  });

  it('reads back the same maze, pattern flags included', () => {
    const read = parseJson(text);
    const back = read.square!;
    expect(back.maze).toBe(read.maze);
    expect(back.maze.equals(g.maze)).toBe(true);
    expect(back.entry).toEqual(g.entry);
    expect(back.exit).toEqual(g.exit);
    expect(back.solution).toBe(solution);
    expect(read.seed).toBe('json');
    // The same ends and solution as cells, as every grid's document gives them.
    expect([read.entry, read.exit]).toEqual([g.maze.index(g.entry.x, g.entry.y), g.maze.index(g.exit.x, g.exit.y)]);
    expect(read.solution![0]).toBe(read.entry);
    expect(read.solution![read.solution!.length - 1]).toBe(read.exit);
  });

  it('keeps the library version equal to package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(MAZEGEN_VERSION).toBe(pkg.version);
  });

  it('writes null for what is unknown', () => {
    const doc = toJsonObject(g.maze, { entry: g.entry, exit: g.exit });
    expect(doc.solution).toBeNull();
    expect(parseJson(JSON.stringify(doc)).generator).toBeNull();
  });

  it('throws FormatError with a location or a field name for bad input', () => {
    const err = (() => {
      try {
        parseJson('{\n  "format": "a-maze-ing/maze",\n  oops\n}');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(FormatError);
    expect((err as FormatError).line).toBe(3);
    const doc = JSON.parse(text);
    const broken = (patch: object): string => JSON.stringify({ ...doc, ...patch });
    expect(() => parseJson('[]')).toThrow(/JSON object/);
    expect(() => parseJson(broken({ format: 'x' }))).toThrow(/"format"/);
    // Version 2 is another grid's document: without its "grid" it is refused as one.
    expect(() => parseJson(broken({ formatVersion: 2 }))).toThrow(/"grid" must be one of/);
    expect(() => parseJson(broken({ width: 0 }))).toThrow(/"width"/);
    expect(() => parseJson(broken({ walls: doc.walls.slice(1) }))).toThrow(/"walls"/);
    expect(() => parseJson(broken({ walls: ['G'.repeat(12), ...doc.walls.slice(1)] }))).toThrow(/hex digit/);
    expect(() => parseJson(broken({ entry: { x: 40, y: 0 } }))).toThrow(/outside/);
    expect(() => parseJson(broken({ exit: '1,2' }))).toThrow(/"exit"/);
    expect(() => parseJson(broken({ solution: 'NEX' }))).toThrow(/letters/);
    expect(() => parseJson(broken({ seed: 5 }))).toThrow(/"seed"/);
    expect(() => parseJson(broken({ walls: doc.walls.map((r: string) => r.replace(/F/g, '0')) }))).toThrow(/not closed/);
  });
});
