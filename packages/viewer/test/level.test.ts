/**
 * The panel's LEVEL and the endpoint rules in a real browser: the maze shown for a level is
 * the library's pick for the same options (and the figures say which candidate), Exit
 * farthest and Hardest pair place the ends where the library's farthestFrom and hardestPair
 * say, the URL keeps them, and a rule the library refuses is refused in the panel in words.
 */
import { Maze, farthestFrom, generateMaze, hardestPair } from 'mazegen';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toMazeOptions, type Settings } from '../src/settings.js';
import { openViewer, pageErrors, requestId, screenshotPath, viewerMaze, waitReady, viewerSession } from './harness.js';

const session = viewerSession();

const MAZE = 'w=15&h=15&seed=levels&gen=DFS&pattern=none&entry=0,0&exit=14,14&perfect=1&animate=0&showpath=1&theme=default';

function settingsOf(page: Page): Promise<Settings> {
  return page.evaluate(() => (window as unknown as { __viewer: { settings: Settings } }).__viewer.settings);
}

async function choose(page: Page, action: () => Promise<unknown>): Promise<void> {
  const id = await requestId(page);
  await action();
  await waitReady(page, id);
}

describe('the viewer panel: LEVEL and the endpoint rules', () => {
  it('each level shows the library pick for the same options, says which candidate, and goes in the link', async () => {
    const page = await openViewer(session.browser, `${session.server.url}?${MAZE}`);
    await page.click('#panel-toggle').catch(() => undefined);
    expect(await page.$$eval('#level option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      '',
      'easy',
      'medium',
      'hard',
      'expert',
    ]);
    expect(await page.textContent('#fig-level')).toBe('any');
    const scores: number[] = [];
    for (const level of ['easy', 'expert'] as const) {
      await choose(page, () => page.selectOption('#level', level));
      const settings = await settingsOf(page);
      expect(settings.level).toBe(level);
      expect(new URL(page.url()).searchParams.get('level')).toBe(level);
      const expected = generateMaze(toMazeOptions(settings));
      expect(expected.level?.level).toBe(level);
      expect((await viewerMaze(page)).cells).toEqual(Array.from(expected.maze.cells));
      const figure = await page.textContent('#fig-level');
      expect(figure).toBe(
        `${level}: score ${expected.level!.score.toFixed(1)}, candidate ${expected.level!.candidate + 1} of ${expected.level!.candidates}${expected.level!.inBand ? '' : ' (none in the band: the nearest)'}`,
      );
      scores.push(expected.level!.score);
    }
    expect(scores[1]).toBeGreaterThan(scores[0]);
    // The link opens the same level.
    const again = await openViewer(session.browser, page.url());
    expect((await settingsOf(again)).level).toBe('expert');
    expect((await viewerMaze(again)).cells).toEqual((await viewerMaze(page)).cells);
    await choose(page, () => page.selectOption('#level', ''));
    expect(new URL(page.url()).searchParams.has('level')).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await again.close();
    await page.close();
  });

  it('Exit farthest and Hardest pair put the ends where the library says; a rule it refuses is refused in words', async () => {
    const page = await openViewer(session.browser, `${session.server.url}?${MAZE}`);
    await page.click('#panel-toggle').catch(() => undefined);
    await choose(page, () => page.click('#exit-farthest'));
    let m = await viewerMaze(page);
    const maze = new Maze(m.width, m.height);
    maze.cells.set(m.cells);
    const far = farthestFrom(maze, 0);
    expect(m.entry).toEqual({ x: 0, y: 0 });
    expect(m.exit.y * m.width + m.exit.x).toBe(far.cell);
    expect(m.path.length - 1).toBe(far.distance);
    expect(await page.inputValue('#exit')).toBe('farthest');
    await choose(page, () => page.click('#ends-hardest'));
    m = await viewerMaze(page);
    maze.cells.set(m.cells);
    const pair = hardestPair(maze);
    expect([m.entry.y * m.width + m.entry.x, m.exit.y * m.width + m.exit.x].sort()).toEqual([pair.entry, pair.exit].sort());
    expect(m.path.length - 1).toBe(pair.distance);
    expect(new URL(page.url()).searchParams.get('entry')).toBe('hardest');
    await page.locator('#ends-hint').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('viewer-level-ends') });
    // The entry cannot be farthest, and hardest comes in pairs.
    await page.fill('#entry', 'farthest');
    await page.waitForTimeout(700);
    expect(await page.textContent('#entry-error')).toContain('The entry cannot be farthest');
    await page.fill('#entry', '0,0');
    await page.waitForTimeout(700);
    expect(await page.textContent('#entry-error')).toContain('hardest picks the two cells farthest apart');
    expect((await settingsOf(page)).entry).toBe('hardest');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
