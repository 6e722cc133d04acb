import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, makeTempDir, REPO, removeDir, runCli } from './run-cli.js';

// The main job's code cache (src/script-cache.ts), as a user's runs meet it: made by the
// first run, used by the next, remade when damaged, absent when switched off.
let dir: string;
let cacheDir: string;
let cacheFile: string;

/** The main job's cache files in `folder` for this Node (their names carry a hash of the script's path). */
const cachesIn = (folder: string): string[] =>
  existsSync(folder)
    ? readdirSync(folder).filter((f) => f.startsWith('plain-') && f.endsWith(`-${process.version}-${process.arch}.cache`))
    : [];

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-code-cache-');
  cacheDir = join(dir, 'cache');
  copyFileSync(join(REPO, 'config.txt'), join(dir, 'config.txt')); // the shipped config
});
afterAll(() => removeDir(dir));

const run = (
  args: string[],
  env: Record<string, string | undefined> = { AMAZEING_CACHE_DIR: cacheDir },
): { status: number | null; stderr: string; maze: string } => {
  const r = runCli(args, { cwd: dir, env });
  return { status: r.status, stderr: r.stderr, maze: readFileSync(join(dir, 'maze.txt'), 'utf8') };
};

describe("the main job's code cache", () => {
  it("goes to the user's cache folder by default (XDG_CACHE_HOME, else ~/.cache), never into the package", () => {
    const home = join(dir, 'home');
    execFileSync('mkdir', ['-p', home]);
    const packageCache = join(REPO, 'packages/cli/.compile-cache');
    const before = cachesIn(packageCache).map((f) => `${f}:${statSync(join(packageCache, f)).mtimeMs}`);
    // A fresh account: ~/.cache does not exist yet.
    expect(run(['config.txt', '--no-display'], { HOME: home, AMAZEING_CACHE_DIR: undefined, XDG_CACHE_HOME: undefined }).status).toBe(0);
    expect(cachesIn(join(home, '.cache', 'a-maze-ing'))).toHaveLength(1);
    const xdg = join(dir, 'xdg');
    execFileSync('mkdir', ['-p', xdg]);
    expect(run(['config.txt', '--no-display'], { HOME: home, AMAZEING_CACHE_DIR: undefined, XDG_CACHE_HOME: xdg }).status).toBe(0);
    expect(cachesIn(join(xdg, 'a-maze-ing'))).toHaveLength(1);
    expect(cachesIn(packageCache).map((f) => `${f}:${statSync(join(packageCache, f)).mtimeMs}`)).toEqual(before);
  });

  it('is written by the first run and read, not rewritten, by the next; the maze is the same', () => {
    const first = run(['config.txt', '--no-display']);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(cachesIn(cacheDir)).toHaveLength(1);
    cacheFile = join(cacheDir, cachesIn(cacheDir)[0]!);
    const made = readFileSync(cacheFile);
    const { mtimeMs, ino } = statSync(cacheFile);
    const second = run(['config.txt', '--no-display']);
    expect(second).toEqual(first);
    expect(statSync(cacheFile).mtimeMs).toBe(mtimeMs);
    expect(statSync(cacheFile).ino).toBe(ino);
    expect(readFileSync(cacheFile).equals(made)).toBe(true);
    // A kind of run the cache has not seen (--stats) adds its code once.
    expect(run(['config.txt', '--no-display', '--stats']).status).toBe(0);
    expect(statSync(cacheFile).ino).not.toBe(ino);
  });

  it('a damaged or cut cache changes nothing a user sees, and the run mends it', () => {
    const good = run(['config.txt', '--no-display']);
    const whole = readFileSync(cacheFile);
    const damaged = Buffer.from(whole);
    for (let i = 100; i < damaged.length; i += 997) damaged[i]! ^= 0x5a;
    for (const broken of [damaged, whole.subarray(0, whole.length >> 1), Buffer.from('not a cache')]) {
      writeFileSync(cacheFile, broken);
      expect(run(['config.txt', '--no-display'])).toEqual(good);
      expect(readFileSync(cacheFile).length).toBeGreaterThan(1000);
      expect(readFileSync(cacheFile).equals(broken)).toBe(false);
    }
  });

  it('a failed run writes none; NODE_DISABLE_COMPILE_CACHE=1 and an unwritable folder run without one', () => {
    const elsewhere = join(dir, 'other-cache');
    writeFileSync(join(dir, 'bad.txt'), 'WIDTH=20\nHEIGHT=nope\n');
    const bad = runCli(['bad.txt', '--no-display'], { cwd: dir, env: { AMAZEING_CACHE_DIR: elsewhere } });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^a-maze-ing: .*HEIGHT/);
    expect(cachesIn(elsewhere)).toEqual([]); // (Node 22.3+ may make the folder for its module cache)
    const off = run(['config.txt', '--no-display'], { AMAZEING_CACHE_DIR: elsewhere, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(off.status).toBe(0);
    expect(cachesIn(elsewhere)).toEqual([]);
    writeFileSync(join(dir, 'a-file'), '');
    const blocked = run(['config.txt', '--no-display'], { AMAZEING_CACHE_DIR: join(dir, 'a-file', 'cache') });
    expect(blocked.stderr).toBe('');
    expect(blocked.status).toBe(0);
    // A folder under /proc: Node's recursive mkdir there never returns; the run must.
    const proc = spawnSync(process.execPath, [BIN, 'config.txt', '--no-display'], {
      cwd: dir,
      env: { ...process.env, AMAZEING_CACHE_DIR: '/proc/amazeing-cache' },
      timeout: 30_000,
      encoding: 'utf8',
    });
    expect(proc.status).toBe(0);
    // A relative folder would follow the working directory about: it is not used.
    const relative = run(['config.txt', '--no-display'], { AMAZEING_CACHE_DIR: 'relative-cache' });
    expect(relative.status).toBe(0);
    expect(existsSync(join(dir, 'relative-cache'))).toBe(false);
  });
});
