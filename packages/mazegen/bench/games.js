// The game helpers on a 35x35 Pac-Man board (PERFECT=False): one distance field (a BFS
// from the target), the O(1) nextStep query, placements and a 35x35 difficulty measure.
// Usage (after `npm run build`): node packages/mazegen/bench/games.js [runs]   (default 200)
// Prints one markdown row per operation: the median time of `runs` runs.
import { cpus } from 'node:os';
import { distanceField, generateMaze, measureDifficulty, placements } from '../dist/index.js';

const runs = Number(process.argv[2] ?? 200);
const { maze } = generateMaze({ width: 35, height: 35, seed: 'bench', perfect: false });
const target = placements(maze).centre;
const targetCell = target.y * 35 + target.x;

function median(fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e3);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

for (let i = 0; i < 50; i++) distanceField(maze, targetCell); // warm up the JIT
const field = distanceField(maze, targetCell);
let sink = 0;
const QUERIES = 1_000_000;
const queryMicros = median(() => {
  for (let i = 0; i < QUERIES; i++) sink += field.nextStep(i % maze.size);
});
console.log(`CPU: ${cpus()[0]?.model ?? 'unknown'}; Node ${process.version}; median of ${runs} runs`);
console.log('| operation | board | time |');
console.log('|---|---|---|');
console.log(
  `| distanceField (one BFS, ${maze.size} cells) | 35x35 braided | ${median(() => distanceField(maze, targetCell)).toFixed(1)} us |`,
);
console.log(`| nextStep (O(1) query) | 35x35 braided | ${((queryMicros * 1e3) / QUERIES).toFixed(1)} ns |`);
console.log(`| placements | 35x35 braided | ${median(() => placements(maze)).toFixed(1)} us |`);
console.log(`| measureDifficulty | 35x35 braided | ${median(() => measureDifficulty(maze, 0, maze.size - 1)).toFixed(0)} us |`);
if (sink === -1) console.log(sink);
