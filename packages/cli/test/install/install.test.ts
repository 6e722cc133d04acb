/**
 * Both packages as a user gets them: `npm pack` of mazegen and a-maze-ing, then
 * `npm install --global ./mazegen-X.tgz ./a-maze-ing-X.tgz` into an empty prefix, then
 * every command run from a folder that has nothing to do with the repository.
 *
 * It packs the built files (`npm test` builds first; run `npm run build` before running
 * this file alone) with lifecycle scripts skipped, so packing never rebuilds what other
 * test files read. The CLI's third-party dependencies (commander, cli-progress) come
 * from npm's cache when `npm ci` put them there, else from the registry; mazegen must
 * come from its tarball.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from '../e2e/run-cli.js';

interface PackReport {
  name: string;
  version: string;
  filename: string;
  files: { path: string }[];
}

const work = mkdtempSync(join(tmpdir(), 'a-maze-ing-install-'));
const prefix = join(work, 'prefix');
/** The unrelated folder every command runs in. */
const elsewhere = join(work, 'elsewhere');
const home = join(work, 'home');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  // The same node that runs the tests, then the installed bin folder.
  PATH: [dirname(process.execPath), join(prefix, 'bin'), process.env.PATH ?? ''].join(delimiter),
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  XDG_CACHE_HOME: undefined,
  AMAZEING_CACHE_DIR: undefined,
  NO_COLOR: '1',
  CI: '1',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};
for (const key of ['FORCE_COLOR', 'COLORTERM', 'npm_config_prefix', 'npm_config_global', 'npm_config_local_prefix', 'INIT_CWD'])
  delete env[key];
// Keep the user's npm cache (filled by `npm ci`): the test then needs no download for what is cached.
if (process.env.npm_config_cache) env.npm_config_cache = process.env.npm_config_cache;

const packs = new Map<string, PackReport>();
const bin = join(prefix, 'bin', 'a-maze-ing');
const CONFIG = [
  'WIDTH=21',
  'HEIGHT=13',
  'ENTRY=0,0',
  'EXIT=20,12',
  'OUTPUT_FILE=maze.txt',
  'PERFECT=False',
  'SEED=2026',
  'GENERATOR=Kruskal',
  '',
].join('\n');

