import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors.js';
import { generateMaze } from '../generate.js';
import { ALL_WALLS, BLOCKED, Maze } from '../maze.js';
import { GridMaze } from '../maze.js';
import { wallProbeBlocks } from '../render/block-raster.js';
import { rasterFrame } from '../render/shape-raster.js';
import { scrambled } from '../../test/support/grid-walls.js';
import { BLOCK, blocksToMaze, parseBlockMatrix, parseBlocks, toBlocks, toBlocksText } from './blocks.js';

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
    const back = parseBlocks(toBlocksText(g.maze, { entry: g.entry, exit: g.exit })).square;
    expect(Array.from(back.maze.cells)).toEqual(Array.from(g.maze.cells, (v) => (v & BLOCKED ? v : v & ALL_WALLS)));
    expect(back.entry).toEqual(g.entry);
    expect(back.exit).toEqual(g.exit);
  });

  it('round-trips imperfect mazes through numbers and text', () => {
    for (const seed of ['a', 'b', 'c']) {
      const g = generateMaze({ width: 11, height: 8, seed, perfect: false });
      const direct = blocksToMaze(toBlocks(g.maze)).square;
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

describe('block matrix of every grid', () => {
  it('the square grid as a GridMaze is the same matrix, byte for byte', () => {
    const g = generateMaze({ width: 13, height: 9, seed: 5 });
    const grid = GridMaze.fromMaze(g.maze);
    const cell = (p: { x: number; y: number }) => p.y * 13 + p.x;
    expect(toBlocksText(grid, { entry: cell(g.entry), exit: cell(g.exit) })).toBe(toBlocksText(g.maze, { entry: g.entry, exit: g.exit }));
  });

  it('a wrapped square grid is one period (2H x 2W): its first row and column are the joined edges, not border', () => {
    for (const wrap of ['x', 'y', 'xy'] as const) {
      const maze = scrambled('square', 6, 5, wrap, 4);
      const m = toBlocks(maze, { entry: 0, exit: 29 });
      expect([m.rows, m.cols]).toEqual([wrap === 'x' ? 11 : 10, wrap === 'y' ? 13 : 12]);
      if (wrap === 'xy') expect(m.values.includes(BLOCK.BORDER)).toBe(false);
      const back = blocksToMaze(parseBlockMatrix(toBlocksText(maze, { entry: 0, exit: 29 })), maze.topology);
      expect(back.maze.equals(maze)).toBe(true);
      expect([back.entry, back.exit]).toEqual([0, 29]);
    }
  });

  it('reads back hex, triangle and polar mazes, masked cells and wraps included, with their ends', () => {
    const cases = [
      ['hex', 7, 6, 'none'],
      ['hex', 6, 5, 'xy'],
      ['triangle', 9, 5, 'none'],
      ['polar', 6, 5, 'none'],
      ['polar', 15, 3, 'none'],
    ] as const;
    for (const [grid, width, height, wrap] of cases) {
      for (const seed of [1, 2, 3]) {
        const maze = scrambled(grid, width, height, wrap, seed, seed === 3 && wrap === 'none');
        const free = Array.from({ length: maze.size }, (_, c) => c).filter((c) => !maze.isBlocked(c));
        const [entry, exit] = [free[0], free[free.length - 1]];
        const text = toBlocksText(maze, { entry, exit });
        const back = blocksToMaze(parseBlockMatrix(text), maze.topology);
        expect(back.maze.equals(maze), `${grid} ${wrap} seed ${seed}`).toBe(true);
        expect([back.entry, back.exit]).toEqual([entry, exit]);
      }
    }
  });

  it('explains a matrix of the wrong size or with a wall half open', () => {
    const maze = scrambled('hex', 5, 4, 'none', 1);
    const m = toBlocks(maze);
    expect(() => blocksToMaze({ ...m, rows: m.rows - 1 }, maze.topology)).toThrow(/5x4 hex grid is \d+ x \d+ blocks, got/);
    // Close half of an open wall's blocks: neither open nor closed.
    const t = maze.topology;
    let done = false;
    for (let cell = 0; cell < t.size && !done; cell++) {
      for (let s = 0; s < t.degree(cell) && !done; s++) {
        const other = t.neighbour(cell, s);
        if (other <= cell || !maze.isOpen(cell, s)) continue;
        const probe = wallProbeBlocks(maze, rasterFrame(t), cell, s);
        m.values[probe[0]] = BLOCK.WALL;
        done = true;
      }
    }
    expect(() => blocksToMaze(m, t)).toThrow(/is neither open nor closed/);
    expect(() => blocksToMaze(m, t)).toThrow(FormatError);
  });
});
