/**
 * The viewer in a real browser (Debian's Chromium through playwright-core), served by
 * the real CLI: `a-maze-ing view CONFIG --port 0 --no-open`. Screenshots go to
 * test-output/ for a person to look at.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATORS, SOLVERS, THEMES, generateMaze, solveMaze, type SquareMazeOptions, type Theme } from 'mazegen';
import { isPlainSquareConfig, parseConfig, toMazeOptions, type ConfigOptions, type PlainSquareConfig } from 'mazegen/config';
import { themeClashes } from 'mazegen/render';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canvasPixels,
  cellCentre,
  checkPrerequisites,
  eastWall,
  launchBrowser,
  openViewer,
  pageErrors,
  requestId,
  screenshotPath,
  southWall,
  startServer,
  stopServer,
  viewerGeometry,
  viewerMaze,
  waitReady,
  type Browser,
  type RunningServer,
} from './harness.js';

/** The config as the plain square grid's (the square options, a `Maze` with Point ends); a test config of another grid is a mistake here. */
function plainSquare(config: ConfigOptions): PlainSquareConfig {
  if (!isPlainSquareConfig(config)) throw new Error(`the test's config is of the ${config.grid} grid, not the plain square one`);
  return config;
}

const CONFIG = [
  'WIDTH=24',
  'HEIGHT=18',
  'ENTRY=0,0',
  'EXIT=23,17',
  'OUTPUT_FILE=maze.txt',
  'PERFECT=True',
  'SEED=4242',
  'GENERATOR=DFS',
  'SOLVER=AStar',
  '',
].join('\n');

let server: RunningServer;
let browser: Browser;
let configOptions: SquareMazeOptions;

function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Display settings persist in localStorage between tests; these pin the ones the tests read. */
const DISPLAY = '?animate=0&showpath=1&theme=default';
const PAPER = THEMES.default;

function shownTheme(page: Page): Promise<Theme> {
  return page.evaluate(() => (window as unknown as { __viewer: { theme: Theme } }).__viewer.theme);
}

function openPage(query = DISPLAY): Promise<Page> {
  return openViewer(browser, `${server.url}${query}`);
}

/** Checks every wall and passage of the drawn maze against `cells` (path hidden). */
async function expectPictureMatches(
  page: Page,
  cells: number[],
  width: number,
  height: number,
  wallColor: string,
  backgroundColor: string,
): Promise<void> {
  const g = await viewerGeometry(page);
  expect(g.scale).toBe(1); // a maze this small is drawn one image pixel per canvas pixel
  const points: [number, number][] = [];
  const expected: string[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = cells[y * width + x];
      if (c & 16) continue; // 42 cells have their own colour
      if (x + 1 < width && !(cells[y * width + x + 1] & 16)) {
        points.push(eastWall(g, x, y));
        expected.push(c & 2 ? wallColor : backgroundColor);
      }
      if (y + 1 < height && !(cells[(y + 1) * width + x] & 16)) {
        points.push(southWall(g, x, y));
        expected.push(c & 4 ? wallColor : backgroundColor);
      }
    }
  }
  const actual = await canvasPixels(page, points);
  const wrong = actual.map((color, i) => (color === expected[i] ? '' : `${points[i]}: ${color} != ${expected[i]}`)).filter(Boolean);
  expect(wrong.slice(0, 5)).toEqual([]);
  expect(points.length).toBeGreaterThan(width * height);
}

/** The config's temp directory, removed after the tests. */
let dir: string | undefined;

