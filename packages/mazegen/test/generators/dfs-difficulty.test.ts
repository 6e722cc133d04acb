import { describe, expect, it } from 'vitest';
import { SOUTH, generateMaze, type Maze } from 'mazegen';

/**
 * DIFFICULTY (SPEC 6, the MATLAB seed's weighting): north is weighted 1 - (d - 5) / 14
 * and east, south, west 1 + (d - 5) / 14. Low levels favour north, so more of the
 * passages run north-south; high levels favour the other three, east and west among
 * them, so more run east-west. On 200x200 mazes (the 42 pattern drawn, as by default)
 * the share of vertical passages must fall as the level rises from 1 to 5 to 10, by a
 * margin far above the seed-to-seed spread, and sit near one half at level 5.
 */

const SEEDS = ['d1', 'd2', 'd3'];

function verticalShare(maze: Maze): number {
  let vertical = 0;
  const { cells, width: w, size } = maze;
  for (let cell = 0; cell + w < size; cell++) if ((cells[cell] & SOUTH) === 0) vertical++;
  return vertical / maze.countPassages();
}

function meanShare(difficulty: number): number {
  let sum = 0;
  for (const seed of SEEDS) sum += verticalShare(generateMaze({ width: 200, height: 200, seed, difficulty, generator: 'DFS' }).maze);
  return sum / SEEDS.length;
}

describe('DFS DIFFICULTY', () => {
  it('moves the share of vertical passages down as the level goes 1 -> 5 -> 10', () => {
    const [low, even, high] = [meanShare(1), meanShare(5), meanShare(10)];
    // Each maze has about 40 000 passages, so a share's seed-to-seed noise is well under 0.01.
    const margin = 0.02;
    expect(low).toBeGreaterThan(even + margin);
    expect(even).toBeGreaterThan(high + margin);
    expect(Math.abs(even - 0.5)).toBeLessThan(0.02);
  });

  it('is monotone (within noise) over every level', () => {
    const shares = Array.from({ length: 10 }, (_, i) => meanShare(i + 1));
    for (let level = 1; level < 10; level++) expect(shares[level]).toBeLessThan(shares[level - 1] + 0.005);
  });
});
