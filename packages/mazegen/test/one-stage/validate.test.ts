import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMaze, OptionError, solveMaze, validate, type GridMaze } from 'mazegen';
import { coordinatePair } from 'mazegen/internal';
import { validateSquare, validateTopology } from '../../src/validate.js';
import { anyGridMazeArb, squareMazeArb } from './arbitraries.js';

/** A walk of the maze's shortest solution, as cells. */
function shortest(maze: GridMaze, entry: number, exit: number): Int32Array {
  return solveMaze(maze, entry, exit, 'BFS').cells;
}

/** Rules broken, by name, in order. */
const rulesOf = (violations: { rule: string }[]): string[] => violations.map((v) => v.rule);

/** A closed wall between two free cells (cell, slot), drawn with `pick`, or undefined. */
function closedInnerWall(maze: GridMaze, pick: number): [number, number] | undefined {
  const t = maze.topology;
  const walls: [number, number][] = [];
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    for (let s = 0; s < t.degree(cell); s++) {
      const next = t.neighbour(cell, s);
      if (next > cell && !maze.isBlocked(next) && !maze.isOpen(cell, s)) walls.push([cell, s]);
    }
  }
  return walls.length ? walls[pick % walls.length] : undefined;
}

/** An open wall between two free cells, drawn with `pick`. */
function openInnerWall(maze: GridMaze, pick: number): [number, number] {
  const t = maze.topology;
  const walls: [number, number][] = [];
  for (let cell = 0; cell < maze.size; cell++) {
    for (let s = 0; s < t.degree(cell); s++) if (t.neighbour(cell, s) > cell && maze.isOpen(cell, s)) walls.push([cell, s]);
  }
  return walls[pick % walls.length];
}

/** A border slot of a free cell (one with no neighbour), drawn with `pick`, or undefined (a torus has none). */
function borderSlot(maze: GridMaze, pick: number): [number, number] | undefined {
  const t = maze.topology;
  const slots: [number, number][] = [];
  for (let cell = 0; cell < maze.size; cell++)
    if (!maze.isBlocked(cell)) for (let s = 0; s < t.degree(cell); s++) if (t.neighbour(cell, s) < 0) slots.push([cell, s]);
  return slots.length ? slots[pick % slots.length] : undefined;
}

