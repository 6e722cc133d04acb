import { describe, expect, it } from 'vitest';
import { ALL_WALLS, BLOCKED, Maze } from './maze.js';
import {
  PATTERN_HEIGHT,
  PATTERN_MIN_HEIGHT,
  PATTERN_MIN_WIDTH,
  PATTERN_ROWS,
  PATTERN_WIDTH,
  isPatternCell,
  patternCells,
  patternFits,
  patternOrigin,
  placePattern,
} from './pattern.js';

describe('the 42 pattern', () => {
  it('is the 7x5 drawing of SPEC 4.6, 18 closed cells', () => {
    expect(PATTERN_ROWS).toEqual(['X...XXX', 'X.....X', 'XXX.XXX', '..X.X..', '..X.XXX']);
    expect([PATTERN_WIDTH, PATTERN_HEIGHT]).toEqual([7, 5]);
    expect(PATTERN_ROWS.join('').split('X').length - 1).toBe(18);
  });

  it('fits from 9x7 up: a free cell on every side of its box', () => {
    expect([PATTERN_MIN_WIDTH, PATTERN_MIN_HEIGHT]).toEqual([9, 7]);
    expect([patternFits(9, 7), patternFits(8, 7), patternFits(9, 6), patternFits(20, 15)]).toEqual([true, false, false, true]);
    expect(patternCells(8, 7)).toEqual([]);
  });

  it('sits at (floor(W/2) - 3, floor((H-5)/2)) and never touches the border', () => {
    expect(patternOrigin(20, 15)).toEqual({ x: 7, y: 5 });
    expect(patternOrigin(25, 20)).toEqual({ x: 9, y: 7 });
    expect(patternOrigin(10, 10)).toEqual({ x: 2, y: 2 });
    for (let w = PATTERN_MIN_WIDTH; w <= 60; w++) {
      for (let h = PATTERN_MIN_HEIGHT; h <= 60; h++) {
        const { x, y } = patternOrigin(w, h);
        expect(x >= 1 && y >= 1 && x + PATTERN_WIDTH <= w - 1 && y + PATTERN_HEIGHT <= h - 1).toBe(true);
      }
    }
  });

  it("is the subject's floor((W-7)/2) for odd widths, and leaves the middle cell (H//2, W//2) open for every size", () => {
    for (let w = PATTERN_MIN_WIDTH; w <= 80; w++) {
      if (w % 2 === 1) expect(patternOrigin(w, 7).x).toBe(Math.floor((w - 7) / 2));
      for (let h = PATTERN_MIN_HEIGHT; h <= 80; h++) expect(isPatternCell(w, h, Math.floor(w / 2), Math.floor(h / 2))).toBe(false);
    }
  });

  it('lists the same cells that isPatternCell recognises', () => {
    for (const [w, h] of [
      [9, 7],
      [20, 15],
      [25, 20],
      [10, 8],
      [8, 8],
    ]) {
      const listed = new Set(patternCells(w, h));
      expect(listed.size).toBe(patternFits(w, h) ? 18 : 0);
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expect(isPatternCell(w, h, x, y)).toBe(listed.has(y * w + x));
    }
  });

  it('marks its cells closed and BLOCKED, or changes nothing where it does not fit', () => {
    const maze = new Maze(20, 15);
    maze.cells.fill(0);
    expect(placePattern(maze)).toBe(true);
    for (const cell of patternCells(20, 15)) expect(maze.cells[cell]).toBe(ALL_WALLS | BLOCKED);
    expect(maze.countOpenCells()).toBe(300 - 18);
    const small = new Maze(8, 8);
    expect(placePattern(small)).toBe(false);
    expect(small.countOpenCells()).toBe(64);
  });
});
