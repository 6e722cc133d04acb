import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { findDeadEnds } from './braid.js';
import { generateMaze } from './generate.js';
import { BLOCKED, Maze } from './maze.js';
import { GENERATORS } from './registry.js';
import { distanceMap } from './solvers/bfs.js';

/** A maze from rows of hex digits, as in the output file (a set bit is a closed wall). */
function fromRows(rows: string[]): Maze {
  const walls = rows
    .join('')
    .split('')
    .map((d) => parseInt(d, 16));
  return Maze.fromWalls(rows[0].length, rows.length, walls);
}

describe('analyze on hand-made mazes', () => {
  it('a 3x1 corridor: no dead end by the subject rule (its ends face only the border), one straight cell', () => {
    const a = analyze(fromRows(['D57']));
    expect(a).toMatchObject({
      cells: 3,
      maskedCells: 0,
      passages: 2,
      deadEnds: 0,
      deadEndShare: 0,
      junctions: 0,
      crossroads: 0,
      straightCells: 1,
      turningCells: 0,
      isolatedCells: 0,
      longestCorridor: 1,
      components: 1,
      loops: 0,
      entry: 0,
      exit: 2,
      entryAt: { x: 0, y: 0 },
      exitAt: { x: 2, y: 0 },
      solution: { length: 2, cells: 3, turns: 0, decisionPoints: 0, share: 1 },
    });
  });

  //  +--+--+--+
  //  |        |     a ring with a spur: (1,1) is a dead end hanging off (1,2),
  //  +  +--+  +     which is a junction; the seven other cells form one corridor.
  //  |  |  |  |
  //  +  +  +  +
  //  |        |
  //  +--+--+--+
  const ringWithSpur = ['953', 'ABA', 'C46'];

  it('a ring with a spur: one loop, one dead end, one junction, a corridor of seven cells', () => {
    const a = analyze(fromRows(ringWithSpur));
    expect(a).toMatchObject({
      cells: 9,
      passages: 9,
      deadEnds: 1,
      junctions: 1,
      crossroads: 0,
      straightCells: 3,
      turningCells: 4,
      longestCorridor: 7,
      components: 1,
      loops: 1,
    });
    expect(a.deadEndShare).toBeCloseTo(1 / 9, 12);
    expect(a.solution?.length).toBe(4);
    expect(a.solution?.turns).toBe(1);
  });

  it('measures the solution it is given: the west way passes the junction, the east way does not', () => {
    const maze = fromRows(ringWithSpur);
    const west = analyze(maze, { x: 0, y: 0 }, { x: 2, y: 2 }, 'SSEE').solution;
    expect(west).toEqual({ length: 4, cells: 5, turns: 1, decisionPoints: 2, share: 5 / 9 });
    const east = analyze(maze, { x: 0, y: 0 }, { x: 2, y: 2 }, Int32Array.of(0, 1, 2, 5, 8)).solution;
    expect(east).toEqual({ length: 4, cells: 5, turns: 1, decisionPoints: 1, share: 5 / 9 });
    const wiggle = analyze(maze, { x: 1, y: 1 }, { x: 2, y: 0 }, 'SWNNEE').solution;
    // From the spur: (1,1) has one way out, (1,2) offers two, then S-W-N-N-E-E turns three times.
    expect(wiggle).toEqual({ length: 6, cells: 7, turns: 3, decisionPoints: 1, share: 7 / 9 });
    expect(() => analyze(maze, { x: 0, y: 0 }, { x: 2, y: 2 }, 'EEE')).toThrow(/not a legal walk/);
  });

  //  a plus sign: the centre is a crossroads with four arms; the corners are walled in.
  const plus = ['FBF', 'D07', 'FEF'];

  it('a plus sign with loose corners: a crossroads, four dead ends, five components', () => {
    const a = analyze(fromRows(plus), { x: 1, y: 0 }, { x: 1, y: 2 });
    expect(a).toMatchObject({
      cells: 9,
      passages: 4,
      deadEnds: 4,
      junctions: 0,
      crossroads: 1,
      straightCells: 0,
      turningCells: 0,
      isolatedCells: 4,
      longestCorridor: 0,
      components: 5,
      loops: 0,
      solution: { length: 2, cells: 3, turns: 0, decisionPoints: 1, share: 3 / 9 },
    });
  });

  it('a plus sign whose corners belong to the 42 pattern: they leave every count, and the arms face no free cell', () => {
    const maze = fromRows(plus);
    for (const corner of [0, 2, 6, 8]) maze.cells[corner] |= BLOCKED;
    const a = analyze(maze, { x: 1, y: 0 }, { x: 1, y: 2 });
    expect(a).toMatchObject({ cells: 5, maskedCells: 4, deadEnds: 0, isolatedCells: 0, components: 1, loops: 0, crossroads: 1 });
    expect(a.solution?.share).toBe(3 / 5);
  });

  it('a 2x2 ring: four turning cells forming one closed corridor, one loop', () => {
    const a = analyze(fromRows(['93', 'C6']));
    expect(a).toMatchObject({ cells: 4, passages: 4, turningCells: 4, longestCorridor: 4, loops: 1, deadEnds: 0 });
    expect(a.solution).toEqual({ length: 2, cells: 3, turns: 1, decisionPoints: 1, share: 3 / 4 });
  });

  it('reports no solution when the exit cannot be reached', () => {
    const a = analyze(fromRows(plus), { x: 0, y: 0 }, { x: 1, y: 1 });
    expect(a.solution).toBeNull();
  });
});

describe('analyze on generated mazes', () => {
  it('agrees with the model: categories add up, perfect mazes have no loop, the solution is a shortest path', () => {
    for (const generator of GENERATORS) {
      for (const perfect of [true, false]) {
        const { maze, entry, exit } = generateMaze({ width: 23, height: 17, seed: 'analyze', generator: generator.name, perfect });
        const a = analyze(maze, entry, exit);
        const where = `${generator.name} perfect=${perfect}`;
        expect(a.components, where).toBe(1);
        if (perfect) expect(a.loops, where).toBe(0);
        else expect(a.loops, where).toBeGreaterThanOrEqual(2);
        expect(a.maskedCells, where).toBe(18);
        expect(a.deadEnds, where).toBe(findDeadEnds(maze).length);
        // A cell with one opening in a pocket of the 42 (its other sides face the pattern) is not a dead end.
        let oneOpening = 0;
        for (let cell = 0; cell < maze.size; cell++) {
          if (!maze.isBlocked(cell) && [1, 2, 4, 8].filter((d) => !maze.hasWall(cell, d)).length === 1) oneOpening++;
        }
        expect(a.deadEnds, where).toBeLessThanOrEqual(oneOpening);
        expect(oneOpening + a.straightCells + a.turningCells + a.junctions + a.crossroads, where).toBe(a.cells);
        const start = entry.y * maze.width + entry.x;
        const goal = exit.y * maze.width + exit.x;
        expect(a.solution?.length, where).toBe(distanceMap(maze, start)[goal]);
        expect(a.solution!.decisionPoints, where).toBeLessThanOrEqual(a.solution!.cells);
        expect(a.longestCorridor, where).toBeLessThanOrEqual(a.straightCells + a.turningCells);
      }
    }
  });
});
