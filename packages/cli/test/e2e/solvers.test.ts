/** Issue 3: "The output file keeps a shortest path whatever SOLVER says", on the real binary. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOLVERS, distanceMap, generateMaze, parseHex, resolveSolver, validate } from 'mazegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

// A Pac-Man board with inner entry and exit: neither touches the border wall, so a wall follower can miss the exit.
const BOARD = { width: 20, height: 15, seed: 1, perfect: false, entry: { x: 3, y: 3 }, exit: { x: 15, y: 11 } };
const CONFIG = ['WIDTH=20', 'HEIGHT=15', 'ENTRY=3,3', 'EXIT=15,11', 'PERFECT=False', 'SEED=1'];

let dir: string;
let shortestMoves: number;
let start: number;
let goal: number;
const board = generateMaze(BOARD);

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  start = board.maze.index(3, 3);
  goal = board.maze.index(15, 11);
  shortestMoves = distanceMap(board.maze, start)[goal];
});
afterAll(() => removeDir(dir));

function run(solver: string) {
  const name = solver.toLowerCase();
  writeFileSync(join(dir, `${name}.cfg`), [...CONFIG, `SOLVER=${solver}`, `OUTPUT_FILE=${name}.txt`].join('\n') + '\n');
  const result = runCli([`${name}.cfg`, '--no-display'], { cwd: dir });
  const file = parseHex(readFileSync(join(dir, `${name}.txt`), 'utf8'));
  return { result, file };
}

describe('SOLVER does not change the path in the output file', () => {
  it('the board is one where the claims matter: DFS takes a detour and the wall followers fail', () => {
    expect(resolveSolver('DFS').solve(board.maze, start, goal).path!.length - 1).toBeGreaterThan(shortestMoves);
    expect(resolveSolver('WallFollower').solve(board.maze, start, goal).path).toBeNull();
  });

  it('SOLVER=DFS: the summary names its longer walk, the file holds a shortest path', () => {
    const { result, file } = run('DFS');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const walked = resolveSolver('DFS').solve(board.maze, start, goal).path!.length - 1;
    expect(result.stdout).toContain(`path of ${shortestMoves} moves (DFS found ${walked} moves; the file holds a shortest one)`);
    expect(file.path).toHaveLength(shortestMoves);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: false })).toEqual([]);
  });

  it('SOLVER=WallFollower: one note says it failed and why, the run succeeds with a shortest path', () => {
    const { result, file } = run('WallFollower');
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(
      /^a-maze-ing: note: WallFollower found no path from \(3,3\) to \(15,11\): following the left-hand wall .*; the output file holds a shortest path found by BFS\n$/,
    );
    expect(result.stderr).not.toContain('    at ');
    expect(file.path).toHaveLength(shortestMoves);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: false })).toEqual([]);
  });

  it('every registered solver gives the same maze and a shortest path in the file', () => {
    const files = SOLVERS.map((s) => {
      const { result, file } = run(s.name);
      expect(result.status, s.name).toBe(0);
      expect(file.path, s.name).toHaveLength(shortestMoves);
      expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path }), s.name).toEqual([]);
      return file;
    });
    for (const file of files) expect(file.maze.equals(files[0].maze)).toBe(true);
  });
});
