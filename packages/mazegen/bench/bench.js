#!/usr/bin/env node
// Benchmarks for mazegen and the a-maze-ing CLI, on the built dist (run `npm run build` first;
// `npm run bench` does). Every figure is a median of several seeded runs after a warm-up, each
// measured in a child process so that its peak memory (maxRSS) belongs to that run alone.
//
//   node packages/mazegen/bench/bench.js [--quick] [--giant] [--runs N] [--only NAME,...]
//        [--c-ref path/to/mazeref.c | MAZEREF=path/to/binary] [--markdown FILE] [--limit SECONDS]
//        [--cli-only] [--cli-runs N] [--clock cpu|wall] [--warm-runs N] [--processes N]
//
// --giant adds rows at 10^8 cells (10000x10000) and the CLI end to end at that size (long: about
// 10 minutes; the default, 10^6 and 9 x 10^6 cells, takes a few).
// Every generator row is also a multiple of the C reference's DFS generation rate, C run right
// after that row at the same size; every row names the CPU and the load average.
// --cli-only runs just the CLI end to end (with the C reference), --cli-runs N times per row.
// --warm-runs N adds N unmeasured runs at the row's own size to each generator row's warm-up:
// at 10^6 cells a run takes a few ms, and V8 keeps compiling (on a thread of its own, which
// the CPU clock counts) through a process's first ten or so, so the default rows read that too.
// --processes N (default 3, 1 with --quick) runs each generator row of up to 10^7 cells in N
// child processes (the row's runs in each), each followed by as many C runs, all pooled: on these shared VMs a whole
// process at times runs 1.4-1.8x slower than the next (the same code, JavaScript or
// WebAssembly), and C's runs are a process each, so ours are sampled across processes too.
// The C reference is compiled (gcc -O2) into a temp dir from --c-ref, or taken from MAZEREF;
// without either its rows are skipped. Ours and C's runs are interleaved and compared as
// ratios of medians, since the machine is shared and its speed drifts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const dist = join(here, '../dist/index.js');
// The subpath of the building blocks (encodeHexRows, normalizeName): mazegen/internal.
const internalDist = join(here, '../dist/entries/internal.js');
const I = await import(internalDist);
const cliBin = join(root, 'packages/cli/bin/a-maze-ing.js');
const SEED = 'bench';

// ---------------------------------------------------------------- child: one measured job
if (process.argv[2] === '--child') {
  const job = JSON.parse(process.argv[3]);
  const M = await import(dist);
  process.stdout.write(JSON.stringify(await runJob(M, job)) + '\n');
  process.exit(0);
}

