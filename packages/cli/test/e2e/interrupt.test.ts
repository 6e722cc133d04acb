/**
 * Defect 1 of issue 10: a SIGINT, SIGTERM or SIGHUP during a real run (generate in
 * memory, --stream, render) leaves no temp file and no scratch folder, the target keeps
 * its bytes, and the process ends by the signal (a shell reports 128 + its number).
 * The sizes make each phase last a second or more on a shared 2-core machine.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, makeTempDir, removeDir } from './run-cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-interrupt-');
});
afterAll(() => removeDir(dir));

const OLD = 'the old maze file\n';

function config(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

interface Interrupted {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** True when the run was still working when the signal was sent. */
  caught: boolean;
}

/** Runs the CLI, sends `signal` once `ready()` holds (polled every 20 ms), and waits for the end. */
function interrupt(
  args: string[],
  signal: NodeJS.Signals,
  ready: () => boolean,
  env: Record<string, string> = {},
  shell = false,
): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    // Through `sh` the status is what a shell reports: the script prints it.
    const child = shell
      ? spawn('sh', ['-c', `"${process.execPath}" "${BIN}" "$@" & echo "pid $!" >&2; wait $!; echo "status $?" >&2`, 'sh', ...args], {
          cwd: dir,
          env: { ...process.env, ...env },
        })
      : spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, ...env } });
    let stderr = '';
    let caught = false;
    let ended = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const poll = setInterval(() => {
      if (ended || !ready()) return;
      clearInterval(poll);
      caught = true;
      const pid = shell ? Number(/pid (\d+)/.exec(stderr)?.[1]) : child.pid!;
      process.kill(pid, signal);
    }, 20);
    child.on('error', reject);
    child.on('exit', (code, sig) => {
      ended = true;
      clearInterval(poll);
      resolve({ code, signal: sig, stderr, caught });
    });
  });
}

const NUMBERS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** What a shell reports as 128 + N: the process ended by the signal, or exited with that status. */
function shellStatus(r: Interrupted): number | null {
  return r.signal ? 128 + NUMBERS[r.signal] : r.code;
}

const leftovers = (folder = dir) => readdirSync(folder).filter((f) => f.endsWith('.tmp') || f.startsWith('a-maze-ing-stream-'));
const tempAppeared = () => leftovers().length > 0;

describe('an interrupted run leaves nothing behind and keeps the target', () => {
  it('generate in memory (5000x5000): SIGINT while the temp file is written', async () => {
    const cfg = config('big.cfg', [
      'WIDTH=5000',
      'HEIGHT=5000',
      'ENTRY=0,0',
      'EXIT=4999,4999',
      'OUTPUT_FILE=big.txt',
      'PERFECT=True',
      'SEED=1',
    ]);
    writeFileSync(join(dir, 'big.txt'), OLD);
    const r = await interrupt([cfg, '--no-display'], 'SIGINT', tempAppeared);
    expect(r.caught).toBe(true);
    expect(shellStatus(r), r.stderr).toBe(130);
    expect(leftovers()).toEqual([]);
    expect(readFileSync(join(dir, 'big.txt'), 'utf8')).toBe(OLD);
  });

  it('generate in memory: SIGTERM during the generation itself ends at once, with nothing made', async () => {
    const cfg = config('slow.cfg', [
      'WIDTH=4000',
      'HEIGHT=4000',
      'ENTRY=0,0',
      'EXIT=3999,3999',
      'OUTPUT_FILE=slow.txt',
      'PERFECT=False',
      'SEED=2',
      'GENERATOR=Kruskal',
      'SOLVER=Dijkstra',
    ]);
    writeFileSync(join(dir, 'slow.txt'), OLD);
    const started = Date.now();
    const r = await interrupt([cfg, '--no-display'], 'SIGTERM', () => Date.now() - started > 700);
    expect(r.caught).toBe(true);
    expect(shellStatus(r), r.stderr).toBe(143);
    expect(leftovers()).toEqual([]);
    expect(readFileSync(join(dir, 'slow.txt'), 'utf8')).toBe(OLD);
  });

  it('--stream (Eller 6000x6000): SIGTERM, and a shell reports status 143', async () => {
    const cfg = config('stream.cfg', [
      'WIDTH=6000',
      'HEIGHT=6000',
      'ENTRY=0,0',
      'EXIT=5999,5999',
      'OUTPUT_FILE=stream.txt',
      'PERFECT=True',
      'SEED=3',
      'GENERATOR=Eller',
    ]);
    writeFileSync(join(dir, 'stream.txt'), OLD);
    const r = await interrupt([cfg, '--stream', '--no-display'], 'SIGTERM', tempAppeared, {}, true);
    expect(r.caught).toBe(true);
    expect(r.stderr).toMatch(/status 143\n$/);
    expect(leftovers()).toEqual([]);
    expect(readFileSync(join(dir, 'stream.txt'), 'utf8')).toBe(OLD);
  });

  it('--stream to a device: SIGINT removes the scratch folder from the temp directory', async () => {
    const scratch = join(dir, 'scratch-tmp');
    mkdirSync(scratch, { recursive: true });
    const cfg = config('device.cfg', [
      'WIDTH=6000',
      'HEIGHT=6000',
      'ENTRY=0,0',
      'EXIT=5999,5999',
      'OUTPUT_FILE=/dev/null',
      'PERFECT=True',
      'SEED=4',
      'GENERATOR=Eller',
    ]);
    const r = await interrupt([cfg, '--stream', '--no-display'], 'SIGINT', () => leftovers(scratch).length > 0, { TMPDIR: scratch });
    expect(r.caught).toBe(true);
    expect(shellStatus(r), r.stderr).toBe(130);
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('render to SVG (a 3000x3000 config): SIGHUP while the picture is written', async () => {
    const cfg = config('render.cfg', [
      'WIDTH=3000',
      'HEIGHT=3000',
      'ENTRY=0,0',
      'EXIT=2999,2999',
      'OUTPUT_FILE=unused.txt',
      'PERFECT=True',
      'SEED=5',
    ]);
    writeFileSync(join(dir, 'picture.svg'), OLD);
    const r = await interrupt(['render', cfg, '-o', 'picture.svg', '--path'], 'SIGHUP', tempAppeared);
    expect(r.caught).toBe(true);
    expect(shellStatus(r), r.stderr).toBe(129);
    expect(leftovers()).toEqual([]);
    expect(readFileSync(join(dir, 'picture.svg'), 'utf8')).toBe(OLD);
  });

  it('render to a text format (chunks that yield): SIGINT while it is written', async () => {
    const cfg = config('ascii.cfg', [
      'WIDTH=3000',
      'HEIGHT=3000',
      'ENTRY=0,0',
      'EXIT=2999,2999',
      'OUTPUT_FILE=unused.txt',
      'PERFECT=True',
      'SEED=6',
    ]);
    writeFileSync(join(dir, 'picture.txt'), OLD);
    const r = await interrupt(['render', cfg, '-o', 'picture.txt', '-f', 'unicode', '--path'], 'SIGINT', tempAppeared);
    expect(r.caught).toBe(true);
    expect(shellStatus(r), r.stderr).toBe(130);
    expect(leftovers()).toEqual([]);
    expect(readFileSync(join(dir, 'picture.txt'), 'utf8')).toBe(OLD);
  });
});
