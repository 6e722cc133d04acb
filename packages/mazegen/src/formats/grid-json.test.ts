import { describe, expect, it } from 'vitest';
import { scrambled } from '../../test/support/grid-walls.js';
import { TOPOLOGY_SPECS } from '../../test/support/grid.js';
import { FormatError, OptionError } from '../errors.js';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { GridMaze } from '../maze.js';
import { createRng } from '../rng.js';
import { joinChunks } from './chunks.js';
import { isPlainSquareMaze } from '../plain-square.js';
import { GRID_JSON_FORMAT_VERSION, parseJson } from './grid-json.js';
import { encodeJsonChunks, toJson } from './json.js';

describe('maze JSON of every grid', () => {
  it('a plain square maze is the square document (formatVersion 1) byte for byte, and reads back as a GridMaze', () => {
    const g = generateMaze({ width: 20, height: 15, seed: 42 });
    const best = shortestPath(g.maze, g.entry, g.exit);
    const grid = GridMaze.fromMaze(g.maze);
    expect(isPlainSquareMaze(grid)).toBe(true);
    const text = toJson(grid, {
      entry: g.entry.y * 20 + g.entry.x,
      exit: g.exit.y * 20 + g.exit.x,
      solution: best.cells,
      generator: 'DFS',
      seed: '42',
    });
    expect(text).toBe(toJson(g.maze, { entry: g.entry, exit: g.exit, solution: best.directions, generator: 'DFS', seed: '42' }));
    const back = parseJson(text);
    expect(back.formatVersion).toBe(1);
    expect(back.maze.equals(grid)).toBe(true);
    expect(Array.from(back.solution!)).toEqual(Array.from(best.cells));
  });

  it('round-trips random mazes of every grid, size and wrap (walls, masked cells, ends, solution) through formatVersion 2', () => {
    const rng = createRng('grid-json');
    for (const spec of TOPOLOGY_SPECS) {
      for (let round = 0; round < 4; round++) {
        const g = generateMaze({ ...spec, seed: rng.nextUint32(), perfect: round % 2 === 0 });
        const solution = round === 3 ? null : shortestPath(g.maze, g.entry, g.exit).cells;
        const maze = round === 3 ? scrambled(spec.grid, spec.width, spec.height, spec.wrap, round) : g.maze;
        // A few cells outside the maze, as a mask leaves them (not on the square's 42 place).
        for (let k = 0; k < 2; k++) {
          const cell = rng.int(maze.size);
          if (cell !== g.entry && cell !== g.exit) maze.block(cell);
        }
        const options = {
          entry: g.entry,
          exit: g.exit,
          solution,
          perfect: g.perfect,
          generator: g.generator.name,
          seed: g.seed,
          shape: 'heart',
        };
        const text = toJson(maze, options);
        const what = `${spec.grid} ${spec.width}x${spec.height} ${spec.wrap} round ${round}`;
        expect(isPlainSquareMaze(maze), what).toBe(false);
        const back = parseJson(text);
        expect(back.formatVersion, what).toBe(GRID_JSON_FORMAT_VERSION);
        expect(back.maze.equals(maze), what).toBe(true);
        expect([back.entry, back.exit], what).toEqual([g.entry, g.exit]);
        expect(back.solution && Array.from(back.solution), what).toEqual(solution && Array.from(solution));
        expect([back.perfect, back.generator, back.seed, back.shape], what).toEqual([g.perfect, g.generator.name, g.seed, 'heart']);
        // Small chunks give the same text.
        expect(joinChunks(encodeJsonChunks(maze, options, 16)), what).toBe(text);
      }
    }
  });

  it('takes a solution as N/E/S/W letters on the square grid for either document, and refuses letters on another grid', () => {
    const g = generateMaze({ grid: 'square', width: 7, height: 5, seed: 3 });
    const path = shortestPath(g.maze, g.entry, g.exit).cells;
    const letters = parseJson(toJson(g.maze, { entry: g.entry, exit: g.exit, solution: path })).square!.solution!;
    for (let cell = 0; cell < g.maze.size; cell++) if (!path.includes(cell) && cell % 3 === 0) g.maze.block(cell);
    const text = toJson(g.maze, { entry: g.entry, exit: g.exit, solution: letters });
    expect(text).toBe(toJson(g.maze, { entry: g.entry, exit: g.exit, solution: path }));
    expect(parseJson(text).formatVersion).toBe(GRID_JSON_FORMAT_VERSION);
    expect(() => toJson(g.maze, { entry: g.entry, exit: g.exit, solution: 'W' })).toThrow(/move 1 \('W'\) leaves the maze/);
    const hex = generateMaze({ grid: 'hex', width: 4, height: 3, seed: 1 });
    expect(() => toJson(hex.maze, { entry: hex.entry, exit: hex.exit, solution: 'E' })).toThrow(OptionError);
  });

  it('lays the document out for people: one line a row (a ring on the polar grid), the ends as coordinates, a slot digit a move', () => {
    const g = generateMaze({ grid: 'polar', width: 6, height: 3, seed: 1, entry: 'centre', exit: 'outer' });
    const path = shortestPath(g.maze, g.entry, g.exit).cells;
    const doc = JSON.parse(toJson(g.maze, { entry: g.entry, exit: g.exit, solution: path }));
    expect(doc).toMatchObject({
      format: 'a-maze-ing/maze',
      formatVersion: 2,
      grid: 'polar',
      width: 6,
      height: 3,
      wrap: 'none',
      cellDigits: 2,
    });
    expect(doc.walls.map((row: string) => row.length / 2)).toEqual([1, 6, 12, 24]);
    expect(doc.entry).toEqual({ ring: 0, index: 0 });
    expect(doc.exit.ring).toBe(3);
    expect(doc.solution).toMatch(/^[0-9A-F]+$/);
    expect(doc.solution).toHaveLength(path.length - 1);
  });

  it('explains what is wrong in a document it cannot read', () => {
    const g = generateMaze({ grid: 'hex', width: 4, height: 3, seed: 1 });
    const doc = JSON.parse(toJson(g.maze, { entry: g.entry, exit: g.exit }));
    const broken = (patch: Record<string, unknown>) => JSON.stringify({ ...doc, ...patch });
    expect(() => parseJson(broken({ grid: 'octagon' }))).toThrow(/"grid" must be one of square, hex, triangle, polar/);
    expect(() => parseJson(broken({ walls: doc.walls.slice(1) }))).toThrow(/"walls" must be an array of 3 strings/);
    expect(() => parseJson(broken({ walls: ['zz' + doc.walls[0].slice(2), ...doc.walls.slice(1)] }))).toThrow(
      /expected 2 hex digits, got 'zz'/,
    );
    expect(() => parseJson(broken({ walls: ['FF' + doc.walls[0].slice(2), ...doc.walls.slice(1)] }))).toThrow(
      /bits past the cell's 6 walls/,
    );
    expect(() => parseJson(broken({ entry: { col: 9, row: 0 } }))).toThrow(/"entry" \(9,0\) is not a cell/);
    expect(() => parseJson(broken({ solution: '7' }))).toThrow(/"solution" move 1/);
    expect(() => parseJson(broken({ formatVersion: 3 }))).toThrow(/reads versions 1 and 2/);
    expect(() => parseJson(broken({ width: 3, wrap: 'x' }))).toThrow(
      /not one this library makes: WRAP=x on the hex grid needs an even WIDTH/,
    );
    expect(() => parseJson('{"format": ')).toThrow(FormatError);
    // The one reader reads the grid document too; it has no square view.
    expect(parseJson(broken({})).square).toBeNull();
  });
});
