import { describe, expect, it } from 'vitest';
import { analyze, generateMaze, GridMaze, solveMaze } from 'mazegen';

describe('analyze on any grid', () => {
  it('measures a square maze given by cells as given by points', () => {
    for (const [generator, perfect] of [
      ['DFS', true],
      ['Kruskal', false],
      ['Wilson', true],
      ['Eller', false],
    ] as const) {
      const g = generateMaze({ width: 23, height: 17, seed: 5, generator, perfect });
      // One path for both: a board with loops has several shortest ones, and each analysis would pick its own.
      const path = solveMaze(g.maze, g.entry, g.exit, 'BFS').cells;
      const a = analyze(g.maze, g.entry, g.exit, path);
      const b = analyze(GridMaze.fromMaze(g.maze), g.entry.y * 23 + g.entry.x, g.exit.y * 23 + g.exit.x, path);
      expect(b).toMatchObject({
        cells: a.cells,
        maskedCells: a.maskedCells,
        passages: a.passages,
        deadEnds: a.deadEnds,
        junctions: a.junctions,
        crossroads: a.crossroads,
        longestCorridor: a.longestCorridor,
        components: a.components,
        loops: a.loops,
      });
      expect(b.solution).toMatchObject({
        length: a.solution!.length,
        cells: a.solution!.cells,
        decisionPoints: a.solution!.decisionPoints,
      });
      expect(b.openings[2]).toBe(a.straightCells + a.turningCells);
      // Cells of three or more openings, as the grid's figures count junctions.
      expect(b.openings.slice(3).reduce((s, n) => s + n, 0)).toBe(a.junctions + a.crossroads);
      // A tree's one path, found by analyze itself.
      if (perfect)
        expect(analyze(GridMaze.fromMaze(g.maze), g.entry.y * 23 + g.entry.x, g.exit.y * 23 + g.exit.x).solution).toEqual(b.solution);
    }
  });

  it('counts a polar tree: no loops, one component, openings summing to the cells', () => {
    const g = generateMaze({ grid: 'polar', height: 6, seed: 2, shape: 'circle' });
    const a = analyze(g.maze, g.entry, g.exit);
    expect(a).toMatchObject({ grid: 'polar', loops: 0, components: 1, passages: a.cells - 1 });
    expect(a.openings.reduce((s, n) => s + n, 0)).toBe(a.cells);
    expect(a.deadEnds).toBe(a.openings[1]);
    const board = analyze(generateMaze({ grid: 'hex', width: 12, height: 9, seed: 2, perfect: false }).maze, 0, 107);
    expect(board.loops).toBeGreaterThanOrEqual(2);
    expect(board.deadEnds).toBe(0);
  });
});
