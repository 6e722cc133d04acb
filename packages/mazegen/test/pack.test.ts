import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as a user gets it: `npm pack` in packages/mazegen gives
 * mazegen-<version>.tgz, which installs into an empty project with no network (it has no
 * dependencies), runs as ESM and type-checks under strict NodeNext settings.
 *
 * It packs the built dist/ (`npm test` builds first; run `npm run build` before running
 * this file alone). Lifecycle scripts are skipped so that packing never rebuilds dist/
 * while other test files read it. Everything happens in a temporary directory, so no
 * tarball lands in the repository.
 */

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { name: string; version: string; dependencies?: object };

const work = mkdtempSync(join(tmpdir(), 'mazegen-pack-'));
const project = join(work, 'project');
const npmEnv = {
  ...process.env,
  npm_config_cache: join(work, 'npm-cache'),
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};
let tarball = '';
let packedFiles: string[] = [];

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  expect(existsSync(join(PACKAGE_DIR, 'dist', 'index.js')), 'dist/ is missing: run `npm run build` first').toBe(true);
  const report = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], PACKAGE_DIR)) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarball = join(work, report[0].filename);
  packedFiles = report[0].files.map((f) => f.path);
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  npm(['install', '--offline', '--no-audit', '--no-fund', tarball], project);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm pack', () => {
  it(`gives ${pkg.name}-${pkg.version}.tgz with no runtime dependencies`, () => {
    expect(tarball.endsWith(`${pkg.name}-${pkg.version}.tgz`)).toBe(true);
    expect(existsSync(tarball)).toBe(true);
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('ships what the entries reach (the bundles and their shared core), the types and one source map, README, CHANGELOG and LICENSE', () => {
    for (const file of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE.md',
      'dist/mazegen.js',
      'dist/mazegen-core.js',
      'dist/mazegen-core.js.map',
      'dist/index.d.ts',
    ])
      expect(packedFiles).toContain(file);
    expect(packedFiles.every((f) => /^dist\/|^(package\.json|README\.md|CHANGELOG\.md|LICENSE\.md)$/.test(f))).toBe(true);
    // Every JavaScript file is an export's target or a module one of them imports: nothing unreachable.
    const exportsMap = (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { exports: Record<string, unknown> })
      .exports;
    const reachable = new Set<string>();
    const visit = (file: string): void => {
      if (reachable.has(file)) return;
      reachable.add(file);
      const code = readFileSync(join(PACKAGE_DIR, file), 'utf8');
      for (const m of code.matchAll(/(?:^|[;\n])\s*(?:import|export)\b[^'"]*?from\s*['"](\.\/[^'"]+)['"]/g)) visit(`dist/${m[1].slice(2)}`);
    };
    for (const target of Object.values(exportsMap)) {
      if (typeof target === 'object' && target !== null) visit((target as { default: string }).default.slice(2));
    }
    expect(packedFiles.filter((f) => f.endsWith('.js')).sort()).toEqual([...reachable].sort());
    // Every .d.ts a shipped .d.ts imports is shipped too, so the types resolve.
    for (const dts of packedFiles.filter((f) => f.endsWith('.d.ts'))) {
      const text = readFileSync(join(PACKAGE_DIR, dts), 'utf8');
      for (const m of text.matchAll(/from\s*['"](\.{1,2}\/[^'"]+)\.js['"]/g)) {
        const target = join(dts, '..', `${m[1]}.d.ts`);
        expect(packedFiles, `${dts} imports ${m[1]}`).toContain(target);
      }
    }
    // The map carries its sources, so a debugger shows TypeScript without a src/ folder.
    const map = JSON.parse(readFileSync(join(PACKAGE_DIR, 'dist/mazegen-core.js.map'), 'utf8')) as {
      sources: string[];
      sourcesContent?: string[];
    };
    expect(map.sourcesContent?.length).toBe(map.sources.length);
    expect(map.sourcesContent!.every((text) => text.length > 0)).toBe(true);
  });

  it('installs into an empty project and runs there as ESM', () => {
    writeFileSync(
      join(project, 'main.js'),
      [
        "import { MazeGenerator, generateMaze, solveMaze, toHex, parseHex, validate, GENERATORS } from 'mazegen';",
        "const g = generateMaze({ width: 20, height: 15, seed: 42, generator: 'Kruskal', perfect: false });",
        "const s = solveMaze(g.maze, g.entry, g.exit, 'A*');",
        'const file = parseHex(toHex(g.maze, { entry: g.entry, exit: g.exit, path: s.directions }));',
        'console.log(JSON.stringify(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: false })));',
        'console.log(new MazeGenerator({ width: 20, height: 15, seed: 42 }).toHex().split("\\n")[0]);',
        'console.log(GENERATORS.length > 1, file.maze.equals(g.maze));',
      ].join('\n'),
    );
    const out = execFileSync(process.execPath, ['main.js'], { cwd: project, encoding: 'utf8' });
    expect(out).toBe('[]\nD3953D113D555153D553\ntrue true\n');
  });

  it("loads with require() from CommonJS too (Node's require of ES modules, unflagged from 20.19: hence engines >=20.19)", () => {
    writeFileSync(
      join(project, 'main.cjs'),
      "const { MazeGenerator } = require('mazegen');\nconsole.log(new MazeGenerator({ width: 20, height: 15, seed: 42 }).toHex().split('\\n')[0]);\n",
    );
    const result = spawnSync(process.execPath, ['main.cjs'], { cwd: project, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('D3953D113D555153D553\n');
    expect(JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')).engines).toEqual({ node: '>=20.19' });
  });

  it('type-checks a strict NodeNext TypeScript consumer against its declarations', () => {
    writeFileSync(
      join(project, 'good.ts'),
      [
        "import { generateMaze, solveMaze, toHex, parseHex, validate, FormatError, Maze, type MazeOptions, type SquareMazeOptions, type Violation, type StepReporter } from 'mazegen';",
        "const options: SquareMazeOptions = { width: 20, height: 15, seed: 'typed', entry: 'top', exit: { x: 19, y: 14 }, perfect: false, braid: 50 };",
        // Options typed only as the one options type still compile; the result is either kind of maze.
        "const any: MazeOptions = { grid: Math.random() > 2 ? 'hex' : undefined, width: 8, height: 6 };",
        'const either = generateMaze(any);',
        'if (either.maze instanceof Maze) console.log(either.maze.width); else console.log(either.maze.topology.kind);',
        'let carves = 0;',
        'const onStep: StepReporter = (kind, cell, dir) => { if (kind === 0 && cell >= 0 && dir > 0) carves++; };',
        'const g = generateMaze(options, onStep);',
        'const cells: Uint8Array = g.maze.cells;',
        "const s = solveMaze(g.maze, g.entry, g.exit, 'BFS');",
        'const text: string = toHex(g.maze, { entry: g.entry, exit: g.exit, path: s.directions });',
        'const problems: Violation[] = validate(parseHex(text).maze, { perfect: false });',
        "try { parseHex('x'); } catch (e) { if (e instanceof FormatError) console.log(e.line + e.column); }",
        'const copy: Maze = Maze.from(g.maze.data);',
        'console.log(cells.length, problems.length, copy.width, carves);',
      ].join('\n'),
    );
    // The types are real: misuse is caught (one compiler run checks both files).
    writeFileSync(
      join(project, 'bad.ts'),
      [
        "import { generateMaze } from 'mazegen';",
        'const seed: number = generateMaze({ width: 5, height: 5 }).seed;',
        "generateMaze({ width: '5', height: 5, entry: 'middle' });",
        'console.log(seed);',
      ].join('\n'),
    );
    const strict = ['--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--strict', '--noEmit'];
    const result = spawnSync(process.execPath, [TSC, ...strict, 'good.ts', 'bad.ts'], { cwd: project, encoding: 'utf8' });
    const errors = (result.stdout + result.stderr).split('\n').filter((line) => /error TS/.test(line));
    expect(errors.filter((line) => !line.startsWith('bad.ts'))).toEqual([]);
    expect(errors).toContain("bad.ts(2,7): error TS2322: Type 'string' is not assignable to type 'number'.");
    // A wrong width type: the one overload's TS2322, or TS2769 when no overload matches.
    expect(errors.some((line) => /^bad\.ts\(3,\d+\): error TS(2322|2769)/.test(line))).toBe(true);
    expect(result.status).not.toBe(0);
  });
});
