import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawMaze,
  generateMaze,
  shortestPath,
  parseBlocks,
  parseJson,
  THEMES,
  toAscii,
  toBlocks,
  toJson,
  toSvg,
  toUnicode,
  type GridMaze,
} from 'mazegen';
import {
  blocksToMaze,
  blocksToText,
  gridTextToBlocks,
  isPlainSquareMaze,
  parseBlockMatrix,
  parseTextMaze,
  toBlocksText,
  toJsonObject,
} from 'mazegen/internal';
import { mazeLayout, RasterContext, writeSvgChunks } from 'mazegen/render';
import { TOPOLOGY_SPECS } from '../support/grid.js';

/**
 * One writer per stage for every grid (issue 24): over every grid kind and wrap, with and
 * without cells outside the maze (a mask as `block` leaves it), each writer's output reads
 * back into the same maze where a reader exists, the square plug-in keeps the square
 * document, points and cells name the same ends, and chunked output is the whole output.
 */

interface Case {
  maze: GridMaze;
  entry: number;
  exit: number;
  path: Int32Array;
}

const cases = fc
  .record({
    spec: fc.constantFrom(...TOPOLOGY_SPECS),
    seed: fc.integer({ min: 0, max: 1 << 30 }),
    masked: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ spec, seed, masked }): Case => {
    const g = generateMaze({ ...spec, seed });
    const maze = g.maze;
    const path = shortestPath(maze, g.entry, g.exit).cells;
    // A few cells outside the maze, as a mask leaves them (never on the path).
    for (let k = 0; k < masked; k++) {
      const cell = (seed + 7919 * (k + 1)) % maze.size;
      if (!path.includes(cell)) maze.block(cell);
    }
    return { maze, entry: g.entry, exit: g.exit, path };
  });

/** The point of a square cell, (col, row). */
const pointOf = (maze: GridMaze, cell: number) => ({ x: cell % maze.topology.width, y: Math.floor(cell / maze.topology.width) });

