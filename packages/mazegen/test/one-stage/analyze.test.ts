import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, distanceMap, generateMaze, OptionError, type GridMaze } from 'mazegen';
import { coordinatePair, countLoops, findDeadEnds } from 'mazegen/internal';
import { anyGridMazeArb, squareMazeArb } from './arbitraries.js';

/** Open walls of `cell` as slots, read from the word. */
function openSlots(maze: GridMaze, cell: number): number[] {
  const slots: number[] = [];
  for (let s = 0; s < maze.topology.degree(cell); s++) if (maze.isOpen(cell, s)) slots.push(s);
  return slots;
}

/** True when the centres of `a` and `b` lie on opposite sides of `cell`'s on one line (the drawing's geometry, no slot numbering). */
function centresOpposite(maze: GridMaze, cell: number, a: number, b: number): boolean {
  const t = maze.topology;
  const c = t.centre(cell);
  const p = t.centre(t.neighbour(cell, a));
  const q = t.centre(t.neighbour(cell, b));
  const u = { x: p.x - c.x, y: p.y - c.y };
  const v = { x: q.x - c.x, y: q.y - c.y };
  return (u.x * v.x + u.y * v.y) / Math.hypot(u.x, u.y) / Math.hypot(v.x, v.y) < -0.999;
}

describe('analyze, one function on every grid', () => {
  it('counts every figure by its definition on every grid kind, mask and wrap', () => {
    fc.assert(
      fc.property(anyGridMazeArb, (g) => {
        const { maze } = g;
        const t = maze.topology;
        const a = analyze(maze, g.entry, g.exit);
        const openings = new Array<number>(t.maxDegree + 1).fill(0);
        let free = 0;
        for (let cell = 0; cell < maze.size; cell++) {
          if (maze.isBlocked(cell)) continue;
          free++;
          openings[openSlots(maze, cell).length]++;
        }
        expect(a).toMatchObject({ grid: t.kind, width: t.width, height: t.height, cells: free, maskedCells: maze.size - free });
        expect(a.openings).toEqual(openings);
        expect(a.junctions).toBe(openings[3] ?? 0);
        expect(a.crossroads).toBe(openings.slice(4).reduce((s, n) => s + n, 0));
        expect(a.isolatedCells).toBe(openings[0]);
        expect(a.straightCells + a.turningCells).toBe(openings[2]);
        expect(a.passages).toBe(maze.countPassages());
        expect(a.deadEnds).toBe(findDeadEnds(maze).length);
        expect(a.components).toBe(1);
        expect(a.loops).toBe(countLoops(maze));
        if (g.perfect) expect(a.loops).toBe(0);
        expect(a.longestCorridor).toBeLessThanOrEqual(openings[2]);
        // The ends as cells and as the points cellAt reads.
        expect([a.entry, a.exit]).toEqual([g.entry, g.exit]);
        expect([a.entryAt.x, a.entryAt.y]).toEqual(coordinatePair(t, g.entry));
        expect(analyze(maze, a.entryAt, a.exitAt)).toEqual(a);
        // A shortest way, walked through open walls.
        const s = a.solution!;
        expect(s.length).toBe(distanceMap(maze, g.entry)[g.exit]);
        expect(s.cells).toBe(s.length + 1);
        expect(s.turns).toBeLessThanOrEqual(Math.max(0, s.length - 1));
        expect(s.share).toBeCloseTo(s.cells / free, 12);
        // Straight cells by geometry where the drawing is one plane without a seam (no wrap; the polar grid's rings curve).
        if (t.wrap === 'none' && t.kind !== 'polar') {
          let straight = 0;
          for (let cell = 0; cell < maze.size; cell++) {
            const open = openSlots(maze, cell);
            if (!maze.isBlocked(cell) && open.length === 2 && centresOpposite(maze, cell, open[0], open[1])) straight++;
          }
          expect(a.straightCells).toBe(straight);
        }
        if (t.kind === 'triangle') expect(a.straightCells).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('on the plain square grid counts turns as changes of step along the path, as the square analysis always did', () => {
    fc.assert(
      fc.property(squareMazeArb, (g) => {
        const w = g.maze.width;
        const path = distanceMap(g.maze, g.entry.y * w + g.entry.x);
        const a = analyze(g.maze, g.entry, g.exit);
        expect(a.solution?.length ?? -1).toBe(path[g.exit.y * w + g.exit.x]);
        if (!a.solution) return;
        // The same path again, given as cells: the figures do not depend on how it came.
        const cells: number[] = [];
        for (let cell = g.exit.y * w + g.exit.x, k = a.solution.length; k >= 0; k--) {
          cells.unshift(cell);
          if (k > 0)
            cell = [cell - w, cell + 1, cell + w, cell - 1].find(
              (next, slot) => g.maze.isOpen(cell, slot) && next >= 0 && next < g.maze.size && path[next] === k - 1,
            )!;
        }
        let turns = 0;
        for (let i = 2; i < cells.length; i++) if (cells[i] - cells[i - 1] !== cells[i - 1] - cells[i - 2]) turns++;
        expect(analyze(g.maze, g.entry, g.exit, cells).solution).toEqual(a.solution);
        expect(a.solution.turns).toBe(turns);
        expect(a.entryAt).toEqual(g.entry);
        expect(a.maskedCells).toBe(g.patternPlaced ? 18 : 0);
      }),
      { numRuns: 200 },
    );
  });

  it('counts polar corridors: around the ring and in-out are straight', () => {
    const g = generateMaze({ grid: 'polar', width: 6, height: 3, seed: 4 });
    const a = analyze(g.maze, g.entry, g.exit);
    // A ring cell open to both ring neighbours, and one open inward and outward, are straight; their mix turns.
    let straight = 0;
    for (let cell = 1; cell < g.maze.size; cell++) {
      const open = openSlots(g.maze, cell);
      if (open.length !== 2) continue;
      const degree = g.maze.topology.degree(cell);
      const around = open[0] === 1 && open[1] === degree - 1;
      const through = open[0] === 0 && open[1] >= 2 && open[1] < degree - 1;
      if (around || through) straight++;
    }
    const centre = openSlots(g.maze, 0);
    if (centre.length === 2 && centre[1] - centre[0] === 3) straight++;
    expect(a.straightCells).toBe(straight);
    expect(a.straightCells).toBeGreaterThan(0);
    expect(a.turningCells).toBeGreaterThan(0);
  });

  it('takes letters on the plain square grid only, and refuses an end off the grid', () => {
    const hex = generateMaze({ grid: 'hex', width: 6, height: 5, seed: 1 });
    expect(() => analyze(hex.maze, hex.entry, hex.exit, 'NE')).toThrow(OptionError);
    expect(() => analyze(hex.maze, hex.entry, hex.exit, 'NE')).toThrow(/square grid only/);
    expect(() => analyze(hex.maze, { x: 9, y: 9 })).toThrow(/the entry \(9,9\) is not a cell of this hex grid/);
    expect(() => analyze(hex.maze, 0, hex.maze.size)).toThrow(/the exit 30 is not a cell/);
  });
});
