/** Named pipes as input: each command refuses one nobody writes in one line, and reads one that has a writer (docs/cli.md). */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

let dir: string;
let maze: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  writeFileSync(join(dir, 'config.txt'), 'WIDTH=8\nHEIGHT=6\nENTRY=0,0\nEXIT=7,5\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=5\n');
  expect(runCli(['config.txt', '--no-display'], { cwd: dir }).status).toBe(0);
  maze = readFileSync(join(dir, 'maze.txt'), 'utf8');
});
afterAll(() => removeDir(dir));

describe('a FIFO as input', () => {
  it.each([
    ['validate', ['validate', 'idle']],
    ['render', ['render', 'idle', '-f', 'svg', '-o', 'idle.svg']],
    ['stats', ['stats', 'idle']],
  ])('%s refuses one that nobody writes, in one line, instead of waiting for ever', (_name, args) => {
    execFileSync('mkfifo', ['-m', '600', join(dir, 'idle')]);
    try {
      const r = runCli(args, { cwd: dir });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^a-maze-ing: .*'idle' is a FIFO that nobody wrote to within 2 s/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      execFileSync('rm', [join(dir, 'idle')]);
    }
  });

  it('validate and render read a maze from a FIFO that has a writer, whole', () => {
    for (const args of [
      ['validate', 'fed'],
      ['render', 'fed', '-f', 'ascii', '-o', 'fed.txt'],
    ]) {
      execFileSync('mkfifo', [join(dir, 'fed')]);
      writeFileSync(join(dir, 'maze-copy.txt'), maze);
      const writer = spawn('sh', ['-c', 'sleep 0.3; cat maze-copy.txt > fed'], { cwd: dir, stdio: 'ignore' });
      try {
        const r = runCli(args, { cwd: dir });
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
      } finally {
        writer.kill();
        execFileSync('rm', [join(dir, 'fed')]);
      }
    }
    expect(readFileSync(join(dir, 'fed.txt'), 'utf8')).toMatch(/^\+/);
  });
});
