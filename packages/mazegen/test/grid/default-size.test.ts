import { describe, expect, it } from 'vitest';
import { generateMaze, parseTextMask } from 'mazegen';
import { DEFAULT_POLAR_FIRST_RING, defaultGridSize, maskToText } from 'mazegen/internal';

describe('defaultGridSize (the size a grid takes when WIDTH or HEIGHT is left out)', () => {
  const mask = parseTextMask('..X\n...\n');

  it('takes a mask’s size on grids of cells in rows, nothing without a mask', () => {
    for (const kind of ['square', 'hex', 'triangle'] as const) {
      expect(defaultGridSize(kind, mask)).toEqual({ width: 3, height: 2 });
      expect(defaultGridSize(kind, undefined)).toEqual({ width: undefined, height: undefined });
    }
  });

  it('gives the polar grid its first ring’s default count and no ring count, mask or not', () => {
    expect(defaultGridSize('polar', mask)).toEqual({ width: DEFAULT_POLAR_FIRST_RING, height: undefined });
    expect(defaultGridSize('polar', undefined)).toEqual({ width: DEFAULT_POLAR_FIRST_RING, height: undefined });
  });

  it('is the size generateMaze makes when the options leave it out', () => {
    const hex = generateMaze({ grid: 'hex', mask, seed: 1 });
    expect([hex.maze.topology.width, hex.maze.topology.height]).toEqual([3, 2]);
    const polar = generateMaze({ grid: 'polar', height: 4, seed: 1 });
    expect(polar.maze.topology.width).toBe(DEFAULT_POLAR_FIRST_RING);
  });
});

describe('parseTextMask and maskToText', () => {
  it('read back each other, and a mask of 300,000 rows parses (no spread of its rows on the stack)', () => {
    const text = '.#.\n..#\n';
    expect(maskToText(parseTextMask(text))).toBe(text);
    const tall = parseTextMask('..\n'.repeat(300_000));
    expect([tall.width, tall.height]).toEqual([2, 300_000]);
  });
});
