// Mean dead-end share per generator, next to Walter Pullen's published figures.
// Usage (after `npm run build`): node packages/mazegen/bench/dead-ends.js [size] [seeds]
// Defaults: 100x100 cells, 20 seeds (1..20), PATTERN=none, PERFECT=True. Seeded, so
// every run prints the same table; it is pasted into docs/analysis.md.
import { GENERATORS, analyze, generateMaze } from '../dist/index.js';

const size = Number(process.argv[2] ?? 100);
const seeds = Number(process.argv[3] ?? 20);

// Walter Pullen, "Think Labyrinth: Maze Algorithms", dead end column (% of cells).
const PULLEN = {
  DFS: '10% (Recursive Backtracker)',
  Kruskal: '30%',
  Prim: "36% (his 'modified' Prim: random frontier cell)",
  TruePrim: "30% (his 'true' Prim: random weights)",
  Wilson: '29%',
  AldousBroder: '29%',
  Eller: '28%',
  GrowingTree: 'depends on the pick',
  HuntAndKill: '11%',
  BinaryTree: '25%',
  Sidewinder: '27%',
  RecursiveDivision: '23%',
};

// Growing Tree is measured for each pick; the others once with their default variant.
const VARIANTS = { GrowingTree: ['newest', 'random', 'oldest', 'mix'] };

function measure(generator, variant) {
  const shares = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const { maze } = generateMaze({ width: size, height: size, seed, generator, variant, perfect: true, pattern: 'none' });
    shares.push(analyze(maze).deadEndShare);
  }
  const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
  const sd = Math.sqrt(shares.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, shares.length - 1));
  return { mean, sd, min: Math.min(...shares), max: Math.max(...shares) };
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
console.log(`Dead ends as a share of cells, ${size}x${size}, seeds 1..${seeds}, PATTERN=none, PERFECT=True`);
console.log('');
console.log('| Generator | Measured mean | sd | min - max | Pullen |');
console.log('|---|---|---|---|---|');
for (const generator of GENERATORS) {
  for (const variant of VARIANTS[generator.name] ?? [undefined]) {
    const m = measure(generator.name, variant);
    const label = variant ? `${generator.name} (${variant})` : generator.name;
    console.log(`| ${label} | ${pct(m.mean)} | ${pct(m.sd)} | ${pct(m.min)} - ${pct(m.max)} | ${PULLEN[generator.name] ?? 'not listed'} |`);
  }
}
