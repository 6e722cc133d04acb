import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as mazegen from 'mazegen';
import { GENERATORS, MazeGenerator, SOLVERS, toUnicode } from 'mazegen';
import { shortestPath } from 'mazegen';

/**
 * The README's examples are real: every ```js runnable block is written to a temporary
 * .mjs file that imports the BUILT library (dist/index.js, as an installed package
 * would), run with node, and its output compared with the block's `// prints:` comments.
 * `npm test` builds first; run `npm run build` before running this file alone.
 */

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mazegen-readme-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Block {
  code: string;
  line: number;
}

function runnableBlocks(): Block[] {
  const blocks: Block[] = [];
  const fence = /^```(\w+)[ \t]+runnable[ \t]*\n([\s\S]*?)^```/gm;
  for (let m = fence.exec(README); m; m = fence.exec(README)) {
    expect(['js', 'javascript', 'mjs'], `runnable blocks are JavaScript (line ${README.slice(0, m.index).split('\n').length})`).toContain(
      m[1],
    );
    blocks.push({ code: m[2], line: README.slice(0, m.index).split('\n').length });
  }
  return blocks;
}

/** What the `// prints:` comments promise, whitespace collapsed (node may wrap a long object). */
function promised(code: string): string {
  return [...code.matchAll(/\/\/ prints: (.*)$/gm)]
    .map((m) => m[1])
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const blocks = runnableBlocks();

describe('README', () => {
  it('has runnable examples, the first a usage block of 10 lines or fewer', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(blocks[0].code.trimEnd().split('\n').length).toBeLessThanOrEqual(10);
    for (const block of blocks) expect(promised(block.code), `block at line ${block.line} promises no output`).not.toBe('');
  });

  it.each(blocks.map((b) => [b.line, b] as const))('runs the example at line %i against the built library', (_line, block) => {
    expect(existsSync(DIST), 'dist/index.js is missing: run `npm run build` first').toBe(true);
    const source = block.code
      .replace(/from 'mazegen'/g, `from '${pathToFileURL(DIST).href}'`)
      .replace(/from 'mazegen\/(\w+)'/g, (_all, sub: string) => `from '${pathToFileURL(join(DIST, '..', 'entries', `${sub}.js`)).href}'`);
    expect(source, 'the example imports mazegen').not.toBe(block.code);
    const file = join(work, `line-${block.line}.mjs`);
    writeFileSync(file, source);
    const stdout = execFileSync(process.execPath, [file], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    expect(stdout.replace(/\s+/g, ' ').trim()).toBe(promised(block.code));
  });

  it('opens with a picture that is what the library draws for it', () => {
    const picture = /<!-- picture: [^>]*-->\n```text\n([\s\S]*?)```/.exec(README);
    expect(picture).not.toBeNull();
    const gen = new MazeGenerator({ width: 20, height: 15, seed: 42 });
    const path = shortestPath(gen.maze, gen.entry, gen.exit).cells;
    expect(picture![1]).toBe(toUnicode(gen.maze, { entry: gen.entry, exit: gen.exit, path }));
  });

  it('lists every root export, and nothing the root does not export, under "Every root export"', () => {
    const section = README.slice(README.indexOf('#### Every root export'), README.indexOf('#### Subpaths'));
    const listed = [...section.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    const root = readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8');
    const exported = [...root.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
      m[1]
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    );
    expect(listed.sort()).toEqual(exported.sort());
    expect(exported.length, 'the root stays a surface a user can learn').toBeLessThanOrEqual(100);
    expect(root, 'no export *: every root name is chosen').not.toMatch(/export \*/);
    expect(section).toContain(`The root's ${exported.length} names`);
  });

  it('documents each main export under its own #### heading', () => {
    const headings = [...README.matchAll(/^#### (.*)$/gm)].map((m) => m[1]);
    const required = [
      'generateMaze',
      'solveMaze',
      'shortestPath',
      'MazeGenerator',
      'Maze',
      'validate',
      'toHex',
      'parseHex',
      'createRng',
      'GENERATORS',
      'SOLVERS',
      'resolveGenerator',
      'resolveSolver',
      'Step',
      'MazeError',
    ];
    for (const name of required) {
      expect(Object.keys(mazegen), `${name} is exported`).toContain(name);
      const documented =
        headings.some((h) => new RegExp(`\\b${name}\\b`).test(h)) ||
        (name === 'Step' && headings.includes('Step reporter')) ||
        (name === 'MazeError' && headings.includes('Errors'));
      expect(documented, `a #### heading for ${name}`).toBe(true);
    }
    for (const error of [
      'OptionError',
      'ConfigError',
      'UnknownAlgorithmError',
      'FormatError',
      'BufferFormatError',
      'SizeError',
      'UnsolvableError',
    ]) {
      expect(Object.keys(mazegen)).toContain(error);
      expect(README).toContain(`\`${error}\``);
    }
  });

  it('lists every generator and solver of the registry, in order, with its reference', () => {
    const rows = (heading: string): string[] => {
      const start = README.indexOf(`| ${heading} |`);
      return README.slice(start).split('\n\n')[0].split('\n').slice(2);
    };
    expect(rows('generator')).toEqual(GENERATORS.map((g) => `| [${g.name}](${g.reference}) | ${g.description} |`));
    expect(rows('solver')).toEqual(SOLVERS.map((s) => `| [${s.name}](${s.reference}) | ${s.shortest ? 'yes' : 'no'} | ${s.description} |`));
    expect(README).toContain(`${GENERATORS.length} generators and ${SOLVERS.length} solvers`);
  });

  it('documents the wall bits and the header as the code has them', () => {
    expect(README).toMatch(/`NORTH` = 1, `EAST` = 2, `SOUTH` = 4, `WEST` = 8/);
    expect([mazegen.NORTH, mazegen.EAST, mazegen.SOUTH, mazegen.WEST, mazegen.BLOCKED]).toEqual([1, 2, 4, 8, 16]);
    expect(README).toContain('`BLOCKED` = 16');
    expect(README).toContain(`layout version (\`MAZE_FORMAT_VERSION\`, ${mazegen.MAZE_FORMAT_VERSION})`);
    expect(README).toContain(`\`RNG_VERSION\` ${mazegen.RNG_VERSION}`);
  });
});
