import { describe, expect, it } from 'vitest';
import { FormatError, OptionError } from '../errors.js';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { ALL_WALLS, BLOCKED, Maze } from '../maze.js';
import { patternCells } from '../pattern.js';
import {
  decodeHexCells,
  encodeHex,
  encodeHexCells,
  encodeHexRows,
  hexFooter,
  hexFooterBytes,
  parseHex,
  toHex,
  type HexFooter,
} from './hex.js';
import { uMaze } from '../../test/support/mazes.js';
import { thrown } from '../../test/support/thrown.js';

const TINY = 'D53\nD56\n\n0,0\n0,1\nEESWW\n';

const formatError = (text: string) => thrown(FormatError, () => parseHex(text));

describe('toHex', () => {
  it('writes one uppercase digit per cell, a blank line, entry, exit and path, each line ending in \\n', () => {
    expect(toHex(uMaze(), { entry: { x: 0, y: 0 }, exit: { x: 0, y: 1 }, path: 'EESWW' })).toBe(TINY);
  });

  it('agrees with encodeHex, encodeHexRows and hexFooter', () => {
    const maze = uMaze();
    const footer = { entry: { x: 0, y: 0 }, exit: { x: 0, y: 1 }, path: 'EESWW' };
    expect(new TextDecoder().decode(encodeHex(maze, footer))).toBe(TINY);
    expect(new TextDecoder().decode(encodeHexRows(maze, 1, 2))).toBe('D56\n');
    expect(hexFooter(footer)).toBe('\n0,0\n0,1\nEESWW\n');
  });

  it('writes pattern cells as F (the BLOCKED flag is not part of the file)', () => {
    const { maze, entry, exit } = generateMaze({ width: 20, height: 15, seed: 1 });
    const rows = toHex(maze, { entry, exit, path: '' }).split('\n');
    for (const cell of patternCells(20, 15)) expect(rows[Math.floor(cell / 20)][cell % 20]).toBe('F');
  });

  it('writes a 1000x1000 maze (string building in chunks)', () => {
    const maze = new Maze(1000, 1000);
    const text = toHex(maze, { entry: { x: 0, y: 0 }, exit: { x: 999, y: 999 }, path: '' });
    expect(text.length).toBe(1000 * 1001 + '\n0,0\n999,999\n\n'.length);
  });
});

describe('parseHex', () => {
  it('reads what toHex writes', () => {
    const back = parseHex(TINY);
    expect(back.maze.equals(uMaze())).toBe(true);
    expect(back).toMatchObject({ entry: { x: 0, y: 0 }, exit: { x: 0, y: 1 }, path: 'EESWW' });
  });

  it('accepts lower case, CRLF, a byte-order mark, no final newline and trailing blank lines', () => {
    for (const text of [
      TINY.toLowerCase().replace('eesww', 'EESWW'),
      TINY.replace(/\n/g, '\r\n'),
      '\ufeff' + TINY,
      TINY.slice(0, -1),
      TINY + '\n\n',
      TINY.replace('0,1', ' 0 , 1 '),
    ]) {
      const back = parseHex(text);
      expect(back.maze.equals(uMaze())).toBe(true);
      expect(back.path).toBe('EESWW');
      expect(back.exit).toEqual({ x: 0, y: 1 });
    }
  });

  it("reads a coordinate written '-0' as 0, so it writes back the same (found by the fuzz test)", () => {
    const back = parseHex(TINY.replace('0,1', '-0,1'));
    expect(Object.is(back.exit.x, 0)).toBe(true);
    expect(back.exit).toEqual({ x: 0, y: 1 });
  });

  it('reads an empty path line', () => {
    expect(parseHex('D53\nD56\n\n0,0\n0,1\n\n').path).toBe('');
  });

  it.each([
    ['an empty file', '', 1, 1, /empty/],
    ['a file that starts with a blank line', '\nD15\n', 1, 1, /empty line/],
    ['a short row', 'D15\nC4\n\n0,0\n0,1\nE\n', 2, 3, /row 1 has 2 cells, the first row has 3/],
    ['a long row', 'D15\nC461\n\n0,0\n0,1\nE\n', 2, 4, /row 1 has 4 cells/],
    ['a non-hex digit', 'D15\nCG6\n\n0,0\n0,1\nE\n', 2, 2, /hex digit 0-9 or A-F, got 'G'/],
    ['a control byte', 'D15\nC\u00016\n\n0,0\n0,1\nE\n', 2, 2, /byte 0x01/],
    ['a binary file (PNG header, read as UTF-8)', '\ufffdPNG\r\n\u001a\n\u0000\u0000', 1, 1, /got bytes that are not UTF-8 text/],
    ['junk in the first row before a row-length mismatch', 'D1x5\nC4\n\n0,0\n0,1\nE\n', 1, 3, /got 'x'/],
    ['a non-ASCII letter', 'D15\nC\u00e96\n\n0,0\n0,1\nE\n', 2, 2, /got 'é' \(U\+00E9\)/],
    ['no blank line before the entry', 'D53\nD56\n0,0\n0,1\nE\n', 3, 1, /blank line between the last row and the entry/],
    ['rows only', 'D53\nD56\n', 3, 1, /ends early: expected a blank line/],
    ['no entry', 'D53\nD56\n\n', 4, 1, /expected the entry line/],
    ['no exit', 'D53\nD56\n\n0,0\n', 5, 1, /expected the exit line/],
    ['no path', 'D53\nD56\n\n0,0\n0,1\n', 6, 1, /expected the path line/],
    ['a malformed entry', 'D53\nD56\n\n0;0\n0,1\nE\n', 4, 1, /entry as x,y .*got '0;0'/],
    ['an exit outside the maze', 'D53\nD56\n\n0,0\n3,1\nE\n', 5, 1, /exit \(3,1\) is outside the 3x2 maze/],
    ['a negative entry', 'D53\nD56\n\n-1,0\n0,1\nE\n', 4, 1, /outside/],
    ['a bad path letter', 'D53\nD56\n\n0,0\n0,1\nEEx\n', 6, 3, /only the letters N, E, S, W, got 'x'/],
    ['text after the path', 'D53\nD56\n\n0,0\n0,1\nE\nmore\n', 7, 1, /unexpected text after the path/],
  ])('rejects %s with line and column', (_name, text, line, column, message) => {
    const error = formatError(text);
    expect(error).toMatchObject({ line, column });
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`line ${line}, column ${column}: `)).toBe(true);
  });

  // Regression: the column of a bad path letter was counted after trimming the line.
  it('points at the right column of a bad path letter after leading spaces', () => {
    expect(formatError('D53\nD56\n\n0,0\n0,1\n  EEZ\n')).toMatchObject({ line: 6, column: 5 });
  });

  it('cuts a long malformed line short in the message', () => {
    expect(formatError(`D15\nC46\n\n${'x'.repeat(500)}\n0,1\nE\n`).message.length).toBeLessThan(150);
  });

  // Regression: a maze read back lacked the BLOCKED flags of its 42, so it never equalled
  // the maze that was written and dead ends next to the 42 were miscounted.
  it('marks a complete 42 pattern BLOCKED, so a maze read back equals the one written', () => {
    const { maze, entry, exit } = generateMaze({ width: 20, height: 15, seed: 'hex' });
    const path = shortestPath(maze, entry, exit).directions;
    const back = parseHex(toHex(maze, { entry, exit, path }));
    for (const cell of patternCells(20, 15)) expect(back.maze.cells[cell]).toBe(ALL_WALLS | BLOCKED);
    expect(back.maze.equals(maze)).toBe(true);
  });

  it('does not mark an incomplete pattern', () => {
    const { maze, entry, exit } = generateMaze({ width: 20, height: 15, seed: 'hex', pattern: 'none' });
    const back = parseHex(toHex(maze, { entry, exit, path: '' }));
    expect(back.maze.cells.some((c) => c & BLOCKED)).toBe(false);
    expect(back.maze.equals(maze)).toBe(true);
  });
});

