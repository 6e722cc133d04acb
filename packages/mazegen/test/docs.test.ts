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
import { LEVEL_QUARTILES } from 'mazegen/internal';

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
    rows.push(
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
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

  it("its LEVEL table's quartiles are the bands src/levels.ts uses, a row for every generator", () => {
    const rows = tableRows(doc, 'Scores of');
    expect(rows).toHaveLength(2 * GENERATORS.length);
    for (const [name, perfect, , , q1, median, q3] of rows) {
      const key = `${name}/${perfect === 'True' ? 'perfect' : 'braided'}`;
      expect(LEVEL_QUARTILES[key], key).toEqual([Number(q1), Number(median), Number(q3)]);
    }
  });

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

  it('its generator table has a row for every registered generator and no other, with real variants', () => {
    const rows = tableRows(readme, 'Generator');
    const named = (cell: string) => codes(cell.replace(/\([^)]*\)/g, ''));
    expect(rows.flatMap((r) => named(r[0])).sort()).toEqual(GENERATORS.map((g) => g.name).sort());
    for (const [cell] of rows) {
      const listed = /\(([^)]*)\)/.exec(cell.replace(/`[^`]*`/g, ''))?.[1];
      if (listed === undefined || !/^[\w, /]+$/.test(listed) || !/[,/]/.test(listed)) continue;
      const variants = GENERATORS.filter((g) => named(cell).includes(g.name)).flatMap((g) => g.variants ?? []);
      for (const variant of listed.split(/[,/]/).map((v) => v.trim())) expect(variants, cell).toContain(variant);
    }
  });

  it("groups the solvers by the registry's shortest and loops flags", () => {
    const text = readme.slice(readme.indexOf('Solvers: '));
    const groups = text
      .slice(0, text.indexOf('The output file'))
      .split(/\([^)]*\)/)
      .map(codes);
    const [shortest, paths, perfectOnly] = groups;
    expect([...shortest, ...paths, ...perfectOnly].sort()).toEqual(SOLVERS.map((s) => s.name).sort());
    for (const name of shortest) expect(resolveSolver(name).shortest, name).toBe(true);
    for (const name of [...paths, ...perfectOnly]) expect(resolveSolver(name).shortest, name).toBe(false);
    for (const name of perfectOnly) expect(resolveSolver(name).handlesLoops, name).toBe(false);
    for (const name of [...shortest, ...paths]) expect(resolveSolver(name).handlesLoops, name).toBe(true);
  });

  it("its performance figures are BENCHMARKS.md's, rounded", () => {
    const benchmarks = read('BENCHMARKS.md');
    // Every number in BENCHMARKS.md, and each also read as milliseconds (its tables give ms).
    const measured = [...benchmarks.matchAll(/\d+(?:\.\d+)?/g)].flatMap((m) => [Number(m[0]), Number(m[0]) / 1000]);
    const section = readme.slice(readme.indexOf('## Performance'), readme.indexOf('## Layout'));
    const rows = tableRows(section, 'What');
    expect(rows.length).toBeGreaterThan(0);
    for (const [, ours, theirs] of rows) {
      for (const figure of `${ours} ${theirs}`.matchAll(/(\d+(?:\.\d+)?)(?: (?:s|GB|GiB|MiB|bytes\/cell)|x)\b/g)) {
        const decimals = figure[1].split('.')[1]?.length ?? 0;
        const found = measured.some((m) => m.toFixed(decimals) === figure[1]);
        expect(found, `${figure[0]} (README performance table) is not a BENCHMARKS.md figure`).toBe(true);
      }
    }
    // "the other generators run at LO-HI M cells/s except the random-walk samplers", from
    // the first generator table (the newest CPU's, by the bench's default clock).
    const range = /at\s+(\d+)-(\d+) M cells\/s except the random-walk samplers/.exec(section);
    expect(range).not.toBeNull();
    const rates = tableRows(benchmarks, 'generator')
      .filter((r) => r[0] !== 'Wilson' && r[0] !== 'AldousBroder')
      .map((r) => Number(r[2]));
    // A row each at 1000x1000 and 3000x3000 at least (10000x10000 with --giant).
    expect(rates.length).toBeGreaterThanOrEqual((GENERATORS.length - 2) * 2);
    expect(Math.floor(Math.min(...rates))).toBe(Number(range![1]));
    expect(Math.round(Math.max(...rates))).toBe(Number(range![2]));
  });
});
