/**
 * The viewer against the other faces and the promises that viewer.test.ts does
 * not cover: the Maze of the Day equals `a-maze-ing motd`, the exports agree with the
 * maze on screen, generator variants, WCAG AA contrast, pinch zoom, and the buttons
 * over the canvas leaving the fitted maze clear.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { THEMES, generateMaze, parseHex, type Theme } from 'mazegen';
import { themeClashes } from 'mazegen/render';
import { shortestPath } from 'mazegen';
import { findDeadEnds, walkPath } from 'mazegen/internal';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  CLI,
  REPO,
  canvasPixels,
  cellCentre,
  eastWall,
  openViewer,
  requestId,
  screenshotPath,
  viewerGeometry,
  viewerMaze,
  waitReady,
  viewerSession,
} from './harness.js';

const session = viewerSession();

/** Colours pinned (settings persist in localStorage between pages). */
const DISPLAY = 'animate=0&theme=default';

function open(query: string): Promise<Page> {
  return openViewer(session.browser, `${session.server.url}?${query}&${DISPLAY}`);
}

type Rgb = [number, number, number];

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: Rgb, b: Rgb): number {
  const luminance = ([r, g, bl]: Rgb): number => {
    const [R, G, B] = [r, g, bl].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the viewer and the other faces', () => {
  it("shows the Maze of the Day for a date: the same maze as 'a-maze-ing motd --date' (entry on the bottom row, exit on the top row)", async () => {
    const cli = spawnSync(process.execPath, [CLI, 'motd', '--date', '2026-01-02', '--format', 'hex'], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(cli.status).toBe(0);
    const hex = parseHex(cli.stdout);
    const page = await open('w=10&h=10&seed=other&gen=Prim&perfect=0');
    await page.fill('#motd-date', '2026-01-02');
    const id = await requestId(page);
    await page.click('#motd');
    await waitReady(page, id);
    const shown = await viewerMaze(page);
    expect(shown.seed).toBe('motd-2026-01-02');
    expect([shown.width, shown.height]).toEqual([hex.maze.width, hex.maze.height]);
    expect(shown.cells.map((v) => v & 15)).toEqual(Array.from(hex.maze.cells, (v) => v & 15));
    expect(shown.entry).toEqual(hex.entry);
    expect(shown.exit).toEqual(hex.exit);
    expect(shown.entry.y).toBe(23);
    expect(shown.exit.y).toBe(0);
    expect(shown.path).toHaveLength(hex.path.length + 1);
    const params = new URL(page.url()).searchParams;
    expect([params.get('entry'), params.get('exit'), params.get('gen'), params.get('perfect')]).toEqual(['bottom', 'top', 'DFS', '1']);
    await page.screenshot({ path: screenshotPath('viewer-motd-2026-01-02') });
    await page.close();
  });

  it("exports the maze on screen: the hex file agrees with it, the SVG is render's byte for byte and the PNG pixel for pixel", async () => {
    // A theme and a colour of the user's, the path shown: the export names the render command that makes the same files.
    const page = await openViewer(
      session.browser,
      `${session.server.url}?w=24&h=18&seed=export&gen=Wilson&perfect=0&braid=50&entry=0,17&exit=23,0&showpath=1&animate=0&theme=dark&walls=white&c42=magenta`,
    );
    const shown = await viewerMaze(page);
    const folder = mkdtempSync(join(tmpdir(), 'a-maze-ing-export-'));
    const save = async (id: string): Promise<{ bytes: Buffer; name: string }> => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}`)]);
      expect(file.suggestedFilename()).toMatch(/^maze-24x18-export\.(txt|svg|png)$/);
      const bytes = readFileSync(await file.path());
      writeFileSync(join(folder, file.suggestedFilename()), bytes);
      return { bytes, name: file.suggestedFilename() };
    };
    try {
      const hexFile = await save('export-hex');
      const hex = parseHex(hexFile.bytes.toString('utf8'));
      expect(Array.from(hex.maze.cells, (v) => v & 15)).toEqual(shown.cells.map((v) => v & 15));
      expect([hex.entry, hex.exit]).toEqual([shown.entry, shown.exit]);
      const walked = walkPath(hex.maze, hex.entry.y * 24 + hex.entry.x, hex.path).cells;
      expect(walked[walked.length - 1]).toBe(hex.exit.y * 24 + hex.exit.x);
      expect(walked.length).toBe(shortestPath(hex.maze, hex.entry, hex.exit).cells.length);

      for (const kind of ['svg', 'png'] as const) {
        const picture = await save(`export-${kind}`);
        const command = (await page.textContent('#export-command')) ?? '';
        expect(command).toContain(
          `a-maze-ing render ${hexFile.name} -o ${picture.name} --cell-size 16 --path --theme dark --wall-color white --pattern-color magenta`,
        );
        // The very command the page shows, run in the folder that holds the viewer's files.
        const args = command.slice(command.indexOf('a-maze-ing render ') + 'a-maze-ing '.length).split(' ');
        args[args.indexOf('-o') + 1] = `cli-${picture.name}`;
        const cli = spawnSync(process.execPath, [CLI, ...args], { cwd: folder, encoding: 'utf8', timeout: 30_000 });
        expect(cli.status, cli.stderr).toBe(0);
        const theirs = readFileSync(join(folder, `cli-${picture.name}`));
        if (kind === 'svg') {
          expect(picture.bytes.toString('utf8')).toBe(theirs.toString('utf8'));
        } else {
          const mine = PNG.sync.read(picture.bytes);
          const cliPng = PNG.sync.read(theirs);
          expect([mine.width, mine.height]).toEqual([cliPng.width, cliPng.height]);
          let differing = 0;
          for (let k = 0; k < mine.data.length; k += 4) {
            if (
              mine.data[k] !== cliPng.data[k] ||
              mine.data[k + 1] !== cliPng.data[k + 1] ||
              mine.data[k + 2] !== cliPng.data[k + 2] ||
              mine.data[k + 3] !== 255
            )
              differing++;
          }
          expect(differing).toBe(0);
          // And the picture is the themed maze: the dark background, white walls, the path's colour somewhere.
          const colours = new Set<string>();
          for (let k = 0; k < mine.data.length; k += 4)
            colours.add(`#${[mine.data[k], mine.data[k + 1], mine.data[k + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`);
          for (const colour of [THEMES.dark.background, '#ffffff', THEMES.dark.path, THEMES.dark.entry, THEMES.dark.exit])
            expect(colours.has(colour), colour).toBe(true);
        }
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await page.close();
  });

  it("offers the generator's variants in a menu, applies them, and reports an unknown one", async () => {
    const page = await open('w=21&h=13&seed=variants&gen=GrowingTree&perfect=1&pattern=42&difficulty=5&entry=0,0&exit=20,12');
    const values = async (): Promise<string[]> =>
      page.$$eval('#variant option', (options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(await values()).toEqual(['', 'newest', 'random', 'oldest', 'mix']);
    let id = await requestId(page);
    await page.selectOption('#variant', 'oldest');
    await waitReady(page, id);
    const options = { width: 21, height: 13, seed: 'variants', generator: 'GrowingTree', entry: { x: 0, y: 0 }, exit: { x: 20, y: 12 } };
    expect((await viewerMaze(page)).cells).toEqual(Array.from(generateMaze({ ...options, variant: 'oldest' }).maze.cells));
    expect(new URL(page.url()).searchParams.get('variant')).toBe('oldest');
    // Another generator starts at its own default; DFS has no variants.
    id = await requestId(page);
    await page.selectOption('#generator', 'BinaryTree');
    await waitReady(page, id);
    expect(await values()).toEqual(['', 'NE', 'NW', 'SE', 'SW']);
    expect(await page.inputValue('#variant')).toBe('');
    id = await requestId(page);
    await page.selectOption('#generator', 'DFS');
    await waitReady(page, id);
    expect(await page.isDisabled('#variant')).toBe(true);
    await page.close();

    const bad = await session.browser.context.newPage();
    await bad.goto(`${session.server.url}?w=10&h=10&seed=1&gen=GrowingTree&variant=sideways&${DISPLAY}`);
    await bad.waitForFunction(() => (document.getElementById('status')?.textContent ?? '').includes('variant'));
    expect(await bad.textContent('#status')).toContain('GrowingTree variant must be newest, random, oldest, mix');
    await bad.close();
  });

  it('meets WCAG AA contrast: text 4.5:1, large text and controls 3:1 (from the computed styles)', async () => {
    const page = await open('w=20&h=15&seed=contrast&gen=DFS&showpath=1');
    await page.keyboard.press('Tab'); // focus a bar button, so its focus ring is styled
    const samples = await page.evaluate(() => {
      const rgba = (text: string): number[] =>
        (/rgba?\(([^)]+)\)/.exec(text)?.[1] ?? '0,0,0,0')
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number)
          .concat([1])
          .slice(0, 4);
      /** The colour behind an element: its own and its ancestors' backgrounds, composited. */
      const backdrop = (element: Element): number[] => {
        const layers: number[][] = [];
        for (let e: Element | null = element; e; e = e.parentElement) layers.push(rgba(getComputedStyle(e).backgroundColor));
        let out = [255, 255, 255];
        for (const [r, g, b, a] of layers.reverse()) out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), b * a + out[2] * (1 - a)];
        return out;
      };
      const sample = (
        selector: string,
        kind: 'text' | 'large' | 'ui',
        property: 'color' | 'backgroundColor' | 'borderTopColor' | 'outlineColor' = 'color',
        against?: string,
      ) => {
        const element = document.querySelector(selector);
        if (!element) return { selector, missing: true, fg: [0, 0, 0], bg: [0, 0, 0], kind };
        const fg = rgba(getComputedStyle(element)[property]).slice(0, 3);
        const bg = backdrop(against ? document.querySelector(against)! : element);
        return { selector: `${selector} ${property}`, missing: false, fg, bg, kind };
      };
      return [
        sample('.bar h1', 'large'),
        sample('#key-1', 'text'),
        sample('#key-1 kbd', 'text'),
        sample('#key-2[aria-pressed="true"]', 'text'),
        sample('#panel label', 'text'),
        sample('#panel legend', 'text'),
        sample('.hint', 'text'),
        sample('.figures dt', 'text'),
        sample('.figures dd', 'text'),
        sample('#width', 'text'),
        sample('#width', 'ui', 'borderTopColor', '#panel'),
        sample('#zoom-in', 'text'),
        sample('#zoom-in', 'ui', 'backgroundColor', '.stage'),
        sample('#key-1', 'ui', 'outlineColor', '.bar'),
        sample('.dialog', 'text'),
        sample('.closed', 'text'),
      ];
    });
    const failures: string[] = [];
    for (const s of samples) {
      expect(s.missing, s.selector).toBe(false);
      const ratio = contrast(s.fg.map(Math.round) as Rgb, s.bg.map(Math.round) as Rgb);
      const needed = s.kind === 'text' ? 4.5 : 3;
      if (ratio < needed) failures.push(`${s.selector}: ${ratio.toFixed(2)} < ${needed}`);
    }
    expect(failures).toEqual([]);
    // The panel's focus ring on the page background, and the maze's own default colours.
    expect(contrast([0xb3, 0x26, 0x1e], [0xff, 0xff, 0xff])).toBeGreaterThanOrEqual(3);
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });

  it('zooms with a two-finger pinch around the fingers, and the fitted maze stays clear of the buttons', async () => {
    const page = await session.browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${session.server.url}?w=30&h=30&seed=pinch&gen=DFS&${DISPLAY}`);
    await waitReady(page);
    const fitted = await viewerGeometry(page);
    const controlsTop = await page.evaluate(() => {
      const canvas = document.getElementById('maze')!.getBoundingClientRect();
      return (document.querySelector('.stage-controls')!.getBoundingClientRect().top - canvas.top) * devicePixelRatio;
    });
    const mazeBottom = fitted.originY + (30 * fitted.pitch + fitted.wall) * fitted.scale;
    expect(mazeBottom).toBeLessThanOrEqual(controlsTop);

    const pinch = (from: number, to: number) =>
      page.evaluate(
        ([a, b]) => {
          const canvas = document.getElementById('maze')!;
          const r = canvas.getBoundingClientRect();
          const cx = r.left + r.width / 2;
          const cy = r.top + r.height / 2;
          const send = (type: string, pointerId: number, dx: number): void => {
            canvas.dispatchEvent(
              new PointerEvent(type, {
                pointerId,
                pointerType: 'touch',
                clientX: cx + dx,
                clientY: cy,
                bubbles: true,
                isPrimary: pointerId === 1,
              }),
            );
          };
          send('pointerdown', 1, -a / 2);
          send('pointerdown', 2, a / 2);
          for (let i = 1; i <= 10; i++) send('pointermove', 2, a / 2 + ((b - a) * i) / 10);
          send('pointerup', 2, b / 2);
          send('pointerup', 1, -a / 2);
          (window as unknown as { __viewer: { draw(): void } }).__viewer.draw();
        },
        [from, to],
      );
    const cellPixels = async (): Promise<number> => {
      const g = await viewerGeometry(page);
      return g.pitch * g.scale;
    };
    const before = await cellPixels();
    await pinch(40, 160);
    const bigger = await cellPixels();
    // Fingers 40 px apart spread to 160 px: four times the cell size, give or take the whole-pixel steps.
    expect(bigger).toBeGreaterThanOrEqual(before * 3.5);
    expect(bigger).toBeLessThanOrEqual(before * 4.5);
    await page.screenshot({ path: screenshotPath('viewer-phone-pinched') });
    await pinch(160, 40);
    expect(await cellPixels()).toBeLessThan(bigger / 2);
    await page.close();
  });

  it("key 5 changes the colour of the 42, the C seed's presets set the grid and the cell size, and the figures are the maze's", async () => {
    const page = await open('w=24&h=18&seed=presets&gen=DFS&perfect=1&pattern=42&entry=0,0&exit=23,17&showpath=0');
    let shown = await viewerMaze(page);
    let g = await viewerGeometry(page);
    const cell42 = shown.cells.findIndex((c) => (c & 16) !== 0);
    const at42 = cellCentre(g, cell42 % 24, Math.floor(cell42 / 24));
    expect(await canvasPixels(page, [at42])).toEqual([THEMES.default.pattern]);
    await page.keyboard.press('5');
    const theme = await page.evaluate(() => (window as unknown as { __viewer: { theme: Theme } }).__viewer.theme);
    // Black, blue, red and green are the walls', the exit's, the path's and the entry's: the next free one is magenta.
    expect(theme.pattern).toBe('#c2169f');
    expect(themeClashes(theme)).toEqual([]);
    expect(await canvasPixels(page, [at42])).toEqual([theme.pattern]);
    // Figures: dead ends and path length of this very maze.
    const maze = generateMaze({ width: 24, height: 18, seed: 'presets', entry: { x: 0, y: 0 }, exit: { x: 23, y: 17 } });
    expect(await page.textContent('#fig-deadends')).toBe(String(findDeadEnds(maze.maze).length));
    expect(await page.textContent('#fig-path')).toBe(`${shortestPath(maze.maze, maze.entry, maze.exit).directions.length} moves`);

    // Complexity Very Easy (30 px cells) in the Small window (180 px): 6x6 cells drawn 30 px each.
    for (const [complexity, windowIndex, cells, pixels] of [
      ['0', '0', 6, 30],
      ['2', '1', 24, 15],
    ] as const) {
      const id = await requestId(page);
      await page.selectOption('#dimensions', windowIndex);
      await page.selectOption('#complexity', complexity);
      await waitReady(page, id);
      shown = await viewerMaze(page);
      g = await viewerGeometry(page);
      expect([shown.width, shown.height, g.pitch * g.scale]).toEqual([cells, cells, pixels]);
    }
    await page.close();
  });

  it('moves the entry to a clicked cell, and keeps the settings for the next visit', async () => {
    const page = await open('w=12&h=9&seed=click&gen=DFS&perfect=1&pattern=none&entry=0,0&exit=11,8');
    const g = await viewerGeometry(page);
    const box = (await page.locator('#maze').boundingBox())!;
    const [x, y] = cellCentre(g, 5, 4);
    const id = await requestId(page);
    await page.click('#move-entry');
    await page.mouse.click(box.x + x, box.y + y);
    await waitReady(page, id);
    expect((await viewerMaze(page)).entry).toEqual({ x: 5, y: 4 });
    expect(new URL(page.url()).searchParams.get('entry')).toBe('5,4');
    await page.selectOption('#walls', 'darkgray');
    await page.waitForFunction(
      () => (window as unknown as { __viewer: { settings: { walls: string } } }).__viewer.settings.walls === 'darkgray',
    );
    await page.close();

    const again = await session.browser.context.newPage();
    await again.goto(session.server.url); // no query: the saved settings
    await waitReady(again);
    const settings = await again.evaluate(
      () => (window as unknown as { __viewer: { settings: Record<string, unknown> } }).__viewer.settings,
    );
    expect(settings).toMatchObject({ width: 12, height: 9, seed: 'click', entry: { x: 5, y: 4 }, walls: 'darkgray' });
    const seen = await viewerMaze(again);
    expect(seen.cells).toEqual(
      Array.from(
        generateMaze({ width: 12, height: 9, seed: 'click', pattern: 'none', entry: { x: 5, y: 4 }, exit: { x: 11, y: 8 } }).maze.cells,
      ),
    );
    await again.close();
  });

  it("draws the heatmap theme in the library's matlab colours: thick grey walls, blue passages, orange start and end", async () => {
    const page = await session.browser.context.newPage();
    await page.goto(
      `${session.server.url}?w=16&h=12&seed=heat&gen=DFS&perfect=1&pattern=none&entry=0,0&exit=15,11&showpath=0&animate=0&theme=heatmap`,
    );
    await waitReady(page);
    const shown = await viewerMaze(page);
    const g = await viewerGeometry(page);
    const closed = shown.cells.findIndex((c, i) => (c & 2) !== 0 && i % 16 < 15);
    const open = shown.cells.findIndex((c, i) => (c & 2) === 0 && i % 16 < 15);
    const points = [
      cellCentre(g, 5, 5),
      eastWall(g, closed % 16, Math.floor(closed / 16)),
      eastWall(g, open % 16, Math.floor(open / 16)),
      cellCentre(g, 0, 0),
      cellCentre(g, 15, 11),
    ];
    const m = THEMES.matlab;
    expect(await canvasPixels(page, points)).toEqual([m.background, m.wall, m.background, m.entry, m.exit]);
    await page.screenshot({ path: screenshotPath('viewer-heatmap') });
    await page.close();
  });
});
