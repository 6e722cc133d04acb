import { describe, expect, it } from 'vitest';
import { MIN_LOOPS, braidMaze, countLoops, findDeadEnds, isDeadEnd, isOpenBlock, reachableLoops, wouldOpenBlock } from './braid.js';
import { generateMaze } from './generate.js';
import { EAST, Maze, NORTH, SOUTH, WEST } from './maze.js';
import { createRng } from './rng.js';

/** A 3x3 maze with every inner wall open except the east wall of the centre cell. */
function almostOpen3x3(): Maze {
  const maze = new Maze(3, 3);
  for (let y = 0; y < 3; y++) for (let x = 0; x < 2; x++) if (!(x === 1 && y === 1)) maze.carvePassage(y * 3 + x, EAST);
  for (let y = 0; y < 2; y++) for (let x = 0; x < 3; x++) maze.carvePassage(y * 3 + x, SOUTH);
  return maze;
}

describe('open 3x3 areas', () => {
  it('sees a block open only when all 12 inner walls are open', () => {
    const maze = almostOpen3x3();
    expect(isOpenBlock(maze, 0, 0)).toBe(false);
    expect(wouldOpenBlock(maze, 4, EAST)).toBe(true);
    expect(wouldOpenBlock(maze, 5, WEST)).toBe(true);
    expect(maze.hasWall(4, EAST)).toBe(true); // the check leaves the maze as it was
    maze.carvePassage(4, EAST);
    expect(isOpenBlock(maze, 0, 0)).toBe(true);
    expect(isOpenBlock(maze, 1, 0)).toBe(false); // past the east edge
    expect(isOpenBlock(maze, -1, 0)).toBe(false);
  });

  it('finds the blocks a wall belongs to in every direction', () => {
    for (const [cell, dir] of [
      [4, EAST],
      [5, WEST],
    ] as const) {
      const maze = almostOpen3x3();
      expect(wouldOpenBlock(maze, cell, dir)).toBe(true);
    }
    const tall = new Maze(3, 3);
    for (let y = 0; y < 3; y++) for (let x = 0; x < 2; x++) tall.carvePassage(y * 3 + x, EAST);
    for (let y = 0; y < 2; y++) for (let x = 0; x < 3; x++) if (!(x === 1 && y === 0)) tall.carvePassage(y * 3 + x, SOUTH);
    expect(wouldOpenBlock(tall, 1, SOUTH)).toBe(true);
    expect(wouldOpenBlock(tall, 4, NORTH)).toBe(true);
    expect(wouldOpenBlock(tall, 1, NORTH)).toBe(false); // the border
  });
});

describe('dead ends', () => {
  it('counts a cell with one opening whose closed walls face a free cell', () => {
    const maze = new Maze(2, 2);
    maze.carvePassage(0, EAST);
    maze.carvePassage(1, SOUTH);
    maze.carvePassage(3, WEST); // a U: (0,0) and (0,1) are the two ends
    expect(Array.from(findDeadEnds(maze))).toEqual([0, 2]);
  });

  it('does not count the end of a 1-wide corridor (walled in by the border only)', () => {
    const maze = new Maze(1, 3);
    maze.carvePassage(0, SOUTH);
    maze.carvePassage(1, SOUTH);
    expect(findDeadEnds(maze)).toHaveLength(0);
  });

  it('does not count a cell walled in only by the 42 and the border', () => {
    // In a 9x7 maze (6,4) touches the 42 on three sides: its only way out is east.
    const { maze } = generateMaze({ width: 9, height: 7, seed: 1 });
    const cell = 4 * 9 + 6;
    expect([NORTH, SOUTH, WEST].every((d) => maze.isBlocked(maze.neighbor(cell, d)))).toBe(true);
    expect(maze.walls(cell)).toBe(NORTH | SOUTH | WEST);
    expect(isDeadEnd(maze, cell)).toBe(false);
    expect(isDeadEnd(maze, maze.neighbor(cell, NORTH))).toBe(false); // a pattern cell is never one
  });
});

describe('loops', () => {
  it('counts independent loops as passages - (cells - 1)', () => {
    const maze = almostOpen3x3();
    expect(countLoops(maze)).toBe(11 - 8);
  });

  it('knows which sizes can hold the two loops of a Pac-Man board', () => {
    expect(MIN_LOOPS).toBe(2);
    expect([reachableLoops(1, 9), reachableLoops(9, 1), reachableLoops(2, 2), reachableLoops(2, 3), reachableLoops(3, 3)]).toEqual([
      0, 0, 1, 2, 2,
    ]);
  });
});

describe('braidMaze', () => {
  function perfect(seed: number, width = 40, height = 30) {
    return generateMaze({ width, height, seed }).maze;
  }

  it('removes every dead end at 100 and reports what it did truthfully', () => {
    const maze = perfect(1);
    const before = findDeadEnds(maze).length;
    const report = braidMaze(maze, createRng(1, 'braid'), 100);
    expect(report.deadEndsBefore).toBe(before);
    expect(report.deadEndsAfter).toBe(findDeadEnds(maze).length);
    expect(report.deadEndsAfter).toBeLessThanOrEqual(2);
    expect(report.loops).toBe(countLoops(maze));
    expect(report.notes).toEqual([]);
  });

  it('removes about BRAID % of the dead ends, and always leaves two loops', () => {
    const left = [0, 25, 50, 75, 100].map((percent) => {
      const maze = perfect(2);
      const report = braidMaze(maze, createRng(2, 'braid'), percent);
      expect(report.loops).toBeGreaterThanOrEqual(2);
      const removed = report.deadEndsBefore - report.deadEndsAfter;
      expect(removed).toBeGreaterThanOrEqual(Math.round((report.deadEndsBefore * percent) / 100) - 2);
      return report.deadEndsAfter;
    });
    for (let i = 1; i < left.length; i++) expect(left[i]).toBeLessThan(left[i - 1]);
  });

  it('reports each opened wall as a Carve step', () => {
    const maze = perfect(3, 12, 9);
    const copy = maze.clone();
    const steps: [number, number][] = [];
    braidMaze(maze, createRng(3), 100, (kind, cell, dir) => {
      expect(kind).toBe(0);
      steps.push([cell, dir]);
    });
    for (const [cell, dir] of steps) copy.carvePassage(cell, dir);
    expect(copy.equals(maze)).toBe(true);
  });

  it('says so when the size cannot hold two loops, and makes the closest board', () => {
    const corridor = perfect(4, 1, 7);
    expect(braidMaze(corridor, createRng(4), 100).notes[0]).toMatch(/a 1x7 maze can hold only 0 loops .* the board needs 2/);
    const square = perfect(4, 2, 2);
    const report = braidMaze(square, createRng(4), 100);
    expect(report.loops).toBe(1);
    expect(report.notes[0]).toMatch(/only 1 loop without/);
  });
});
