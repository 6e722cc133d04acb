import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { ALL_WALLS, BLOCKED, Maze } from '../maze.js';
import { FormatError } from '../errors.js';
import { scrambled } from '../../test/support/grid-walls.js';
import { GridMaze } from '../maze.js';
import { blocksToMaze } from './blocks.js';
import { gridTextToBlocks, parseTextMaze, toAscii, toUnicode } from './text.js';

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

describe('text of every grid', () => {
  it('the square grid as a GridMaze is the +--+ lattice, byte for byte, with its ends and path', () => {
    const g = generateMaze({ width: 9, height: 6, seed: 11 });
    const path = shortestPath(g.maze, g.entry, g.exit).cells;
    const grid = GridMaze.fromMaze(g.maze);
    const ends = { entry: g.entry.y * 9 + g.entry.x, exit: g.exit.y * 9 + g.exit.x, path };
    expect(toAscii(grid, ends)).toBe(toAscii(g.maze, { entry: g.entry, exit: g.exit, path }));
    expect(toUnicode(grid, ends)).toBe(toUnicode(g.maze, { entry: g.entry, exit: g.exit, path }));
  });

  it('a wrapped or masked square grid keeps the lattice, each joined edge drawn on both sides, and reads back', () => {
    for (const [wrap, outline] of [
      ['xy', false],
      ['none', true],
    ] as const) {
      const maze = scrambled('square', 8, 7, wrap, 5, outline);
      const back = parseTextMaze(toAscii(maze));
      expect(new GridMaze(maze.topology, back.maze.cells).equals(maze), wrap).toBe(true);
    }
  });

  it('hex, triangle and polar mazes are their block rasters, two characters a block, and read back through the blocks', () => {
    for (const [grid, width, height, wrap] of [
      ['hex', 8, 6, 'none'],
      ['hex', 6, 4, 'x'],
      ['triangle', 9, 5, 'none'],
      ['polar', 6, 4, 'none'],
    ] as const) {
      const g = generateMaze({ grid, width, height, wrap, seed: 'text', perfect: false });
      const path = shortestPath(g.maze, g.entry, g.exit).cells;
      for (const [write, wall, mark] of [
        [toAscii, '#', '.'],
        [toUnicode, '█', '·'],
      ] as const) {
        const text = write(g.maze, { entry: g.entry, exit: g.exit, path });
        const lines = text.split('\n');
        expect(lines.pop()).toBe('');
        expect(new Set(lines.map((l) => l.length)).size).toBe(1);
        expect(lines[0].length % 2).toBe(0);
        expect(text).toContain('S ');
        expect(text).toContain('E ');
        expect(text).toContain(mark + mark);
        expect([...new Set(text.replace(/\n/g, ''))].sort()).toEqual([' ', mark, wall, 'E', 'S'].sort());
        const back = blocksToMaze(gridTextToBlocks(text.replace(/ +$/gm, '')), g.maze.topology);
        expect(back.maze.equals(g.maze), `${grid} ${wrap}`).toBe(true);
        expect([back.entry, back.exit]).toEqual([g.entry, g.exit]);
      }
    }
  });

  it('says what it expected in a block text it cannot read', () => {
    expect(() => gridTextToBlocks('##  \n##xx\n')).toThrow(/expected a block .* got 'xx'/);
    expect(() => gridTextToBlocks('\n\n')).toThrow(FormatError);
  });
});
