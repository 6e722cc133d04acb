/**
 * What docs/generators.md, docs/solvers.md, docs/analysis.md and the root README promise
 * about the library is what the library does: the algorithm tables against the one
 * registry, the dead-end table against a fresh run of its script, the examples run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATORS, SOLVERS, analyze, generateMaze, resolveGenerator, resolveSolver } from 'mazegen';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');
const DIST = join(REPO, 'packages/mazegen/dist/index.js');
const work = mkdtempSync(join(tmpdir(), 'mazegen-docs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The rows of the first markdown table whose header starts with `| first |`, as trimmed cells. */
function tableRows(text: string, first: string): string[][] {
  const start = text.indexOf(`| ${first} |`);
  expect(start, `a table headed '| ${first} |'`).toBeGreaterThanOrEqual(0);
  const lines = text.slice(start).split('\n');
  const rows: string[][] = [];
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
  }
  return rows;
}

/** The `code` spans of a table cell. */
const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

function assertBuiltDist(): void {
  expect(existsSync(DIST), 'packages/mazegen/dist is missing: run `npm run build` first (npm test does)').toBe(true);
}

describe('docs/generators.md', () => {
  const rows = tableRows(read('docs/generators.md'), 'Name');

  it('has one row per registered generator, in registry order, with its aliases and variants', () => {
    expect(rows.map((r) => codes(r[0])[0])).toEqual(GENERATORS.map((g) => g.name));
    for (const [name, aliases, variants] of rows) {
      const generator = resolveGenerator(codes(name)[0]);
      expect(codes(aliases).sort(), generator.name).toEqual([...generator.aliases].sort());
      for (const variant of generator.variants ?? []) expect(codes(variants), generator.name).toContain(variant);
    }
  });
});

describe('docs/solvers.md', () => {
  const rows = tableRows(read('docs/solvers.md'), 'Name');

  it('has one row per registered solver with true aliases and its shortest and loops claims', () => {
    expect(rows.map((r) => codes(r[0])[0])).toEqual(SOLVERS.map((s) => s.name));
    for (const [name, aliases, shortest, loops] of rows) {
      const solver = resolveSolver(codes(name)[0]);
      for (const alias of codes(aliases)) expect(resolveSolver(alias).name, alias).toBe(solver.name);
      expect(shortest.replace(/\*/g, ''), `${solver.name} shortest`).toBe(solver.shortest ? 'yes' : 'no');
      expect(loops.replace(/\*/g, ''), `${solver.name} loops`).toBe(solver.handlesLoops ? 'yes' : 'no');
    }
  });
});

describe('docs/analysis.md', () => {
  const doc = read('docs/analysis.md');

  it('its example gives the figures it shows', () => {
    const { maze, entry, exit } = generateMaze({ width: 20, height: 15, seed: 42 });
    const a = analyze(maze, entry, exit);
    expect(doc).toContain(`a.deadEnds;           // ${a.deadEnds}`);
    expect(doc).toContain(`a.solution.length;    // ${a.solution!.length} moves`);
  });

  it('its dead-end table is what bench/dead-ends.js prints today, for every generator', () => {
    assertBuiltDist();
    const printed = execFileSync(process.execPath, [join(REPO, 'packages/mazegen/bench/dead-ends.js')], { encoding: 'utf8' });
    const fresh = printed.split('\n').filter((l) => /^\| [A-Z]/.test(l) && !l.startsWith('| Generator'));
    expect(fresh.length).toBeGreaterThanOrEqual(GENERATORS.length);
    // The measured columns (mean, sd, min - max) must match; the Pullen column is the doc's prose.
    const measured = (row: string) => row.split(' | ').slice(0, 4).join(' | ');
    const documented = tableRows(doc, 'Generator').map((cells) => `| ${cells.slice(0, 4).join(' | ')}`);
    expect(documented).toEqual(fresh.map(measured));
  });
});

describe('README.md (repository root)', () => {
  const readme = read('README.md');

  it('its library example runs against the built library and validates', () => {
    assertBuiltDist();
    const block = /```js\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## The library')));
    expect(block).not.toBeNull();
    const source = block![1].replace(/from 'mazegen'/g, `from '${pathToFileURL(DIST).href}'`);
    expect(source).not.toBe(block![1]);
    const file = join(work, 'root-readme.mjs');
    writeFileSync(file, source);
    const lines = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^[NESW]+$/);
    expect(lines.at(-1)).toBe('[]');
  });

  it('names every generator and solver of the registry, and counts them right', () => {
    for (const algorithm of [...GENERATORS, ...SOLVERS]) expect(readme, algorithm.name).toContain(`\`${algorithm.name}\``);
    expect(readme).toContain(`${GENERATORS.length} generators and ${SOLVERS.length} solvers`);
  });
});
