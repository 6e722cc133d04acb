import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { braidMaze, createRng, generateMaze, type GridMaze, type Maze } from 'mazegen';
import { countLoops, findDeadEnds, isDeadEnd, isOpenBlock, MIN_LOOPS } from 'mazegen/internal';
import { braidRuleOf, braidWithRule, squareBoardRule, type BraidRule } from '../../src/braid.js';
import { anyGridMazeArb, squareMazeArb } from './arbitraries.js';

/** A dead end read straight from the definition: a free cell, one open wall, a closed one facing a free cell. */
function deadEndsByDefinition(maze: GridMaze): number[] {
  const t = maze.topology;
  const found: number[] = [];
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    let open = 0;
    let facesFree = false;
    for (let s = 0; s < t.degree(cell); s++) {
      const next = t.neighbour(cell, s);
      if (maze.isOpen(cell, s)) open++;
      else if (next >= 0 && !maze.isBlocked(next)) facesFree = true;
    }
    if (open === 1 && facesFree) found.push(cell);
  }
  return found;
}

/** Independent cycles the free cells' grid graph has, walls ignored: the most loops a board can hold. */
function cycleRank(maze: GridMaze): number {
  const t = maze.topology;
  let links = 0;
  let free = 0;
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    free++;
    for (let s = 0; s < t.degree(cell); s++) {
      const next = t.neighbour(cell, s);
      if (next > cell && !maze.isBlocked(next)) links++;
    }
  }
  return links - free + 1;
}

function isPlainSquare(maze: GridMaze): boolean {
  return maze.topology.kind === 'square' && maze.topology.wrap === 'none';
}

