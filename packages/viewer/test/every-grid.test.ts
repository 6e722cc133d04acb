/**
 * Every grid through the one engine of the viewer: a square, hex, triangle and polar maze
 * each generates (the library's cells), solves (a path from the entry to the exit through
 * open walls) and exports (graph JSON, SVG and PNG of that maze; the square one also its hex
 * file) in the real page, at desktop and phone size. Switching grids and back (Square ->
 * Polar -> Square, Square -> Hex -> Square) leaves the entry and exit fields valid, with no
 * error, and restores the size and ends the square grid had. And the page people use has no
 * test hook: it is dist/test-hook.js, which index.html never loads.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GridMaze, createTopology, generateMaze, parseGraph, resolveTheme, toSvg, type GridKind, type GridMazeRequest } from 'mazegen';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPO,
  launchBrowser,
  openViewer,
  pageErrors,
  requestId,
  screenshotPath,
  viewerSession,
  waitReady,
  type Browser,
} from './harness.js';

const session = viewerSession();

const DISPLAY = 'animate=0&theme=default&showpath=1&solver=AStar&difficulty=5&perfect=1&pattern=42';

interface GridCase {
  grid: GridKind;
  query: string;
  options: GridMazeRequest;
}

const CASES: GridCase[] = [
  {
    grid: 'square',
    query: 'w=15&h=11&seed=every&gen=DFS&entry=0,0&exit=14,10',
    options: { grid: 'square', width: 15, height: 11, seed: 'every', generator: 'DFS', entry: { x: 0, y: 0 }, exit: { x: 14, y: 10 } },
  },
  {
    grid: 'hex',
    query: 'grid=hex&w=13&h=9&seed=every&gen=Kruskal&entry=0,0&exit=12,8',
    options: { grid: 'hex', width: 13, height: 9, seed: 'every', generator: 'Kruskal', entry: { x: 0, y: 0 }, exit: { x: 12, y: 8 } },
  },
  {
    grid: 'triangle',
    query: 'grid=triangle&w=18&h=8&seed=every&gen=Prim&entry=0,0&exit=17,7',
    options: { grid: 'triangle', width: 18, height: 8, seed: 'every', generator: 'Prim', entry: { x: 0, y: 0 }, exit: { x: 17, y: 7 } },
  },
  {
    grid: 'polar',
    query: 'grid=polar&w=6&h=7&seed=every&gen=Wilson&entry=centre&exit=outer',
    options: { grid: 'polar', width: 6, height: 7, seed: 'every', generator: 'Wilson', entry: 'centre', exit: 'outer' },
  },
];

interface Shown {
  grid: string;
  width: number;
  height: number;
  wrap: string;
  cells: number[];
  path: number[];
  entryCell: number;
  exitCell: number;
}

function shownMaze(page: Page): Promise<Shown> {
  return page.evaluate(() => (window as unknown as { __viewer: { maze(): Shown } }).__viewer.maze());
}

/** The library's maze for the same options: generateMaze on the plain square grid (the 42 and all), generateMaze elsewhere. */
function libraryCells(c: GridCase): number[] {
  if (c.grid === 'square') {
    const o = c.options as { width: number; height: number; seed: string; generator: string; entry: { x: number; y: number } };
    return Array.from(generateMaze({ ...o, exit: c.options.exit as { x: number; y: number }, pattern: '42' }).maze.cells);
  }
  return Array.from(generateMaze({ ...c.options, pattern: 'none' }).maze.cells);
}

/** The shown maze as a GridMaze (for walking its path). */
function asGridMaze(shown: Shown): GridMaze {
  const topology = createTopology({ grid: shown.grid as GridKind, width: shown.width, height: shown.height, wrap: 'none' });
  const words = topology.wordBytes === 1 ? Uint8Array.from(shown.cells) : Uint16Array.from(shown.cells);
  return new GridMaze(topology, words);
}

