import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHex, validate } from 'mazegen';
import { parseConfig } from 'mazegen/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFits, MemoryFitError, type MemoryLimits } from '../../src/memory.js';
import { streamDecision } from '../../src/stream-decision.js';
import { assertBuilt, BIN, hexFormat, makeTempDir, removeDir, runCli } from './run-cli.js';

/**
 * `a-maze-ing CONFIG --stream`: an Eller perfect maze written row by row. The file must
 * be byte for byte the one made in memory, the path in its footer included; anything
 * that cannot stream is refused in one line before the output is touched.
 */
let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

let counter = 0;
function writeConfig(lines: string[]): string {
  const name = `stream-${++counter}.cfg`;
  writeFileSync(join(dir, name), lines.join('\n') + '\n');
  return name;
}

/** An Eller config; `extra` lines replace the lines of the same keys. */
function ellerConfig(width: number, height: number, seed: string, extra: string[] = []): string[] {
  const keyOf = (line: string): string => line.split('=')[0];
  const base = [
    `WIDTH=${width}`,
    `HEIGHT=${height}`,
    'ENTRY=0,0',
    `EXIT=${width - 1},${height - 1}`,
    'OUTPUT_FILE=unused.txt',
    'PERFECT=True',
    'GENERATOR=Eller',
    `SEED=${seed}`,
  ];
  return [...base.filter((line) => !extra.some((e) => keyOf(e) === keyOf(line))), ...extra];
}

describe('a-maze-ing CONFIG --stream', () => {
  const cases: [number, number, string, string[]][] = [
    [20, 15, '42', []],
    [9, 7, 'smallest 42', []],
    [1, 30, 'one column', []],
    [40, 1, 'one row', []],
    [257, 300, 'wide', []],
    [30, 20, 'from one', ['INDEX_BASE=1', 'ENTRY=1,1', 'EXIT=30,20']],
    [25, 25, 'sides', ['ENTRY=left', 'EXIT=bottom', 'PATTERN=none']],
  ];
  for (const [width, height, seed, extra] of cases) {
    it(`writes the same file as without streaming: ${width}x${height}, seed '${seed}'${extra.length ? `, ${extra.join(' ')}` : ''}`, () => {
      const config = writeConfig(ellerConfig(width, height, seed, extra));
      const streamed = `streamed-${counter}.txt`;
      const whole = `whole-${counter}.txt`;
      const s = runCli([config, '--stream', '-o', streamed], { cwd: dir });
      expect(s.status).toBe(0);
      expect(s.stdout).toMatch(
        new RegExp(`^wrote ${streamed}: ${width}x${height} perfect maze by Eller, streamed, seed '?${seed}'?, path of \\d+ moves? \\(`),
      );
      // One note: the maze is not drawn (and the 42's note where it does not fit).
      expect(s.stderr).toMatch(/note: a streamed maze is not drawn/);
      const w = runCli([config, '--no-display', '-o', whole], { cwd: dir });
      expect(w.status).toBe(0);
      const a = readFileSync(join(dir, streamed));
      const b = readFileSync(join(dir, whole));
      expect(a.toString('latin1')).toMatch(hexFormat(width, height));
      expect(Buffer.compare(a, b)).toBe(0);
    });
  }

  it('writes a file that validate accepts, with the config', () => {
    const config = writeConfig(ellerConfig(60, 45, 'valid', ['OUTPUT_FILE=valid.txt']));
    expect(runCli([config, '--stream', '--no-display'], { cwd: dir }).status).toBe(0);
    const v = runCli(['validate', 'valid.txt', '--config', config], { cwd: dir });
    expect(v.stdout + v.stderr).toMatch(/OK/);
    expect(v.status).toBe(0);
    const file = parseHex(readFileSync(join(dir, 'valid.txt'), 'utf8'));
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: true })).toEqual([]);
    // No temp file is left beside it.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("gives the config's notes (ignored keys, the 42 left out) as the in-memory run does", () => {
    const config = writeConfig(ellerConfig(5, 4, 'notes', ['DIFFICULTY=3', 'BRAID=20']));
    const s = runCli([config, '--stream', '--no-display', '-o', 'notes-streamed.txt'], { cwd: dir });
    const w = runCli([config, '--no-display', '-o', 'notes-whole.txt'], { cwd: dir });
    expect(s.status).toBe(0);
    expect(s.stderr).toMatch(/note: stream-\d+\.cfg, line \d+: DIFFICULTY steers only the DFS generator; Eller ignores it\n/);
    expect(s.stderr).toMatch(/note: stream-\d+\.cfg, line \d+: BRAID applies only when PERFECT=False/);
    expect(s.stderr).toMatch(/note: the 42 pattern needs a maze of at least 9x7 cells/);
    expect(s.stderr).toBe(w.stderr);
  });

  it('says nothing with --quiet and draws nothing with --no-display', () => {
    const config = writeConfig(ellerConfig(12, 9, 'quiet', ['OUTPUT_FILE=quiet.txt']));
    const r = runCli([config, '--stream', '--quiet'], { cwd: dir });
    expect(r).toEqual({ status: 0, stdout: '', stderr: '' });
    const n = runCli([config, '--stream', '--no-display'], { cwd: dir });
    expect(n.stderr).toBe('');
    expect(n.stdout.split('\n').filter(Boolean)).toHaveLength(1);
  });

  const refusals: [string, string[], string[], RegExp][] = [
    [
      'another generator',
      ['GENERATOR=DFS'],
      [],
      /^a-maze-ing: --stream needs GENERATOR=Eller and PERFECT=True; stream-\d+\.cfg has GENERATOR=DFS and PERFECT=True\n$/,
    ],
    [
      'PERFECT=False',
      ['PERFECT=False'],
      [],
      /^a-maze-ing: --stream needs GENERATOR=Eller and PERFECT=True; stream-\d+\.cfg has GENERATOR=Eller and PERFECT=False\n$/,
    ],
    [
      '--stats',
      [],
      ['--stats'],
      /^a-maze-ing: --stats needs the whole maze in memory and --stream never holds it; use one or the other\n$/,
    ],
  ];
  for (const [what, change, flags, message] of refusals) {
    it(`refuses ${what} in one line (exit 2) and leaves the existing output alone`, () => {
      const config = writeConfig(ellerConfig(10, 10, 'refused', ['OUTPUT_FILE=kept.txt', ...change]));
      writeFileSync(join(dir, 'kept.txt'), 'precious\n');
      const r = runCli([config, '--stream', ...flags], { cwd: dir });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(readFileSync(join(dir, 'kept.txt'), 'utf8')).toBe('precious\n');
    });
  }

  it('streams to a device through a scratch file', () => {
    const config = writeConfig(ellerConfig(15, 10, 'device'));
    const r = runCli([config, '--stream', '--no-display', '-o', '/dev/null'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^wrote \/dev\/null: 15x10 perfect maze by Eller, streamed/);
    expect(existsSync(join(dir, 'unused.txt'))).toBe(false);
  });

  it("keeps the scratch file in a directory of its own: another's FIFO in the temp directory neither blocks nor is touched", () => {
    const temp = join(dir, 'private-tmp');
    mkdirSync(temp);
    // A FIFO under the name a fixed scratch path would take: opening it to write would wait for a reader forever.
    execFileSync('mkfifo', [join(temp, 'a-maze-ing-stream')]);
    const config = writeConfig(ellerConfig(15, 10, 'fifo'));
    const r = spawnSync(process.execPath, [BIN, config, '--stream', '--no-display', '-o', '/dev/null'], {
      cwd: dir,
      env: { ...process.env, TMPDIR: temp },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.error).toBeUndefined();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // The scratch directory is gone; the FIFO is still there.
    expect(readdirSync(temp)).toEqual(['a-maze-ing-stream']);
  });
});