/** Runs one job in this (child) process and returns its timings and peak memory. */
async function runJob(M, job) {
  const { kind, name, width, height, runs, warmup, warmFull = 0 } = job;
  const cells = width * height;
  const baseRss = process.memoryUsage().rss;
  const fresh = (w, h, generator = 'DFS') => {
    const maze = new M.Maze(w, h);
    M.placePattern(maze);
    M.resolveGenerator(generator).generate(maze, M.createRng(SEED, 'generate'), { start: 0, difficulty: 5 });
    return maze;
  };
  const times = [];
  if (kind === 'generate') {
    const generator = M.resolveGenerator(name);
    const once = (w, h) => {
      const maze = new M.Maze(w, h);
      M.placePattern(maze);
      const cpu = cpuMs();
      const t = performance.now();
      generator.generate(maze, M.createRng(SEED, 'generate'), { start: 0, difficulty: 5 });
      return [performance.now() - t, maze, cpuMs() - cpu];
    };
    for (let i = 0; i < warmup; i++) once(Math.min(width, 300), Math.min(height, 300));
    for (let i = 0; i < warmFull; i++) once(width, height);
    let last;
    const cpuTimes = [];
    for (let i = 0; i < runs; i++) {
      const [ms, maze, cpu] = once(width, height);
      times.push(ms);
      cpuTimes.push(cpu);
      last = maze;
    }
    // Write phase: the hex rows, encoded in chunks of rows as a streaming writer would.
    const writes = [];
    for (let i = 0; last && i < runs; i++) {
      const t = performance.now();
      const rowsPerChunk = Math.max(1, Math.floor((1 << 22) / (width + 1)));
      for (let y = 0; y < height; y += rowsPerChunk) I.encodeHexRows(last, y, Math.min(height, y + rowsPerChunk));
      writes.push(performance.now() - t);
    }
    return { times, cpuTimes, writes, maxRss: maxRssBytes(), baseRss, cells };
  }
  if (kind === 'solve') {
    const solver = M.resolveSolver(name);
    const maze = fresh(width, height, job.on ?? 'DFS');
    const small = fresh(Math.min(width, 300), Math.min(height, 300), job.on ?? 'DFS');
    const afterMaze = process.memoryUsage().rss;
    for (let i = 0; i < warmup; i++) solver.solve(small, 0, small.size - 1);
    let visited = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const result = solver.solve(maze, 0, cells - 1);
      times.push(performance.now() - t);
      visited = result.visited;
    }
    return { times, maxRss: maxRssBytes(), baseRss, afterMaze, cells, visited };
  }
  if (kind === 'pipeline') {
    // What the C reference does: DFS or Kruskal, BFS from (0,0) to (W-1,H-1), hex rows to a file.
    const { writeSync, openSync, closeSync } = await import('node:fs');
    const t0 = performance.now();
    const maze = new M.Maze(width, height);
    M.resolveGenerator(name).generate(maze, M.createRng(SEED, 'generate'), { start: 0, difficulty: 5 });
    const t1 = performance.now();
    const result = M.resolveSolver('BFS').solve(maze, 0, cells - 1);
    const t2 = performance.now();
    const fd = openSync(job.out, 'w');
    const rowsPerChunk = Math.max(1, Math.floor((1 << 22) / (width + 1)));
    for (let y = 0; y < height; y += rowsPerChunk) writeSync(fd, I.encodeHexRows(maze, y, Math.min(height, y + rowsPerChunk)));
    closeSync(fd);
    const t3 = performance.now();
    return { gen: t1 - t0, solve: t2 - t1, write: t3 - t2, pathLength: result.path.length, maxRss: maxRssBytes(), cells };
  }
  throw new Error(`unknown job ${kind}`);
}

/** CPU time of this process (all its threads: V8's compiler and GC work for the run too), in ms. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function maxRssBytes() {
  return process.resourceUsage().maxRSS * 1024;
}

// ---------------------------------------------------------------- parent: plan, run, print
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const quick = flag('--quick');
const giant = flag('--giant');
const cliOnly = flag('--cli-only');
const runsSmall = Number(option('--runs', quick ? 3 : 5));
const runsLarge = quick ? 1 : 3;
const only = option('--only', '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const limitSeconds = Number(option('--limit', 600));
const markdownFile = option('--markdown', '');
const warmRuns = Number(option('--warm-runs', 0));
const processes = Math.max(1, Number(option('--processes', quick ? 1 : 3)));
/** The clock of the generator rows: CPU time unless --clock wall (or only a MAZEREF binary, whose clock is wall). */
let clock = option('--clock', 'cpu') === 'wall' ? 'wall' : 'cpu';

if (!existsSync(dist)) {
  console.error(`bench: ${dist} is missing; run 'npm run build' first (npm run bench does)`);
  process.exit(1);
}
const M = await import(dist);
const wanted = (name) => only.length === 0 || only.includes(name.toLowerCase());

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const mcps = (cells, ms) => (ms > 0 ? cells / ms / 1e3 : NaN); // million cells per second
const fmt = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

function child(job, timeoutSeconds = limitSeconds) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=8192', fileURLToPath(import.meta.url), '--child', JSON.stringify(job)], {
    encoding: 'utf8',
    timeout: timeoutSeconds * 1000,
    maxBuffer: 1 << 20,
  });
  if (r.error || r.status !== 0)
    return { error: r.error?.code === 'ETIMEDOUT' ? `> ${timeoutSeconds} s` : (r.stderr || String(r.error)).split('\n')[0] };
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const baseline = child({ kind: 'generate', name: 'DFS', width: 1, height: 1, runs: 0, warmup: 0 });
const baseRss = baseline.maxRss ?? 0;
const perCell = (result) => (result.maxRss - baseRss) / result.cells;

const lines = [];
const out = (line = '') => {
  console.log(line);
  lines.push(line);
};

const cpuModel = cpus()[0]?.model ?? 'unknown CPU';
/** The CPU's family as the tables name it: 'AMD EPYC', 'Intel Xeon', else the model text. */
const cpuShort = /epyc/i.test(cpuModel)
  ? 'AMD EPYC'
  : /xeon/i.test(cpuModel)
    ? 'Intel Xeon'
    : cpuModel
        .replace(/\((R|TM)\)/g, '')
        .replace(/\s+/g, ' ')
        .trim();
