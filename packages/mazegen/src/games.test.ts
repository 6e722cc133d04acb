import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OptionError } from './errors.js';
import { distanceField, levels, patternCellList, placements } from './games.js';
import { generateMaze } from './generate.js';
import { DIRECTIONS, type Maze } from './maze.js';
import { patternCells } from './pattern.js';
import { walkPath } from './path.js';
import { validate } from './validate.js';
import { thrown } from '../test/support/thrown.js';

function plainDistances(maze: Maze, from: number): number[] {
  const dist = new Array<number>(maze.size).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    for (const dir of DIRECTIONS) {
      const other = maze.neighbor(queue[i], dir);
      if (other >= 0 && !maze.hasWall(queue[i], dir) && dist[other] < 0) {
        dist[other] = dist[queue[i]] + 1;
        queue.push(other);
      }
    }
  }
  return dist;
}

const openings = (maze: Maze, cell: number) => DIRECTIONS.filter((d) => maze.neighbor(cell, d) >= 0 && !maze.hasWall(cell, d)).length;

describe('placements', () => {
  it('centre and corners are the free cells nearest those points; dead ends and junctions by their openings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 40 }),
        fc.integer({ min: 3, max: 30 }),
        fc.integer(),
        fc.boolean(),
        (width, height, seed, perfect) => {
          const { maze } = generateMaze({ width, height, seed, perfect });
          const p = placements(maze);
          const free = [...Array(maze.size).keys()].filter((c) => !maze.isBlocked(c));
          const gap = (c: number, px: number, py: number) => ((c % width) + 0.5 - px) ** 2 + (Math.floor(c / width) + 0.5 - py) ** 2;
          const nearest = (px: number, py: number) => Math.min(...free.map((c) => gap(c, px, py)));
          const at = (q: { x: number; y: number }) => q.y * width + q.x;
          expect(maze.isBlocked(at(p.centre))).toBe(false);
          expect(gap(at(p.centre), width / 2, height / 2)).toBe(nearest(width / 2, height / 2));
          const corners = [
            [0, 0],
            [width, 0],
            [width, height],
            [0, height],
          ];
          p.corners.forEach((q, i) => expect(gap(at(q), corners[i][0], corners[i][1])).toBe(nearest(corners[i][0], corners[i][1])));
          expect(p.deadEnds.map(at)).toEqual(free.filter((c) => openings(maze, c) === 1));
          expect(p.junctions.map(at)).toEqual(free.filter((c) => openings(maze, c) >= 3));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('puts the player on the middle cell of the subject example, which the 42 leaves free', () => {
    const { maze } = generateMaze({ width: 20, height: 15, seed: 42 });
    expect(placements(maze).centre).toEqual({ x: 10, y: 7 });
    expect(placements(maze).corners).toEqual([
      { x: 0, y: 0 },
      { x: 19, y: 0 },
      { x: 19, y: 14 },
      { x: 0, y: 14 },
    ]);
  });
});

describe('distanceField', () => {
  it('has the BFS distance everywhere, and nextStep walks a shortest way to the target', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 2, max: 14 }),
        fc.integer(),
        fc.boolean(),
        fc.nat(),
        (width, height, seed, perfect, pick) => {
          const { maze } = generateMaze({ width, height, seed, perfect });
          const free = [...Array(maze.size).keys()].filter((c) => !maze.isBlocked(c));
          const target = free[pick % free.length];
          const field = distanceField(maze, target);
          const dist = plainDistances(maze, target);
          expect([...field.distances]).toEqual(dist);
          for (const from of free) {
            let cell = from;
            let letters = '';
            let descending = true;
            for (let k = 0; k < dist[from]; k++) {
              letters += field.nextDirection(cell);
              const to = field.nextStep(cell);
              descending &&= dist[to] === dist[cell] - 1;
              cell = to;
            }
            expect(descending).toBe(true);
            expect(cell).toBe(target);
            expect(field.nextStep(target)).toBe(target);
            expect(walkPath(maze, from, letters).cells.at(-1)).toBe(target);
          }
          expect(field.nextDirection(target)).toBe('');
        },
      ),
      { numRuns: 30 },
    );
  });

  it('answers -1 for a cell it cannot reach (the 42) and refuses a target outside the maze', () => {
    const { maze } = generateMaze({ width: 20, height: 15, seed: 1 });
    const field = distanceField(maze, 0);
    const blocked = patternCells(20, 15)[0];
    expect(field.nextStep(blocked)).toBe(-1);
    expect(field.nextDirection(blocked)).toBe('');
    expect(thrown(OptionError, () => distanceField(maze, 300)).message).toMatch(/outside the 20x15 maze/);
  });
});

describe('patternCellList', () => {
  it('lists the 42 cells in row order, none without the pattern', () => {
    const { maze } = generateMaze({ width: 20, height: 15, seed: 1 });
    expect(patternCellList(maze).map((p) => p.y * 20 + p.x)).toEqual(patternCells(20, 15));
    expect(patternCellList(generateMaze({ width: 20, height: 15, seed: 1, pattern: 'none' }).maze)).toEqual([]);
  });
});

describe('levels', () => {
  it('makes n seeded boards of growing size, each valid, the same again for the same seed', () => {
    const run = levels(5, { seed: 'pac' });
    expect(run.map((g) => `${g.maze.width}x${g.maze.height}`)).toEqual(['11x11', '15x15', '19x19', '23x23', '27x27']);
    for (const g of run) {
      expect(g.perfect).toBe(false);
      expect(validate(g.maze, { entry: g.entry, exit: g.exit, perfect: false, pattern: true })).toEqual([]);
    }
    expect(run.map((g) => g.seed)).toEqual(['pac/level0', 'pac/level1', 'pac/level2', 'pac/level3', 'pac/level4']);
    const again = levels(5, { seed: 'pac' });
    again.forEach((g, k) => expect(g.maze.equals(run[k].maze)).toBe(true));
    const custom = levels(2, { seed: 1, width: 9, height: 7, growth: 2, perfect: true, generator: 'Kruskal' });
    expect(custom.map((g) => [g.maze.width, g.maze.height, g.generator.name, g.perfect])).toEqual([
      [9, 7, 'Kruskal', true],
      [11, 9, 'Kruskal', true],
    ]);
    expect(thrown(OptionError, () => levels(0)).message).toMatch(/from 1 to 1000/);
  });
});
