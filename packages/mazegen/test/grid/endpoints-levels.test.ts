/**
 * EXIT=farthest, ENTRY=EXIT=hardest and LEVEL on every grid, checked against brute force:
 * a breadth-first search from every cell, written here from the topology alone.
 */
import { describe, expect, it } from 'vitest';
import { measureDifficulty } from '../../src/difficulty.js';
import { parseConfig, toMazeOptions } from '../../src/config.js';
import { generateMaze } from '../../src/generate.js';
import type { GridMazeRequest } from '../../src/generate-options.js';
import type { GridMaze } from '../../src/maze.js';
import { LEVELS } from '../../src/levels.js';

/** Moves from `from` to every cell (-1 where unreached), by the topology's slots and open walls. */
function distances(maze: GridMaze, from: number): Int32Array {
  const t = maze.topology;
  const dist = new Int32Array(t.size).fill(-1);
  const queue = [from];
  dist[from] = 0;
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head];
    for (let s = 0; s < t.degree(cell); s++) {
      const next = t.neighbour(cell, s);
      if (next < 0 || !maze.isOpen(cell, s) || dist[next] >= 0) continue;
      dist[next] = dist[cell] + 1;
      queue.push(next);
    }
  }
  return dist;
}

const GRIDS: [string, GridMazeRequest][] = [
  ['hex 5x4', { grid: 'hex', width: 5, height: 4 }],
  ['triangle 7x3', { grid: 'triangle', width: 7, height: 3 }],
  ['polar 3 rings', { grid: 'polar', width: 4, height: 3 }],
  ['square torus 4x4', { grid: 'square', width: 4, height: 4, wrap: 'xy' }],
  ['hex cylinder 6x3', { grid: 'hex', width: 6, height: 3, wrap: 'x' }],
  ['hex heart 9x8', { grid: 'hex', width: 9, height: 8, shape: 'heart' }],
  [
    'masked square 5x4',
    { grid: 'square', mask: { width: 5, height: 4, cells: Uint8Array.from([1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 0]) } },
  ],
];

describe('EXIT=farthest and ENTRY=EXIT=hardest on every grid (brute force)', () => {
  for (const [name, grid] of GRIDS) {
    it(`${name}: perfect and braided, several seeds`, () => {
      for (const perfect of [true, false]) {
        for (let seed = 1; seed <= 6; seed++) {
          const generator = seed % 2 === 0 ? 'Wilson' : 'DFS';
          const far = generateMaze({ ...grid, perfect, seed, generator, entry: 'left', exit: 'farthest' });
          const fromEntry = distances(far.maze, far.entry);
          const eccentricity = Math.max(...fromEntry);
          expect(fromEntry[far.exit], `${name} farthest seed ${seed}`).toBe(eccentricity);
          expect(far.endpoints).toEqual({ rule: 'farthest', distance: eccentricity });
          // The entry is the one asked for: a cell of the left side.
          const left = generateMaze({ ...grid, perfect, seed, generator, entry: 'left', exit: 'right' });
          expect(far.entry).toBe(left.entry);
          expect(far.maze.equals(left.maze)).toBe(true); // the rule only places the exit: the same carving

          const hard = generateMaze({ ...grid, perfect, seed, generator, entry: 'hardest', exit: 'hardest' });
          let diameter = 0;
          for (let cell = 0; cell < hard.maze.size; cell++)
            if (!hard.maze.isBlocked(cell)) diameter = Math.max(diameter, ...distances(hard.maze, cell));
          expect(distances(hard.maze, hard.entry)[hard.exit], `${name} hardest seed ${seed}`).toBe(diameter);
          expect(hard.endpoints).toEqual({ rule: 'hardest', distance: diameter });
          expect(hard.entry).toBeLessThan(hard.exit);
          expect(hard.maze.isBlocked(hard.entry) || hard.maze.isBlocked(hard.exit)).toBe(false);
        }
      }
    });
  }

  it('refuses the rules in one line where they cannot be: ENTRY=farthest, one end hardest', () => {
    expect(() => generateMaze({ grid: 'hex', width: 4, height: 3, entry: 'farthest', exit: 'right' })).toThrow(
      /^ENTRY cannot be 'farthest'/,
    );
    expect(() => generateMaze({ grid: 'hex', width: 4, height: 3, entry: 'hardest', exit: 'right' })).toThrow(
      /^ENTRY=hardest needs EXIT=hardest too/,
    );
    expect(() => generateMaze({ grid: 'polar', height: 3, entry: 'centre', exit: 'hardest' })).toThrow(
      /^EXIT=hardest needs ENTRY=hardest too/,
    );
  });

  it('a grid config takes the rules and LEVEL (they were square-only)', () => {
    const config = parseConfig(
      ['GRID=polar', 'HEIGHT=4', 'ENTRY=centre', 'EXIT=farthest', 'OUTPUT_FILE=p.json', 'PERFECT=True', 'LEVEL=hard'].join('\n'),
      'p.txt',
    );
    const options = toMazeOptions(config, '5');
    expect(options).toMatchObject({ grid: 'polar', entry: 'centre', exit: 'farthest', level: 'hard' });
    if (options.grid === undefined) throw new Error('a polar config names its grid');
    const g = generateMaze(options);
    expect(g.entry).toBe(0);
    expect(distances(g.maze, 0)[g.exit]).toBe(Math.max(...distances(g.maze, 0)));
    expect(g.level?.level).toBe('hard');
  });
});

describe('LEVEL on every grid', () => {
  for (const [name, grid] of GRIDS.slice(0, 4)) {
    it(`${name}: the pick is a candidate's maze, scored by measureDifficulty, and harder levels never score lower`, () => {
      for (const seed of ['a', 'b']) {
        const scores: number[] = [];
        for (const level of LEVELS) {
          const g = generateMaze({ ...grid, seed, level });
          expect(g.seed).toBe(seed);
          expect(g.level).toMatchObject({ level, seed: `${seed}~${g.level!.candidate}` });
          expect(g.level!.score).toBe(measureDifficulty(g.maze, g.entry, g.exit).score);
          // The kept candidate's seed makes the same maze without LEVEL.
          const again = generateMaze({ ...grid, seed: g.level!.seed });
          expect(again.maze.equals(g.maze)).toBe(true);
          expect([again.entry, again.exit]).toEqual([g.entry, g.exit]);
          if (g.level!.inBand) {
            expect(g.level!.score).toBeGreaterThanOrEqual(g.level!.band[0]);
            expect(g.level!.score).toBeLessThan(g.level!.band[1]);
          } else expect(g.notes.some((n) => n.startsWith(`LEVEL=${level}: none of the`))).toBe(true);
          scores.push(g.level!.score);
        }
        for (let i = 1; i < scores.length; i++)
          expect(scores[i], `${name} ${seed}: ${scores.join(', ')}`).toBeGreaterThanOrEqual(scores[i - 1]);
      }
    });
  }

  it('measures a grid maze as the square one: the solution length is the BFS distance, the shares within 0..1', () => {
    const g = generateMaze({ grid: 'hex', width: 8, height: 6, seed: 3, perfect: false });
    const d = measureDifficulty(g.maze, g.entry, g.exit);
    expect(d.solutionLength).toBe(distances(g.maze, g.entry)[g.exit]);
    for (const share of [d.solutionShare, d.decisionShare, d.explored]) {
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThanOrEqual(1);
    }
    expect(d.randomWalkMethod).toBe('linear-system');
    expect(d.score).toBeGreaterThan(0);
  });
});
