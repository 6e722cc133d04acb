import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EAST, GENERATORS, Maze, NORTH, SOUTH, Step, WEST, generateMaze, resolveSolver } from 'mazegen';
import { isPatternCell, treePath } from 'mazegen/internal';
import { mazeCases, pathProblem } from './helpers.js';

/** The path A* returns, as plain numbers (null when it finds none). */
function aStarPath(maze: Maze, start: number, goal: number): number[] | null {
  const path = resolveSolver('AStar').solve(maze, start, goal).path;
  return path ? [...path] : null;
}

describe('treePath on perfect mazes', () => {
  it('returns the very path A* and BFS return (the only one), between the entry, the exit and inner cells, on every generator', () => {
    for (const c of mazeCases(['perfect'])) {
      const before = c.generated.maze.cells.slice();
      for (const [start, goal] of c.pairs) {
        const found = treePath(c.generated.maze, start, goal);
        expect(found.path, c.label).not.toBeNull();
        expect([...found.path!], `${c.label} ${start}->${goal}`).toEqual(aStarPath(c.generated.maze, start, goal));
        expect([...found.path!], c.label).toEqual([...resolveSolver('BFS').solve(c.generated.maze, start, goal).path!]);
        // In a tree the probe and then the full search each enter a cell once at most.
        expect(found.visited, c.label).toBeLessThanOrEqual(2 * c.generated.maze.size);
        // Its marks are gone and no wall changed.
        expect(c.generated.maze.cells, c.label).toEqual(before);
      }
    }
  });

  it('equals A* between random cells of random perfect mazes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GENERATORS.map((g) => g.name)),
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.string({ maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        (generator, width, height, seed, a, b) => {
          const { maze } = generateMaze({
            width,
            height,
            seed,
            generator,
            perfect: true,
            entry: { x: 0, y: 0 },
            exit: { x: width - 1, y: height - 1 },
          });
          const start = a % maze.size;
          const goal = b % maze.size;
          const blocked = (cell: number) => isPatternCell(width, height, cell % width, Math.floor(cell / width));
          if (blocked(start) || blocked(goal)) return;
          expect([...treePath(maze, start, goal).path!]).toEqual(aStarPath(maze, start, goal));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds the path once the probe towards the goal gives up, on mazes past its limit (4096 cells and 4 a move)', () => {
    let fullSearches = 0;
    for (const generator of ['DFS', 'Kruskal', 'Wilson', 'BinaryTree']) {
      const { maze } = generateMaze({
        width: 150,
        height: 150,
        seed: 'probe',
        generator,
        perfect: true,
        entry: { x: 0, y: 0 },
        exit: { x: 149, y: 149 },
      });
      // Goals next to the start's column: a tree's way there mostly wanders far from the straight line.
      for (const [start, goal] of [
        [0, 149 * 150],
        [20 * 150 + 20, 20 * 150 + 22],
        [149, 148 * 150 + 149],
      ]) {
        const found = treePath(maze, start, goal);
        expect([...found.path!], `${generator} ${start}->${goal}`).toEqual([...resolveSolver('BFS').solve(maze, start, goal).path!]);
        const distance = Math.abs((start % 150) - (goal % 150)) + Math.abs(Math.floor(start / 150) - Math.floor(goal / 150));
        if (found.visited > 4 * distance + 4096) fullSearches++;
      }
    }
    // The probe's cells count in visited: more than its limit means the full search ran after it.
    expect(fullSearches).toBeGreaterThan(0);
  });

  it('follows a corridor deeper than the first sizes of its stack (1 x 5000: levels past 1024, 2048 and 4096)', () => {
    const maze = new Maze(1, 5000);
    for (let y = 0; y + 1 < 5000; y++) maze.carvePassage(y, SOUTH);
    const found = treePath(maze, 0, 4999);
    expect(found.path).toHaveLength(5000);
    expect([...found.path!]).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(Array.from(maze.cells, (c) => c & 0xe0)).toEqual(new Array(5000).fill(0));
  });

  it('goes on from a start with four open ways to the fourth one', () => {
    // 5x5, all walls closed; the start (2,2) opens on all four sides, and the goal (2,0)
    // above it is reached only by the way round through the south: the last way the
    // search tries (towards the goal first, away on the longer axis last).
    const maze = new Maze(5, 5);
    const at = (x: number, y: number) => y * 5 + x;
    for (const dir of [NORTH, EAST, SOUTH, WEST]) maze.carvePassage(at(2, 2), dir);
    // South, then round the west side up to the top row and along it to (2,0).
    const route: [number, number, number][] = [
      [2, 3, SOUTH],
      [2, 4, WEST],
      [1, 4, WEST],
      [0, 4, NORTH],
      [0, 3, NORTH],
      [0, 2, NORTH],
      [0, 1, NORTH],
      [0, 0, EAST],
      [1, 0, EAST],
    ];
    for (const [x, y, dir] of route) maze.carvePassage(at(x, y), dir);
    const found = treePath(maze, at(2, 2), at(2, 0));
    expect(found.path && pathProblem(maze, found.path, at(2, 2), at(2, 0))).toBeUndefined();
    expect([...found.path!]).toEqual(aStarPath(maze, at(2, 2), at(2, 0)));
  });

  it('finds no path when the goal is walled off, and reports its steps', () => {
    const maze = new Maze(4, 4);
    maze.carvePassage(0, EAST);
    maze.carvePassage(1, SOUTH);
    const steps: number[] = [];
    const found = treePath(maze, 0, 15, (kind, cell) => {
      if (kind === Step.Visit) steps.push(cell);
    });
    expect(found.path).toBeNull();
    expect(found.failure).toMatch(/cannot be reached/);
    expect([...new Set(steps)].sort((p, q) => p - q)).toEqual([0, 1, 5]);
    expect(found.visited).toBeGreaterThanOrEqual(3);
    expect(Array.from(maze.cells, (c) => c & 0xe0)).toEqual(new Array(16).fill(0));
  });
});

describe('treePath on mazes with loops', () => {
  it('still returns a legal path with no cell twice (not always a shortest one)', () => {
    for (const c of mazeCases(['braid100', 'braid50'])) {
      for (const [start, goal] of c.pairs) {
        const found = treePath(c.generated.maze, start, goal);
        expect(found.path && pathProblem(c.generated.maze, found.path, start, goal), c.label).toBeUndefined();
      }
    }
  });
});
