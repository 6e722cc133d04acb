// The difficulty score's distribution per generator, perfect and braided, measured to
// calibrate LEVEL's bands (src/levels.ts holds the quartiles this prints).
// Usage (after `npm run build`): node packages/mazegen/bench/level-bands.js [seeds]
// Default 40 seeds (1..40) at 10x10, 20x15, 30x30 and 50x50, the default ends ((0,0)
// and the far corner) and the 42 where it fits. Seeded, so every run prints the same
// table; docs/analysis.md holds it.
import { GENERATORS, generateMaze, measureDifficulty } from '../dist/index.js';

const seeds = Number(process.argv[2] ?? 40);
const SIZES = [
  [10, 10],
  [20, 15],
  [30, 30],
  [50, 50],
];

function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}

console.log('| Scores of | PERFECT | n | min | 25% | median | 75% | max |');
console.log('|---|---|---|---|---|---|---|---|');
const bands = [];
for (const g of GENERATORS) {
  for (const perfect of [true, false]) {
    const scores = [];
    for (const [width, height] of SIZES) {
      for (let seed = 1; seed <= seeds; seed++) {
        const { maze, entry, exit } = generateMaze({ width, height, seed, generator: g.name, perfect });
        scores.push(measureDifficulty(maze, entry.y * width + entry.x, exit.y * width + exit.x).score);
      }
    }
    scores.sort((a, b) => a - b);
    const q = [0.25, 0.5, 0.75].map((p) => Math.round(10 * quantile(scores, p)) / 10);
    bands.push(`  '${g.name}/${perfect ? 'perfect' : 'braided'}': [${q.join(', ')}],`);
    const shown = [scores[0], ...q, scores.at(-1)].map((x) => x.toFixed(1));
    console.log(`| ${g.name} | ${perfect ? 'True' : 'False'} | ${scores.length} | ${shown.join(' | ')} |`);
  }
}
console.log('\nQuartiles for src/levels.ts:');
console.log(bands.join('\n'));