describe('braidMaze, isDeadEnd, findDeadEnds, countLoops: one of each on every grid', () => {
  it('counts dead ends and loops by their definitions on every grid kind, mask and wrap', () => {
    fc.assert(
      fc.property(anyGridMazeArb, (g) => {
        const expected = deadEndsByDefinition(g.maze);
        expect(Array.from(findDeadEnds(g.maze))).toEqual(expected);
        for (let cell = 0; cell < g.maze.size; cell++) expect(isDeadEnd(g.maze, cell)).toBe(expected.includes(cell));
        expect(countLoops(g.maze)).toBe(g.maze.countPassages() - g.maze.countOpenCells() + 1);
      }),
      { numRuns: 120 },
    );
  });

  it('braids a perfect maze of any grid: the report tells the truth, the loops are there, BRAID=100 leaves no dead end off the square rule', () => {
    fc.assert(
      fc.property(anyGridMazeArb, fc.constantFrom(0, 25, 60, 100), fc.integer({ min: 0, max: 1000 }), (made, percent, seed) => {
        if (!made.perfect) return;
        const maze = made.maze.clone();
        const before = findDeadEnds(maze).length;
        const report = braidMaze(maze, createRng(seed, 'braid'), percent);
        expect(report.deadEndsBefore).toBe(before);
        expect(report.deadEndsAfter).toBe(findDeadEnds(maze).length);
        expect(report.loops).toBe(countLoops(maze));
        // Still one connected maze: only walls between free cells were opened.
        for (let cell = 0; cell < maze.size; cell++) if (made.maze.isBlocked(cell)) expect(maze.cells[cell]).toBe(made.maze.cells[cell]);
        if (!isPlainSquare(maze)) {
          expect(report.loops).toBeGreaterThanOrEqual(Math.min(MIN_LOOPS, cycleRank(maze)));
          if (percent === 100) expect(report.deadEndsAfter).toBe(0);
          expect(report.notes.length > 0).toBe(report.loops < MIN_LOOPS);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('on the plain square grid, the 42 no-open-3x3 rule is the only difference from any other grid', () => {
    let ruleSilent = 0;
    fc.assert(
      fc.property(squareMazeArb, fc.constantFrom(0, 30, 50, 100), fc.integer({ min: 0, max: 1000 }), (made, percent, seed) => {
        if (!made.perfect) return;
        const ruled = made.maze.clone();
        const free = made.maze.clone();
        // A rule reads the maze it is made for: each braid gets its own.
        const square = squareBoardRule(ruled);
        let fired = 0;
        const counting: BraidRule = { ...square, forbids: (cell, slot) => (square.forbids(cell, slot) ? (fired++, true) : false) };
        const withoutRule: BraidRule = { ...squareBoardRule(free), forbids: () => false };
        const ruledSteps: number[] = [];
        const ruledReport = braidWithRule(ruled, counting, createRng(seed, 'braid'), percent, (kind, cell, dir) =>
          ruledSteps.push(kind, cell, dir),
        );
        const freeReport = braidWithRule(free, withoutRule, createRng(seed, 'braid'), percent);
        // The rule holds: no fully open 3x3 area.
        for (let y = 0; y + 3 <= ruled.height; y++) for (let x = 0; x + 3 <= ruled.width; x++) expect(isOpenBlock(ruled, x, y)).toBe(false);
        // The one entry picks the rule by the grid, and it is this one.
        const entry = made.maze.clone();
        const entrySteps: number[] = [];
        expect(braidMaze(entry, createRng(seed, 'braid'), percent, (kind, cell, dir) => entrySteps.push(kind, cell, dir))).toEqual(
          ruledReport,
        );
        expect(entry.equals(ruled)).toBe(true);
        expect(entrySteps).toEqual(ruledSteps);
        if (fired === 0) {
          ruleSilent++;
          expect(free.equals(ruled)).toBe(true);
          expect(freeReport).toEqual(ruledReport);
        }
      }),
      { numRuns: 300 },
    );
    expect(ruleSilent).toBeGreaterThan(0);
  });

  it('where the 3x3 rule does forbid a wall, only the square braid keeps every 3x3 area closed (about 1 square maze in 600)', () => {
    // Found by a search over sizes, seeds and generators: the one case of 590 where the rule fires.
    const made = generateMaze({ width: 18, height: 12, seed: 527, algorithm: 'RecursiveDivision', perfect: true });
    const ruled = made.maze.clone();
    const free = made.maze.clone();
    const square = squareBoardRule(ruled);
    let fired = 0;
    braidWithRule(
      ruled,
      { ...square, forbids: (cell, slot) => (square.forbids(cell, slot) ? (fired++, true) : false) },
      createRng(527, 'braid'),
      100,
    );
    braidWithRule(free, { ...squareBoardRule(free), forbids: () => false }, createRng(527, 'braid'), 100);
    expect(fired).toBeGreaterThan(0);
    expect(free.equals(ruled)).toBe(false);
    const openBlocks = (maze: Maze): number => {
      let n = 0;
      for (let y = 0; y + 3 <= maze.height; y++) for (let x = 0; x + 3 <= maze.width; x++) if (isOpenBlock(maze, x, y)) n++;
      return n;
    };
    expect(openBlocks(ruled)).toBe(0);
    expect(openBlocks(free)).toBeGreaterThan(0);
  });

  it('words a short board by its grid: the square rule names the 3x3 area, other grids the cells', () => {
    const tiny = generateMaze({ grid: 'square', width: 2, height: 2, seed: 1 });
    expect(braidMaze(tiny.maze.clone(), createRng(1, 'braid'), 100).notes).toEqual([
      'a 2x2 maze can hold only 1 loop without a fully open 3x3 area; the board needs 2, so this is the closest one',
    ]);
    const wrapped = generateMaze({ grid: 'square', width: 1, height: 3, wrap: 'y', seed: 1 });
    expect(braidRuleOf(wrapped.maze).forbids(0, 0)).toBe(false);
    expect(braidMaze(wrapped.maze.clone(), createRng(1, 'braid'), 100).notes).toEqual([
      'this square maze of 3 cells can hold only 1 loop; the board needs 2, so this is the closest one',
    ]);
  });
});
