import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMaze, solveMaze } from 'mazegen';
import { shortestPath } from 'mazegen';
import { encodeHex } from 'mazegen/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

/**
 * From 2^22 cells the CLI keeps the maze in shared memory and a worker thread writes
 * the rows while another solves (BFS, A*, DFS; on a perfect maze by treePath). The file
 * must be the very one the library gives for the same config with the configured solver.
 */
const SIZE = 2048; // 2048 x 2048 = 2^22 cells: the smallest maze written that way

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

function expected(solver: string, generator = 'DFS', perfect = true): Uint8Array {
  const g = generateMaze({ width: SIZE, height: SIZE, seed: 'big', generator, perfect });
  const path = shortestPath(g.maze, g.entry, g.exit, solveMaze(g.maze, g.entry, g.exit, solver)).directions;
  return encodeHex(g.maze, { entry: g.entry, exit: g.exit, path });
}

describe('a maze of 2^22 cells, rows written while it is solved', () => {
  const runs: [solver: string, generator: string, perfect: boolean][] = [
    ['BFS', 'DFS', true],
    ['DFS', 'DFS', true],
    ['AStar', 'DFS', true],
    // BinaryTree's path is found by treePath's probe, the others' by its full search.
    ['AStar', 'BinaryTree', true],
    ['AStar', 'Kruskal', true],
    // A board with loops is solved by A* itself.
    ['AStar', 'DFS', false],
  ];
  for (const [solver, generator, perfect] of runs) {
    it(`writes the same file as the library (SOLVER=${solver}, GENERATOR=${generator}, PERFECT=${perfect ? 'True' : 'False'})`, () => {
      const name = `${solver}-${generator}-${perfect}`;
      const config = [
        `WIDTH=${SIZE}`,
        `HEIGHT=${SIZE}`,
        'ENTRY=0,0',
        `EXIT=${SIZE - 1},${SIZE - 1}`,
        `OUTPUT_FILE=big-${name}.txt`,
        `PERFECT=${perfect ? 'True' : 'False'}`,
        'SEED=big',
        `SOLVER=${solver}`,
        `GENERATOR=${generator}`,
      ];
      writeFileSync(join(dir, `${name}.cfg`), config.join('\n') + '\n');
      const r = runCli([`${name}.cfg`, '--no-display', '--quiet'], { cwd: dir });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const written = readFileSync(join(dir, `big-${name}.txt`));
      const want = expected(solver, generator, perfect);
      expect(written.length).toBe(want.length);
      // Buffer.compare: a deep toEqual over 4 MB of bytes would take most of a minute.
      expect(Buffer.compare(written, want)).toBe(0);
      // No temp file is left behind.
      expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    });
  }
});
