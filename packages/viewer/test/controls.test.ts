/**
 * The viewer's controls as a user meets them, in a real browser: new sizes keep the ends'
 * places, a long generation shows its progress and can be cancelled, the panel checks every
 * field and colour as it is typed, plain words, keyboard placement of the ends, reduced
 * motion, names and roles (Chromium's own accessibility tree), visible focus, printing, the
 * phone layout, and the animation's highlight, legend and replay.
 */
import { THEMES, generateMaze, type Theme } from 'mazegen';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shadeColorsFor } from '../src/picture.js';
import {
  canvasPixels,
  cellCentre,
  openViewer,
  pageErrors,
  requestId,
  screenshotPath,
  viewerGeometry,
  viewerMaze,
  waitReady,
  viewerSession,
} from './harness.js';

const session = viewerSession();

const DISPLAY = 'animate=0&showpath=1&theme=default';

function open(query: string): Promise<Page> {
  return openViewer(session.browser, `${session.server.url}?${query}&${DISPLAY}`);
}

interface Hook {
  settings: { width: number; height: number; entry: unknown; exit: unknown; walls: string; seed: string };
  theme: Theme;
  generating: boolean;
  animating: boolean;
  pathShown: number;
  current: number;
  cursor: number;
  animationMatched?: boolean;
}

function hook<K extends keyof Hook>(page: Page, key: K): Promise<Hook[K]> {
  return page.evaluate((k: string) => (window as unknown as { __viewer: Record<string, unknown> }).__viewer[k], key) as Promise<Hook[K]>;
}

/** Types into a panel field and waits for the typing pause to pass. */
async function type(page: Page, selector: string, text: string): Promise<void> {
  await page.fill(selector, text);
  await page.waitForTimeout(700);
}

