import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { DIFFICULTY_WEIGHTS, graphHittingTime, MAX_WALK_SYSTEM_CELLS, measureDifficulty, treeHittingTime } from './difficulty.js';
import { generateMaze } from './generate.js';
import { DIRECTIONS, Maze } from './maze.js';

/** Plain-array BFS distances reading the wall bits directly, with one passage optionally closed. */
function distances(maze: Maze, from: number, closed?: [number, number]): number[] {
  const dist = new Array<number>(maze.size).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const cell = queue[i];
    for (const dir of DIRECTIONS) {
      const other = maze.neighbor(cell, dir);
      if (other < 0 || maze.hasWall(cell, dir) || dist[other] >= 0) continue;
      if (closed && ((closed[0] === cell && closed[1] === other) || (closed[1] === cell && closed[0] === other))) continue;
      dist[other] = dist[cell] + 1;
      queue.push(other);
    }
  }
  return dist;
}

function openNeighboursPlain(maze: Maze, cell: number): number[] {
  return DIRECTIONS.filter((d) => maze.neighbor(cell, d) >= 0 && !maze.hasWall(cell, d)).map((d) => maze.neighbor(cell, d));
}

/** Hitting times by Gaussian elimination on the dense system h(t) = 0, h(v) = 1 + mean of h over v's neighbours. */
function denseHittingTime(maze: Maze, from: number, to: number): number {
  const reach = distances(maze, to);
  const cells = [...reach.keys()].filter((c) => reach[c] >= 0 && c !== to);
  const at = new Map(cells.map((c, i) => [c, i]));
  const n = cells.length;
  const a = cells.map(() => new Array<number>(n + 1).fill(0));
  cells.forEach((c, i) => {
    const around = openNeighboursPlain(maze, c);
    a[i][i] = around.length;
    for (const o of around) if (o !== to) a[i][at.get(o)!] -= 1;
    a[i][n] = around.length;
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < n; r++) {
      if (r === col || a[r][col] === 0) continue;
      const f = a[r][col] / a[col][col];
      for (let k = col; k <= n; k++) a[r][k] -= f * a[col][k];
    }
  }
  return from === to ? 0 : a[at.get(from)!][n] / a[at.get(from)!][at.get(from)!];
}

