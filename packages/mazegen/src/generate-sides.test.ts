import { describe, expect, it } from 'vitest';
import { generateMaze } from './generate.js';
import { validate } from './validate.js';

// SPEC 3: ENTRY/EXIT may name a side; a cell on it is picked from the seed.
describe('entry and exit on a side', () => {
  it('puts the cell on the named side, the same for the same seed', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const g = generateMaze({ width: 20, height: 15, seed, entry: 'bottom', exit: 'top' });
      expect(g.entry.y).toBe(14);
      expect(g.exit.y).toBe(0);
      expect(validate(g.maze, { entry: g.entry, exit: g.exit })).toEqual([]);
      const again = generateMaze({ width: 20, height: 15, seed, entry: 'bottom', exit: 'top' });
      expect(again.entry).toEqual(g.entry);
      expect(again.maze.equals(g.maze)).toBe(true);
      const lr = generateMaze({ width: 20, height: 15, seed, entry: 'left', exit: 'right' });
      expect(lr.entry.x).toBe(0);
      expect(lr.exit.x).toBe(19);
    }
  });

  it('picks different cells for different seeds', () => {
    const xs = new Set(
      ['1', '2', '3', '4', '5', '6', '7', '8'].map(
        (seed) => generateMaze({ width: 30, height: 10, seed, entry: 'bottom', exit: 'top' }).entry.x,
      ),
    );
    expect(xs.size).toBeGreaterThan(2);
  });

  it('never picks the same cell for both on a one-cell-wide side', () => {
    const g = generateMaze({ width: 1, height: 5, seed: 1, entry: 'left', exit: 'right', pattern: 'none' });
    expect(g.entry).not.toEqual(g.exit);
  });
});
