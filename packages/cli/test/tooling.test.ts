/** The tooling around the code: the Makefile's targets (thin wrappers over npm scripts), clean and fclean, the test projects. */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOW_TESTS } from '../../../vitest.config.js';

const makefile = readFileSync(new URL('../../../Makefile', import.meta.url), 'utf8');
const scripts = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

/** target -> its recipe lines */
function targets(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of makefile.split('\n')) {
    const rule = /^([a-z][\w-]*):/.exec(line);
    if (rule) found.set(rule[1], (current = []));
    else if (line.startsWith('\t') && current) current.push(line.trim());
    else if (!line.startsWith('#')) current = undefined;
  }
  return found;
}

describe('Makefile', () => {
  const rules = targets();

  it('has the targets the A-Maze-ing subject names, all phony', () => {
    const phony = /^\.PHONY:(.*)$/m.exec(makefile)?.[1].trim().split(/\s+/) ?? [];
    for (const name of ['install', 'build', 'run', 'run_test', 'test', 'debug', 'lint', 'lint-strict', 'clean', 'fclean']) {
      expect(rules.has(name), name).toBe(true);
      expect(phony).toContain(name);
    }
  });

  it('runs one npm command per target, naming a script package.json has', () => {
    for (const [name, recipe] of rules) {
      expect(recipe, name).toHaveLength(1);
      const command = /^npm (ci|start|test|run ([\w:-]+))$/.exec(recipe[0]);
      expect(command, `${name}: ${recipe[0]}`).not.toBeNull();
      if (command![2]) expect(scripts[command![2]], `${name} -> ${command![2]}`).toBeDefined();
    }
  });

  it('debug runs the default command under the inspector and lint-strict allows no warning', () => {
    expect(scripts.debug).toMatch(/^node --inspect(-brk)? packages\/cli\/bin\/a-maze-ing\.js config\.txt$/);
    expect(scripts['lint:strict']).toContain('--max-warnings 0');
    expect(scripts['lint:strict']).toContain('--config eslint.strict.config.js');
    // Nothing else runs the strict lint, so npm test does: a strict error fails the suite.
    expect(scripts.test).toContain('npm run lint:strict');
  });
});

describe('npm run clean and fclean', () => {
  // scripts/clean.mjs works on the folder above its own, so a copy of it cleans a made-up tree.
  const built = [
    'packages/mazegen/dist/index.js',
    'packages/cli/dist/main.js',
    'packages/cli/bundle/main.js',
    'packages/cli/.compile-cache/v26/0a1b',
    'packages/viewer/dist/index.html',
    'packages/cli/viewer/index.html',
    'packages/cli/tsconfig.tsbuildinfo',
    'test-output/x.png',
    'coverage/html/index.html',
    'release/a-1.0.0.tgz',
    'build/mazegen-1.0.0.tgz',
    'mazegen-1.0.0.tgz',
    'packages/cli/a-maze-ing-1.0.0.tgz',
  ];
  const kept = ['packages/cli/src/main.ts', 'config.txt', 'package.json'];
  const installed = ['node_modules/x/index.js', 'maze.txt'];

  function tree(): string {
    const root = mkdtempSync(join(tmpdir(), 'a-maze-ing-clean-'));
    mkdirSync(join(root, 'scripts'));
    copyFileSync(new URL('../../../scripts/clean.mjs', import.meta.url), join(root, 'scripts/clean.mjs'));
    for (const file of [...built, ...kept, ...installed]) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), 'x');
    }
    return root;
  }

  it('clean removes build outputs, test leftovers and tarballs, and keeps sources, node_modules and maze.txt', () => {
    const root = tree();
    execFileSync(process.execPath, [join(root, 'scripts/clean.mjs')]);
    expect(built.filter((f) => existsSync(join(root, f)))).toEqual([]);
    expect([...kept, ...installed].filter((f) => !existsSync(join(root, f)))).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });

  it('fclean also removes node_modules and maze.txt', () => {
    const root = tree();
    execFileSync(process.execPath, [join(root, 'scripts/clean.mjs'), '--all']);
    expect([...built, ...installed].filter((f) => existsSync(join(root, f)))).toEqual([]);
    expect(kept.filter((f) => !existsSync(join(root, f)))).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('the test projects', () => {
  const repo = fileURLToPath(new URL('../../../', import.meta.url));
  // Node 20 has no fs.globSync: the patterns here use only `*` and `**/`.
  const toRegExp = (glob: string): RegExp =>
    new RegExp(
      `^${glob
        .split('**/')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
        .join('(?:.*/)?')}$`,
    );
  const testFiles = readdirSync(join(repo, 'packages'), { recursive: true, encoding: 'utf8' })
    .map((file) => `packages/${file}`)
    .filter((file) => file.endsWith('.test.ts') && !/(^|\/)(node_modules|dist)\//.test(file));
  const globSync = (pattern: string): string[] => testFiles.filter((file) => toRegExp(pattern).test(file));

  it('every slow pattern still names a test file (a renamed file would silently turn fast)', () => {
    for (const pattern of SLOW_TESTS) expect(globSync(pattern).length, pattern).toBeGreaterThan(0);
  });

  it('the end-to-end, browser, install and giant tests are slow, the unit, property and golden ones fast', () => {
    const slow = new Set(SLOW_TESTS.flatMap((pattern) => globSync(pattern)));
    for (const file of [
      'packages/cli/test/e2e/generate.test.ts',
      'packages/viewer/test/viewer.test.ts',
      'packages/cli/test/install/install.test.ts',
      'packages/mazegen/test/scale.test.ts',
    ])
      expect(slow.has(file), file).toBe(true);
    for (const file of [
      'packages/mazegen/src/maze.test.ts',
      'packages/mazegen/test/properties/generate.property.test.ts',
      'packages/mazegen/test/golden.test.ts',
    ])
      expect(slow.has(file), file).toBe(false);
    expect(testFiles.length).toBeGreaterThan(slow.size);
  });
});
