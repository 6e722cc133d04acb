import { describe, expect, it } from 'vitest';
import { generateMaze, shortestPath } from '../generate.js';
import { ALL_WALLS, BLOCKED, Maze } from '../maze.js';
import { FormatError } from '../errors.js';
import { parseTextMaze, toAscii, toUnicode } from './text.js';

function wallsOf(maze: Maze): number[] {
  return Array.from(maze.cells, (v) => v & ALL_WALLS);
}

describe('text formats', () => {
  // A 3x2 maze: the top row is a corridor, the bottom row opens up at x = 2.
  const small = Maze.fromWalls(3, 2, [0x9, 0x5, 0x3, 0xc, 0x7, 0xe]);

  it('draws the +--+ ASCII lattice with entry, exit and the path', () => {
    const path = [3, 0, 1, 2, 5];
    expect(toAscii(small, { entry: { x: 0, y: 1 }, exit: { x: 2, y: 1 }, path })).toBe(
      ['+--+--+--+', '|........|', '+..+--+..+', '|S    |E |', '+--+--+--+', ''].join('\n'),
    );
    expect(toAscii(small, { entry: { x: 0, y: 1 }, exit: { x: 2, y: 1 } })).toBe(
      ['+--+--+--+', '|        |', '+  +--+  +', '|S    |E |', '+--+--+--+', ''].join('\n'),
    );
  });

  it('draws box-drawing junctions that follow the walls', () => {
    expect(toUnicode(small)).toBe(['┌────────┐', '│        │', '│  ╶──┐  │', '│     │  │', '└─────┴──┘', ''].join('\n'));
  });

  it('reads back what it writes, for ascii and unicode, with the 42 and a path', () => {
    for (const seed of [1, 2, 3]) {
      const g = generateMaze({ width: 15, height: 11, seed, perfect: seed !== 2 });
      const path = shortestPath(g.maze, g.entry, g.exit).cells;
      for (const write of [toAscii, toUnicode]) {
        const back = parseTextMaze(write(g.maze, { entry: g.entry, exit: g.exit, path }));
        expect(wallsOf(back.maze)).toEqual(wallsOf(g.maze));
        expect(Array.from(back.maze.cells, (v) => v & BLOCKED)).toEqual(Array.from(g.maze.cells, (v) => v & BLOCKED));
        expect(back.entry).toEqual(g.entry);
        expect(back.exit).toEqual(g.exit);
        // Every path cell but the two ends is marked.
        expect(back.pathCells.length).toBe(path.length - 2);
      }
    }
  });

  it('tolerates lost trailing spaces and CRLF line ends', () => {
    const text = toAscii(small).replace(/\n/g, '\r\n');
    expect(wallsOf(parseTextMaze(text).maze)).toEqual(wallsOf(small));
  });

  it('rejects text that is not a maze lattice', () => {
    expect(() => parseTextMaze('hello\nworld\n')).toThrow(FormatError);
    expect(() => parseTextMaze('+--+\n|x?|\n+--+\n')).toThrow(/unexpected|wall/);
    expect(() => parseTextMaze('+--+\n|  |\n')).toThrow(/odd number of lines/);
  });

  it('counts columns in characters, a character outside the BMP included', () => {
    const text = ['+--+--+', '|S \u{1F600}E |', '+--+--+', ''].join('\n');
    expect(() => parseTextMaze(text)).toThrow(expect.objectContaining({ line: 2, column: 4 }));
    expect(() => parseTextMaze(text)).toThrow(/got '\u{1F600}'/u);
  });
});
