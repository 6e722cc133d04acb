// Start-up of the CLI against a bare `node -e 0`: CPU time (user + sys of the children, so a
// loaded machine does not count), medians of interleaved batches, with the CPU model.
// `node packages/cli/bench/startup.js [runs] [batch]` (part of `npm run bench`).
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 7);
const bin = fileURLToPath(new URL('../bin/a-maze-ing.js', import.meta.url));
const compiled = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'amazeing-startup-'));
const config = join(dir, 'config.txt');
// The shipped config.txt, written here so the run leaves nothing in the checkout.
writeFileSync(config, 'WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\n');

const cases = [
  ['node -e 0', ['-e', '0']],
  ['a-maze-ing --version', [bin, '--version']],
  ['a-maze-ing --help', [bin, '--help']],
  ['a-maze-ing config.txt --no-display (bundle/, shipped)', [bin, config, '--no-display']],
  [
    'the same without compiled code kept between runs (NODE_DISABLE_COMPILE_CACHE=1: a first run, or a read-only install)',
    [bin, config, '--no-display'],
    { NODE_DISABLE_COMPILE_CACHE: '1' },
  ],
  [
    'the same through dist/ (tsc output, one module per file)',
    [
      '--input-type=module',
      '-e',
      `const { run } = await import(${JSON.stringify(compiled)}); process.exitCode = await run([${JSON.stringify(config)}, '--no-display']);`,
    ],
  ],
];

const BATCH = Number(process.argv[3] ?? 10);

/**
 * CPU milliseconds of one run: /usr/bin/time counts in 10 ms steps, so it times a batch of
 * BATCH runs started by one shell loop (user + sys of all of them, the shell's share too)
 * and divides, which gives 1 ms steps for every row alike.
 */
function cpuMs(args, env) {
  const line = [process.execPath, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const loop = `i=0; while [ $i -lt ${BATCH} ]; do ${line} >/dev/null || exit 1; i=$((i+1)); done`;
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', 'sh', '-c', loop], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const [user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return ((user + sys) * 1000) / BATCH;
}

const times = cases.map(() => []);
for (let k = 0; k < runs; k++) cases.forEach(([, args, env], i) => times[i].push(cpuMs(args, env)));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times[0]);
console.log(
  `# Start-up\n\nCPU: ${cpus()[0]?.model ?? 'unknown'}; Node ${process.version}; load ${loadavg()[0].toFixed(1)}; CPU ms a run (user + sys of ${BATCH} runs in a row, divided: 1 ms resolution), medians of ${runs} interleaved batches.\n`,
);
console.log('| run | CPU ms | x `node -e 0` |\n|---|---:|---:|');
cases.forEach(([name], i) => console.log(`| ${name} | ${median(times[i]).toFixed(0)} | ${(median(times[i]) / base).toFixed(2)} |`));
rmSync(dir, { recursive: true, force: true });
