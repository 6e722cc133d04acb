#!/usr/bin/env node
// What the optional step reporter costs a plain run (issue 3: "the plain run is as fast
// with the reporter absent as before"). Three builds of every generator and solver run
// the same seeded work, interleaved, on the built dist (`npm run build` first):
//
//   plain     the library as shipped, called without a reporter;
//   before    a copy of dist with the reporter compiled out (`if (onStep)` becomes
//             `if (undefined)`): the algorithms as they would be with no reporter code;
//   no-op     the library as shipped, called with a reporter that does nothing (what an
//             animation pays before it draws anything).
//
//   node packages/mazegen/bench/step-cost.js [--size N] [--runs N] [--only NAME,...] [--dist DIR]
//
// Defaults: 1000x1000 (500x500 for the cover-time generators Wilson and Aldous-Broder),
// 7 runs; medians, and the ratio of the fastest runs too (the steadier figure on a shared
// machine). "plain / before" near 1.00 means the reporter costs nothing unused.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const dist = resolve(option('--dist', join(here, '../dist')));
const size = Number(option('--size', 1000));
const runs = Number(option('--runs', 7));
const only = option('--only', '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const SEED = 'step-cost';

/** A copy of dist with the reporter tests compiled out; returns its directory. */
function strippedCopy() {
  const copy = mkdtempSync(join(tmpdir(), 'mazegen-before-'));
  cpSync(dist, copy, { recursive: true });
  let replaced = 0;
  const strip = (file) => {
    const text = readFileSync(file, 'utf8');
    // Outside a declaration, `onStep` (a reporter given) becomes undefined and `!onStep` true;
    // the calls stay, unreachable, so the JIT drops them with their tests.
    const declaration = /^\s*(export\s+)?(function\s+)?\w+\s*\([^)]*\bonStep\b[^)]*\)\s*(:[^{]*)?\{\s*$/;
    const out = text
      .split('\n')
      .map((line) => {
        if (declaration.test(line)) return line;
        return line
          .replace(/!onStep\b(?!\s*\()/g, () => (replaced++, 'true'))
          .replace(/\bonStep\b(?!\s*\()/g, () => (replaced++, 'undefined'));
      })
      .join('\n');
    // What is left must be declarations and calls.
    const left = out.split('\n').filter((line) => !declaration.test(line) && /\bonStep\b(?!\s*\()/.test(line));
    if (left.length > 0) throw new Error(`step-cost: a use of onStep the bench cannot strip in ${file}: ${left[0].trim()}`);
    writeFileSync(file, out);
  };
  for (const sub of ['generators', 'solvers']) {
    for (const name of readdirSync(join(copy, sub))) if (name.endsWith('.js')) strip(join(copy, sub, name));
  }
  if (replaced < 50) throw new Error(`step-cost: only ${replaced} reporter tests found; has the code changed shape?`);
  return { copy, replaced };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

const { copy, replaced } = strippedCopy();
try {
  const plain = await import(pathToFileURL(join(dist, 'index.js')).href);
  const before = await import(pathToFileURL(join(copy, 'index.js')).href);
  const noop = () => {};
  const wanted = (name) => only.length === 0 || only.includes(name.toLowerCase());

  /** Times fn(M, reporter) for the three builds, interleaved in rotating order; returns medians in ms. */
  function measure(fn) {
    const builds = [
      ['plain', plain, undefined],
      ['before', before, undefined],
      ['noop', plain, noop],
    ];
    for (const [, M, reporter] of builds) fn(M, reporter); // warm-up
    const times = { plain: [], before: [], noop: [] };
    for (let i = 0; i < runs; i++) {
      for (let j = 0; j < builds.length; j++) {
        const [label, M, reporter] = builds[(i + j) % builds.length];
        const t = performance.now();
        fn(M, reporter);
        times[label].push(performance.now() - t);
      }
    }
    const min = (xs) => Math.min(...xs);
    return {
      plain: median(times.plain),
      before: median(times.before),
      noop: median(times.noop),
      plainMin: min(times.plain),
      beforeMin: min(times.before),
    };
  }

  const ratios = [];
  const row = (name, cells, m) =>
    ratios.push(m.plain / m.before) &&
    `| ${name} | ${cells} | ${m.plain.toFixed(1)} | ${m.before.toFixed(1)} | ${(m.plain / m.before).toFixed(2)} | ${(m.plainMin / m.beforeMin).toFixed(2)} | ${m.noop.toFixed(1)} |`;
  console.log(
    `# Step reporter cost (${cpus().length} CPUs, Node ${process.version}; ${replaced} reporter tests stripped for "before"; medians of ${runs})`,
  );
  console.log('');
  console.log('| algorithm | cells | plain ms | before ms | plain / before | of the fastest runs | no-op reporter ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const g of plain.GENERATORS) {
    if (!wanted(g.name)) continue;
    const side = g.name === 'Wilson' || g.name === 'AldousBroder' ? Math.min(size, 500) : size;
    const m = measure((M, reporter) => {
      const maze = new M.Maze(side, side);
      M.placePattern(maze);
      M.resolveGenerator(g.name).generate(maze, M.createRng(SEED, 'generate'), { start: 0, difficulty: 5 }, reporter);
    });
    console.log(row(`generator ${g.name}`, `${side}x${side}`, m));
  }
  // Solvers run on one Kruskal maze (many branches), corner to corner; each build solves the same maze.
  const maze = new plain.Maze(size, size);
  plain.placePattern(maze);
  plain.resolveGenerator('Kruskal').generate(maze, plain.createRng(SEED, 'generate'), { start: 0 });
  for (const s of plain.SOLVERS) {
    if (!wanted(s.name)) continue;
    const m = measure((M, reporter) => M.resolveSolver(s.name).solve(maze, 0, maze.size - 1, reporter));
    console.log(row(`solver ${s.name}`, `${size}x${size}`, m));
  }
  const logs = ratios.map(Math.log);
  const geomean = Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length);
  console.log('');
  console.log(
    `plain / before over ${ratios.length} rows: geometric mean ${geomean.toFixed(3)}, from ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}`,
  );
} finally {
  rmSync(copy, { recursive: true, force: true });
}