describe('validate, one function on every grid', () => {
  it('passes every generated maze of every grid kind, mask and wrap, with its ends and its shortest solution', () => {
    fc.assert(
      fc.property(anyGridMazeArb, (g) => {
        const solution = shortest(g.maze, g.entry, g.exit);
        expect(validate(g.maze, { entry: g.entry, exit: g.exit, perfect: g.perfect, braid: g.braid, solution })).toEqual([]);
        // The ends as the points cellAt reads, too; a solution short of the exit is caught.
        const [x, y] = coordinatePair(g.maze.topology, g.entry);
        const [ex, ey] = coordinatePair(g.maze.topology, g.exit);
        expect(validate(g.maze, { entry: { x, y }, exit: { x: ex, y: ey }, solution })).toEqual([]);
        expect(rulesOf(validate(g.maze, { entry: { x, y }, exit: g.exit, solution: solution.slice(0, -1) }))).toEqual(['path']);
      }),
      { numRuns: 120 },
    );
  });

  it('finds each broken rule on every grid: a one-sided wall, an open border, a walled-in cell, a loop in a perfect maze, a jump', () => {
    fc.assert(
      fc.property(anyGridMazeArb, fc.nat(), (g, pick) => {
        if (!g.perfect) return;
        const t = g.maze.topology;
        const base = { entry: g.entry, exit: g.exit, perfect: true as const };
        // A wall open on one side only.
        const [cell, slot] = openInnerWall(g.maze, pick);
        const oneSided = g.maze.clone();
        oneSided.cells[cell] |= 1 << slot;
        expect(rulesOf(validate(oneSided, base))).toContain('coherence');
        // A passage out of the grid.
        const border = borderSlot(g.maze, pick);
        if (border) {
          const open = g.maze.clone();
          open.cells[border[0]] &= ~(1 << border[1]);
          expect(rulesOf(validate(open, base))).toContain('border');
        }
        // A cell walled in on both sides of each wall: cut off, nothing else broken.
        const walledIn = g.maze.clone();
        for (let s = 0; s < t.degree(cell); s++) if (t.neighbour(cell, s) >= 0) walledIn.build(cell, s);
        expect(rulesOf(validate(walledIn, { perfect: true }))).toEqual(['connectivity']);
        // One wall more opened in a perfect maze: a loop.
        const wall = closedInnerWall(g.maze, pick);
        if (wall) {
          const looped = g.maze.clone();
          looped.carve(wall[0], wall[1]);
          expect(rulesOf(validate(looped, base))).toEqual(['perfect']);
        }
        // A solution that leaves out a cell in the middle jumps.
        const solution = Array.from(shortest(g.maze, g.entry, g.exit));
        if (solution.length >= 3) {
          solution.splice(1, 1);
          expect(rulesOf(validate(g.maze, { ...base, solution }))).toEqual(['path']);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the square kernel and the topology path agree on square mazes about every rule both check', () => {
    fc.assert(
      fc.property(squareMazeArb, fc.nat(), fc.constantFrom('none', 'one-sided', 'border', 'walled-in', 'loop'), (g, pick, breakage) => {
        const maze = g.maze.clone();
        const entry = g.entry.y * maze.width + g.entry.x;
        const exit = g.exit.y * maze.width + g.exit.x;
        if (breakage === 'one-sided') {
          const [cell, slot] = openInnerWall(maze, pick);
          maze.cells[cell] |= 1 << slot;
        } else if (breakage === 'border') {
          const [cell, slot] = borderSlot(maze, pick)!;
          maze.cells[cell] &= ~(1 << slot);
        } else if (breakage === 'walled-in') {
          const [cell] = openInnerWall(maze, pick);
          for (let s = 0; s < 4; s++) if (maze.topology.neighbour(cell, s) >= 0) maze.build(cell, s);
        } else if (breakage === 'loop') {
          const wall = closedInnerWall(maze, pick);
          if (wall) maze.carve(wall[0], wall[1]);
        }
        const options = { entry, exit, perfect: g.perfect ? true : undefined };
        const square = rulesOf(validateSquare(maze, options));
        const topology = rulesOf(validateTopology(maze, options));
        // The square kernel's own rules are the 42 subject's: its pattern, no open 3x3 area, the Pac-Man board.
        const shared = (rules: string[]): string[] => [...new Set(rules.filter((r) => !['pattern', 'open-3x3', 'board'].includes(r)))];
        // Reach is read strictly (both sides of a wall) by the square kernel: compare it where the walls agree, and a loop where all is reached.
        const comparable = (rules: string[]): string[] =>
          shared(rules).filter(
            (r) => !(r === 'connectivity' && square.includes('coherence')) && !(r === 'perfect' && square.includes('connectivity')),
          );
        expect(comparable(topology)).toEqual(comparable(square));
        expect(validate(maze, options)).toEqual(validateSquare(maze, options));
      }),
      { numRuns: 300 },
    );
  });

  it('reads the 42 pattern on the subject square maze only; a mask or outline on the square grid takes the topology path', () => {
    const shaped = generateMaze({ grid: 'square', width: 16, height: 16, shape: 'circle', seed: 5 });
    expect(validate(shaped.maze, { entry: shaped.entry, exit: shaped.exit, perfect: true })).toEqual([]);
    expect(validate(shaped.maze, { perfect: true })).toEqual(validateTopology(shaped.maze, { perfect: true }));
    const hex = generateMaze({ grid: 'hex', width: 6, height: 5, seed: 1 });
    expect(() => validate(hex.maze, { path: 'NE' })).toThrow(OptionError);
    expect(validate(hex.maze, { entry: { x: 9, y: 9 }, exit: hex.exit })).toEqual([
      { rule: 'entry-exit', message: 'the entry (9,9) is not a cell of the grid' },
    ]);
  });
});