/** Every step of `path` goes through an open wall to a neighbour. */
function walksThroughOpenWalls(maze: GridMaze, path: readonly number[]): boolean {
  const t = maze.topology;
  for (let i = 1; i < path.length; i++) {
    let through = false;
    for (let slot = 0; slot < t.degree(path[i - 1]); slot++)
      if (t.neighbour(path[i - 1], slot) === path[i] && maze.isOpen(path[i - 1], slot)) through = true;
    if (!through) return false;
  }
  return true;
}

async function save(page: Page, id: string): Promise<{ bytes: Buffer; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}`)]);
  return { bytes: readFileSync(await file.path()), name: file.suggestedFilename() };
}

/** The entry and exit fields and their error lines: what a user sees of them. */
async function endFields(page: Page): Promise<{ entry: string; exit: string; invalid: (string | null)[]; errors: string[] }> {
  return {
    entry: await page.inputValue('#entry'),
    exit: await page.inputValue('#exit'),
    invalid: [await page.getAttribute('#entry', 'aria-invalid'), await page.getAttribute('#exit', 'aria-invalid')],
    errors: (
      await Promise.all(
        ['#entry-error', '#exit-error', '#width-error', '#height-error'].map(async (s) => ((await page.isVisible(s)) ? s : '')),
      )
    ).filter(Boolean),
  };
}

async function pickGrid(page: Page, grid: string): Promise<Shown> {
  const before = await requestId(page);
  await page.selectOption('#grid', grid);
  await waitReady(page, before);
  return shownMaze(page);
}

describe('every grid in the viewer', () => {
  for (const c of CASES) {
    it(`${c.grid}: generates the library's maze, solves it from the entry to the exit, and exports it (desktop and phone)`, async () => {
      const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}`);
      const shown = await shownMaze(page);
      expect(shown.grid).toBe(c.grid);
      expect(shown.cells).toEqual(libraryCells(c));
      // Solved: a path from the entry to the exit, every step through an open wall.
      const maze = asGridMaze(shown);
      expect(shown.path.length).toBeGreaterThan(1);
      expect([shown.path[0], shown.path[shown.path.length - 1]]).toEqual([shown.entryCell, shown.exitCell]);
      expect(walksThroughOpenWalls(maze, shown.path)).toBe(true);
      expect(await page.textContent('#fig-path')).toBe(`${shown.path.length - 1} moves`);
      // Exports: the graph JSON holds this maze and a shortest path; the SVG is the library's of it; the PNG decodes.
      const graph = await save(page, 'export-graph');
      const parsed = parseGraph(graph.bytes.toString('utf8'));
      expect(parsed.maze.topology.kind).toBe(c.grid);
      expect(Array.from(parsed.maze.cells)).toEqual(shown.cells);
      expect([parsed.info.entry, parsed.info.exit]).toEqual([shown.entryCell, shown.exitCell]);
      const solution = Array.from(parsed.info.solution ?? []);
      expect(solution.length).toBe(shown.path.length); // AStar always finds a shortest path
      expect(walksThroughOpenWalls(maze, solution)).toBe(true);
      const svg = await save(page, 'export-svg');
      const theme = resolveTheme('default');
      const t = maze.topology;
      const expected =
        c.grid === 'square'
          ? toSvg(maze.asMaze(), {
              entry: { x: 0, y: 0 },
              exit: { x: 14, y: 10 },
              path: Int32Array.from(solution),
              theme,
              cellSize: 16,
              title: `${t.width}x${t.height} maze`,
            })
          : toSvg(maze, {
              entry: shown.entryCell,
              exit: shown.exitCell,
              path: Int32Array.from(solution),
              theme,
              title: `${c.grid} maze, seed every`,
            });
      expect(svg.bytes.toString('utf8')).toBe(expected);
      const png = await save(page, 'export-png');
      const image = PNG.sync.read(png.bytes);
      expect(image.width).toBeGreaterThan(t.extent.width * 2);
      expect(await page.textContent('#export-command')).toContain(`-o ${png.name}`);
      if (c.grid === 'square') {
        const hex = await save(page, 'export-hex');
        expect(hex.name).toBe('maze-15x11-every.txt');
        expect(hex.bytes.toString('utf8').split('\n')[0]).toHaveLength(15);
      } else {
        expect(await page.isDisabled('#export-hex')).toBe(true);
        expect(png.name).toBe(`maze-${c.grid}-${t.width}x${t.height}-every.png`);
      }
      await page.screenshot({ path: screenshotPath(`viewer-every-${c.grid}-desktop`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => (window as unknown as { __viewer: { ready: boolean } }).__viewer.ready);
      await page.screenshot({ path: screenshotPath(`viewer-every-${c.grid}-phone`) });
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    });
  }

  for (const via of ['polar', 'hex'] as const) {
    it(`Square -> ${via} -> Square leaves valid entry and exit fields, no error, and the square grid's own size and ends back`, async () => {
      const page = await openViewer(session.browser, `${session.server.url}?w=14&h=10&seed=trip&gen=DFS&entry=3,4&exit=10,7&${DISPLAY}`);
      let shown = await pickGrid(page, via);
      expect(shown.grid).toBe(via);
      let fields = await endFields(page);
      expect(fields.invalid).toEqual(['false', 'false']);
      expect(fields.errors).toEqual([]);
      // The new grid's own ends: the polar centre and outer ring; on hex its corners.
      expect([fields.entry, fields.exit]).toEqual(
        via === 'polar' ? ['centre', 'outer'] : ['0,0', `${shown.width - 1},${shown.height - 1}`],
      );
      shown = await pickGrid(page, 'square');
      fields = await endFields(page);
      expect(fields.invalid).toEqual(['false', 'false']);
      expect(fields.errors).toEqual([]);
      expect([fields.entry, fields.exit]).toEqual(['3,4', '10,7']);
      expect([await page.inputValue('#width'), await page.inputValue('#height')]).toEqual(['14', '10']);
      expect([shown.grid, shown.width, shown.height, shown.entryCell, shown.exitCell]).toEqual(['square', 14, 10, 4 * 14 + 3, 7 * 14 + 10]);
      expect(await page.textContent('#status')).not.toMatch(/must be|ring/);
      // Typing a bad end now names the square grid's size, never the other grid's.
      const before = await requestId(page);
      await page.fill('#entry', '99,99');
      await page.waitForTimeout(700);
      expect(await page.textContent('#entry-error')).toMatch(/inside the 14x10 maze/);
      expect(await requestId(page)).toBe(before);
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    });
  }
});

