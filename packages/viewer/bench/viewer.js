#!/usr/bin/env node
// The viewer in a real browser (Debian's Chromium, headless, through playwright-core),
// served by the real `a-maze-ing view`: for each generator but Aldous-Broder, the time
// from navigation to a 2000x2000 maze ready on screen, and the frames a second of the
// generation animation at top speed. Wall time, medians of `--runs` (default 1) per row;
// the CPU model and load are printed. Run `npm run build` first.
//
//   node packages/viewer/bench/viewer.js [--size 2000] [--runs N] [--only DFS,Kruskal] [--grid hex|triangle|polar] [--ready-only]
//
// --ready-only leaves the animation out (the ready times alone, for quick interleaved runs).
// With --grid, the maze is size x size cells of that grid (polar: 6 cells in the first ring
// and `size` rings), drawn through the library's grid drawing; generators the grid does
// not take (the registry's capabilities) are left out.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { GENERATORS } from 'mazegen';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const size = Number(flag('--size', '2000'));
const runs = Number(flag('--runs', '1'));
const only = flag('--only', undefined)?.split(',');
const grid = flag('--grid', 'square');
const readyOnly = args.includes('--ready-only');
const CLI = fileURLToPath(new URL('../../cli/bin/a-maze-ing.js', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
if (!existsSync(CHROMIUM)) throw new Error(`the viewer bench needs Chromium at ${CHROMIUM} (apt-get install chromium)`);

/** `a-maze-ing view` on a free port; resolves with its URL and a stop function. */
function startServer() {
  const child = spawn(process.execPath, [CLI, 'view', '--port', '0', '--no-open'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /Viewer: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (match) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the viewer server exited (${code}) before printing its URL`)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ready = (page, timeout) =>
  page.waitForFunction(() => window.__viewer?.ready === true && window.__viewer.requestId > 0, undefined, { timeout, polling: 20 });

const server = await startServer();
const profile = mkdtempSync(join(tmpdir(), 'amazeing-viewer-bench-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  args: LAUNCH_ARGS,
  viewport: { width: 1280, height: 800 },
});
// The page has no hook of its own: the bench adds the tests' one (dist/test-hook.js), as test/harness.ts does.
await context.addInitScript(() => {
  const add = () => {
    if (!document.getElementById('maze') || document.querySelector('script[data-test-hook]')) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = new URL('test-hook.js', location.href).href;
    script.dataset.testHook = '';
    document.head.append(script);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add);
  else add();
});
const base =
  grid === 'polar'
    ? `${server.url}?grid=polar&w=6&h=${size}&seed=bench&entry=centre&exit=outer`
    : `${server.url}?${grid === 'square' ? '' : `grid=${grid}&`}w=${size}&h=${size}&seed=bench&entry=0,0&exit=${size - 1},${size - 1}`;
const shape = grid === 'polar' ? `polar, ${size} rings` : `${grid === 'square' ? '' : `${grid} `}${size}x${size}`;
try {
  console.log(
    `# Viewer bench\n\nCPU: ${cpus()[0]?.model ?? 'unknown'} (${cpus().length} CPUs); load ${loadavg()[0].toFixed(1)}; Chromium headless; ${shape}; medians of ${runs} run${runs === 1 ? '' : 's'}.\n`,
  );
  console.log('| generator | ready (s) | animation (frames/s) |\n|---|---:|---:|');
  for (const generator of GENERATORS) {
    if (generator.name === 'AldousBroder' || (only && !only.includes(generator.name)) || !generator.grids.includes(grid)) continue;
    const readyTimes = [];
    const fps = [];
    for (let k = 0; k < runs; k++) {
      let page = await context.newPage();
      const started = performance.now();
      await page.goto(`${base}&gen=${encodeURIComponent(generator.name)}&animate=0`);
      await ready(page, 600_000);
      readyTimes.push((performance.now() - started) / 1000);
      await page.close();
      if (readyOnly) continue;

      // Frames a second while the generation animates at top speed: requestAnimationFrame
      // ticks counted over three seconds once the animation runs (or until it ends).
      page = await context.newPage();
      await page.addInitScript(() => {
        window.__frames = [];
        const tick = (now) => {
          if (window.__viewer?.animating) window.__frames.push(now);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await page.goto(`${base}&gen=${encodeURIComponent(generator.name)}&animate=1&speed=1000000`);
      await page.waitForFunction(() => window.__viewer?.animating === true, undefined, { timeout: 600_000, polling: 20 });
      await page.waitForFunction(
        () => window.__frames.length > 1 && (window.__frames.at(-1) - window.__frames[0] > 3000 || !window.__viewer.animating),
        undefined,
        { timeout: 600_000, polling: 100 },
      );
      const frames = await page.evaluate(() => window.__frames);
      const seconds = (frames.at(-1) - frames[0]) / 1000;
      fps.push(seconds > 0 ? (frames.length - 1) / seconds : 0);
      await page.close();
    }
    console.log(`| ${generator.name} | ${median(readyTimes).toFixed(2)} | ${readyOnly ? '-' : median(fps).toFixed(0)} |`);
  }
} finally {
  await context.close();
  server.stop();
  rmSync(profile, { recursive: true, force: true });
}