function installed(args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(bin, args, { cwd: elsewhere, env, input, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  for (const built of ['packages/mazegen/dist/mazegen.js', 'packages/cli/bundle/main.js', 'packages/cli/viewer/index.html']) {
    expect(existsSync(join(REPO, built)), `${built} is missing: run 'npm run build' first`).toBe(true);
  }
  for (const dir of [prefix, elsewhere, home]) mkdirSync(dir, { recursive: true });
  const npmRun = (args: string[], cwd: string): string =>
    execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // One run of the repository's CLI first: its code cache goes to the user's cache folder, never into the package to be packed.
  const first = join(work, 'first-run');
  mkdirSync(first);
  writeFileSync(join(first, 'config.txt'), CONFIG);
  expect(
    spawnSync(process.execPath, [join(REPO, 'packages/cli/bin/a-maze-ing.js'), 'config.txt', '--no-display'], { cwd: first, env }).status,
  ).toBe(0);
  expect(readdirSync(join(home, '.cache', 'a-maze-ing')).length).toBeGreaterThan(0);
  const reports = JSON.parse(
    npmRun(['pack', '--json', '--ignore-scripts', '--pack-destination', work, '--workspace', 'mazegen', '--workspace', 'a-maze-ing'], REPO),
  ) as PackReport[];
  for (const report of reports) packs.set(report.name, report);
  const tarballs = ['mazegen', 'a-maze-ing'].map((name) => `./${packs.get(name)!.filename}`);
  npmRun(['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], work);
  writeFileSync(join(elsewhere, 'config.txt'), CONFIG);
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the tarballs', () => {
  it('both carry package.json, README.md, CHANGELOG.md and the licence, identical to the repository root LICENSE.md', () => {
    const licence = readFileSync(join(REPO, 'LICENSE.md'), 'utf8');
    for (const [name, dir] of [
      ['mazegen', 'packages/mazegen'],
      ['a-maze-ing', 'packages/cli'],
    ]) {
      const files = packs.get(name)!.files.map((f) => f.path);
      for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE.md']) expect(files, `${name} ${file}`).toContain(file);
      expect(readFileSync(join(REPO, dir, 'LICENSE.md'), 'utf8')).toBe(licence);
    }
  });

  it('the CLI carries its bundle (each worker beside it) and the built viewer, and no sources, tests, tsc output or build info', () => {
    const files = packs.get('a-maze-ing')!.files.map((f) => f.path);
    for (const file of [
      'bin/a-maze-ing.js',
      'bundle/main.js',
      'bundle/plain.cjs',
      'bundle/solve-worker.js',
      'bundle/svg-worker.js',
      'bundle/path-worker.js',
      'bundle/hex-rows-worker.js',
      'viewer/index.html',
    ])
      expect(files).toContain(file);
    expect(files.filter((f) => f.startsWith('dist/') || f.startsWith('.compile-cache/'))).toEqual([]);
    expect(files.some((f) => /^viewer\/assets\/.+\.js$/.test(f))).toBe(true);
    expect(files.filter((f) => /\.test\.|(^|\/)(test|src|scripts)\/|tsbuildinfo|\.tgz$/.test(f))).toEqual([]);
  });

  it('mazegen carries its build (the root, each subpath, the shared core with its source map) and their types, and no sources', () => {
    const files = packs.get('mazegen')!.files.map((f) => f.path);
    const built = ['dist/mazegen.js', 'dist/mazegen-core.js', 'dist/mazegen-core.js.map', 'dist/index.d.ts'];
    for (const sub of ['config', 'render', 'play', 'internal']) built.push(`dist/mazegen-${sub}.js`, `dist/entries/${sub}.d.ts`);
    for (const file of built) expect(files).toContain(file);
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('assembly/'))).toEqual([]);
  });

  it('installs mazegen from its own tarball, not from a registry, and no pngjs', () => {
    const lib = join(prefix, 'lib', 'node_modules');
    const version = (JSON.parse(readFileSync(join(lib, 'mazegen', 'package.json'), 'utf8')) as { version: string }).version;
    expect(version).toBe(packs.get('mazegen')!.version);
    expect(existsSync(join(lib, 'a-maze-ing', 'node_modules', 'mazegen'))).toBe(false);
    expect(existsSync(join(lib, 'a-maze-ing', 'node_modules', 'pngjs'))).toBe(false);
  });
});

describe('the installed a-maze-ing, run from an unrelated folder', () => {
  it("installs its man page through the package's man field (man -l renders it)", () => {
    const page = join(prefix, 'share', 'man', 'man1', 'a-maze-ing.1');
    expect(existsSync(page)).toBe(true);
    const shown = spawnSync('man', ['-l', page], { encoding: 'utf8', env: { ...env, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '80' } });
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout.replace(new RegExp(`.${String.fromCharCode(8)}`, 'g'), '').replace(/\s+/g, ' ')).toContain(
      'a-maze-ing - make, solve, check and show mazes',
    );
  });

  it('--version prints the package version', () => {
    const result = installed(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(packs.get('a-maze-ing')!.version);
  });

  it('the default command writes the same maze file as the repository build', () => {
    const result = installed(['config.txt']);
    expect(result.stderr).not.toMatch(/error|not built/i);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('maze.txt');
    const repoDir = mkdtempSync(join(work, 'repo-run-'));
    writeFileSync(join(repoDir, 'config.txt'), CONFIG);
    expect(runCli(['config.txt', '--no-display'], { cwd: repoDir }).status).toBe(0);
    expect(readFileSync(join(elsewhere, 'maze.txt'), 'utf8')).toBe(readFileSync(join(repoDir, 'maze.txt'), 'utf8'));
  });

  it('validate accepts that file and render draws it as SVG and PNG', () => {
    const validate = installed(['validate', 'maze.txt', '--config', 'config.txt']);
    expect(validate.status).toBe(0);
    expect(installed(['render', 'maze.txt', '-f', 'svg', '-o', 'maze.svg']).status).toBe(0);
    expect(readFileSync(join(elsewhere, 'maze.svg'), 'utf8')).toBe(runCli(['render', 'maze.txt', '-f', 'svg'], { cwd: elsewhere }).stdout);
    expect(readFileSync(join(elsewhere, 'maze.svg'), 'utf8')).toMatch(/<\/svg>\n?$/);
    expect(installed(['render', 'maze.txt', '-f', 'png', '-o', 'maze.png']).status).toBe(0);
    expect(readFileSync(join(elsewhere, 'maze.png')).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('stats prints what the repository build prints', () => {
    const result = installed(['stats', 'config.txt']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(runCli(['stats', 'config.txt'], { cwd: elsewhere }).stdout);
    expect(result.stdout).toMatch(/dead ends/i);
  });

  it('motd prints the same Maze of the Day as the repository build', () => {
    const result = installed(['motd', '--date', '2026-01-01']);
    expect(result.status).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(100);
    expect(result.stdout).toBe(runCli(['motd', '--date', '2026-01-01'], { cwd: elsewhere, env: { NO_COLOR: '1' } }).stdout);
  });

  it('menu reads its choices from a pipe, draws the Maze of the Day and saves its settings', () => {
    const settings = join(work, 'menu-settings.json');
    const result = installed(['menu', '--settings', settings], '7\nq\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('A-Maze-ing menu');
    expect(result.stdout).toMatch(/start \(\d+,23\) on the bottom row/);
    expect(existsSync(settings)).toBe(true);
  });

  it('view serves the packaged viewer over 127.0.0.1 and stops on SIGTERM', async () => {
    const child = spawn(bin, ['view', 'config.txt', '--port', '0', '--no-open'], {
      cwd: elsewhere,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL in 15 s; stdout: ${out} stderr: ${err}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /Viewer: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        void exited.then((code) => reject(new Error(`view exited (${code}) before its URL; stderr: ${err}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toBe(readFileSync(join(REPO, 'packages/cli/viewer/index.html'), 'utf8'));
      const script = /<script[^>]+src="\.?\/?([^"]+\.js)"/.exec(html);
      expect(script).not.toBeNull();
      const asset = await fetch(new URL(script![1], url));
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      await asset.arrayBuffer();
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(out).toContain('Viewer stopped.');
  });
});
