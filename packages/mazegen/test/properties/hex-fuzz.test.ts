import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError, MazeError, generateMaze, parseHex, toHex } from 'mazegen';
import { shortestPath } from 'mazegen';
import { type HexFile } from 'mazegen/internal';

/**
 * Fuzzing the hex reader: random text and mutated valid files either parse into a
 * consistent maze or throw a MazeError; a FormatError always points at a real place
 * (line and column >= 1). The test would time out if the reader hung.
 */

/** Parses, and checks that any failure is one of the library's typed errors with a sane location. */
function parseOrTypedError(text: string): HexFile | undefined {
  try {
    return parseHex(text);
  } catch (error) {
    expect(error).toBeInstanceOf(MazeError);
    if (error instanceof FormatError) {
      const lineCount = text.split('\n').length;
      expect(Number.isInteger(error.line) && error.line >= 1 && error.line <= lineCount + 1).toBe(true);
      expect(Number.isInteger(error.column) && error.column >= 1).toBe(true);
      expect(error.message.startsWith(`line ${error.line}, column ${error.column}: `)).toBe(true);
      expect(error.message).not.toMatch(/undefined|NaN|\[object/);
    }
    return undefined;
  }
}

/** What a successful parse must satisfy: a consistent maze that writes back and reads again the same. */
function checkParsed(file: HexFile): void {
  const { maze, entry, exit } = file;
  expect(maze.contains(entry.x, entry.y) && maze.contains(exit.x, exit.y)).toBe(true);
  expect(file.path).toMatch(/^[NESW]*$/);
  const again = parseHex(toHex(maze, file));
  expect(again.maze.equals(maze)).toBe(true);
  expect(again.entry).toEqual(entry);
  expect(again.exit).toEqual(exit);
  expect(again.path).toBe(file.path);
}

const HEXISH = [...'0123456789abcdefABCDEFNESWxyz,-+ \t\r\n\n\n\u0000\u00ff\ufeff\u00e9'];

const hexishText = fc.array(fc.constantFrom(...HEXISH), { maxLength: 300 }).map((chars) => chars.join(''));

function validFile(seed: number, width: number, height: number): string {
  const { maze, entry, exit } = generateMaze({ width, height, seed, pattern: seed % 2 === 0 ? '42' : 'none' });
  return toHex(maze, { entry, exit, path: shortestPath(maze, entry, exit).directions });
}

type Mutation =
  | { kind: 'flip'; at: number; char: string }
  | { kind: 'insert'; at: number; char: string }
  | { kind: 'delete'; at: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'dropLine'; at: number }
  | { kind: 'duplicateLine'; at: number }
  | { kind: 'swapLines'; at: number; with: number }
  | { kind: 'crlf' }
  | { kind: 'lowercase' };

const position = fc.nat({ max: 10_000 });
const anyChar = fc.oneof(fc.constantFrom(...HEXISH), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: position, char: anyChar }),
  fc.record({ kind: fc.constant('insert' as const), at: position, char: anyChar }),
  fc.record({ kind: fc.constant('delete' as const), at: position }),
  fc.record({ kind: fc.constant('truncate' as const), at: position }),
  fc.record({ kind: fc.constant('dropLine' as const), at: position }),
  fc.record({ kind: fc.constant('duplicateLine' as const), at: position }),
  fc.record({ kind: fc.constant('swapLines' as const), at: position, with: position }),
  fc.constant({ kind: 'crlf' as const }),
  fc.constant({ kind: 'lowercase' as const }),
);

function mutate(text: string, m: Mutation): string {
  const at = text.length === 0 ? 0 : 'at' in m ? m.at % text.length : 0;
  const lines = text.split('\n');
  const line = 'at' in m ? m.at % lines.length : 0;
  switch (m.kind) {
    case 'flip':
      return text.slice(0, at) + m.char + text.slice(at + 1);
    case 'insert':
      return text.slice(0, at) + m.char + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + 1);
    case 'truncate':
      return text.slice(0, at);
    case 'dropLine':
      return [...lines.slice(0, line), ...lines.slice(line + 1)].join('\n');
    case 'duplicateLine':
      return [...lines.slice(0, line + 1), ...lines.slice(line)].join('\n');
    case 'swapLines': {
      const other = m.with % lines.length;
      const swapped = [...lines];
      [swapped[line], swapped[other]] = [swapped[other], swapped[line]];
      return swapped.join('\n');
    }
    case 'crlf':
      return text.replace(/\n/g, '\r\n');
    case 'lowercase':
      return text.toLowerCase();
  }
}

describe('parseHex fuzzing', () => {
  it('never throws anything but a MazeError on random binary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const file = parseOrTypedError(text);
        if (file) checkParsed(file);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws anything but a MazeError on random hex-like text', () => {
    fc.assert(
      fc.property(hexishText, (text) => {
        const file = parseOrTypedError(text);
        if (file) checkParsed(file);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads mutated valid files or rejects them with a located FormatError', () => {
    const files = [validFile(1, 20, 15), validFile(2, 9, 7), validFile(3, 1, 6), validFile(4, 7, 1), validFile(5, 25, 3)];
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.array(mutation, { minLength: 1, maxLength: 4 }), (original, mutations) => {
        const text = mutations.reduce(mutate, original);
        const file = parseOrTypedError(text);
        if (file) checkParsed(file);
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects a file whose only change is one bad character, at that character', () => {
    const original = validFile(6, 12, 8);
    fc.assert(
      fc.property(fc.nat({ max: 12 * 8 - 1 }), fc.constantFrom('g', 'Z', ' ', '.', '\u0000'), (cell, bad) => {
        const x = cell % 12;
        const y = Math.floor(cell / 12);
        const at = y * 13 + x;
        expect(() => parseHex(original.slice(0, at) + bad + original.slice(at + 1))).toThrow(
          expect.objectContaining({ line: y + 1, column: x + 1 }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('finishes on very long lines and many lines', () => {
    expect(() => parseHex('F'.repeat(1_000_000) + '\n\n0,0\n1,0\n' + 'E'.repeat(100_000) + 'Q\n')).toThrow(FormatError);
    expect(() => parseHex('5\n'.repeat(200_000) + '\n0,0\n0,1\n' + ','.repeat(100_000) + '\n')).toThrow(FormatError);
    expect(() => parseHex('1'.repeat(100_000) + ','.repeat(100_000) + '\n')).toThrow(FormatError);
  });
});