describe('one writer per format, every grid', () => {
  it('toJson reads back (parseJson, the one reader) into the same maze, ends and solution; the plain square grid keeps the square document and its view', () => {
    fc.assert(
      fc.property(cases, ({ maze, entry, exit, path }) => {
        const text = toJson(maze, { entry, exit, solution: path, generator: 'DFS', seed: '1' });
        const back = parseJson(text);
        expect(back.maze.equals(maze)).toBe(true);
        expect([back.entry, back.exit]).toEqual([entry, exit]);
        expect(Array.from(back.solution!)).toEqual(Array.from(path));
        expect(back.formatVersion).toBe(isPlainSquareMaze(maze) ? 1 : 2);
        expect(back.square === null).toBe(!isPlainSquareMaze(maze));
        if (isPlainSquareMaze(maze)) {
          // The square plug-in: the established document (JSON.stringify of its object), read by the square reader.
          const view = back.square!;
          expect(view.maze).toBe(back.maze);
          expect([view.entry, view.exit]).toEqual([pointOf(maze, entry), pointOf(maze, exit)]);
          const letters = view.solution!;
          const square = { entry: pointOf(maze, entry), exit: pointOf(maze, exit), solution: letters, generator: 'DFS', seed: '1' };
          expect(text).toBe(JSON.stringify(toJsonObject(maze.asMaze(), square), null, 2) + '\n');
          expect(toJson(maze, square)).toBe(text);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('toBlocks reads back (blocksToMaze, the one reader) into the same maze and ends; without a grid it reads the square lattice, with its view', () => {
    fc.assert(
      fc.property(cases, ({ maze, entry, exit }) => {
        const text = toBlocksText(maze, { entry, exit });
        expect(blocksToText(toBlocks(maze, { entry, exit }))).toBe(text);
        const back = blocksToMaze(parseBlockMatrix(text), maze.topology);
        expect(parseBlocks(text, maze.topology)).toEqual(back);
        expect(back.maze.equals(maze)).toBe(true);
        expect([back.entry, back.exit]).toEqual([entry, exit]);
        const t = maze.topology;
        if (t.kind === 'square' && t.wrap === 'none') {
          const read = parseBlocks(text);
          expect(read.maze.equals(maze)).toBe(true);
          expect([read.entry, read.exit]).toEqual([entry, exit]);
          const square = read.square;
          expect(square.maze).toBe(read.maze);
          expect(back.square!.maze.equals(square.maze)).toBe(true);
          expect(Array.from(square.maze.cells)).toEqual(Array.from(maze.cells));
          expect([square.entry, square.exit]).toEqual([pointOf(maze, entry), pointOf(maze, exit)]);
          expect(toBlocksText(maze, { entry: pointOf(maze, entry), exit: pointOf(maze, exit) })).toBe(text);
        } else expect(back.square).toBeNull();
      }),
      { numRuns: 60 },
    );
  });

  it('toAscii and toUnicode read back: the square lattice by parseTextMaze, every other grid by its blocks', () => {
    fc.assert(
      fc.property(cases, ({ maze, entry, exit, path }) => {
        const t = maze.topology;
        for (const write of [toAscii, toUnicode]) {
          const text = write(maze, { entry, exit, path });
          if (t.kind === 'square') {
            const back = parseTextMaze(text);
            expect(Array.from(back.maze.cells)).toEqual(Array.from(maze.cells));
            expect([back.entry, back.exit]).toEqual([pointOf(maze, entry), pointOf(maze, exit)]);
            expect(write(maze, { entry: pointOf(maze, entry), exit: pointOf(maze, exit), path })).toBe(text);
          } else {
            const back = blocksToMaze(gridTextToBlocks(text), t);
            expect(back.maze.equals(maze)).toBe(true);
            expect([back.entry, back.exit]).toEqual([entry, exit]);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('toSvg: chunked is whole, points and cells agree, the plain square grid is its own document and every other marks both ends', () => {
    fc.assert(
      fc.property(
        cases,
        fc.integer({ min: 1, max: 4096 }),
        fc.constantFrom('default', 'distance'),
        ({ maze, entry, exit, path }, chunk, theme) => {
          const svg = toSvg(maze, { entry, exit, path, theme });
          const chunks: Uint8Array[] = [];
          writeSvgChunks(maze, { entry, exit, path, theme }, (c) => chunks.push(c), chunk);
          expect(Buffer.concat(chunks).toString('utf8')).toBe(svg);
          if (isPlainSquareMaze(maze)) {
            expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
            expect(svg.endsWith('</svg>\n')).toBe(true);
            expect(toSvg(maze.asMaze(), { entry: pointOf(maze, entry), exit: pointOf(maze, exit), path, theme })).toBe(svg);
          } else {
            expect(svg.startsWith('<svg ')).toBe(true);
            expect(svg.endsWith('</svg>')).toBe(true);
            expect(svg.match(/<circle /g)).toHaveLength(2);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('drawMaze draws the same pixels band by band as at once, on the lattice and on every topology', () => {
    fc.assert(
      fc.property(cases, fc.integer({ min: 1, max: 40 }), ({ maze, entry, exit, path }, bandRows) => {
        const theme = THEMES.default;
        const layout = mazeLayout(maze, theme, { cellSize: 6, margin: 2 });
        expect(layout.lattice).toBe(isPlainSquareMaze(maze));
        const whole = new RasterContext(layout.width, layout.height);
        drawMaze(whole, maze, { layout, theme, entry, exit, path });
        const banded = new Uint8Array(whole.pixels.length);
        for (let top = 0; top < layout.height; top += bandRows) {
          const rows = Math.min(bandRows, layout.height - top);
          const band = new RasterContext(layout.width, rows, top, banded.subarray(top * layout.width * 3, (top + rows) * layout.width * 3));
          drawMaze(band, maze, { layout, theme, entry, exit, path, band: [top, top + rows] });
        }
        expect(Buffer.from(banded).equals(Buffer.from(whole.pixels))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
