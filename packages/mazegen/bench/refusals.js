// `node packages/mazegen/bench/refusals.js` (part of `npm run bench`): how long the library takes
// to refuse input that once took seconds, timed here and not in the tests (a test never
// asserts a time: it failed on a loaded machine). Medians of 5 runs, in milliseconds.
import { cpus, loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const M = await import(join(here, '../dist/mazegen.js'));
const C = await import(join(here, '../dist/mazegen-config.js'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(name, work, budgetMs) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    try {
      work();
    } catch {
      // The refusal is the point.
    }
    runs.push(performance.now() - started);
  }
  const ms = median(runs);
  console.log(`| ${name} | ${ms.toFixed(1)} | ${budgetMs} | ${ms <= budgetMs ? 'yes' : 'NO'} |`);
}

const base = 'WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=a\nPERFECT=1\n';
console.log(`Refusals on ${cpus()[0]?.model ?? 'unknown CPU'}, load ${loadavg()[0].toFixed(1)}`);
console.log('| refusal | median ms | budget ms | within |');
console.log('| --- | --- | --- | --- |');
time('resolveGenerator of a 900 KB name', () => M.resolveGenerator('x'.repeat(900_000)), 2000);
time('a config with a 900 KB GENERATOR value', () => C.parseConfig(`${base}GENERATOR=${'q'.repeat(900_000)}\n`, 'cfg.txt'), 2000);
time('a config with a 900 KB unknown key', () => C.parseConfig(`${base}${'K'.repeat(900_000)}=1\n`, 'cfg.txt'), 2000);
