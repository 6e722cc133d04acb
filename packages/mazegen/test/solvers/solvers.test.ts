import { describe, expect, it } from 'vitest';
import { Maze, SOLVERS, Step, UnsolvableError, distanceMap, resolveSolver, solveMaze, type SolverAlgorithm, type StepKind } from 'mazegen';
import { SIZES, mazeCases, pathProblem } from './helpers.js';

/** What each built-in solver promises; a solver added later must be added here on purpose. */
const CLAIMS: Record<string, { shortest: boolean; handlesLoops: boolean }> = {
  AStar: { shortest: true, handlesLoops: true },
  BFS: { shortest: true, handlesLoops: true },
  DFS: { shortest: false, handlesLoops: true },
  Dijkstra: { shortest: true, handlesLoops: true },
  BidirectionalBFS: { shortest: true, handlesLoops: true },
  WallFollower: { shortest: false, handlesLoops: false },
  WallFollowerRight: { shortest: false, handlesLoops: false },
  DeadEndFilling: { shortest: true, handlesLoops: true },
  Tremaux: { shortest: false, handlesLoops: true },
};

describe('solver registry', () => {
  it('lists every solver of the issue with the claims documented in docs/solvers.md', () => {
    for (const name of Object.keys(CLAIMS)) expect(SOLVERS.map((s) => s.name)).toContain(name);
    for (const solver of SOLVERS) {
      expect(CLAIMS[solver.name], `${solver.name} has no documented claims`).toBeDefined();
      expect({ shortest: solver.shortest, handlesLoops: solver.handlesLoops }).toEqual(CLAIMS[solver.name]);
    }
  });

  it.each([
    ['bidirectional', 'BidirectionalBFS'],
    ['bibfs', 'BidirectionalBFS'],
    ['Bidirectional BFS', 'BidirectionalBFS'],
    ['left-hand', 'WallFollower'],
    ['wall-follower-left', 'WallFollower'],
    ['wall_follower', 'WallFollower'],
    ['right-hand', 'WallFollowerRight'],
    ['Wall Follower Right', 'WallFollowerRight'],
    ['dead-end-filler', 'DeadEndFilling'],
    ['DEAD_END_FILLING', 'DeadEndFilling'],
    ["tremaux's", 'Tremaux'],
    ['Trémaux', 'Tremaux'],
    ['dijkstra', 'Dijkstra'],
    ["Dijkstra's", 'Dijkstra'],
  ])('resolves %s to %s', (alias, name) => {
    expect(resolveSolver(alias).name).toBe(name);
  });
});

describe('every solver on mazes from every generator', () => {
  // Per solver: did it ever return a longer path than BFS, did it ever fail (to show the claims are needed).
  const longer = new Map<string, number>();
  const failed = new Map<string, number>();

  it('returns legal simple walks; shortest ones match BFS; all find the unique path of perfect mazes; loop-capable ones never fail', () => {
    let mazes = 0;
    for (const { label, generated, pairs } of mazeCases()) {
      const { maze, perfect } = generated;
      mazes++;
      // Inner cells too: from the entry corner a wall follower has the border wall, which touches the exit corner.
      for (const [start, goal] of pairs) {
        const dist = distanceMap(maze, start);
        expect(dist[goal], `${label}: BFS reaches the exit`).toBeGreaterThan(0);
        const unique = resolveSolver('BFS').solve(maze, start, goal).path!;
        for (const solver of SOLVERS) {
          const where = `${solver.name} on ${label} from ${start} to ${goal}`;
          const result = solver.solve(maze, start, goal);
          if (!result.path) {
            expect(solver.handlesLoops, `${where} failed: ${result.failure}`).toBe(false);
            expect(perfect, `${where} failed on a perfect maze: ${result.failure}`).toBe(false);
            expect(result.failure, where).toMatch(/\w+ \w+/);
            failed.set(solver.name, (failed.get(solver.name) ?? 0) + 1);
            continue;
          }
          expect(pathProblem(maze, result.path, start, goal), where).toBeUndefined();
          expect(result.visited, where).toBeGreaterThan(0);
          if (solver.shortest) expect(result.path.length - 1, where).toBe(dist[goal]);
          if (perfect) expect(Array.from(result.path), where).toEqual(Array.from(unique));
          if (result.path.length - 1 > dist[goal]) longer.set(solver.name, (longer.get(solver.name) ?? 0) + 1);
        }
      }
    }
    expect(mazes).toBeGreaterThan(100);
  });

  it('shows the claims are needed: the non-shortest ones take a detour somewhere, the wall followers fail somewhere', () => {
    for (const solver of SOLVERS) {
      if (!solver.shortest) expect(longer.get(solver.name) ?? 0, `${solver.name} never took a longer path`).toBeGreaterThan(0);
      if (!solver.handlesLoops) expect(failed.get(solver.name) ?? 0, `${solver.name} never failed`).toBeGreaterThan(0);
    }
  });
});

