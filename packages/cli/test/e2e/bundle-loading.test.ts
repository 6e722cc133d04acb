import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, BIN, makeTempDir, removeDir, REPO } from './run-cli.js';

const BUNDLE = join(REPO, 'packages/cli/bundle');

/** The modules a bundle file loads before it runs: its static imports, followed through the bundle's own chunks. */
function staticClosure(entry: string): { chunks: Set<string>; packages: Set<string> } {
  const chunks = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (chunks.has(file)) return;
    chunks.add(file);
    const text = readFileSync(join(BUNDLE, file), 'utf8');
    for (const [, target] of text.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";?$/gm)) {
      if (target!.startsWith('./')) visit(target!.slice(2));
      else packages.add(target!);
    }
  };
  visit(entry);
  return { chunks, packages };
}

/** The chunk a lazy `import("./name-hash.js")` in `file` names, by the source module's name. */
function lazyChunk(file: string, name: string): string {
  const text = readFileSync(join(BUNDLE, file), 'utf8');
  const found = [...text.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1]!).filter((f) => f.startsWith(`${name}-`));
  expect(found, `one lazy chunk named ${name}-* in ${file}`).toHaveLength(1);
  return found[0]!;
}

describe('what a run loads (issue 13: load only what a command needs)', () => {
  it('bundle/main.js loads neither Commander nor any command or heavy built-in; the command tree declares each command lazily', () => {
    assertBuilt();
    const { chunks, packages } = staticClosure('main.js');
    // Nor the library as an ES module: the main job has its own copy in bundle/plain.cjs.
    for (const name of [
      'mazegen',
      'commander',
      'node:zlib',
      'node:readline',
      'node:child_process',
      'node:http',
      'node:worker_threads',
      'node:tty',
      'node:fs',
    ]) {
      expect(packages.has(name), `${name} loaded by main.js`).toBe(false);
    }
    const tree = lazyChunk('main.js', 'build');
    expect(chunks.has(tree)).toBe(false);
    // Every command's code is a lazy chunk of its own, none of them reachable statically from the tree.
    const { chunks: treeChunks } = staticClosure(tree);
    for (const command of ['generate', 'render', 'validate', 'menu', 'motd', 'view', 'stats', 'play', 'completion']) {
      expect(treeChunks.has(lazyChunk(tree, command))).toBe(false);
    }
  });

  it('the default command (a config run) loads neither PNG, menu, server nor grid code', () => {
    assertBuilt();
    // The command as Commander runs it (`a-maze-ing generate CONFIG`); the main job's own script is below.
    const { chunks, packages } = staticClosure(lazyChunk(lazyChunk('main.js', 'build'), 'generate'));
    // node:worker_threads is for the stream and the big mazes' threads; node:tty only for a terminal's colours.
    for (const builtin of [
      'commander',
      'node:zlib',
      'node:readline',
      'node:child_process',
      'node:http',
      'node:worker_threads',
      'node:tty',
      'node:fs',
      'node:v8',
    ]) {
      expect(packages.has(builtin), `${builtin} loaded by the default command`).toBe(false);
    }
    const names = [...chunks].map((c) => c.replace(/-[\w-]{8}\.js$/, ''));
    for (const other of ['render', 'server', 'menu', 'graph-output', 'png', 'stream-write']) expect(names).not.toContain(other);
    expect(readdirSync(BUNDLE).filter((f) => f.startsWith('graph-output-'))).toHaveLength(2); // the chunk and its map
  });
});