describe('the test hook stays out of the page people use', () => {
  const dist = join(REPO, 'packages/viewer/dist');
  let plain: Browser | undefined;
  beforeAll(async () => {
    plain = await launchBrowser({ testHook: false });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('no file index.html loads names __viewer: the hook is dist/test-hook.js alone, never referenced by the page', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).not.toContain('test-hook');
    const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.length).toBeGreaterThan(1);
    for (const file of assets) expect(readFileSync(join(dist, 'assets', file), 'utf8'), file).not.toContain('__viewer');
    expect(existsSync(join(dist, 'test-hook.js'))).toBe(true);
    expect(readFileSync(join(dist, 'test-hook.js'), 'utf8')).toContain('__viewer');
  });

  it('a page opened without the tests adding the hook shows its maze and has no window.__viewer', async () => {
    const page = await plain!.context.newPage();
    await page.goto(`${session.server.url}?w=12&h=9&seed=plain&gen=DFS&${DISPLAY}`);
    await page.waitForFunction(() => (document.getElementById('maze-summary')?.textContent ?? '').includes('seed plain'));
    expect(await page.evaluate(() => document.querySelector('script[data-test-hook]'))).toBeNull();
    expect(await page.evaluate(() => typeof (window as unknown as { __viewer?: unknown }).__viewer)).toBe('undefined');
    await page.close();
  });
});
