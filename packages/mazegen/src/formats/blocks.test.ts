import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors.js';
import { generateMaze } from '../generate.js';
import { ALL_WALLS, BLOCKED, Maze } from '../maze.js';
import { BLOCK, blocksToMaze, parseBlocks, toBlocks, toBlocksText } from './blocks.js';

describe('block matrix', () => {
  const small = Maze.fromWalls(3, 2, [0x9, 0x5, 0x3, 0xc, 0x7, 0xe]);

  it('is (2H+1) x (2W+1) with a border of 8, start 2 and end 3', () => {
    expect(toBlocksText(small, { entry: { x: 0, y: 1 }, exit: { x: 2, y: 1 } })).toBe(
      ['8 8 8 8 8 8 8', '8 1 1 1 1 1 8', '8 1 0 0 0 1 8', '8 2 1 1 0 3 8', '8 8 8 8 8 8 8', ''].join('\n'),
    );
  });

  it('marks 42 cells as walls and reads them back as pattern cells', () => {
    const g = generateMaze({ width: 13, height: 9, seed: 5 });
    const m = toBlocks(g.maze, { entry: g.entry, exit: g.exit });
    expect(m.rows).toBe(19);
    expect(m.cols).toBe(27);
    const values = new Set(m.values);
    expect([...values].every((v) => v === 0 || v === 1 || v === 2 || v === 3 || v === 8)).toBe(true);
    const back = parseBlocks(toBlocksText(g.maze, { entry: g.entry, exit: g.exit }));
    expect(Array.from(back.maze.cells)).toEqual(Array.from(g.maze.cells, (v) => (v & BLOCKED ? v : v & ALL_WALLS)));
    expect(back.entry).toEqual(g.entry);
    expect(back.exit).toEqual(g.exit);
  });

  it('round-trips imperfect mazes through numbers and text', () => {
    for (const seed of ['a', 'b', 'c']) {
      const g = generateMaze({ width: 11, height: 8, seed, perfect: false });
      const direct = blocksToMaze(toBlocks(g.maze));
      expect(direct.maze.equals(g.maze)).toBe(true);
      expect(direct.entry).toBeUndefined();
    }
  });

  it('explains bad matrices', () => {
    expect(() => parseBlocks('8 8\n8 8\n')).toThrow(/odd sizes/);
    expect(() => parseBlocks('8 8 8\n8 7 8\n8 8 8\n')).toThrow(FormatError);
    expect(() => parseBlocks('8 8 8\n8 1\n8 8 8\n')).toThrow(/row 2 has 2 values/);
    expect(() => parseBlocks('8 8 8\n8 x 8\n8 8 8\n')).toThrow(/block value/);
    expect(() => parseBlocks('8 8 8 8 8\n8 0 1 1 8\n8 8 8 8 8\n')).toThrow(/open side/);
    expect(() => parseBlocks('')).toThrow(/empty/);
    expect(BLOCK.BORDER).toBe(8);
  });
});
