/**
 * The Python package (python/): `pip install ./python` offline (its build backend is in
 * the tree), its pytest suite against this checkout's CLI, and byte equality of what
 * `MazeGenerator` returns with what the CLI writes for the same config. Needs python3
 * with pip and pytest (Debian: python3-pip, python3-pytest); without them this fails
 * and says so, it is not skipped.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, makeTempDir, removeDir, REPO, runCli } from './run-cli.js';

/** The first interpreter with pytest: AMAZEING_PYTHON, else python3 on PATH, else Debian's (where apt puts python3-pytest). */
function pickPython(): string {
  const candidates = process.env.AMAZEING_PYTHON ? [process.env.AMAZEING_PYTHON] : ['python3', '/usr/bin/python3'];
  for (const candidate of candidates)
    if (spawnSync(candidate, ['-c', 'import pytest, pip'], { stdio: 'ignore' }).status === 0) return candidate;
  return candidates[0];
}

let PYTHON = pickPython();
let dir: string;
let site: string;

function python(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(PYTHON, args, {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, PYTHONPATH: site, PYTHONDONTWRITEBYTECODE: '1', AMAZEING_CLI: BIN, ...env },
  });
  if (result.error)
    throw new Error(
      `${PYTHON} could not run (${result.error.message}); install python3 (Debian: python3, python3-pip, python3-pytest) or set AMAZEING_PYTHON`,
    );
  return result;
}

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-python-');
  site = join(dir, 'site');
  // The interpreter itself (not a shim found on PATH), so a test may empty PATH.
  PYTHON = python(['-c', 'import sys; print(sys.executable)']).stdout.trim() || PYTHON;
  // --no-index: nothing may come from PyPI; the in-tree backend needs nothing.
  const install = python(['-m', 'pip', 'install', '--no-index', '--no-deps', '--quiet', '--target', site, join(REPO, 'python')]);
  expect(install.stderr.replace(/^WARNING: Running pip as the 'root' user.*\n?/m, ''), 'pip install ./python').toBe('');
  expect(install.status).toBe(0);
}, 120_000);

afterAll(() => removeDir(dir));

describe('python/ (from amazeing import MazeGenerator)', () => {
  it('installs offline and passes its pytest suite against this CLI', () => {
    const run = python(['-m', 'pytest', '-q', '-p', 'no:cacheprovider', join(REPO, 'python/tests')]);
    expect(run.stdout + run.stderr, 'pytest (Debian: python3-pytest)').toMatch(/\b5 passed\b/);
    expect(run.status).toBe(0);
  }, 120_000);

  it('gives byte for byte the file the CLI writes for the same config', () => {
    const script = [
      'import sys',
      'from amazeing import MazeGenerator',
      "gen = MazeGenerator(size=(23, 17), entry_cell=(16, 0), exit_cell=(0, -1), perfect=False, seed='py', generator='Prim', braid=60)",
      'sys.stdout.write(gen.hex)',
      'sys.stderr.write(repr((gen.maze_entry, gen.maze_exit, len(gen.shortest_path), gen.maze[0][:3])))',
    ].join('\n');
    const out = python(['-c', script]);
    expect(out.status).toBe(0);
    writeFileSync(
      join(dir, 'c.txt'),
      'WIDTH=23\nHEIGHT=17\nENTRY=0,16\nEXIT=22,0\nOUTPUT_FILE=cli.txt\nPERFECT=False\nSEED=py\nGENERATOR=Prim\nBRAID=60\n',
    );
    expect(runCli(['c.txt', '--no-display', '--quiet'], { cwd: dir }).status).toBe(0);
    const cli = readFileSync(join(dir, 'cli.txt'), 'utf8');
    expect(out.stdout).toBe(cli);
    const rows = cli.split('\n\n')[0].split('\n');
    const path = cli.trimEnd().split('\n').at(-1)!;
    expect(out.stderr).toBe(`((16, 0), (0, 22), ${path.length}, [${[...rows[0].slice(0, 3)].map((d) => parseInt(d, 16)).join(', ')}])`);
  }, 60_000);

  it('says what to install when Node.js or the CLI is missing', () => {
    const run = python(['-c', 'from amazeing import MazeGenerator\nMazeGenerator()'], { AMAZEING_CLI: '', PATH: dir });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(
      'amazeing.cli.CliNotFoundError: the a-maze-ing CLI was not found on PATH; install the CLI with `npm install -g a-maze-ing`',
    );
  });
});
