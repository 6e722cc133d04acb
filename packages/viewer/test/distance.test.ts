/**
 * The distance theme in a real browser: every cell drawn in the colour of its distance band
 * from the entry (the library's palette), the legend with the largest distance, the flood
 * animation, and the panel's theme menu offering it.
 */
import { Maze, distanceMap } from 'mazegen';
import { DISTANCE_PALETTE, distanceBand } from 'mazegen/render';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  canvasPixels,
  cellCentre,
  openViewer,
  pageErrors,
  screenshotPath,
  viewerGeometry,
  viewerMaze,
  waitReady,
  requestId,
  viewerSession,
} from './harness.js';

const session = viewerSession();

const MAZE = 'w=16&h=12&seed=flood&gen=DFS&pattern=none&entry=0,0&exit=15,11&perfect=1&showpath=0';

function distanceState(page: Page): Promise<{ max: number | undefined; flooding: boolean }> {
  return page.evaluate(() =>
    (window as unknown as { __viewer: { distance(): { max: number | undefined; flooding: boolean } } }).__viewer.distance(),
  );
}

/** Every cell but the two ends with its expected colour, from the library's BFS. */
async function expectedColours(page: Page): Promise<{ points: [number, number][]; colours: string[]; max: number }> {
  const m = await viewerMaze(page);
  const maze = new Maze(m.width, m.height);
  maze.cells.set(m.cells);
  const dist = distanceMap(maze, m.entry.y * m.width + m.entry.x);
  const max = Math.max(...dist);
  const g = await viewerGeometry(page);
  const points: [number, number][] = [];
  const colours: string[] = [];
  for (let cell = 0; cell < maze.size; cell++) {
    const x = cell % m.width;
    const y = Math.floor(cell / m.width);
    if ((x === m.entry.x && y === m.entry.y) || (x === m.exit.x && y === m.exit.y)) continue;
    points.push(cellCentre(g, x, y));
    colours.push(DISTANCE_PALETTE[distanceBand(dist[cell], max, DISTANCE_PALETTE.length) - 1]);
  }
  return { points, colours, max };
}

describe('the viewer distance theme', () => {
  it('colours every cell by its distance from the entry, near pale and far violet, with a legend', async () => {
    const page = await openViewer(session.browser, `${session.server.url}?${MAZE}&theme=distance&animate=0`);
    const { points, colours, max } = await expectedColours(page);
    const drawn = await canvasPixels(page, points);
    expect(drawn).toEqual(colours);
    // Near and far differ, and every band of the palette is used on a maze this size.
    expect(new Set(drawn).size).toBe(DISTANCE_PALETTE.length);
    expect(await distanceState(page)).toEqual({ max, flooding: false });
    expect(await page.isVisible('#distance-legend')).toBe(true);
    expect(await page.textContent('#distance-legend')).toContain(`far (${max} moves)`);
    expect(await page.locator('#distance-ramp i').count()).toBe(DISTANCE_PALETTE.length);
    await page.screenshot({ path: screenshotPath('viewer-distance') });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('Flood animates the colours out from the entry, and the panel switches the theme on and off', async () => {
    const page = await openViewer(session.browser, `${session.server.url}?${MAZE}&theme=default&animate=0`);
    expect(await page.isHidden('#distance-legend')).toBe(true);
    expect(await page.isHidden('#flood')).toBe(true);
    await page.selectOption('#theme', 'distance');
    await waitReady(page, (await requestId(page)) - 1);
    const { points, colours } = await expectedColours(page);
    expect(await canvasPixels(page, points)).toEqual(colours);
    await page.click('#flood');
    const early = await distanceState(page);
    expect(early.flooding).toBe(true);
    // Mid-flood, the farthest cells are still white.
    const first = await canvasPixels(page, points);
    expect(first.filter((c) => c === '#ffffff').length).toBeGreaterThan(0);
    await page.waitForFunction(
      () => !(window as unknown as { __viewer: { distance(): { flooding: boolean } } }).__viewer.distance().flooding,
      undefined,
      { timeout: 10_000 },
    );
    expect(await canvasPixels(page, points)).toEqual(colours);
    await page.selectOption('#theme', 'default');
    await page.waitForTimeout(200);
    expect(new Set(await canvasPixels(page, points))).toEqual(new Set(['#ffffff']));
    expect(await page.isHidden('#distance-legend')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
