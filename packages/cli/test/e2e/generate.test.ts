import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHex, validate } from 'mazegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, hexFormat, makeTempDir, removeDir, REPO, runCli } from './run-cli.js';

const BASE = ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True'];

let dir: string;
let counter = 0;

/** Writes a config (BASE with `changes` applied: KEY=VALUE replaces, KEY= with nothing after drops) and returns its name. */
function writeConfig(...changes: string[]): string {
  const lines = [...BASE];
  for (const change of changes) {
    const key = change.slice(0, change.indexOf('='));
    const at = lines.findIndex((l) => l.startsWith(`${key}=`));
    if (change === `${key}=`) {
      if (at >= 0) lines.splice(at, 1);
    } else if (at >= 0) lines[at] = change;
    else lines.push(change);
  }
  const name = `config-${++counter}.txt`;
  writeFileSync(join(dir, name), lines.join('\n') + '\n');
  return name;
}

function read(name: string): string {
  return readFileSync(join(dir, name), 'utf8');
}

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

describe('a-maze-ing CONFIG', () => {
  it('writes the hex file, prints the seed and draws the maze once outside a terminal', () => {
    const config = writeConfig('SEED=42', 'OUTPUT_FILE=out-42.txt');
    const r = runCli([config], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^wrote out-42\.txt: 20x15 perfect maze by DFS, seed 42, path of \d+ moves \(AStar\)\n/);
    const text = read('out-42.txt');
    expect(text).toMatch(hexFormat(20, 15));
    const file = parseHex(text);
    expect(file.entry).toEqual({ x: 0, y: 0 });
    expect(file.exit).toEqual({ x: 19, y: 14 });
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: true, pattern: true })).toEqual([]);
    // The drawing: (2H+1) rows of (2W+1) two-column blocks, plain in a pipe,
    // then one line pointing to the browser viewer.
    const lines = r.stdout.split('\n');
    expect(lines.slice(1, -2)).toHaveLength(31);
    expect(lines[lines.length - 2]).toBe(`watch it generate and solve in the browser: a-maze-ing view ${config}`);
    expect(r.stdout).not.toContain('\x1b');
    // FORCE_COLOR keeps the colours in a pipe, at the depth it names (as Node reads it): 2 is 256 colours, 1 sixteen.
    expect(runCli([config], { cwd: dir, env: { FORCE_COLOR: '2' } }).stdout).toContain('\x1b[48;5;');
    // eslint-disable-next-line no-control-regex -- a 16-colour background escape
    expect(runCli([config], { cwd: dir, env: { FORCE_COLOR: '1' } }).stdout).toMatch(/\x1b\[(?:4|10)\dm/);
  });

  it('is the default command: `generate CONFIG` does the same, byte for byte', () => {
    const config = writeConfig('SEED=7', 'OUTPUT_FILE=a.txt');
    expect(runCli([config, '--no-display'], { cwd: dir }).status).toBe(0);
    expect(runCli(['generate', config, '--no-display', '--output', 'b.txt'], { cwd: dir }).status).toBe(0);
    expect(read('a.txt')).toBe(read('b.txt'));
  });

  it('gives byte-identical files for the same seed and different ones for another', () => {
    const config = writeConfig('SEED=hello world', 'OUTPUT_FILE=s1.txt', 'GENERATOR=Kruskal');
    runCli([config, '--no-display'], { cwd: dir });
    const first = read('s1.txt');
    runCli([config, '--no-display'], { cwd: dir });
    expect(read('s1.txt')).toBe(first);
    runCli([config, '--no-display', '--seed', 'other'], { cwd: dir });
    expect(read('s1.txt')).not.toBe(first);
  });

  it('prints a random seed that remakes the same maze', () => {
    const config = writeConfig('OUTPUT_FILE=random.txt');
    const r = runCli([config, '--no-display'], { cwd: dir });
    expect(r.status).toBe(0);
    const seed = /the seed was random: SEED=(\d+) in the config \(or --seed \1\) makes this maze again/.exec(r.stdout)?.[1];
    expect(seed).toBeDefined();
    const first = read('random.txt');
    expect(runCli([config, '--no-display', '--seed', seed!], { cwd: dir }).stdout).not.toMatch(/the seed was random/);
    expect(read('random.txt')).toBe(first);
  });

  it('writes the footer in the config base with INDEX_BASE=1', () => {
    const config = writeConfig('INDEX_BASE=1', 'ENTRY=1,1', 'EXIT=20,15', 'SEED=3', 'OUTPUT_FILE=one.txt');
    const r = runCli([config, '--no-display'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/coordinates from 1/);
    const lines = read('one.txt').split('\n');
    expect(lines.slice(16, 18)).toEqual(['1,1', '20,15']);
    const v = runCli(['validate', 'one.txt', '--config', config], { cwd: dir });
    expect(v.stdout).toMatch(/^one\.txt: OK: 20x15 maze, entry 1,1, exit 20,15/);
    expect(v.status).toBe(0);
  });

  it('reads side names, PERFECT=False, other algorithms, CRLF and a BOM', () => {
    const config = `crlf-${++counter}.txt`;
    const text = [
      'width=25',
      'Height = 20',
      'entry=bottom',
      'EXIT=Top',
      'OUTPUT_FILE=board.txt',
      'PERFECT=no',
      'GENERATOR=kruskal',
      'SOLVER=bfs',
      'SEED=9',
    ].join('\r\n');
    writeFileSync(join(dir, config), '\ufeff' + text + '\r\n');
    const r = runCli([config, '--no-display'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/25x20 Pac-Man board by Kruskal, seed 9, path of \d+ moves \(BFS\)/);
    const file = parseHex(read('board.txt'));
    expect(file.entry.y).toBe(19);
    expect(file.exit.y).toBe(0);
    const v = runCli(['validate', 'board.txt', '--config', config], { cwd: dir });
    expect(v.stdout).toMatch(/OK.*PERFECT=False/);
    expect(v.status).toBe(0);
  });

  it('says on stderr when the 42 pattern does not fit, and goes on', () => {
    const config = writeConfig('WIDTH=8', 'HEIGHT=6', 'EXIT=7,5', 'SEED=1', 'OUTPUT_FILE=small.txt');
    const r = runCli([config, '--no-display'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(
      /^a-maze-ing: note: the 42 pattern needs a maze of at least 9x7 cells; 8x6 is too small, so it is left out\n$/,
    );
    expect(read('small.txt')).toMatch(hexFormat(8, 6));
  });

  it('notes keys this maze ignores (DIFFICULTY without DFS, BRAID in a perfect maze) and still writes it', () => {
    const config = writeConfig('GENERATOR=Kruskal', 'DIFFICULTY=9', 'BRAID=30', 'SEED=1', 'OUTPUT_FILE=ignored.txt');
    const r = runCli([config, '--no-display'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(
      `a-maze-ing: note: ${config}, line 8: DIFFICULTY steers only the DFS generator; Kruskal ignores it\n` +
        `a-maze-ing: note: ${config}, line 9: BRAID applies only when PERFECT=False; a perfect maze ignores it\n`,
    );
    expect(read('ignored.txt')).toMatch(hexFormat(20, 15));
    const used = writeConfig('DIFFICULTY=9', 'PERFECT=False', 'BRAID=30', 'SEED=1', 'OUTPUT_FILE=used.txt');
    expect(runCli([used, '--no-display'], { cwd: dir }).stderr).toBe('');
    expect(runCli([config, '--no-display', '--quiet'], { cwd: dir }).stderr).toBe('');
  });

  it('quotes a seed with spaces or commas in the summary', () => {
    const commas = writeConfig('SEED=a, b', 'OUTPUT_FILE=commas.txt');
    expect(runCli([commas, '--no-display'], { cwd: dir }).stdout).toMatch(
      /^wrote commas\.txt: 20x15 perfect maze by DFS, seed 'a, b', path of \d+ moves/,
    );
  });

  it('counts a one-move path in the singular, here and in validate', () => {
    const config = writeConfig('WIDTH=1', 'HEIGHT=2', 'EXIT=0,1', 'SEED=1', 'OUTPUT_FILE=tiny.txt');
    const r = runCli([config, '--no-display'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^wrote tiny\.txt: 1x2 perfect maze by DFS, seed 1, path of 1 move \(AStar\)\n$/);
    expect(runCli(['validate', 'tiny.txt'], { cwd: dir }).stdout).toMatch(/a shortest path of 1 move; every rule holds/);
  });

  it('says in one line when a Pac-Man board cannot have its loops, and writes the closest one', () => {
    const config = writeConfig('WIDTH=1', 'HEIGHT=12', 'EXIT=0,11', 'PERFECT=False', 'SEED=1', 'OUTPUT_FILE=narrow.txt');
    const r = runCli([config, '--no-display'], { cwd: dir });
    expect(r.status).toBe(0);
    const notes = r.stderr.trimEnd().split('\n');
    expect(notes.every((line) => line.startsWith('a-maze-ing: note: '))).toBe(true);
    expect(notes).toContain(
      'a-maze-ing: note: a 1x12 maze can hold only 0 loops without a fully open 3x3 area; the board needs 2, so this is the closest one',
    );
    expect(r.stdout).toMatch(/^wrote narrow\.txt: 1x12 Pac-Man board/);
    const file = parseHex(read('narrow.txt'));
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path })).toEqual([]);
  });

  it('honours NO_COLOR and --no-color with distinct plain characters', () => {
    const config = writeConfig('SEED=42', 'OUTPUT_FILE=plain.txt');
    const plain = runCli([config], { cwd: dir, env: { NO_COLOR: '1' } });
    expect(plain.status).toBe(0);
    expect(plain.stdout).not.toContain('\x1b');
    for (const mark of ['██', '▓▓', '··', 'S ', 'E ']) expect(plain.stdout).toContain(mark);
    expect(runCli([config, '--no-color'], { cwd: dir }).stdout).toBe(plain.stdout);
    // An empty NO_COLOR does not count (no-color.org); FORCE_COLOR wins over NO_COLOR, as in Node; --no-color over both.
    expect(runCli([config], { cwd: dir, env: { NO_COLOR: '', FORCE_COLOR: '1' } }).stdout).toContain('\x1b[');
    expect(runCli([config], { cwd: dir, env: { NO_COLOR: '1', FORCE_COLOR: '1' } }).stdout).toContain('\x1b[');
    expect(runCli([config, '--no-color'], { cwd: dir, env: { FORCE_COLOR: '3' } }).stdout).toBe(plain.stdout);
    const noPath = runCli([config, '--no-path'], { cwd: dir, env: { NO_COLOR: '1' } });
    expect(noPath.stdout).not.toContain('··');
  });

  it('--quiet prints nothing but the drawing; --no-display draws nothing', () => {
    const config = writeConfig('SEED=5', 'OUTPUT_FILE=q.txt', 'WIDTH=5', 'HEIGHT=5', 'EXIT=4,4');
    const quiet = runCli([config, '--quiet', '--no-display'], { cwd: dir });
    expect(quiet).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const shown = runCli([config, '-q'], { cwd: dir, env: { NO_COLOR: '1' } });
    expect(shown.stdout.split('\n')).toHaveLength(12);
    const summary = runCli([config, '--no-display'], { cwd: dir });
    expect(summary.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('gives a one-line note instead of a drawing too big for a pipe', () => {
    const config = writeConfig('WIDTH=201', 'HEIGHT=3', 'EXIT=200,2', 'SEED=1', 'OUTPUT_FILE=wide.txt');
    const r = runCli([config], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[1]).toMatch(
      /^a 201x3 maze is too big to draw outside a terminal \(at most 200 cells a side\); the maze is in wide\.txt/,
    );
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('ends quietly when the reader closes the pipe early', () => {
    const config = writeConfig('WIDTH=150', 'HEIGHT=150', 'EXIT=149,149', 'SEED=1', 'OUTPUT_FILE=piped.txt');
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${BIN}" ${config} | head -1`], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stdout).toMatch(/^wrote piped\.txt: 150x150 perfect maze/);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('ends quietly, exit 0, when the reader of the maze itself (-o -) stops early, in memory, threaded or streamed', () => {
    const small = writeConfig('WIDTH=150', 'HEIGHT=150', 'EXIT=149,149', 'SEED=1', 'OUTPUT_FILE=unused.txt');
    // 2^22 cells and more: the rows are written by a thread while the main thread solves.
    const big = writeConfig('WIDTH=2100', 'HEIGHT=2100', 'EXIT=2099,2099', 'SEED=1', 'OUTPUT_FILE=unused.txt');
    const streamed = writeConfig('WIDTH=2100', 'HEIGHT=2100', 'EXIT=2099,2099', 'SEED=1', 'GENERATOR=Eller', 'OUTPUT_FILE=unused.txt');
    for (const [config, extra] of [
      [small, ''],
      [big, ''],
      [streamed, ' --stream'],
    ] as const) {
      const r = spawnSync(
        'bash',
        ['-c', `set -o pipefail; "${process.execPath}" "${BIN}" ${config} -o - --no-display --quiet${extra} | head -c 100 | wc -c`],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
      );
      expect(r.stderr, config).toBe('');
      expect(r.stdout.trim()).toBe('100');
      expect(r.status, config).toBe(0);
    }
    expect(existsSync(join(dir, 'unused.txt'))).toBe(false);
  });

  it('makes, solves and writes a 1000x1000 maze', () => {
    const config = writeConfig('WIDTH=1000', 'HEIGHT=1000', 'EXIT=999,999', 'SEED=1', 'OUTPUT_FILE=big.txt');
    const r = runCli([config], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/too big to draw/);
    const text = read('big.txt');
    expect(text.length).toBeGreaterThan(1001 * 1000);
    const file = parseHex(text);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: true })).toEqual([]);
  });
});

describe('npx a-maze-ing', () => {
  it('works from the repository root after npm ci (the workspace links the bin)', () => {
    const output = join(dir, 'npx.txt');
    const config = writeConfig('SEED=42', `OUTPUT_FILE=${output}`);
    const r = spawnSync('npx', ['--no-install', 'a-maze-ing', join(dir, config), '--no-display'], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*npx\.txt: 20x15 perfect maze by DFS, seed 42/);
    expect(read('npx.txt')).toMatch(hexFormat(20, 15));
  });
});

describe('npm start', () => {
  it('runs the shipped config.txt: valid, 0-based, 42 pattern drawn, exit 0 without a terminal', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('node packages/cli/bin/a-maze-ing.js config.txt');
    const shipped = readFileSync(join(REPO, 'config.txt'), 'utf8');
    writeFileSync(join(dir, 'config.txt'), shipped);
    const r = runCli(['config.txt'], { cwd: dir, env: { NO_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('▓▓');
    const out = /^OUTPUT_FILE=(.*)$/m.exec(shipped)![1].trim();
    const file = parseHex(read(out));
    expect(file.entry).toEqual({ x: 0, y: 0 });
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: true, pattern: true })).toEqual([]);
  });
});