const loadAverage = () => fmt(loadavg()[0], 1);
out(`# mazegen bench`);
out();
out(
  `Machine: ${cpus().length} CPUs (${cpuModel}), ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${process.platform}/${process.arch}.`,
);
out(
  `Seed '${SEED}'; medians of ${runsSmall} runs at 1000x1000 and ${runsLarge} at 3000x3000 (1 at 10^8), each after a warm-up${warmRuns ? ` (generators: one run at 300x300 and ${warmRuns} at the row's size)` : ''}${processes > 1 ? `; each generator row in ${processes} child processes, each followed by as many C runs, pooled` : ''}; Mc/s = million cells per second.`,
);
out(`Peak memory: the child process's maxRSS minus an idle child's (${fmt(baseRss / 2 ** 20, 0)} MB), per cell.`);
out();

// ---------------------------------------------------------------- the C reference
const tmp = mkdtempSync(join(tmpdir(), 'mazegen-bench-'));
let cRef = process.env.MAZEREF && existsSync(process.env.MAZEREF) ? process.env.MAZEREF : '';
/** The C reference timed by CPU time (built only from --c-ref's source). */
let cRefCpu = '';
const cSource = option('--c-ref', '');
if (!cRef && cSource) {
  const binary = join(tmp, 'mazeref');
  const cc = spawnSync('gcc', ['-O2', '-o', binary, cSource], { encoding: 'utf8' });
  if (cc.status === 0) cRef = binary;
  else out(`(could not compile ${cSource} with gcc -O2: ${(cc.stderr || String(cc.error)).split('\n')[0]})`);
  // The same program timed by its CPU clock, for the CPU-time ratios (a temp copy, never kept).
  const cpuSource = join(tmp, 'mazeref-cpu.c');
  writeFileSync(cpuSource, readFileSync(cSource, 'utf8').replaceAll('CLOCK_MONOTONIC', 'CLOCK_PROCESS_CPUTIME_ID'));
  const cpuBinary = join(tmp, 'mazeref-cpu');
  if (cRef && spawnSync('gcc', ['-O2', '-o', cpuBinary, cpuSource]).status === 0) cRefCpu = cpuBinary;
}
// A MAZEREF binary alone times by the wall clock, so the ratios must too.
if (cRef && !cRefCpu) clock = 'wall';

function runC(algo, w, h, write = true, binary = cRef) {
  const r = spawnSync(binary, [algo, String(w), String(h), '1', ...(write ? ['-o', join(tmp, 'ref.hex')] : [])], {
    encoding: 'utf8',
    timeout: limitSeconds * 1000,
  });
  if (r.status !== 0) return undefined;
  const fields = Object.fromEntries(
    r.stdout
      .trim()
      .split(/\s+/)
      .map((kv) => kv.split('=')),
  );
  return { gen: Number(fields.gen_s) * 1000, solve: Number(fields.solve_s) * 1000, write: Number(fields.write_s) * 1000 };
}

const sizes = [
  [1000, 1000, runsSmall],
  [3000, 3000, runsLarge],
];
if (giant) sizes.push([10000, 10000, 1]);
/** Cover-time generators: one run at 3000x3000, none larger unless asked by --only. */
const slow = new Set(['wilson', 'aldousbroder']);

if (!cliOnly) {
  out(`## Generators (generate, and write = hex rows encoded in 4 MB chunks)`);
  out();
  out(
    `x C DFS = our generation rate over the C reference's DFS generation rate at the same size, C run ${cRef ? 'right after each row, as many times' : 'not given (--c-ref), so -'}; both by ${clock === 'cpu' ? 'CPU time (process.cpuUsage; C by CLOCK_PROCESS_CPUTIME_ID), which a shared machine disturbs far less than wall time' : 'wall time'} (--clock cpu|wall). Mc/s columns by the same clock.`,
  );
  out(`CPU: ${cpuModel}; load average at the start of each row.`);
  out();
  out(`| generator | size | generate Mc/s | x C DFS | C DFS Mc/s | write Mc/s | peak B/cell | CPU | load |`);
  out(`|---|---|---:|---:|---:|---:|---:|---|---:|`);
  for (const g of M.GENERATORS) {
    if (!wanted(g.name)) continue;
    for (const [w, h, runs] of sizes) {
      const isSlow = slow.has(I.normalizeName(g.name));
      if (isSlow && w * h > 1e7 && !only.length) {
        out(`| ${g.name} | ${w}x${h} | skipped (cover time; --only ${g.name} --giant runs it) | | | | | | |`);
        continue;
      }
      const load = loadAverage();
      const rowRuns = isSlow && w > 1000 ? 1 : runs;
      // Our runs and C's interleaved, a child process at a time (--processes), pooled into medians.
      const rowProcesses = rowRuns > 1 && w * h <= 1e7 ? processes : 1;
      const ours = { cpuTimes: [], times: [], writes: [], maxRss: 0, cells: w * h };
      const cTimes = [];
      let error = '';
      for (let p = 0; p < rowProcesses && !error; p++) {
        const r = child({ kind: 'generate', name: g.name, width: w, height: h, runs: rowRuns, warmup: 1, warmFull: warmRuns });
        if (r.error) error = r.error;
        else {
          ours.cpuTimes.push(...r.cpuTimes);
          ours.times.push(...r.times);
          ours.writes.push(...r.writes);
          ours.maxRss = Math.max(ours.maxRss, r.maxRss);
        }
        if (cRef && !error) cTimes.push(...cDfsTimes(w, h, rowRuns));
      }
      if (error) {
        out(`| ${g.name} | ${w}x${h} | ${error} | | | | | | |`);
        continue;
      }
      const r = ours;
      const rate = mcps(r.cells, median(clock === 'cpu' ? r.cpuTimes : r.times));
      const cRate = cTimes.length ? mcps(w * h, median(cTimes)) : NaN;
      out(
        `| ${g.name} | ${w}x${h} | ${fmt(rate)} | ${fmt(rate / cRate, 2)} | ${fmt(cRate)} | ${fmt(mcps(r.cells, median(r.writes)), 0)} | ${fmt(perCell(r))} | ${cpuShort} | ${load} |`,
      );
    }
  }
  out();
  out(`## Solvers (on a DFS maze, from (0,0) to the opposite corner)`);
  out();
  out(`| solver | size | solve Mc/s | cells visited | peak B/cell (maze included) |`);
  out(`|---|---|---:|---:|---:|`);
  for (const s of M.SOLVERS) {
    if (!wanted(s.name)) continue;
    for (const [w, h, runs] of sizes) {
      const r = child({ kind: 'solve', name: s.name, width: w, height: h, runs, warmup: 1 });
      if (r.error) {
        out(`| ${s.name} | ${w}x${h} | ${r.error} | | |`);
        continue;
      }
      out(`| ${s.name} | ${w}x${h} | ${fmt(mcps(r.cells, median(r.times)))} | ${r.visited} | ${fmt(perCell(r))} |`);
    }
  }
  out();
}

/** The C reference's DFS generation rate (Mc/s, median of `runs`) at w x h, measured now, by `clock`. */
/** The C reference's DFS generation times (ms), `runs` runs at w x h. */
function cDfsTimes(w, h, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const c = runC('dfs', w, h, false, clock === 'cpu' ? cRefCpu : cRef); // generation only: no file
    if (c) times.push(c.gen);
  }
  return times;
}

