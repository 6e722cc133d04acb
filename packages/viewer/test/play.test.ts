/**
 * Play mode in a real browser: walking the maze by keys (arrows, WASD, hjkl, Shift runs,
 * undo) and by swipes (pointer events on the canvas) to the exit and its summary, the
 * Maze of the Day's share line, and the phone layout. Screenshots go to test-output/.
 */
import { EAST, NORTH, SOUTH, THEMES, WEST } from 'mazegen';
import { mazeOfTheDaySeed } from 'mazegen/config';
import { DIRECTIONS } from 'mazegen/internal';
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
  type ViewerMaze,
  viewerSession,
} from './harness.js';

const session = viewerSession();

interface PlayState {
  active: boolean;
  here: number;
  moves: number;
  solved: boolean;
  trail: number[];
  summaryShown: boolean;
}

function playState(page: Page): Promise<PlayState> {
  return page.evaluate(() => (window as unknown as { __viewer: { play(): PlayState } }).__viewer.play());
}

const MAZE = 'w=8&h=6&seed=walk&gen=DFS&pattern=none&entry=0,0&exit=7,5&perfect=1&animate=0&showpath=1&theme=default';

/** The directions of the shown solution path, one per move. */
function pathDirections(m: ViewerMaze): number[] {
  const dirs: number[] = [];
  for (let i = 1; i < m.path.length; i++) {
    const d = m.path[i] - m.path[i - 1];
    dirs.push(d === 1 ? EAST : d === -1 ? WEST : d === m.width ? SOUTH : NORTH);
  }
  return dirs;
}

/** A direction from `cell` that a wall closes (the border counts). */
function closedWay(m: ViewerMaze, cell: number): number {
  const dir = DIRECTIONS.find((d) => (m.cells[cell] & d) !== 0);
  if (dir === undefined) throw new Error('the cell has no wall');
  return dir;
}

const KEYS: Record<number, string[]> = {
  [NORTH]: ['ArrowUp', 'w', 'k'],
  [SOUTH]: ['ArrowDown', 's', 'j'],
  [EAST]: ['ArrowRight', 'd', 'l'],
  [WEST]: ['ArrowLeft', 'a', 'h'],
};

async function summaryFigures(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const text = (id: string) => document.getElementById(id)?.textContent ?? '';
    return {
      title: text('sum-title'),
      moves: text('sum-moves'),
      shortest: text('sum-shortest'),
      optimality: text('sum-optimality'),
      time: text('sum-time'),
      link: (document.getElementById('sum-link') as HTMLAnchorElement).href,
    };
  });
}