describe('bundle/plain.cjs, the main job as one script', () => {
  const text = (): string => readFileSync(join(BUNDLE, 'plain.cjs'), 'utf8');

  it('requires only light built-ins when it loads, and holds the library rather than requiring it', () => {
    assertBuilt();
    const required = [...text().matchAll(/^(?:let|const|var) \w+ = require\("([^"]+)"\);$/gm)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(['node:fs', 'node:path', 'node:os', 'node:module', 'node:url'], name).toContain(name);
    expect(text()).not.toMatch(/require\("mazegen"\)/);
    expect(text()).toMatch(/function parseConfig\(/);
  });

  it('has no import(): a script run by node:vm has no module loader of its own', () => {
    assertBuilt();
    expect(text()).not.toMatch(/\bimport\(/);
  });
});

/** The built-in modules and the CommonJS files a real run of the CLI has loaded when it exits. */
function loadedBy(args: string[], dir: string, script = BIN): { builtins: string[]; files: string[]; status: number | null } {
  const preload = join(dir, 'record.cjs');
  const record = join(dir, 'loaded.json');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ builtins: process.moduleLoadList, files: Object.keys(require.cache) })));\n`,
  );
  const r = spawnSync(process.execPath, ['-r', preload, script, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.stderr).toBe('');
  return { ...(JSON.parse(readFileSync(record, 'utf8')) as { builtins: string[]; files: string[] }), status: r.status };
}

describe('the bundles V8 reads', () => {
  it('are ASCII only: one other character makes V8 hold the whole source two bytes a character', () => {
    assertBuilt();
    const files = [
      ...readdirSync(join(REPO, 'packages/mazegen/dist'))
        .filter((f) => /^mazegen.*\.js$/.test(f))
        .map((f) => join(REPO, 'packages/mazegen/dist', f)),
      ...readdirSync(BUNDLE)
        .filter((f) => /\.c?js$/.test(f))
        .map((f) => join(BUNDLE, f)),
    ];
    for (const file of files) {
      const other = /[^\0-\x7f]/.exec(readFileSync(file, 'utf8'));
      expect(other?.[0], `${file} at ${other?.index}`).toBeUndefined();
    }
  });
});

describe('what a config run loads, at run time', () => {
  it('neither Commander nor the built-ins a plain run does not use (fs.promises, child_process, v8, perf_hooks)', () => {
    assertBuilt();
    const dir = makeTempDir('amazeing-loads-');
    try {
      copyFileSync(join(REPO, 'config.txt'), join(dir, 'config.txt')); // the shipped config
      // What Node loads for an empty ES module (Node 20's loader itself takes fs.promises).
      writeFileSync(join(dir, 'empty.mjs'), '');
      const baseline = loadedBy([], dir, join(dir, 'empty.mjs')).builtins;
      const plain = loadedBy(['config.txt', '--no-display'], dir);
      expect(plain.status).toBe(0);
      expect(plain.files.filter((f) => f.includes('commander'))).toEqual([]);
      for (const name of ['child_process', 'internal/fs/promises', 'v8', 'perf_hooks', 'readline', 'worker_threads', 'zlib']) {
        if (!baseline.includes(`NativeModule ${name}`)) expect(plain.builtins, name).not.toContain(`NativeModule ${name}`);
      }
      // The same run through Commander (a form the plain reader leaves to it) does load it: the check can fail.
      const full = loadedBy(['generate', 'config.txt', '--no-display'], dir);
      expect(full.status).toBe(0);
      expect(full.files.some((f) => f.includes('commander'))).toBe(true);
      expect(full.builtins).toContain('NativeModule child_process');
    } finally {
      removeDir(dir);
    }
  });
});

describe('on a Node without process.getBuiltinModule (it came in 22.3 and 20.16)', () => {
  it('a config run and --help still work, the built-ins read through require', () => {
    assertBuilt();
    const dir = makeTempDir('amazeing-nobuiltin-');
    try {
      const preload = join(dir, 'older-node.cjs');
      writeFileSync(preload, 'delete process.getBuiltinModule;\n');
      copyFileSync(join(REPO, 'config.txt'), join(dir, 'config.txt')); // the shipped config
      const env = { ...process.env, NO_COLOR: '1' };
      const plain = spawnSync(process.execPath, ['-r', preload, BIN, 'config.txt', '--no-display'], { cwd: dir, encoding: 'utf8', env });
      expect(plain.stderr).toBe('');
      expect(plain.status).toBe(0);
      expect(readFileSync(join(dir, 'maze.txt'), 'utf8')).toMatch(/^[0-9A-F]{20}\n/);
      const help = spawnSync(process.execPath, ['-r', preload, BIN, '--help'], { cwd: dir, encoding: 'utf8', env });
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('Usage: a-maze-ing');
    } finally {
      removeDir(dir);
    }
  });
});