describe('encodeHexCells, decodeHexCells and hexFooterBytes (rows and footer outside a Maze)', () => {
  it('encode a row as encodeHexRows does, and decode it back, in either case', () => {
    const { maze } = generateMaze({ width: 13, height: 9, seed: 'cells' });
    const rows = encodeHexRows(maze);
    const out = new Uint8Array(rows.length);
    let at = 0;
    for (let y = 0; y < maze.height; y++) at = encodeHexCells(maze.cells, y * maze.width, maze.width, out, at);
    expect(at).toBe(rows.length);
    expect(out).toEqual(rows);
    const lower = Uint8Array.from(rows, (b) => (b >= 65 && b <= 70 ? b + 32 : b));
    for (const text of [rows, lower]) {
      const walls = new Uint8Array(maze.size);
      for (let y = 0; y < maze.height; y++) decodeHexCells(text, y * (maze.width + 1), maze.width, walls, y * maze.width, y + 1);
      expect(Array.from(walls)).toEqual(Array.from(maze.cells, (c) => c & ALL_WALLS));
    }
  });

  it('refuse a byte that is not a hex digit, naming its line and column', () => {
    const text = new TextEncoder().encode('9A5\n3G6\n');
    const error = thrown(FormatError, () => decodeHexCells(text, 4, 3, new Uint8Array(3), 0, 2));
    expect([error.line, error.column]).toEqual([2, 2]);
    expect(error.message).toBe('line 2, column 2: expected a hex digit 0-9 or A-F, got byte 71');
  });

  it('write the footer hexFooter writes, from letter codes', () => {
    const footer = { entry: { x: 1, y: 2 }, exit: { x: 30, y: 4 }, path: 'EESWN' };
    const bytes = hexFooterBytes(footer.entry, footer.exit, new TextEncoder().encode(footer.path));
    expect(new TextDecoder().decode(bytes)).toBe(hexFooter(footer));
    expect(new TextDecoder().decode(hexFooterBytes(footer.entry, footer.exit, new Uint8Array(0)))).toBe(hexFooter({ ...footer, path: '' }));
  });
});

describe('the footer the writers take', () => {
  const made = generateMaze({ width: 6, height: 4, seed: 3, pattern: 'none' });
  const best = shortestPath(made.maze, made.entry, made.exit);

  it('refuses what would make a file parseHex rejects, naming the field', () => {
    const cells = Array.from(best.cells);
    expect(() => toHex(made.maze, { entry: made.entry, exit: made.exit, path: cells as unknown as string })).toThrow(
      /the footer's path must be a string of N, E, S, W letters, got an array of \d+ items \(cells\? pass the solution's directions/,
    );
    expect(() => toHex(made.maze, { entry: made.entry, exit: made.exit, path: 'NEsW' })).toThrow(
      /only the letters N, E, S, W, got 's' at position 3/,
    );
    expect(() => toHex(made.maze, { entry: { x: 1.5, y: 0 }, exit: made.exit, path: '' })).toThrow(/entry must be a point/);
    expect(() => toHex(made.maze, undefined as unknown as HexFooter)).toThrow(OptionError);
    expect(() => encodeHex(made.maze, { entry: made.entry, exit: made.exit, path: best.cells as unknown as string })).toThrow(OptionError);
  });

  it('writes what it takes, and that reads back', () => {
    const text = toHex(made.maze, { entry: made.entry, exit: made.exit, path: best.directions });
    expect(parseHex(text).path).toBe(best.directions);
  });
});