describe('the viewer controls', () => {
  it('keeps entry and exit at the same relative places when the size changes (corners stay corners)', async () => {
    const page = await open('w=20&h=15&seed=sizes&gen=DFS&pattern=none&entry=0,0&exit=19,14');
    let id = await requestId(page);
    await type(page, '#width', '40');
    await waitReady(page, id);
    expect(await viewerMaze(page)).toMatchObject({ width: 40, entry: { x: 0, y: 0 }, exit: { x: 39, y: 14 } });
    expect([await page.inputValue('#entry'), await page.inputValue('#exit')]).toEqual(['0,0', '39,14']);
    id = await requestId(page);
    await type(page, '#height', '2000');
    await waitReady(page, id, 60_000);
    expect(await viewerMaze(page)).toMatchObject({ height: 2000, exit: { x: 39, y: 1999 } });
    // A middle cell stays in the middle, a smaller maze clamps nothing away.
    await page.close();
    const middle = await open('w=21&h=15&seed=sizes&gen=DFS&pattern=none&entry=10,7&exit=20,0');
    id = await requestId(middle);
    await type(middle, '#width', '41');
    await waitReady(middle, id);
    expect(await viewerMaze(middle)).toMatchObject({ entry: { x: 20, y: 7 }, exit: { x: 40, y: 0 } });
    id = await requestId(middle);
    await type(middle, '#height', '3');
    await waitReady(middle, id);
    expect(await viewerMaze(middle)).toMatchObject({ height: 3, entry: { x: 20, y: 1 }, exit: { x: 40, y: 0 } });
    await middle.close();
  });

  it('shows the progress of a long generation, which Cancel and a new request both stop', async () => {
    const page = await open('w=20&h=15&seed=slow&gen=DFS&pattern=none&entry=0,0&exit=19,14');
    const before = await viewerMaze(page);
    // Wilson at 2000x2000 with LEVEL's ten candidates takes tens of seconds: the progress line comes up with a figure.
    await page.goto(
      `${session.server.url}?w=2000&h=2000&seed=slow&gen=Wilson&level=hard&pattern=none&perfect=1&entry=0,0&exit=1999,1999&${DISPLAY}`,
    );
    await page.waitForSelector('#progress', { state: 'visible', timeout: 10_000 });
    const progressText = (): Promise<string> => page.evaluate(() => document.getElementById('progress-text')?.textContent ?? '');
    await page.waitForFunction(
      () => /^Generating 2000x2000: about \d+%$/.test(document.getElementById('progress-text')?.textContent ?? ''),
      null,
      { timeout: 20_000 },
    );
    // The figure moves while it runs.
    const first = await progressText();
    await page.waitForFunction((was) => (document.getElementById('progress-text')?.textContent ?? '') !== was, first, { timeout: 10_000 });
    await page.screenshot({ path: screenshotPath('viewer-progress') });
    expect(await hook(page, 'generating')).toBe(true);
    await page.click('#cancel');
    expect(await hook(page, 'generating')).toBe(false);
    expect(await page.isVisible('#progress')).toBe(false);
    expect(await page.textContent('#status')).toContain('cancelled');
    // Nothing was shown before on this page: the worker is fresh and the next maze comes at once.
    let id = await requestId(page);
    await type(page, '#width', '30');
    await type(page, '#height', '20');
    await waitReady(page, id, 10_000);
    expect((await viewerMaze(page)).width).toBe(30);

    // Cancel (here Esc) goes back to the maze shown: the settings and the panel say its size again.
    await type(page, '#width', '2000');
    await waitReady(page, id + 1, 10_000);
    const kept = await viewerMaze(page);
    expect([kept.width, kept.height]).toEqual([2000, 20]);
    await type(page, '#height', '2000');
    await page.waitForSelector('#progress', { state: 'visible', timeout: 10_000 });
    await page.keyboard.press('Escape');
    expect(await hook(page, 'generating')).toBe(false);
    expect(await hook(page, 'settings')).toMatchObject({ width: 2000, height: 20 });
    expect([await page.inputValue('#width'), await page.inputValue('#height')]).toEqual(['2000', '20']);

    // A new request stops a running one: a small maze shows within seconds, not after LEVEL's twenty seconds.
    await type(page, '#height', '2000');
    await page.waitForSelector('#progress', { state: 'visible', timeout: 10_000 });
    id = await requestId(page);
    await type(page, '#height', '10');
    await waitReady(page, id, 10_000);
    const small = await viewerMaze(page);
    expect([small.width, small.height]).toEqual([2000, 10]);
    expect([small.seed, small.entry, small.exit]).toEqual(['slow', { x: 0, y: 0 }, { x: 1999, y: 9 }]);
    const expected = generateMaze({
      width: 2000,
      height: 10,
      seed: small.seed,
      generator: 'Wilson',
      level: 'hard',
      pattern: 'none',
      entry: small.entry,
      exit: small.exit,
    }).maze.cells;
    expect(small.cells.filter((v, i) => v !== expected[i]).length).toBe(0);
    expect(before.width).toBe(20);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('checks every field as it is typed: a refused value keeps its text and a message, the maze keeps the last good value', async () => {
    const page = await open('w=20&h=15&seed=fields&gen=DFS&entry=0,0&exit=19,14');
    const id = await requestId(page);
    const cases: [string, string, RegExp][] = [
      ['#width', '0', /Width must be a whole number from 1 to 4000, not '0'; the maze keeps 20/],
      ['#width', '5000', /Width must be a whole number from 1 to 4000, not '5000'/],
      ['#height', '2.5', /Height must be a whole number from 1 to 4000, not '2.5'/],
      ['#entry', '25,3', /The entry must be x,y inside the 20x15 maze \(x 0\.\.19, y 0\.\.14\)/],
      ['#exit', '0,0', /The exit must be another cell than the entry/],
      ['#seed', '', /Type a seed/],
    ];
    for (const [selector, text, message] of cases) {
      await type(page, selector, text);
      const error = `${selector}-error`;
      expect(await page.isVisible(error), selector).toBe(true);
      expect(await page.textContent(error)).toMatch(message);
      expect(await page.getAttribute(selector, 'aria-invalid')).toBe('true');
      expect(await page.inputValue(selector), 'the typed text stays').toBe(text);
      expect(await requestId(page), 'no new maze').toBe(id);
      // Put the good value back: the message goes.
      const good = { '#width': '20', '#height': '15', '#entry': '0,0', '#exit': '19,14', '#seed': 'fields' }[selector]!;
      await type(page, selector, good);
      expect(await page.isVisible(error)).toBe(false);
      expect(await page.getAttribute(selector, 'aria-invalid')).toBe('false');
    }
    await page.screenshot({ path: screenshotPath('viewer-field-error') });
    expect(await hook(page, 'settings')).toMatchObject({ width: 20, height: 15, seed: 'fields' });
    expect(await requestId(page)).toBe(id);
    await page.close();
  });

  it('refuses a colour choice that hides part of the maze, with one line naming the two roles', async () => {
    const page = await open('w=20&h=15&seed=colours&gen=DFS');
    await page.selectOption('#walls', 'white');
    await page.waitForSelector('#color-error', { state: 'visible' });
    expect(await page.textContent('#color-error')).toBe(
      'Not applied: the wall colour white (#ffffff) is too faint on the background white (#ffffff) (contrast 1.00:1, at least 3:1 needed).',
    );
    expect((await hook(page, 'theme')).wall).toBe(THEMES.default.wall);
    await page.selectOption('#walls', 'red');
    expect(await page.textContent('#color-error')).toBe(
      'Not applied: the wall and path colours are both red (#d62828): choose another for one of them.',
    );
    await page.screenshot({ path: screenshotPath('viewer-colour-clash') });
    // An export draws the colours on screen, and its render command says those, not the refused red.
    await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
    const command = (await page.textContent('#export-command')) ?? '';
    expect(command).toMatch(/a-maze-ing render maze-20x15-colours\.txt -o maze-20x15-colours\.svg --cell-size 16 --path --theme default$/);
    await page.selectOption('#walls', 'darkgray');
    expect(await page.isVisible('#color-error')).toBe(false);
    expect((await hook(page, 'theme')).wall).toBe('#555555');
    // Every theme is offered, and each one draws.
    const themes = await page.$$eval('#theme option', (options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(themes).toEqual(['default', 'light', 'dark', 'high-contrast', 'matlab', 'distance']);
    for (const name of themes) {
      await page.selectOption('#theme', name);
      await page.waitForFunction((n) => (window as unknown as { __viewer: Hook }).__viewer.theme.name === n, name);
      const g = await viewerGeometry(page);
      expect(await canvasPixels(page, [cellCentre(g, 0, 0)]), name).toEqual([THEMES[name as keyof typeof THEMES].entry]);
    }
    await page.close();
  });

  it('speaks plainly: no seeds, no config keys, no MATLAB in the panel and the help', async () => {
    const page = await open('w=20&h=15&seed=words');
    const text = await page.evaluate(
      () => `${document.getElementById('panel')!.innerText}\n${document.getElementById('help')!.textContent}`,
    );
    for (const jargon of ['C seed', 'MATLAB', 'PERFECT', 'BRAID', 'DIFFICULTY']) expect(text, jargon).not.toContain(jargon);
    expect(text).toContain('Perfect: exactly one way between any two cells');
    await page.close();
  });

  it('places the entry and the exit on any cell from the keyboard', async () => {
    const page = await open('w=12&h=9&seed=keys&gen=DFS&pattern=none&entry=0,0&exit=11,8');
    await page.focus('#move-entry');
    await page.keyboard.press('Enter');
    expect(await hook(page, 'cursor')).toBe(0);
    await page.focus('#maze');
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight'); // stops at the right edge
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    expect(await hook(page, 'cursor')).toBe(4 * 12 + 10);
    expect(await page.textContent('#status')).toContain('cursor on 10,4');
    await page.screenshot({ path: screenshotPath('viewer-keyboard-cursor') });
    let id = await requestId(page);
    await page.keyboard.press('Enter');
    await waitReady(page, id);
    expect((await viewerMaze(page)).entry).toEqual({ x: 10, y: 4 });
    // The exit, into the opposite corner.
    await page.focus('#move-exit');
    await page.keyboard.press('Enter');
    await page.focus('#maze');
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowUp');
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
    id = await requestId(page);
    await page.keyboard.press('Enter');
    await waitReady(page, id);
    expect((await viewerMaze(page)).exit).toEqual({ x: 0, y: 0 });
    await page.close();
  });

  it('honours prefers-reduced-motion: the path is there at once, not drawn over a second and a half', async () => {
    const page = await session.browser.context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${session.server.url}?w=30&h=20&seed=calm&gen=DFS&${DISPLAY}`);
    await waitReady(page);
    const shown = await viewerMaze(page);
    expect(await hook(page, 'pathShown')).toBe(shown.path.length);
    await page.close();
    const moving = await session.browser.context.newPage();
    await moving.goto(`${session.server.url}?w=30&h=20&seed=calm&gen=DFS&${DISPLAY}`);
    await waitReady(moving);
    expect(await hook(moving, 'pathShown')).toBeLessThan(shown.path.length);
    await moving.close();
  });

  it('names every control and describes the canvas (Chromium accessibility tree); focus is always visible', async () => {
    const page = await open('w=24&h=18&seed=named&gen=DFS&entry=0,0&exit=23,17');
    const cdp = await page.context().newCDPSession(page);
    const interactive = new Set([
      'button',
      'textbox',
      'spinbutton',
      'combobox',
      'checkbox',
      'slider',
      'link',
      'image',
      'dialog',
      'alertdialog',
      'progressbar',
      'radio',
      'switch',
      'listbox',
      'menuitem',
      'tab',
    ]);
    type AxNode = {
      ignored: boolean;
      role?: { value: string };
      name?: { value: string };
      description?: { value: string };
      backendDOMNodeId?: number;
    };
    const unnamed = async (): Promise<string[]> => {
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
      const found = nodes.filter((n) => !n.ignored && n.role && interactive.has(n.role.value));
      expect(found.length).toBeGreaterThan(30);
      return found.filter((n) => !(n.name?.value ?? '').trim()).map((n) => `${n.role!.value} #${n.backendDOMNodeId}`);
    };
    expect(await unnamed()).toEqual([]);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const image = nodes.find((n) => !n.ignored && n.role?.value === 'image' && (n.name?.value ?? '').startsWith('Maze'));
    expect(image?.name?.value).toBe('Maze, 24 by 18');
    const description = image?.description?.value ?? '';
    const maze = generateMaze({ width: 24, height: 18, seed: 'named', entry: { x: 0, y: 0 }, exit: { x: 23, y: 17 } });
    expect(description).toContain('A 24 by 18 maze, seed named');
    expect(description).toContain('Entry at 0,0 (top-left corner), exit at 23,17 (bottom-right corner)');
    expect(description).toMatch(/the AStar path is \d+ moves, shown/);
    expect(maze.maze.width).toBe(24);
    // The dialogs are named too once open.
    await page.keyboard.press('4');
    expect(await unnamed()).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    expect(await unnamed()).toEqual([]);
    await page.keyboard.press('Escape');

    // Tab through everything: each element that takes the focus shows a ring of at least 2 px.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const rings: string[] = [];
    const seen = new Set<string>();
    let firstKey: string | undefined;
    for (let i = 0; i < 160; i++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return undefined;
        const style = getComputedStyle(el);
        const key = el.id || `${el.tagName}:${el.textContent?.slice(0, 20)}`;
        const visible = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
        return { key, visible };
      });
      if (!ring) continue;
      // A date field takes several Tabs; the loop ends back at the first element.
      if (ring.key === firstKey) break;
      firstKey ??= ring.key;
      if (seen.has(ring.key)) continue;
      seen.add(ring.key);
      if (!ring.visible) rings.push(ring.key);
    }
    expect(seen.size).toBeGreaterThan(30);
    expect(seen.has('maze')).toBe(true);
    expect(rings).toEqual([]);
    await page.close();
  });

  it('prints the maze alone, black on white whatever the theme, fitted to the page', async () => {
    const page = await open('w=30&h=20&seed=print&gen=DFS&theme=dark');
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print' });
    const layout = await page.evaluate(() => {
      const shownNow = (selector: string): boolean => {
        const el = document.querySelector(selector) as HTMLElement | null;
        return el !== null && el.getClientRects().length > 0 && getComputedStyle(el).display !== 'none';
      };
      const svg = document.querySelector('#print svg');
      const box = svg?.getBoundingClientRect();
      return {
        svg: svg !== null,
        width: box?.width ?? 0,
        pageWidth: document.documentElement.clientWidth,
        walls: svg?.querySelector('path.walls')?.getAttribute('stroke'),
        background: svg?.querySelector('rect.background')?.getAttribute('fill'),
        hidden: ['.bar', '#panel', '#maze', '.stage-controls'].filter((s) => shownNow(s)),
      };
    });
    expect(layout.svg).toBe(true);
    expect(layout.hidden).toEqual([]);
    expect([layout.walls, layout.background]).toEqual([THEMES.default.wall, THEMES.default.background]);
    expect(layout.width).toBeGreaterThan(layout.pageWidth * 0.9);
    expect(layout.width).toBeLessThanOrEqual(layout.pageWidth);
    await page.screenshot({ path: screenshotPath('viewer-print') });
    await page.close();
  });

  it('on a phone the maze fills the free space and the keys sit at the bottom, big enough for a thumb', async () => {
    const page = await session.browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${session.server.url}?w=20&h=15&seed=phone&gen=DFS&${DISPLAY}`);
    await waitReady(page);
    const canvas = (await page.locator('#maze').boundingBox())!;
    expect(canvas.height).toBeGreaterThan(844 * 0.6);
    for (const id of ['key-1', 'key-2', 'key-3', 'key-5', 'key-4', 'panel-toggle']) {
      const box = (await page.locator(`#${id}`).boundingBox())!;
      expect(box.y, id).toBeGreaterThan(844 * 0.75);
      expect(box.y + box.height, id).toBeLessThanOrEqual(844);
      expect(box.height, id).toBeGreaterThanOrEqual(44);
    }
    const g = await viewerGeometry(page);
    // The fitted maze uses the canvas's width.
    expect((20 * g.pitch + g.wall) * g.scale).toBeGreaterThan(canvas.width * 0.85);
    await page.screenshot({ path: screenshotPath('viewer-phone') });
    await page.click('#panel-toggle');
    expect(await page.isVisible('#width')).toBe(true);
    expect((await page.locator('#maze').boundingBox())!.height).toBeGreaterThan(200);
    await page.screenshot({ path: screenshotPath('viewer-phone-settings') });
    await page.close();
  });

  it('the animation highlights the current cell, has a legend, and replays the shown maze', async () => {
    const page = await session.browser.context.newPage();
    await page.goto(
      `${session.server.url}?w=16&h=12&seed=replay&gen=DFS&pattern=none&entry=0,0&exit=15,11&animate=1&speed=2&theme=default&showpath=1`,
    );
    await page.waitForFunction(() => (window as unknown as { __viewer?: Hook }).__viewer?.animating === true);
    await page.waitForTimeout(300);
    await page.focus('#maze');
    await page.keyboard.press(' '); // pause, so the current cell stays put
    expect(await page.isVisible('#legend')).toBe(true);
    expect(await page.locator('#legend span').allTextContents()).toEqual([
      'Current cell',
      'Frontier (waiting)',
      'Visited',
      'Dead end (solver)',
      'Path',
    ]);
    const current = await hook(page, 'current');
    expect(current).toBeGreaterThan(0);
    const g = await viewerGeometry(page);
    const colors = shadeColorsFor(THEMES.default);
    expect(await canvasPixels(page, [cellCentre(g, current % 16, Math.floor(current / 16))])).toEqual([colors[3]]);
    const swatch = await page.$eval('#swatch-current', (el) => getComputedStyle(el).backgroundColor);
    const [r, gr, b] = [1, 3, 5].map((i) => Number.parseInt(colors[3].slice(i, i + 2), 16));
    expect(swatch).toBe(`rgb(${r}, ${gr}, ${b})`);
    await page.screenshot({ path: screenshotPath('viewer-animation-legend') });
    await page.keyboard.press('f');
    await waitReady(page);
    const first = await viewerMaze(page);
    expect(await page.isVisible('#legend')).toBe(false);

    // Replay: the same maze, animated again, with animation otherwise off.
    await page.keyboard.press('a');
    expect(await page.isChecked('#animate')).toBe(false);
    const id = await requestId(page);
    await page.keyboard.press('r');
    await page.waitForFunction(() => (window as unknown as { __viewer: Hook }).__viewer.animating === true);
    await page.keyboard.press('f');
    await waitReady(page, id);
    const again = await viewerMaze(page);
    expect(again.seed).toBe(first.seed);
    expect(again.cells).toEqual(first.cells);
    expect(await hook(page, 'animationMatched')).toBe(true);
    await page.close();
  });
});