/** A 5x5 maze: a loop round the border, a loop round the centre, joined at (2,0)-(2,1); the exit (2,2) hangs off the inner loop. */
function islandMaze(): Maze {
  const maze = new Maze(5, 5);
  const at = (x: number, y: number) => maze.index(x, y);
  for (let i = 0; i < 4; i++) {
    maze.carvePassage(at(i, 0), 2);
    maze.carvePassage(at(i, 4), 2);
    maze.carvePassage(at(0, i), 4);
    maze.carvePassage(at(4, i), 4);
  }
  for (let i = 1; i < 3; i++) {
    maze.carvePassage(at(i, 1), 2);
    maze.carvePassage(at(i, 3), 2);
    maze.carvePassage(at(1, i), 4);
    maze.carvePassage(at(3, i), 4);
  }
  maze.carvePassage(at(2, 0), 4);
  maze.carvePassage(at(2, 1), 4);
  return maze;
}

describe('mazes where a method cannot succeed', () => {
  it('wall followers report that the exit is not on their wall, and the others solve it', () => {
    const maze = islandMaze();
    const start = maze.index(0, 0);
    const goal = maze.index(2, 2);
    for (const solver of SOLVERS) {
      const result = solver.solve(maze, start, goal);
      if (solver.handlesLoops) {
        expect(pathProblem(maze, result.path!, start, goal), solver.name).toBeUndefined();
        if (solver.shortest) expect(result.path!.length, solver.name).toBe(5);
      } else {
        expect(result.path, solver.name).toBeNull();
        expect(result.failure).toMatch(/hand wall from the entry .* without passing the exit/);
      }
    }
    expect(() => solveMaze(maze, { x: 0, y: 0 }, { x: 2, y: 2 }, 'left-hand')).toThrow(UnsolvableError);
    expect(() => solveMaze(maze, { x: 0, y: 0 }, { x: 2, y: 2 }, 'right-hand')).toThrow(
      /WallFollowerRight found no path from \(0,0\) to \(2,2\): following the right-hand wall/,
    );
  });

  it.each([
    ['the exit is walled off', [[2, 1, 4]], [2, 2]],
    [
      'the entry is walled in',
      [
        [0, 0, 2],
        [0, 0, 4],
      ],
      [4, 4],
    ],
  ] as const)('every solver fails plainly when %s', (_case, walls, [gx, gy]) => {
    const maze = islandMaze();
    for (const [x, y, dir] of walls) maze.buildWall(maze.index(x, y), dir);
    for (const solver of SOLVERS) {
      const result = solver.solve(maze, maze.index(0, 0), maze.index(gx, gy));
      expect(result.path, solver.name).toBeNull();
      expect(result.failure, solver.name).toMatch(/\w+ \w+ \w+/);
    }
  });

  it('every solver returns the one-cell path when entry and exit coincide', () => {
    const maze = islandMaze();
    for (const solver of SOLVERS) {
      expect(Array.from(solver.solve(maze, 7, 7).path!), solver.name).toEqual([7]);
    }
  });
});

interface Recorded {
  kind: StepKind;
  cell: number;
}

function record(solver: SolverAlgorithm, maze: Maze, start: number, goal: number) {
  const steps: Recorded[] = [];
  const result = solver.solve(maze, start, goal, (kind, cell) => {
    steps.push({ kind, cell });
  });
  return { steps, result };
}

describe('step traces', () => {
  it('replay ends with the path, and every path cell was visited first; the trace does not change the answer', () => {
    const small = SIZES.filter(([w, h]) => w * h <= 200);
    for (const { label, generated, start, goal } of mazeCases(['perfect', 'braid100'], small)) {
      const { maze } = generated;
      for (const solver of SOLVERS) {
        const where = `${solver.name} on ${label}`;
        const plain = solver.solve(maze, start, goal);
        const { steps, result } = record(solver, maze, start, goal);
        expect(result, where).toEqual(plain);
        expect(
          steps.every((s) => s.cell >= 0 && s.cell < maze.size),
          `${where}: a step names a cell outside the maze`,
        ).toBe(true);
        const firstPath = steps.findIndex((s) => s.kind === Step.Path);
        if (!result.path) {
          expect(firstPath, where).toBe(-1);
          continue;
        }
        const tail = steps.slice(firstPath);
        expect(
          tail.every((s) => s.kind === Step.Path),
          where,
        ).toBe(true);
        expect(
          tail.map((s) => s.cell),
          where,
        ).toEqual(Array.from(result.path));
        const visitedBefore = new Set(
          steps
            .slice(0, firstPath)
            .filter((s) => s.kind === Step.Visit)
            .map((s) => s.cell),
        );
        const unvisited = Array.from(result.path).filter((cell) => !visitedBefore.has(cell));
        expect(unvisited, `${where}: path cells with no Visit step before the Path steps`).toEqual([]);
      }
    }
  });

  it('wall followers and Trémaux retreat from the dead ends they walk into', () => {
    for (const { generated, start, goal } of mazeCases(
      ['perfect'],
      SIZES.filter(([w, h]) => w * h >= 100),
    )) {
      for (const name of ['WallFollower', 'WallFollowerRight', 'Tremaux', 'DeadEndFilling']) {
        const { steps, result } = record(resolveSolver(name), generated.maze, start, goal);
        const onPath = new Set(result.path);
        const retreated = steps.filter((s) => s.kind === Step.Retreat).map((s) => s.cell);
        expect(
          retreated.filter((cell) => onPath.has(cell)),
          name,
        ).toEqual([]);
      }
    }
  });
});