describe('when a maze streams without --stream', () => {
  const GB = 2 ** 30;
  const config = (generator: string, perfect: boolean) =>
    parseConfig(
      ellerConfig(30_000, 30_000, '1')
        .map((l) =>
          l.startsWith('GENERATOR=') ? `GENERATOR=${generator}` : l.startsWith('PERFECT=') ? `PERFECT=${perfect ? 'True' : 'False'}` : l,
        )
        .join('\n'),
      'big.cfg',
    );
  const tight: MemoryLimits = { free: 3 * GB, heapFree: 2 * GB, maxBuffer: 4 * GB };
  const roomy: MemoryLimits = { free: 64 * GB, heapFree: 4 * GB, maxBuffer: 8 * GB };

  it('streams an Eller perfect maze that does not fit in memory whole, and only that', () => {
    expect(streamDecision(config('Eller', true), 'big.cfg', { display: false }, tight)).toBe('needed');
    expect(streamDecision(config('Eller', true), 'big.cfg', { display: false }, roomy)).toBeUndefined();
    expect(streamDecision(config('DFS', true), 'big.cfg', { display: false }, tight)).toBeUndefined();
    expect(streamDecision(config('Eller', false), 'big.cfg', { display: false }, tight)).toBeUndefined();
    // Not even streamed does it fit: the usual refusal.
    expect(streamDecision(config('Eller', true), 'big.cfg', { display: false }, { ...tight, free: GB / 2 })).toBeUndefined();
  });

  it('the memory refusal says Eller with PERFECT=True can stream it, where that is so', () => {
    const message = (shape: { generator: string; perfect: boolean; offerStream?: boolean }, limits: MemoryLimits): string => {
      try {
        checkFits(30_000, 30_000, { offerStream: true, ...shape, solver: 'BFS' }, limits);
      } catch (error) {
        expect(error).toBeInstanceOf(MemoryFitError);
        return (error as Error).message;
      }
      return 'fits';
    };
    expect(message({ generator: 'DFS', perfect: true }, tight)).toMatch(
      /; GENERATOR=Eller with PERFECT=True can stream it row by row \(--stream\) in about [\d.]+ GiB$/,
    );
    expect(message({ generator: 'Kruskal', perfect: false }, tight)).toMatch(/can stream it row by row/);
    // Too little memory even for the stream: no such hint.
    expect(message({ generator: 'DFS', perfect: true }, { ...tight, free: GB / 2 })).not.toMatch(/stream/);
    // A command without --stream (stats, render) never offers it.
    expect(message({ generator: 'DFS', perfect: true, offerStream: false }, tight)).not.toMatch(/stream/);
  });
});