const mazeArb = fc.record({
  width: fc.integer({ min: 2, max: 10 }),
  height: fc.integer({ min: 2, max: 9 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  perfect: fc.boolean(),
  generator: fc.constantFrom('DFS', 'Kruskal', 'Prim', 'Wilson', 'BinaryTree', 'Eller'),
  pattern: fc.constantFrom('42' as const, 'none' as const),
});

function ends(maze: Maze): [number, number] {
  return [0, maze.size - 1];
}

describe('measureDifficulty against brute force', () => {
  it('every component matches a plain recount', () => {
    fc.assert(
      fc.property(mazeArb, (o) => {
        const { maze } = generateMaze(o);
        const [entry, exit] = ends(maze);
        const d = measureDifficulty(maze, entry, exit);
        const fromEntry = distances(maze, entry);
        const region = [...fromEntry.keys()].filter((c) => fromEntry[c] >= 0);
        expect(d.solutionLength).toBe(fromEntry[exit]);
        expect(d.solutionShare).toBeCloseTo((fromEntry[exit] + 1) / region.length, 12);

        // BFS expansions before the exit: a plain FIFO in N, E, S, W order.
        const seen = new Set([entry]);
        const queue = [entry];
        let expanded = 0;
        while (queue[expanded] !== exit) {
          for (const o of openNeighboursPlain(maze, queue[expanded])) {
            if (seen.has(o)) continue;
            seen.add(o);
            queue.push(o);
          }
          expanded++;
        }
        expect(d.bfsExpanded).toBe(expanded);

        // The decision points agree with analyze() on the same shortest path.
        expect(d.decisionPoints).toBe(analyze(maze, maze.point(entry), maze.point(exit)).solution!.decisionPoints);

        // Dead ends and their corridors, walked with plain arrays.
        const lengths: number[] = [];
        for (const c of region) {
          if (c === entry || c === exit || openNeighboursPlain(maze, c).length !== 1) continue;
          let [prev, cell, len] = [-1, c, 0];
          do {
            const onward = openNeighboursPlain(maze, cell).filter((x) => x !== prev);
            [prev, cell] = [cell, onward[0]];
            len++;
          } while (openNeighboursPlain(maze, cell).length === 2 && cell !== entry && cell !== exit && len < region.length);
          lengths.push(len);
        }
        expect(d.deadEnds).toBe(lengths.length);
        expect(d.deadEndMaxLength).toBe(lengths.length ? Math.max(...lengths) : 0);
        expect(d.deadEndMeanLength).toBeCloseTo(lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0, 12);

        // Farthest from the solution: the nearest path cell by a BFS from every path cell.
        const toExit = distances(maze, exit);
        const onPath = region.filter((c) => fromEntry[c] + toExit[c] === fromEntry[exit]);
        const fromPath = onPath.map((c) => distances(maze, c));
        // Cells on some shortest path are not all on the one reported; only the reported one counts,
        // so the brute force is bounded: at least the distance to the nearest of all shortest-path cells.
        const lower = Math.max(...region.map((c) => Math.min(...fromPath.map((f) => f[c]))));
        expect(d.farthestFromSolution).toBeGreaterThanOrEqual(lower);
        if (onPath.length === fromEntry[exit] + 1) expect(d.farthestFromSolution).toBe(lower);

        // Bottlenecks: passages of the path whose closing cuts the exit off.
        let cuts = 0;
        const path = onPath.length === fromEntry[exit] + 1 ? onPath.sort((a, b) => fromEntry[a] - fromEntry[b]) : null;
        if (path) {
          for (let k = 0; k + 1 < path.length; k++) if (distances(maze, entry, [path[k], path[k + 1]])[exit] < 0) cuts++;
          expect(d.bottlenecks).toBe(cuts);
        }

        // The random walk against dense Gaussian elimination.
        expect(d.randomWalkSteps).toBeCloseTo(denseHittingTime(maze, entry, exit), 5);
        expect(d.randomWalkMethod).toBe(analyze(maze).loops === 0 ? 'tree' : 'linear-system');
        expect(d.score).toBeGreaterThanOrEqual(0);
        expect(d.score).toBeLessThanOrEqual(100);
      }),
      { numRuns: 120 },
    );
  });

  it('counts bottlenecks on a braided board as the passages every route needs', () => {
    const { maze } = generateMaze({ width: 12, height: 9, seed: 4, perfect: false, braid: 40, pattern: 'none' });
    const d = measureDifficulty(maze, 0, maze.size - 1);
    let cuts = 0;
    for (let cell = 0; cell < maze.size; cell++) {
      for (const dir of [2, 4]) {
        const other = maze.neighbor(cell, dir);
        if (other >= 0 && !maze.hasWall(cell, dir) && distances(maze, 0, [cell, other])[maze.size - 1] < 0) cuts++;
      }
    }
    expect(d.bottlenecks).toBe(cuts);
    expect(d.bottlenecks).toBeLessThan(d.solutionLength);
  });

  it('the closed form on a tree and the linear system agree', () => {
    const { maze } = generateMaze({ width: 25, height: 20, seed: 8 });
    const fromEntry = distances(maze, 0);
    const region = Int32Array.from([...fromEntry.keys()].filter((c) => fromEntry[c] >= 0));
    const degree = new Uint8Array(maze.size);
    for (const c of region) degree[c] = openNeighboursPlain(maze, c).length;
    const tree = treeHittingTime(maze, maze.size - 1, 0);
    expect(graphHittingTime(maze, region, degree, 0, maze.size - 1) / tree).toBeCloseTo(1, 8);
  });

  it('skips the walk on a board with loops over MAX_WALK_SYSTEM_CELLS cells, and scores the rest / 0.75', () => {
    const { maze } = generateMaze({ width: 130, height: 130, seed: 2, perfect: false });
    const d = measureDifficulty(maze, 0, maze.size - 1);
    expect(maze.size).toBeGreaterThan(MAX_WALK_SYSTEM_CELLS);
    expect(d).toMatchObject({ randomWalkSteps: null, walkFactor: null, randomWalkMethod: 'skipped' });
    const w = DIFFICULTY_WEIGHTS;
    expect(d.score).toBeCloseTo(
      (100 * (w.explored * d.explored + w.solutionShare * d.solutionShare + w.decisionShare * d.decisionShare)) / 0.75,
      1,
    );
  });

  it('a straight corridor: length n-1, walk (n-1)^2, no dead ends, everything a bottleneck', () => {
    const corridor = new Maze(6, 1);
    for (let c = 0; c < 5; c++) corridor.carvePassage(c, 2);
    const d = measureDifficulty(corridor, 0, 5);
    expect(d).toMatchObject({
      solutionLength: 5,
      randomWalkSteps: 25,
      deadEnds: 0,
      bottlenecks: 5,
      farthestFromSolution: 0,
      bfsExpanded: 5,
      decisionPoints: 0,
    });
  });
});
