import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { farthestFrom, hardestPair } from './endpoints.js';
import { OptionError } from './errors.js';
import { generateMaze } from './generate.js';
import { DIRECTIONS, Maze } from './maze.js';
import { thrown } from '../test/support/thrown.js';

/** Distances by the plainest BFS there is: arrays, the wall bits read directly (independent of graph.ts). */
function bruteDistances(maze: Maze, from: number): number[] {
  const dist = new Array<number>(maze.size).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const cell = queue[i];
    for (const dir of DIRECTIONS) {
      const other = maze.neighbor(cell, dir);
      if (other >= 0 && !maze.hasWall(cell, dir) && dist[other] < 0) {
        dist[other] = dist[cell] + 1;
        queue.push(other);
      }
    }
  }
  return dist;
}

/** The diameter by a BFS from every cell. */
function bruteDiameter(maze: Maze): number {
  let best = 0;
  for (let cell = 0; cell < maze.size; cell++) best = Math.max(best, ...bruteDistances(maze, cell));
  return best;
}

const GENERATORS = ['DFS', 'Kruskal', 'Prim', 'Wilson', 'HuntAndKill', 'BinaryTree', 'Sidewinder', 'Eller', 'RecursiveDivision'];

const mazeArb = fc.record({
  width: fc.integer({ min: 2, max: 14 }),
  height: fc.integer({ min: 1, max: 12 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  perfect: fc.boolean(),
  braid: fc.integer({ min: 0, max: 100 }),
  generator: fc.constantFrom(...GENERATORS),
  pattern: fc.constantFrom('42' as const, 'none' as const),
});

describe('farthestFrom', () => {
  it('is the farthest cell by brute force, the lowest index among equals', () => {
    fc.assert(
      fc.property(mazeArb, (o) => {
        const { maze } = generateMaze(o);
        const from = 0;
        const dist = bruteDistances(maze, from);
        const max = Math.max(...dist);
        const far = farthestFrom(maze, from);
        expect(far.distance).toBe(max);
        expect(far.cell).toBe(dist.indexOf(max));
      }),
      { numRuns: 150 },
    );
  });
});

describe('hardestPair', () => {
  it('finds the diameter of perfect and braided mazes, as a BFS from every cell does', () => {
    fc.assert(
      fc.property(mazeArb, (o) => {
        const { maze } = generateMaze(o);
        const pair = hardestPair(maze);
        expect(pair.distance).toBe(bruteDiameter(maze));
        expect(bruteDistances(maze, pair.entry)[pair.exit]).toBe(pair.distance);
        expect(pair.entry).toBeLessThanOrEqual(pair.exit);
        expect(maze.isBlocked(pair.entry) || maze.isBlocked(pair.exit)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('spends two passes on a perfect maze and stays well below one pass per cell on a braided one', () => {
    expect(hardestPair(generateMaze({ width: 40, height: 30, seed: 1 }).maze).passes).toBe(2);
    const braided = generateMaze({ width: 40, height: 30, seed: 1, perfect: false }).maze;
    const pair = hardestPair(braided);
    expect(pair.distance).toBe(bruteDiameter(braided));
    expect(pair.passes).toBeLessThan(braided.size / 4);
  });

  it('needs a few dozen passes, not one per far cell, on a big braided board (BoundingDiameters; iFUB took 117 here)', () => {
    const board = generateMaze({ width: 100, height: 100, seed: 7, perfect: false }).maze;
    const pair = hardestPair(board);
    expect(pair.distance).toBe(296); // iFUB's exact answer on this board, before the change
    expect(pair.passes).toBeLessThan(80);
  });

  it('is exact on an open room with loops everywhere (every wall inside carved)', () => {
    const room = new Maze(7, 5);
    for (let cell = 0; cell < room.size; cell++) {
      if (room.neighbor(cell, 2) >= 0) room.carvePassage(cell, 2);
      if (room.neighbor(cell, 4) >= 0) room.carvePassage(cell, 4);
    }
    const pair = hardestPair(room);
    expect(pair.distance).toBe(10);
    expect([pair.entry, pair.exit].sort((a, b) => a - b)).toEqual(pair.entry === 0 ? [0, 34] : [6, 28]);
  });
});

describe('generateMaze with EXIT=farthest and ENTRY=EXIT=hardest', () => {
  it('puts the exit on the cell farthest from the entry, carving from the entry as before', () => {
    const plain = generateMaze({ width: 20, height: 15, seed: 5, entry: { x: 3, y: 0 } });
    const far = generateMaze({ width: 20, height: 15, seed: 5, entry: { x: 3, y: 0 }, exit: 'farthest' });
    expect(far.maze.equals(plain.maze)).toBe(true);
    const dist = bruteDistances(far.maze, 3);
    expect(far.entry).toEqual({ x: 3, y: 0 });
    expect(dist[far.exit.y * 20 + far.exit.x]).toBe(Math.max(...dist));
    expect(far.endpoints).toEqual({ rule: 'farthest', distance: Math.max(...dist) });
  });

  it('places both ends of the diameter for hardest, on braided boards too', () => {
    for (const perfect of [true, false]) {
      const g = generateMaze({ width: 16, height: 12, seed: 9, perfect, entry: 'hardest', exit: 'hardest' });
      const d = bruteDistances(g.maze, g.entry.y * 16 + g.entry.x)[g.exit.y * 16 + g.exit.x];
      expect(d).toBe(bruteDiameter(g.maze));
      expect(g.endpoints).toEqual({ rule: 'hardest', distance: d });
    }
  });

  it('takes a side for the entry and a farthest exit', () => {
    const g = generateMaze({ width: 12, height: 9, seed: 2, entry: 'left', exit: 'farthest' });
    expect(g.entry.x).toBe(0);
    expect(g.exit).not.toEqual(g.entry);
  });

  it('refuses the combinations that mean nothing, naming the key', () => {
    const refuse = (entry: never, exit: never) => thrown(OptionError, () => generateMaze({ width: 5, height: 5, seed: 1, entry, exit }));
    expect(refuse('farthest' as never, 'farthest' as never)).toMatchObject({ key: 'ENTRY' });
    expect(refuse('hardest' as never, { x: 4, y: 4 } as never).message).toMatch(/ENTRY=hardest needs EXIT=hardest/);
    expect(refuse({ x: 0, y: 0 } as never, 'hardest' as never).message).toMatch(/use EXIT=farthest/);
    expect(thrown(OptionError, () => generateMaze({ width: 1, height: 1, seed: 1, exit: 'farthest' })).message).toMatch(/no other cell/);
  });
});
