#!/usr/bin/env node
// Grid benchmarks: DFS, Kruskal and Wilson generation and BFS and A* solving on the square
// (its own kernels), hex, triangle and polar grids (the generic kernels), at 10^6 cells
// (and 10^7 with --large), each job in a child process, after a warm-up on a grid of 1/16 its cells
// and 2^17 at least (V8 compiles the kernels there, the WebAssembly ones too: they run from
// WASM_MIN_CELLS = 2^16 on), so that its peak memory (maxRSS after its first run,
// minus an idle child's) belongs to it alone. Run `npm run build` first.
//
//   node packages/mazegen/bench/grids.js [--large] [--runs N] [--only square,hex,...] [--jobs DFS,Kruskal,...] [--dist DIR]
//
// Times are the child's CPU time (user + system) of each run, which a busy machine
// disturbs less than the wall clock; --dist DIR times another build (a copy of dist). Each
// generation run has a seed of its own (bench-0, bench-1, ...): a random walk's hitting
// time has a heavy tail, so one seed's Wilson figure says little about the next.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? resolve(process.argv[distArg + 1], 'index.js') : join(here, '../dist/index.js');
const SEED = 'bench';

/** The grid spec of about `cells` cells. */
function specFor(M, grid, cells) {
  if (grid === 'polar') {
    // The most rings with at most `cells` cells, by bisection (a topology per guess).
    let lo = 1;
    let hi = 2;
    while (new M.PolarTopology(6, hi).size <= cells) hi *= 2;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (new M.PolarTopology(6, mid).size <= cells) lo = mid;
      else hi = mid;
    }
    return { grid, width: 6, height: lo };
  }
  const side = Math.round(Math.sqrt(cells));
  return { grid, width: side, height: side };
}

if (process.argv[2] === '--child') {
  const job = JSON.parse(process.argv[3]);
  const M = await import(job.dist);
  // CPU milliseconds this process has used (user + system).
  const cpuNow = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const square = job.grid === 'square';
  const make = (generator, seed = SEED, spec = jobSpec, topology = jobTopology) => {
    const g = M.resolveGenerator(generator);
    if (square) {
      const maze = new M.Maze(spec.width, spec.height);
      const t = cpuNow();
      g.generate(maze, M.createRng(seed, 'generate'), { start: 0, difficulty: 5 });
      return [cpuNow() - t, M.GridMaze.fromMaze(maze), maze];
    }
    const maze = new M.GridMaze(topology);
    const t = cpuNow();
    g.generate(maze, M.createRng(seed, 'generate'), { start: 0, difficulty: 5 });
    return [cpuNow() - t, maze, undefined];
  };
  // A warm-up on a grid of 1/16 the cells first, as bench.js does: V8 compiles the kernels there, not inside the first measured runs
  // (2^17 cells at least: the WebAssembly kernels run from 2^16 on).
  const smallSpec = specFor(M, job.grid, Math.max(job.cells / 16, 2 ** 17));
  const [, smallMaze, smallSquare] = make(job.kind === 'generate' ? job.name : 'DFS', SEED, smallSpec, M.createTopology(smallSpec));
  if (job.kind !== 'generate') {
    const small = smallMaze.topology.size;
    if (square) M.resolveSolver(job.name).solve(smallSquare, 0, small - 1);
    else M.resolveSolver(job.name).solve(smallMaze, 0, small - 1);
  }
  const jobSpec = specFor(M, job.grid, job.cells);
  const base = process.resourceUsage().maxRSS;
  const jobTopology = M.createTopology(jobSpec);
  const size = jobTopology.size;
  const times = [];
  // The peak after the first run: later runs add only garbage not yet collected, which is not the job's need.
  let rss = 0;
  const firstPeak = () => {
    if (times.length === 1) rss = (process.resourceUsage().maxRSS - base) * 1024;
  };
  if (job.kind === 'generate') {
    // A seed per run: a walk's hitting time has a heavy tail, so one seed's Wilson says little (the median of several does).
    for (let i = 0; i < job.runs; i++) {
      times.push(make(job.name, `${SEED}-${i}`)[0]);
      firstPeak();
    }
  } else {
    const [, maze, squareMaze] = make('DFS');
    const solver = M.resolveSolver(job.name);
    for (let i = 0; i < job.runs; i++) {
      const t = cpuNow();
      const r = square ? solver.solve(squareMaze, 0, size - 1) : solver.solve(maze, 0, size - 1);
      times.push(cpuNow() - t);
      firstPeak();
      if (!r.path) throw new Error('no path');
    }
  }
  process.stdout.write(JSON.stringify({ times, size, rss }) + '\n');
  process.exit(0);
}

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(
    'node packages/mazegen/bench/grids.js [--large] [--runs N] [--only square,hex,triangle,polar] [--jobs DFS,Kruskal,Wilson,BFS,AStar] [--dist DIR]',
  );
  process.exit(0);
}
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', 3));
const sizes = args.includes('--large') ? [1e6, 1e7] : [1e6];
const grids = option('--only', 'square,hex,triangle,polar').split(',');
const JOBS = [
  ['generate', 'DFS'],
  ['generate', 'Kruskal'],
  ['generate', 'Wilson'],
  ['solve', 'BFS'],
  ['solve', 'AStar'],
];
const jobs = option('--jobs', JOBS.map(([, name]) => name).join(',')).split(',');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `# grid bench\n\n${cpus().length} CPUs (${cpus()[0]?.model}), Node ${process.version}, load ${loadavg()[0].toFixed(1)}; build ${dist}; medians of ${runs} runs of CPU time; Mc/s = million cells per second; x square = this grid's rate over the square grid's.\n`,
);
console.log('| grid | cells | job | ms | Mc/s | x square | peak bytes/cell |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const cells of sizes) {
  for (const [kind, name] of JOBS.filter(([, name]) => jobs.includes(name))) {
    let squareRate;
    for (const grid of grids) {
      const r = spawnSync(
        process.execPath,
        ['--max-old-space-size=8192', fileURLToPath(import.meta.url), '--child', JSON.stringify({ kind, name, grid, cells, runs, dist })],
        { encoding: 'utf8', timeout: 900_000 },
      );
      if (r.status !== 0) {
        console.log(`| ${grid} | ${cells} | ${kind} ${name} | failed: ${(r.stderr || String(r.error)).split('\n')[0]} | | | |`);
        continue;
      }
      const { times, size, rss } = JSON.parse(r.stdout.trim().split('\n').pop());
      const ms = median(times);
      const rate = size / ms / 1e3;
      if (grid === 'square') squareRate = rate;
      const ratio = squareRate ? (rate / squareRate).toFixed(2) : '-';
      console.log(
        `| ${grid} | ${size} | ${kind === 'generate' ? 'generate' : 'solve'} ${name} | ${ms.toFixed(0)} | ${rate.toFixed(1)} | ${ratio} | ${(rss / size).toFixed(2)} |`,
      );
    }
  }
}