beforeAll(async () => {
  checkPrerequisites();
  dir = mkdtempSync(join(tmpdir(), 'a-maze-ing-view-'));
  const configPath = join(dir, 'config.txt');
  writeFileSync(configPath, CONFIG);
  configOptions = toMazeOptions(plainSquare(parseConfig(CONFIG, 'config.txt')));
  server = await startServer([configPath]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the viewer page', () => {
  it("shows the config's maze: same bytes as the library, walls and passages where the maze has them", async () => {
    const page = await openPage();
    const expected = generateMaze(configOptions);
    const shown = await viewerMaze(page);
    expect(shown.seed).toBe('4242');
    expect(shown.cells).toEqual(Array.from(expected.maze.cells));
    const solution = solveMaze(expected.maze, expected.entry, expected.exit, 'AStar');
    expect(shown.path).toEqual(Array.from(solution.cells));
    await page.screenshot({ path: screenshotPath('viewer-config-maze') });
    // Key 2 hides the path: then every cell and opening is plain background.
    await page.keyboard.press('2');
    await expectPictureMatches(page, shown.cells, shown.width, shown.height, PAPER.wall, PAPER.background);
    const g = await viewerGeometry(page);
    const inner = shown.path.slice(1, -1).map((cell) => cellCentre(g, cell % shown.width, Math.floor(cell / shown.width)));
    expect(new Set(await canvasPixels(page, inner))).toEqual(new Set([PAPER.background]));
    // Key 2 again shows it: the path cells turn the path colour, and entry and exit keep theirs over it.
    await page.keyboard.press('2');
    await page.waitForFunction(
      (n) => (window as unknown as { __viewer: { pathShown: number } }).__viewer.pathShown === n,
      shown.path.length,
    );
    expect(new Set(await canvasPixels(page, inner))).toEqual(new Set([PAPER.path]));
    const ends = [shown.entry, shown.exit].map((p) => cellCentre(g, p.x, p.y));
    expect(await canvasPixels(page, ends)).toEqual([PAPER.entry, PAPER.exit]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('key 1 makes a new maze with a new seed and a new picture', async () => {
    const page = await openPage();
    const before = await viewerMaze(page);
    const beforePixels = await page.evaluate(() => (document.getElementById('maze') as HTMLCanvasElement).toDataURL());
    const id = await requestId(page);
    await page.keyboard.press('1');
    await waitReady(page, id);
    const after = await viewerMaze(page);
    expect(after.seed).not.toBe(before.seed);
    expect(after.cells).not.toEqual(before.cells);
    // The new maze is the library's maze for the new seed.
    const again = generateMaze({ ...configOptions, seed: after.seed });
    expect(after.cells).toEqual(Array.from(again.maze.cells));
    const afterPixels = await page.evaluate(() => (document.getElementById('maze') as HTMLCanvasElement).toDataURL());
    expect(afterPixels).not.toBe(beforePixels);
    expect(new URL(page.url()).searchParams.get('seed')).toBe(after.seed);
    await page.close();
  });

  it("the AZERTY digit row's & (the key where QWERTY has 1) makes a new maze too, by the key's place", async () => {
    const page = await openPage();
    const before = await viewerMaze(page);
    const id = await requestId(page);
    // What an AZERTY keyboard sends for its unshifted first digit key.
    await page.evaluate(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '&', code: 'Digit1', bubbles: true })));
    await waitReady(page, id);
    expect((await viewerMaze(page)).seed).not.toBe(before.seed);
    await page.close();
  });

  it('key 3 changes the colour of the wall pixels, skipping colours that would hide a role, and each key has a button', async () => {
    const page = await openPage();
    const shown = await viewerMaze(page);
    const g = await viewerGeometry(page);
    const x = shown.cells.findIndex(
      (c, i) => (c & 2) !== 0 && (c & 16) === 0 && i % shown.width < shown.width - 1 && (shown.cells[i + 1] & 16) === 0,
    );
    const wall = eastWall(g, x % shown.width, Math.floor(x / shown.width));
    const [before] = await canvasPixels(page, [wall]);
    expect(before).toBe(PAPER.wall);
    // Blue, red and green are the exit's, the path's and the entry's colours: the cycle skips them.
    await page.keyboard.press('3');
    const [after] = await canvasPixels(page, [wall]);
    expect(after).not.toBe(before);
    expect((await shownTheme(page)).wall).toBe(after);
    expect([PAPER.exit, PAPER.path, PAPER.entry]).not.toContain(after);
    const seen = new Set([before, after]);
    for (let press = 0; press < 12; press++) {
      await page.click('#key-3');
      const theme = await shownTheme(page);
      expect(themeClashes(theme), `press ${press}: walls ${theme.wall}`).toEqual([]);
      expect(await canvasPixels(page, [wall])).toEqual([theme.wall]);
      seen.add(theme.wall);
    }
    // On white only black, magenta and dark grey pass 3:1 without matching another role.
    expect([...seen].sort()).toEqual([PAPER.wall, '#555555', '#c2169f'].sort());
    for (const id of ['key-1', 'key-2', 'key-3', 'key-4', 'key-5', 'key-help']) expect(await page.isVisible(`#${id}`)).toBe(true);
    await page.keyboard.press('?');
    expect(await page.isVisible('#help')).toBe(true);
    await page.screenshot({ path: screenshotPath('viewer-help') });
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#help')).toBe(false);
    await page.close();
  });

  it('repaints an animation part by part exactly as a whole drawing would (Kruskal, steps all over the maze)', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}?w=200&h=150&seed=parts&gen=Kruskal&entry=0,0&exit=199,149&animate=1&speed=20&theme=default`);
    await page.waitForFunction(() => (window as unknown as { __viewer: { animating: boolean } }).__viewer.animating, undefined, {
      timeout: 30_000,
    });
    const grab = (): Promise<number[]> =>
      page.evaluate(() => {
        const canvas = document.getElementById('maze') as HTMLCanvasElement;
        return Array.from(new Uint32Array(canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data.buffer));
      });
    const first = await grab();
    // Some hundreds of steps in (20 a frame: far from the end), then pause.
    await page.waitForFunction(
      () => Number(/^generate: ([\d,]+)/.exec(document.getElementById('fig-steps')?.textContent ?? '')?.[1].replace(/,/g, '') ?? 0) >= 600,
      undefined,
      { timeout: 60_000, polling: 20 },
    );
    await page.keyboard.press(' ');
    // Two frames after the pause: whatever the last steps changed is on the canvas.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => (window as unknown as { __viewer: { animating: boolean } }).__viewer.animating)).toBe(true);
    const parts = await grab();
    await page.evaluate(() => (window as unknown as { __viewer: { draw(): void } }).__viewer.draw());
    const whole = await grab();
    expect(whole.filter((v, i) => v !== first[i]).length).toBeGreaterThan(100);
    expect(parts.filter((v, i) => v !== whole[i]).length).toBe(0);
    await page.close();
  });

  it('animates every generator and solver to the same maze as the instant run', async () => {
    const page = await browser.context.newPage();
    for (const generator of GENERATORS) {
      const options: SquareMazeOptions = {
        width: 21,
        height: 13,
        seed: 'anim',
        generator: generator.name,
        entry: { x: 0, y: 0 },
        exit: { x: 20, y: 12 },
      };
      await page.goto(
        `${server.url}?w=21&h=13&seed=anim&gen=${encodeURIComponent(generator.name)}&entry=0,0&exit=20,12&animate=1&speed=200000`,
      );
      await waitReady(page);
      const result = await page.evaluate(
        () => (window as unknown as { __viewer: { animationMatched?: boolean } }).__viewer.animationMatched,
      );
      expect(result, generator.name).toBe(true);
      const shown = await viewerMaze(page);
      expect(shown.cells, generator.name).toEqual(Array.from(generateMaze(options).maze.cells));
    }
    const options: SquareMazeOptions = {
      width: 21,
      height: 13,
      seed: 'solve',
      perfect: false,
      entry: { x: 0, y: 0 },
      exit: { x: 20, y: 12 },
    };
    const maze = generateMaze(options);
    for (const solver of SOLVERS) {
      await page.goto(
        `${server.url}?w=21&h=13&seed=solve&gen=DFS&perfect=0&braid=100&entry=0,0&exit=20,12&solver=${encodeURIComponent(solver.name)}&animate=1&speed=200000`,
      );
      await waitReady(page);
      expect(
        await page.evaluate(() => (window as unknown as { __viewer: { animationMatched?: boolean } }).__viewer.animationMatched),
        solver.name,
      ).toBe(true);
      const shown = await viewerMaze(page);
      expect(shown.cells).toEqual(Array.from(maze.maze.cells));
      expect(shown.path, solver.name).toEqual(Array.from(solveMaze(maze.maze, maze.entry, maze.exit, solver.name).cells));
    }
    await page.close();
  });

  it('plays step by step, pauses and finishes now', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}?w=30&h=20&seed=slow&gen=DFS&entry=0,0&exit=29,19&animate=1&speed=1`);
    await page.waitForFunction(() => (window as unknown as { __viewer?: { animating: boolean } }).__viewer?.animating === true);
    await page.focus('#maze');
    await page.keyboard.press(' '); // pause
    const steps = async (): Promise<string> => (await page.textContent('#fig-steps')) ?? '';
    const paused = await steps();
    await page.waitForTimeout(200);
    expect(await steps()).toBe(paused);
    await page.keyboard.press('.');
    expect(await steps()).not.toBe(paused);
    await page.screenshot({ path: screenshotPath('viewer-animation-paused') });
    await page.keyboard.press('f');
    await waitReady(page);
    expect(await page.evaluate(() => (window as unknown as { __viewer: { animationMatched?: boolean } }).__viewer.animationMatched)).toBe(
      true,
    );
    await page.close();
  });

  it('the URL holds the state: the same link shows the same maze in a new page', async () => {
    const page = await openPage();
    await page.selectOption('#generator', 'Kruskal');
    let id = await requestId(page);
    await waitReady(page, id - 1);
    await page.fill('#seed', 'shared-link');
    id = await requestId(page);
    await waitReady(page, id);
    const shown = await viewerMaze(page);
    expect(shown.seed).toBe('shared-link');
    const link = page.url();
    expect(new URL(link).searchParams.get('gen')).toBe('Kruskal');
    await page.close();
    const fresh = await browser.context.newPage();
    await fresh.goto(link);
    await waitReady(fresh);
    const again = await viewerMaze(fresh);
    expect(again.cells).toEqual(shown.cells);
    expect(again.seed).toBe('shared-link');
    expect(again.cells).toEqual(Array.from(generateMaze({ ...configOptions, generator: 'Kruskal', seed: 'shared-link' }).maze.cells));
    await fresh.close();
  });

  it('generates a 2000x2000 maze, the same bytes as the library (the longest main-thread task is logged: a figure for the bench, not a test)', async () => {
    const page = await browser.context.newPage();
    await page.addInitScript(() => {
      const probe = { longest: 0, longestGap: 0, last: 0 };
      (window as unknown as { __probe: typeof probe }).__probe = probe;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) probe.longest = Math.max(probe.longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      const tick = (now: number): void => {
        if (probe.last > 0) probe.longestGap = Math.max(probe.longestGap, now - probe.last);
        probe.last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto(`${server.url}?w=2000&h=2000&seed=big&gen=DFS&entry=0,0&exit=1999,1999&animate=0`);
    await waitReady(page, 0, 120_000);
    await page.waitForTimeout(300); // let the first frames of the big picture draw
    const probe = await page.evaluate(() => (window as unknown as { __probe: { longest: number; longestGap: number } }).__probe);
    const hash = await page.evaluate(() => (window as unknown as { __viewer: { cellsHash(): string } }).__viewer.cellsHash());
    await page.screenshot({ path: screenshotPath('viewer-2000x2000') });
    await page.close();
    console.log(`2000x2000: longest main-thread task ${probe.longest.toFixed(0)} ms, longest frame gap ${probe.longestGap.toFixed(0)} ms`);
    // No bound on the time here: it read 321-832 ms on the same build from one run to the next on a loaded 2-core machine.
    const expected = generateMaze({
      width: 2000,
      height: 2000,
      seed: 'big',
      generator: 'DFS',
      entry: { x: 0, y: 0 },
      exit: { x: 1999, y: 1999 },
    });
    expect(hash).toBe(fnv1a(expected.maze.cells));
  });

  it('shows a big maze before its animation is recorded, then animates it to that same maze', async () => {
    type Hook = {
      __viewer: { generating: boolean; animating: boolean; ready: boolean; animationMatched?: boolean; cellsHash(): string | undefined };
    };
    const page = await browser.context.newPage();
    await page.goto(`${server.url}?w=2000&h=2000&seed=first&gen=DFS&entry=0,0&exit=1999,1999&animate=1&speed=1000000`);
    // The instant run's maze is on screen while the worker still records the trace.
    await page.waitForFunction(
      () => {
        const v = (window as unknown as Hook).__viewer;
        return v?.cellsHash() !== undefined && v.generating && !v.animating;
      },
      undefined,
      { timeout: 120_000, polling: 20 },
    );
    const shownHash = await page.evaluate(() => (window as unknown as Hook).__viewer.cellsHash());
    expect(await page.textContent('#status')).toBe('Recording the animation of DFS: the maze is shown meanwhile.');
    const expected = fnv1a(
      generateMaze({ width: 2000, height: 2000, seed: 'first', generator: 'DFS', entry: { x: 0, y: 0 }, exit: { x: 1999, y: 1999 } }).maze
        .cells,
    );
    expect(shownHash).toBe(expected);
    await page.waitForFunction(() => (window as unknown as Hook).__viewer.animating, undefined, { timeout: 120_000, polling: 20 });
    await page.click('#finish');
    await page.waitForFunction(() => (window as unknown as Hook).__viewer.ready, undefined, { timeout: 120_000, polling: 50 });
    expect(await page.evaluate(() => (window as unknown as Hook).__viewer.animationMatched)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as Hook).__viewer.cellsHash())).toBe(expected);
    await page.close();
  });

  it('works at phone size: nothing overflows sideways and the keys stay on screen', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.url);
    await waitReady(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const id of ['key-1', 'key-2', 'key-3', 'key-4', 'panel-toggle']) {
      const box = await page.locator(`#${id}`).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, id).toBe(true);
    }
    await page.screenshot({ path: screenshotPath('viewer-phone') });
    await page.click('#panel-toggle');
    expect(await page.isVisible('#width')).toBe(true);
    await page.close();
  });

  it('can be used with the keyboard alone: Tab reaches the key buttons and Enter presses them', async () => {
    const page = await openPage();
    const before = (await viewerMaze(page)).seed;
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('key-1');
    const id = await requestId(page);
    await page.keyboard.press('Enter');
    await waitReady(page, id);
    expect((await viewerMaze(page)).seed).not.toBe(before);
    await page.close();
  });

  it('key 4 asks first: Esc keeps the view, Enter closes it and stops the server (exit code 0)', async () => {
    const page = await openPage();
    await page.keyboard.press('4');
    expect(await page.isVisible('#quit')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('quit-confirm');
    await page.screenshot({ path: screenshotPath('viewer-quit-confirm') });
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#quit')).toBe(false);
    expect(await page.isVisible('#closed')).toBe(false);
    // The server still answers.
    expect((await page.request.get(`${server.url}api/config`)).status()).toBe(200);
    await page.click('#key-4');
    expect(await page.isVisible('#quit')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#closed', { state: 'visible' });
    expect(await page.textContent('#closed-detail')).toContain('server has stopped');
    await page.screenshot({ path: screenshotPath('viewer-closed') });
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('Viewer stopped.');
    await page.close();
  });
});