/** Wall time and peak RSS of a whole process, via /usr/bin/time when it is there. */
function timedProcess(command, commandArgs) {
  const haveTime = existsSync('/usr/bin/time');
  const t = performance.now();
  const r = haveTime
    ? spawnSync('/usr/bin/time', ['-f', '%e %M', command, ...commandArgs], { encoding: 'utf8', timeout: limitSeconds * 1000 })
    : spawnSync(command, commandArgs, { encoding: 'utf8', timeout: limitSeconds * 1000 });
  const wall = performance.now() - t;
  if (r.status !== 0) return { error: (r.stderr || String(r.error)).trim().split('\n').slice(-2).join(' ') };
  let rss = NaN;
  if (haveTime) {
    const last = r.stderr.trim().split('\n').pop().split(' ');
    rss = Number(last[1]) * 1024;
  }
  return { wall, rss };
}

if (!cliOnly) {
  const pipelineSizes = [
    [1000, 1000, runsSmall],
    [3000, 3000, runsLarge],
  ];
  if (giant) pipelineSizes.push([10000, 10000, quick ? 1 : 3]);
  out(`## Against the C reference (same work: generate, BFS corner to corner, write hex; interleaved runs)`);
  out();
  if (!cRef) {
    out(`C reference not given: pass --c-ref path/to/mazeref.c (compiled with gcc -O2) or MAZEREF=path/to/binary. Rows skipped.`);
  } else {
    out(`| algorithm | size | phase | ours ms | C ms | ours / C | CPU | load |`);
    out(`|---|---|---|---:|---:|---:|---|---:|`);
    for (const algo of ['DFS', 'Kruskal']) {
      if (!wanted(algo)) continue;
      for (const [w, h, runs] of pipelineSizes) {
        const ours = { gen: [], solve: [], write: [] };
        const theirs = { gen: [], solve: [], write: [] };
        let failed = '';
        const load = loadAverage();
        for (let i = 0; i < runs; i++) {
          const r = child({ kind: 'pipeline', name: algo, width: w, height: h, out: join(tmp, 'ours.hex') });
          if (r.error) {
            failed = r.error;
            break;
          }
          const c = runC(algo.toLowerCase(), w, h);
          if (!c) {
            failed = 'C reference failed';
            break;
          }
          for (const k of ['gen', 'solve', 'write']) {
            ours[k].push(r[k]);
            theirs[k].push(c[k]);
          }
        }
        if (failed) {
          out(`| ${algo} | ${w}x${h} | ${failed} | | | | | |`);
          continue;
        }
        for (const k of ['gen', 'solve', 'write']) {
          const a = median(ours[k]);
          const b = median(theirs[k]);
          out(`| ${algo} | ${w}x${h} | ${k} | ${fmt(a, 0)} | ${fmt(b, 0)} | ${fmt(a / b, 2)} | ${cpuShort} | ${load} |`);
        }
      }
    }
  }
  out();
}