describe('the viewer Play mode', () => {
  it('walks to the exit by keys (arrows, WASD, hjkl), counting a bumped wall as no move and an undo as one back, and shows the summary', async () => {
    const page = await openViewer(session.browser, `${session.server.url}?${MAZE}`);
    const m = await viewerMaze(page);
    const dirs = pathDirections(m);
    expect(dirs.length).toBeGreaterThan(5);
    await page.click('#key-p');
    expect(await playState(page)).toMatchObject({ active: true, moves: 0, here: 0 });
    // The solution is hidden while playing: the path's second cell shows the background.
    const g = await viewerGeometry(page);
    const second = m.path[1];
    expect((await canvasPixels(page, [cellCentre(g, second % m.width, Math.floor(second / m.width))]))[0]).toBe(THEMES.default.background);

    await page.keyboard.press(KEYS[closedWay(m, 0)][0]);
    expect((await playState(page)).moves).toBe(0);
    expect(await page.textContent('#play-message')).toBe('a wall');
    // One step the right way, undo it with u, again, undo with Backspace: back at the start.
    await page.keyboard.press(KEYS[dirs[0]][1]);
    expect((await playState(page)).here).toBe(m.path[1]);
    await page.keyboard.press('u');
    expect(await playState(page)).toMatchObject({ here: 0, moves: 0 });
    await page.keyboard.press(KEYS[dirs[0]][2]);
    await page.keyboard.press('Backspace');
    expect((await playState(page)).here).toBe(0);
    // Now the solution, cycling through the three key sets.
    for (let i = 0; i < dirs.length; i++) {
      await page.keyboard.press(KEYS[dirs[i]][i % 3]);
      if (i === Math.floor(dirs.length / 2)) await page.screenshot({ path: screenshotPath('viewer-play') });
    }
    const state = await playState(page);
    expect(state).toMatchObject({ solved: true, moves: dirs.length, here: m.path[m.path.length - 1], summaryShown: true });
    // The trail stays drawn: the path's second cell now shows the path colour.
    expect((await canvasPixels(page, [cellCentre(g, second % m.width, Math.floor(second / m.width))]))[0]).toBe(THEMES.default.path);
    const figures = await summaryFigures(page);
    expect(figures).toMatchObject({ title: 'Solved!', moves: String(dirs.length), shortest: String(dirs.length), optimality: '100%' });
    expect(figures.time).toMatch(/^\d+\.\d s$/);
    expect(figures.link).toContain('seed=walk');
    expect(await page.isHidden('#sum-share-row')).toBe(true); // not the Maze of the Day
    await page.screenshot({ path: screenshotPath('viewer-play-summary') });
    // Esc closes the summary and leaves play; the solution is back.
    await page.keyboard.press('Escape');
    expect(await playState(page)).toMatchObject({ active: false });
    expect(await page.isHidden('#play-bar')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('Shift with a direction runs to the next junction or dead end, and optimality counts the detours', async () => {
    const page = await openViewer(session.browser, `${session.server.url}?${MAZE}`);
    const m = await viewerMaze(page);
    await page.keyboard.press('p');
    const open = (cell: number) => DIRECTIONS.filter((d) => (m.cells[cell] & d) === 0);
    const first = open(0)[0];
    await page.keyboard.press(`Shift+${KEYS[first][0]}`);
    const ran = await playState(page);
    expect(ran.moves).toBeGreaterThanOrEqual(1);
    // Every cell passed on the way had exactly two ways; the stop has one (dead end) or three or more, or is the exit.
    for (const cell of ran.trail.slice(1, -1)) expect(open(cell)).toHaveLength(2);
    expect(ran.here === m.path[m.path.length - 1] || open(ran.here).length !== 2).toBe(true);
    // A run with the Shift letter too.
    await page.keyboard.press('q');
    expect((await playState(page)).active).toBe(false);
    await page.keyboard.press('p');
    await page.keyboard.press(KEYS[first][1].toUpperCase());
    expect((await playState(page)).trail).toEqual(ran.trail);
    // Walk back to the start by undo, then solve with one detour of two moves.
    for (let i = 0; i < ran.moves; i++) await page.keyboard.press('u');
    const dirs = pathDirections(m);
    const offPath = open(0).find((d) => d !== dirs[0]);
    let extra = 0;
    if (offPath !== undefined) {
      const back = { [NORTH]: SOUTH, [SOUTH]: NORTH, [EAST]: WEST, [WEST]: EAST }[offPath]!;
      await page.keyboard.press(KEYS[offPath][0]);
      await page.keyboard.press(KEYS[back][0]);
      extra = 2;
    }
    for (const dir of dirs) await page.keyboard.press(KEYS[dir][0]);
    const figures = await summaryFigures(page);
    expect(figures.moves).toBe(String(dirs.length + extra));
    expect(figures.optimality).toBe(`${Math.round((100 * dirs.length) / (dirs.length + extra))}%`);
    await page.click('#play-again');
    expect(await playState(page)).toMatchObject({ active: true, moves: 0, summaryShown: false });
    await page.click('#play-leave');
    expect((await playState(page)).active).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('on a phone (390x844), swipes on the canvas walk the Maze of the Day to its exit and the summary offers a line to share', async () => {
    const page = await openViewer(session.browser, `${session.server.url}?${MAZE}`);
    await page.setViewportSize({ width: 390, height: 844 });
    const date = '2026-03-14';
    const id = await requestId(page);
    // The panel's Maze of the Day for a chosen date.
    await page.click('#panel-toggle');
    await page.fill('#motd-date', date);
    await page.click('#motd');
    await waitReady(page, id);
    await page.click('#panel-toggle');
    const m = await viewerMaze(page);
    expect(m.seed).toBe(mazeOfTheDaySeed(new Date(`${date}T00:00:00Z`)));
    await page.click('#key-p');
    await page.screenshot({ path: screenshotPath('viewer-play-phone') });
    const box = (await page.locator('#maze').boundingBox())!;
    const swipe = async (dir: number, length: number) => {
      const [dx, dy] = dir === EAST ? [length, 0] : dir === WEST ? [-length, 0] : dir === SOUTH ? [0, length] : [0, -length];
      await page.evaluate(
        ({ x, y, dx, dy }) => {
          const canvas = document.getElementById('maze')!;
          const at = (type: string, px: number, py: number) =>
            canvas.dispatchEvent(
              new PointerEvent(type, {
                pointerId: 7,
                pointerType: 'touch',
                isPrimary: true,
                clientX: px,
                clientY: py,
                bubbles: true,
                cancelable: true,
              }),
            );
          at('pointerdown', x, y);
          at('pointermove', x + dx / 2, y + dy / 2);
          at('pointermove', x + dx, y + dy);
          at('pointerup', x + dx, y + dy);
        },
        { x: box.x + box.width / 2, y: box.y + box.height / 2, dx, dy },
      );
    };
    // A tap (no swipe) does nothing; a short swipe is one cell.
    await swipe(EAST, 5);
    expect((await playState(page)).moves).toBe(0);
    const dirs = pathDirections(m);
    for (let i = 0; i < dirs.length; i++) {
      await swipe(dirs[i], 50);
      if (i === 60) await page.screenshot({ path: screenshotPath('viewer-play-phone-walk') });
    }
    expect(await playState(page)).toMatchObject({ solved: true, moves: dirs.length, summaryShown: true });
    const share = await page.inputValue('#sum-share');
    expect(share).toMatch(
      new RegExp(
        `^A-Maze-ing Maze of the Day ${date}: solved in ${dirs.length} moves \\(shortest ${dirs.length}, 100%\\) in \\d+\\.\\d s http`,
      ),
    );
    expect(share).toContain(`seed=${mazeOfTheDaySeed(new Date(`${date}T00:00:00Z`))}`);
    // The dialog fits the phone's screen.
    const dialog = (await page.locator('#play-summary .dialog').boundingBox())!;
    expect(dialog.x).toBeGreaterThanOrEqual(0);
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('viewer-play-phone-summary') });
    await page.click('#play-close');
    // A long swipe runs: from the start again, it stops where a run stops.
    await page.click('#key-p');
    await swipe(
      DIRECTIONS.find((d) => (m.cells[m.path[0]] & d) === 0)!,
      200,
    );
    const ran = await playState(page);
    const open = (cell: number) => DIRECTIONS.filter((d) => (m.cells[cell] & d) === 0);
    for (const cell of ran.trail.slice(1, -1)) expect(open(cell)).toHaveLength(2);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('on a maze larger than the screen, the view follows the player: its cell stays on the canvas', async () => {
    const page = await openViewer(
      session.browser,
      `${session.server.url}?w=120&h=90&seed=follow&gen=DFS&pattern=none&entry=0,0&exit=119,89&perfect=1&animate=0&showpath=1&theme=default`,
    );
    // Zoomed in to 24 px a cell: the maze is far larger than the canvas.
    for (let i = 0; i < 4; i++) await page.click('#zoom-in');
    const m = await viewerMaze(page);
    await page.keyboard.press('p');
    const dirs = pathDirections(m);
    for (let i = 0; i < dirs.length; i++) {
      await page.keyboard.press(KEYS[dirs[i]][0]);
      if (i % 25 !== 24) continue;
      const { here } = await playState(page);
      const g = await viewerGeometry(page);
      expect(g.pitch * g.scale).toBeGreaterThan(10);
      const [x, y] = cellCentre(g, here % m.width, Math.floor(here / m.width));
      expect(x).toBeGreaterThan(0);
      expect(y).toBeGreaterThan(0);
      expect(x).toBeLessThan(g.canvasWidth);
      expect(y).toBeLessThan(g.canvasHeight);
    }
    expect(await playState(page)).toMatchObject({ solved: true, moves: dirs.length });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