// ---------------------------------------------------------------- the whole CLI run
out(`## The CLI end to end (parse, generate, solve, write; --no-display, stdout piped)`);
out();
out(`| run | size | wall ms (median) | peak RSS | bytes/cell | C whole process ms | ours / C | CPU | load |`);
out(`|---|---|---:|---:|---:|---:|---:|---|---:|`);
const cliRuns = Number(option('--cli-runs', 0));
const cliSizes = [[1000, 1000, cliRuns || runsSmall]];
if (giant) cliSizes.push([10000, 10000, cliRuns || (quick ? 2 : 3)]);
for (const [w, h, runs] of cliSizes) {
  for (const solver of ['BFS', 'AStar']) {
    const config = join(tmp, `bench-${w}x${h}.txt`);
    writeFileSync(
      config,
      `WIDTH=${w}\nHEIGHT=${h}\nENTRY=0,0\nEXIT=${w - 1},${h - 1}\nOUTPUT_FILE=${join(tmp, 'cli.hex')}\nPERFECT=True\nSEED=1\nGENERATOR=DFS\nSOLVER=${solver}\n`,
    );
    const ours = [];
    const theirs = [];
    let rss = 0;
    let failed = '';
    const load = loadAverage();
    for (let i = 0; i < runs; i++) {
      const r = timedProcess(process.execPath, [cliBin, config, '--no-display', '--quiet']);
      if (r.error) {
        failed = r.error;
        break;
      }
      ours.push(r.wall);
      rss = Math.max(rss, r.rss);
      if (cRef) {
        const c = timedProcess(cRef, ['dfs', String(w), String(h), '1', '-o', join(tmp, 'ref.hex')]);
        if (!c.error) theirs.push(c.wall);
      }
    }
    if (failed) {
      out(`| DFS + ${solver} | ${w}x${h} | ${failed} | | | | | | |`);
      continue;
    }
    const a = median(ours);
    const b = theirs.length ? median(theirs) : NaN;
    out(
      `| DFS + ${solver} | ${w}x${h} | ${fmt(a, 0)} | ${fmt(rss / 2 ** 20, 0)} MB | ${fmt(rss / (w * h), 2)} | ${fmt(b, 0)} | ${fmt(a / b, 2)} | ${cpuShort} | ${load} |`,
    );
  }
}
out();
rmSync(tmp, { recursive: true, force: true });
if (markdownFile) writeFileSync(markdownFile, lines.join('\n') + '\n');
