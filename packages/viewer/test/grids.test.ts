/**
 * The viewer on every grid: hex, triangle and polar mazes, a wrap, an outline and a mask
 * draw (walls and the path's colour where the library puts them), animate (the frames
 * change while the traces play, and the last frame is the instant run's maze), export
 * (the graph JSON is `a-maze-ing render CONFIG --format graph`'s, the SVG and PNG are the
 * bytes and pixels of the `render` command the panel prints, run on that graph file), and
 * take the entry from a click on a cell; `a-maze-ing view CONFIG` opens a config's grid.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { THEMES, farthestFrom, distanceMap, hardestPair, generateMaze, parseGraph, parseTextMask, type GridMazeRequest } from 'mazegen';
import { DISTANCE_PALETTE, distanceBand } from 'mazegen/render';
import { PLAY_ARROWS, PLAY_DIRECTION_KEYS, directionTo, slotToward, type PlayDirection } from 'mazegen/play';
import { maskFromPicture } from 'mazegen/internal';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLI,
  REPO,
  openViewer,
  pageErrors,
  requestId,
  screenshotPath,
  startServer,
  stopServer,
  viewerSession,
  waitReady,
} from './harness.js';

const session = viewerSession();
const folder = mkdtempSync(join(tmpdir(), 'a-maze-ing-grids-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface GridCase {
  name: string;
  query: string;
  /** The same maze's config lines (GRID, WIDTH, HEIGHT, ...). */
  config: string[];
  options: GridMazeRequest;
}

const MASK = ['..........', '...####...', '..........', '.#......#.', '..........', '..........'].join('\n');

const CASES: GridCase[] = [
  {
    name: 'hex',
    query: 'grid=hex&w=12&h=9&seed=7&gen=DFS&entry=0,0&exit=11,8&perfect=1',
    config: ['GRID=hex', 'WIDTH=12', 'HEIGHT=9', 'SEED=7', 'GENERATOR=DFS', 'ENTRY=0,0', 'EXIT=11,8'],
    options: { grid: 'hex', width: 12, height: 9, seed: '7', generator: 'DFS', entry: { x: 0, y: 0 }, exit: { x: 11, y: 8 } },
  },
  {
    name: 'triangle',
    query: 'grid=triangle&w=16&h=8&seed=7&gen=Kruskal&entry=0,0&exit=15,7&perfect=1',
    config: ['GRID=triangle', 'WIDTH=16', 'HEIGHT=8', 'SEED=7', 'GENERATOR=Kruskal', 'ENTRY=0,0', 'EXIT=15,7'],
    options: { grid: 'triangle', width: 16, height: 8, seed: '7', generator: 'Kruskal', entry: { x: 0, y: 0 }, exit: { x: 15, y: 7 } },
  },
  {
    name: 'polar',
    query: 'grid=polar&w=6&h=6&seed=7&gen=Wilson&entry=centre&exit=outer&perfect=1',
    config: ['GRID=polar', 'WIDTH=6', 'HEIGHT=6', 'SEED=7', 'GENERATOR=Wilson', 'ENTRY=centre', 'EXIT=outer'],
    options: { grid: 'polar', width: 6, height: 6, seed: '7', generator: 'Wilson', entry: 'centre', exit: 'outer' },
  },
  {
    name: 'heart',
    query: 'shape=heart&w=16&h=14&seed=7&gen=Prim&entry=top&exit=bottom&perfect=1',
    config: ['SHAPE=heart', 'WIDTH=16', 'HEIGHT=14', 'SEED=7', 'GENERATOR=Prim', 'ENTRY=top', 'EXIT=bottom'],
    options: { grid: 'square', shape: 'heart', width: 16, height: 14, seed: '7', generator: 'Prim', entry: 'top', exit: 'bottom' },
  },
  {
    name: 'hex-torus',
    query: 'grid=hex&wrap=xy&w=10&h=8&seed=7&gen=HuntAndKill&perfect=0&braid=50&entry=0,0&exit=9,7',
    config: [
      'GRID=hex',
      'WRAP=xy',
      'WIDTH=10',
      'HEIGHT=8',
      'SEED=7',
      'GENERATOR=HuntAndKill',
      'PERFECT=False',
      'BRAID=50',
      'ENTRY=0,0',
      'EXIT=9,7',
    ],
    options: {
      grid: 'hex',
      wrap: 'xy',
      width: 10,
      height: 8,
      seed: '7',
      generator: 'HuntAndKill',
      perfect: false,
      braid: 50,
      entry: { x: 0, y: 0 },
      exit: { x: 9, y: 7 },
    },
  },
  {
    name: 'mask',
    query: `mask=${encodeURIComponent(MASK)}&w=10&h=6&seed=7&gen=AldousBroder&entry=0,0&exit=9,5&perfect=1`,
    config: ['MASK=mask.txt', 'WIDTH=10', 'HEIGHT=6', 'SEED=7', 'GENERATOR=AldousBroder', 'ENTRY=0,0', 'EXIT=9,5'],
    options: {
      grid: 'square',
      mask: parseTextMask(MASK),
      width: 10,
      height: 6,
      seed: '7',
      generator: 'AldousBroder',
      entry: { x: 0, y: 0 },
      exit: { x: 9, y: 5 },
    },
  },
];

/** Links are complete (every maze key), as the page writes them: stored settings from the last page fill in what a link leaves out. */
const DISPLAY = 'animate=0&theme=default&showpath=1&solver=AStar&difficulty=5';

interface GridState {
  grid: string;
  width: number;
  height: number;
  wrap: string;
  cells: number[];
  path: number[];
  entryCell: number;
  exitCell: number;
}

function gridState(page: Page): Promise<GridState> {
  return page.evaluate(() => (window as unknown as { __viewer: { maze(): GridState } }).__viewer.maze());
}

function centres(page: Page): Promise<{ x: number; y: number }[]> {
  return page.evaluate(() => (window as unknown as { __viewer: { gridCentres(): { x: number; y: number }[] } }).__viewer.gridCentres());
}

/** Waits until the path is drawn whole (it is revealed over a second and a half). */
async function pathDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const v = (window as unknown as { __viewer: { ready: boolean; pathShown: number; maze(): { path: number[] } } }).__viewer;
    return v.ready && v.pathShown === v.maze().path.length;
  });
}

/** The canvas's pixels as '#rrggbb' at the points, after a draw. */
async function pixelsAt(page: Page, points: readonly { x: number; y: number }[]): Promise<string[]> {
  return page.evaluate(
    (pts) => {
      (window as unknown as { __viewer: { draw(): void } }).__viewer.draw();
      const canvas = document.getElementById('maze') as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      return pts.map(({ x, y }) => {
        const i = (Math.floor(y) * canvas.width + Math.floor(x)) * 4;
        return `#${[data[i], data[i + 1], data[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      });
    },
    points as { x: number; y: number }[],
  );
}

/** How many canvas pixels have each of the colours. */
async function colourCounts(page: Page, colours: readonly string[]): Promise<number[]> {
  return page.evaluate((wanted) => {
    const canvas = document.getElementById('maze') as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = wanted.map(() => 0);
    for (let i = 0; i < data.length; i += 4) {
      const c = `#${[data[i], data[i + 1], data[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      const k = wanted.indexOf(c);
      if (k >= 0) counts[k]++;
    }
    return counts;
  }, colours as string[]);
}

/** A short fingerprint of the canvas (changes when anything drawn changes). */
function canvasPrint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.getElementById('maze') as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let h = 0x811c9dc5;
    for (let i = 0; i < data.length; i += 4) h = Math.imul(h ^ data[i] ^ (data[i + 1] << 8) ^ (data[i + 2] << 16), 0x01000193);
    return (h >>> 0).toString(16);
  });
}

function writeConfig(name: string, lines: string[]): string {
  writeFileSync(join(folder, 'mask.txt'), `${MASK}\n`);
  const path = join(folder, `${name}-config.txt`);
  writeFileSync(
    path,
    [...lines, `OUTPUT_FILE=${name}.json`, 'SOLVER=AStar', ...(lines.some((l) => l.startsWith('PERFECT=')) ? [] : ['PERFECT=True'])].join(
      '\n',
    ) + '\n',
  );
  return path;
}

describe('the viewer on every grid', () => {
  for (const c of CASES) {
    it(`${c.name}: draws the library's maze (walls, the path's colour on the path's cells, the rest open), at desktop and phone size`, async () => {
      const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}`);
      await pathDrawn(page);
      const shown = await gridState(page);
      const made = generateMaze({ ...c.options, pattern: 'none' });
      expect(shown.grid).toBe(made.maze.topology.kind);
      expect(shown.cells).toEqual(Array.from(made.maze.cells));
      expect([shown.entryCell, shown.exitCell]).toEqual([made.entry, made.exit]);
      const theme = THEMES.default;
      const [wall, path] = await colourCounts(page, [theme.wall, theme.path]);
      expect(wall).toBeGreaterThan(500);
      expect(path).toBeGreaterThan(50);
      const at = await centres(page);
      const onPath = new Set(shown.path);
      const inner = shown.path.filter((cell) => cell !== shown.entryCell && cell !== shown.exitCell);
      expect(
        (
          await pixelsAt(
            page,
            inner.map((cell) => at[cell]),
          )
        ).every((p) => p === theme.path),
        'path colour at every path cell centre',
      ).toBe(true);
      const open = at.map((_, cell) => cell).filter((cell) => !onPath.has(cell) && cell !== shown.entryCell && cell !== shown.exitCell);
      const openPixels = await pixelsAt(
        page,
        open.map((cell) => at[cell]),
      );
      expect(
        openPixels.filter((p) => p !== theme.background),
        'off-path cell centres are open floor',
      ).toEqual([]);
      const [entryPixel, exitPixel] = await pixelsAt(page, [at[shown.entryCell], at[shown.exitCell]]);
      expect([entryPixel, exitPixel]).toEqual([theme.entry, theme.exit]);
      expect(pageErrors(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`viewer-grid-${c.name}`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => (window as unknown as { __viewer: { ready: boolean } }).__viewer.ready);
      await page.screenshot({ path: screenshotPath(`viewer-grid-${c.name}-phone`) });
      await page.close();
    });
  }

  for (const c of CASES.slice(0, 4)) {
    it(`${c.name}: animates generation and solving (frames change while the steps play) and ends on the instant run's maze`, async () => {
      // Two steps a frame: a few seconds of animation on these small mazes, so the samples below fall inside it.
      const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}&speed=2`);
      const instant = await gridState(page);
      const id = await requestId(page);
      await page.evaluate(() => (document.getElementById('replay') as HTMLButtonElement).click());
      await page.waitForFunction((after) => {
        const v = (window as unknown as { __viewer: { animating: boolean; requestId: number } }).__viewer;
        return v.requestId > after && v.animating;
      }, id);
      // Sampled until three distinct frames are seen or the animation ends: a loaded machine plays slower, so it gets more samples.
      const prints = new Set<string>();
      const animating = () => page.evaluate(() => (window as unknown as { __viewer: { animating: boolean } }).__viewer.animating);
      while (prints.size < 3 && (await animating())) {
        prints.add(await canvasPrint(page));
        await page.waitForTimeout(60);
      }
      expect(prints.size, 'distinct frames while animating').toBeGreaterThanOrEqual(3);
      // Paused mid-way, the picture redrawn band by band is the whole drawing of the same scene, pixel for pixel.
      await page.keyboard.press('Space');
      for (let k = 0; k < 3; k++) await page.evaluate(() => (document.getElementById('step') as HTMLButtonElement).click());
      expect(await page.evaluate(() => (window as unknown as { __viewer: { redrawDiff(): number } }).__viewer.redrawDiff())).toBe(0);
      await page.evaluate(() => (document.getElementById('finish') as HTMLButtonElement).click());
      await waitReady(page, id, 60_000);
      expect(
        await page.evaluate(() => (window as unknown as { __viewer: { animationMatched: boolean | undefined } }).__viewer.animationMatched),
      ).toBe(true);
      expect((await gridState(page)).cells).toEqual(instant.cells);
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    });
  }

  for (const c of CASES) {
    it(`${c.name}: exports graph JSON (render CONFIG --format graph's bytes), and the SVG and PNG of the render command the panel prints`, async () => {
      const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}`);
      const save = async (id: string): Promise<{ bytes: Buffer; name: string }> => {
        const [file] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}`)]);
        const bytes = readFileSync(await file.path());
        writeFileSync(join(folder, file.suggestedFilename()), bytes);
        return { bytes, name: file.suggestedFilename() };
      };
      expect(await page.isDisabled('#export-hex')).toBe(true);
      expect(await page.isVisible('#export-grid-note')).toBe(true);
      const graph = await save('export-graph');
      const parsed = parseGraph(graph.bytes.toString('utf8'));
      const shown = await gridState(page);
      expect(parsed.maze.topology.kind).toBe(shown.grid);
      expect(Array.from(parsed.maze.cells)).toEqual(shown.cells);
      const config = writeConfig(c.name, c.config);
      const cli = spawnSync(process.execPath, [CLI, 'render', config, '--format', 'graph'], {
        cwd: folder,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(cli.status, cli.stderr).toBe(0);
      expect(graph.bytes.toString('utf8')).toBe(cli.stdout);
      for (const kind of ['svg', 'png'] as const) {
        const picture = await save(`export-${kind}`);
        const command = (await page.textContent('#export-command')) ?? '';
        expect(command).toContain(`a-maze-ing render ${graph.name} -o ${picture.name}`);
        const args = command.slice(command.indexOf('a-maze-ing render ') + 'a-maze-ing '.length).split(' ');
        args[args.indexOf('-o') + 1] = `cli-${picture.name}`;
        const run = spawnSync(process.execPath, [CLI, ...args], { cwd: folder, encoding: 'utf8', timeout: 30_000 });
        expect(run.status, run.stderr).toBe(0);
        const theirs = readFileSync(join(folder, `cli-${picture.name}`));
        if (kind === 'svg') {
          expect(picture.bytes.toString('utf8')).toBe(theirs.toString('utf8'));
          expect(picture.bytes.toString('utf8')).toContain('<polyline');
        } else {
          const mine = PNG.sync.read(picture.bytes);
          const cliPng = PNG.sync.read(theirs);
          expect([mine.width, mine.height]).toEqual([cliPng.width, cliPng.height]);
          let differing = 0;
          for (let k = 0; k < mine.data.length; k += 4)
            if (mine.data[k] !== cliPng.data[k] || mine.data[k + 1] !== cliPng.data[k + 1] || mine.data[k + 2] !== cliPng.data[k + 2])
              differing++;
          expect(differing).toBe(0);
        }
      }
      await page.close();
    });
  }

  it("exports a plain square maze's graph JSON too: render CONFIG --format graph's bytes (its hex file and print sheet stay)", async () => {
    const page = await openViewer(
      session.browser,
      `${session.server.url}?w=11&h=9&seed=sq&gen=Prim&entry=0,0&exit=10,8&perfect=0&braid=40&pattern=42&${DISPLAY}`,
    );
    expect(await page.isDisabled('#export-hex')).toBe(false);
    expect(await page.isVisible('#export-grid-note')).toBe(false);
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-graph')]);
    const mine = readFileSync(await file.path(), 'utf8');
    const config = writeConfig('square', [
      'WIDTH=11',
      'HEIGHT=9',
      'SEED=sq',
      'GENERATOR=Prim',
      'ENTRY=0,0',
      'EXIT=10,8',
      'PERFECT=False',
      'BRAID=40',
    ]);
    const cli = spawnSync(process.execPath, [CLI, 'render', config, '--format', 'graph'], {
      cwd: folder,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(mine).toBe(cli.stdout);
    expect(parseGraph(mine).info.grid).toBe('square');
    await page.close();
  });

  it('places the entry where a cell is clicked, on hex, triangle and polar grids; a masked cell takes nothing', async () => {
    for (const c of [CASES[0], CASES[1], CASES[2], CASES[3]]) {
      const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}`);
      const before = await gridState(page);
      const at = await centres(page);
      const free = before.cells
        .map((word, cell) => ({ word, cell }))
        .filter(({ cell }) => cell !== before.entryCell && cell !== before.exitCell);
      const blockedBit = c.name === 'heart' ? 16 : -1;
      if (blockedBit > 0) {
        const masked = free.find(({ word }) => (word & blockedBit) !== 0);
        expect(masked, 'the heart masks cells').toBeDefined();
        await page.click('#move-entry');
        const box = (await page.locator('#maze').boundingBox())!;
        const idBefore = await requestId(page);
        await page.mouse.click(box.x + at[masked!.cell].x, box.y + at[masked!.cell].y);
        await page.waitForTimeout(200);
        // No new maze was asked for (a placed entry asks at once) and the entry stayed.
        expect(await requestId(page)).toBe(idBefore);
        expect((await gridState(page)).entryCell).toBe(before.entryCell);
        expect(await page.getAttribute('#move-entry', 'aria-pressed')).toBe('true');
        await page.click('#move-entry');
      }
      const target = free.filter(({ word }) => blockedBit < 0 || (word & blockedBit) === 0)[Math.floor(free.length / 3)].cell;
      const id = await requestId(page);
      await page.click('#move-entry');
      const box = (await page.locator('#maze').boundingBox())!;
      await page.mouse.click(box.x + at[target].x, box.y + at[target].y);
      await waitReady(page, id);
      const after = await gridState(page);
      expect(after.entryCell, `${c.name}: the clicked cell`).toBe(target);
      expect(after.path[0]).toBe(target);
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });

  it("plays hex, triangle and polar mazes by keys: the shortest way, key by key (the grid's named directions), reaches the summary at 100%; a wall is no move", async () => {
    for (const c of [CASES[0], CASES[1], CASES[2]]) {
      const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}`);
      const made = generateMaze({ ...c.options, pattern: 'none' });
      const shown = await gridState(page);
      await page.click('#key-p');
      await page.locator('#maze').focus();
      const play = (): Promise<{ active: boolean; here: number; moves: number; solved: boolean; summaryShown: boolean }> =>
        page.evaluate(() =>
          (
            window as unknown as {
              __viewer: { play(): { active: boolean; here: number; moves: number; solved: boolean; summaryShown: boolean } };
            }
          ).__viewer.play(),
        );
      expect((await play()).here).toBe(shown.entryCell);
      // A key whose side is a wall (or no side) moves nothing.
      const kind = made.maze.topology.kind;
      const keyOf = (direction: PlayDirection): string => {
        const arrow = Object.entries(PLAY_ARROWS).find(([, d]) => d === direction)?.[0];
        return (
          arrow ??
          Object.entries(PLAY_DIRECTION_KEYS[kind]).find(([key, d]) => d === direction && !/^\d$/.test(key))?.[0] ??
          Object.entries(PLAY_DIRECTION_KEYS[kind]).find(([, d]) => d === direction)![0]
        );
      };
      const path = shown.path;
      // A direction from the entry that meets a wall or no side at all.
      const blocked = (['up', 'down', 'left', 'right'] as const).find((d) => {
        const slot = slotToward(made.maze, path[0], d);
        return slot < 0 || !made.maze.isOpen(path[0], slot) || made.maze.topology.neighbour(path[0], slot) < 0;
      });
      expect(blocked, `${c.name}: the entry has a closed side`).toBeDefined();
      await page.keyboard.press(keyOf(blocked!));
      expect(await play()).toMatchObject({ here: path[0], moves: 0 });
      for (let i = 1; i < path.length; i++) {
        const direction = directionTo(made.maze, path[i - 1], path[i]);
        expect(direction, `${c.name}: a key from ${path[i - 1]} to ${path[i]}`).toBeDefined();
        await page.keyboard.press(keyOf(direction!));
      }
      const end = await play();
      expect(end.solved, `${c.name} solved`).toBe(true);
      expect(end.summaryShown).toBe(true);
      expect(await page.textContent('#sum-optimality')).toBe('100%');
      expect(Number(await page.textContent('#sum-moves'))).toBe(path.length - 1);
      expect(pageErrors(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`viewer-grid-${c.name}-played`) });
      await page.close();
    }
  });

  it('takes a mask from a picked file: a text mask sets its cells and size, a PNG is sampled to the width and height (dark or transparent: no cell)', async () => {
    const page = await openViewer(
      session.browser,
      `${session.server.url}?grid=hex&w=8&h=6&seed=m&gen=DFS&entry=top&exit=bottom&perfect=1&${DISPLAY}`,
    );
    const text = ['.........', '...XX....', '.........', '#........', '.........'].join('\n');
    writeFileSync(join(folder, 'picked.txt'), `${text}\n`);
    let id = await requestId(page);
    await page.setInputFiles('#mask-file', join(folder, 'picked.txt'));
    await waitReady(page, id);
    let shown = await gridState(page);
    const holes = (cells: number[]): number[] => cells.flatMap((word, cell) => ((word & 64) !== 0 ? [cell] : []));
    expect([shown.cells.length, holes(shown.cells)]).toEqual([45, [12, 13, 27]]);
    expect(new URL(page.url()).searchParams.get('mask')).toBe(text.replace(/X/g, '#'));
    expect(await page.textContent('#mask-info')).toBe('Mask: 9x5, 42 cells.');
    // A PNG of 16 x 10 pixels, its left quarter dark and a transparent block: sampled to the maze's 9 x 5.
    const png = new PNG({ width: 16, height: 10 });
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < 16; x++) {
        const i = (y * 16 + x) * 4;
        const dark = x < 4;
        png.data.set([dark ? 20 : 230, dark ? 20 : 230, dark ? 20 : 230, x >= 12 && y >= 8 ? 0 : 255], i);
      }
    }
    writeFileSync(join(folder, 'picked.png'), PNG.sync.write(png));
    id = await requestId(page);
    await page.setInputFiles('#mask-file', join(folder, 'picked.png'));
    await waitReady(page, id);
    shown = await gridState(page);
    const expected = maskFromPicture({ width: 16, height: 10, data: png.data }, 9, 5);
    expect(holes(shown.cells)).toEqual(Array.from(expected.cells).flatMap((v, cell) => (v ? [] : [cell])));
    expect(holes(shown.cells).length).toBe(12);
    id = await requestId(page);
    await page.click('#mask-clear');
    await waitReady(page, id);
    expect(holes((await gridState(page)).cells)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('moves the entry from the keyboard on a hex grid: the arrows step the cursor to the neighbour that way, Enter places it', async () => {
    const c = CASES[0];
    const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}`);
    const made = generateMaze({ ...c.options, pattern: 'none' });
    const t = made.maze.topology;
    await page.click('#move-entry');
    await page.locator('#maze').focus();
    const cursor = (): Promise<number> => page.evaluate(() => (window as unknown as { __viewer: { cursor: number } }).__viewer.cursor);
    expect(await cursor()).toBe(made.entry);
    await page.keyboard.press('ArrowDown');
    expect(await cursor()).toBe(t.neighbour(made.entry, 3)); // south
    await page.keyboard.press('ArrowRight');
    const south = t.neighbour(made.entry, 3);
    expect([t.neighbour(south, 1), t.neighbour(south, 2)]).toContain(await cursor()); // north-east or south-east
    expect(await page.textContent('#status')).toMatch(/cursor on \d+,\d+/);
    const target = await cursor();
    const id = await requestId(page);
    await page.keyboard.press('Enter');
    await waitReady(page, id);
    expect((await gridState(page)).entryCell).toBe(target);
    // The cell-size presets size square cells: unavailable here.
    expect(await page.isDisabled('#complexity')).toBe(true);
    await page.close();
  });

  it('zooms and pans a grid maze: the cells grow and move on the canvas, and a click after it still names the cell under the pointer', async () => {
    const c = CASES[0];
    const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}`);
    const before = await centres(page);
    const spread = (points: { x: number; y: number }[]): number => points[points.length - 1].x - points[0].x;
    await page.locator('#maze').focus();
    for (let k = 0; k < 3; k++) await page.keyboard.press('+');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (window as unknown as { __viewer: { ready: boolean } }).__viewer.ready);
    const after = await centres(page);
    expect(spread(after)).toBeGreaterThan(spread(before) * 1.5);
    const shown = await gridState(page);
    // A path cell still inside the canvas after the zoom: its centre is drawn in the path's colour.
    const size = await page.evaluate(() => {
      const canvas = document.getElementById('maze') as HTMLCanvasElement;
      return { width: canvas.width, height: canvas.height };
    });
    const visible = shown.path.filter(
      (cell) =>
        cell !== shown.entryCell &&
        cell !== shown.exitCell &&
        after[cell].x > 10 &&
        after[cell].y > 60 &&
        after[cell].x < size.width - 10 &&
        after[cell].y < size.height - 60,
    );
    expect(visible.length).toBeGreaterThan(0);
    await pathDrawn(page);
    expect(
      new Set(
        await pixelsAt(
          page,
          visible.map((cell) => after[cell]),
        ),
      ),
    ).toEqual(new Set([THEMES.default.path]));
    const target = visible[Math.floor(visible.length / 2)];
    const id = await requestId(page);
    await page.click('#move-exit');
    const box = (await page.locator('#maze').boundingBox())!;
    await page.mouse.click(box.x + after[target].x, box.y + after[target].y);
    await waitReady(page, id);
    expect((await gridState(page)).exitCell).toBe(target);
    await page.close();
  });

  it('the distance theme colours each free cell of a hex maze and a heart by its grid distance band, with the legend', async () => {
    for (const c of [CASES[0], CASES[3]]) {
      const page = await openViewer(
        session.browser,
        `${session.server.url}?${c.query}&animate=0&theme=distance&showpath=0&solver=AStar&difficulty=5`,
      );
      const shown = await gridState(page);
      const made = generateMaze({ ...c.options, pattern: 'none' });
      const distances = distanceMap(made.maze, made.entry);
      const max = Math.max(...distances);
      const at = await centres(page);
      const cells = at.map((_, cell) => cell).filter((cell) => distances[cell] >= 0 && cell !== shown.entryCell && cell !== shown.exitCell);
      const drawn = await pixelsAt(
        page,
        cells.map((cell) => at[cell]),
      );
      expect(drawn).toEqual(cells.map((cell) => DISTANCE_PALETTE[distanceBand(distances[cell], max, DISTANCE_PALETTE.length) - 1]));
      expect(await page.textContent('#distance-legend')).toContain(`far (${max} moves)`);
      await page.close();
    }
  });

  it("Exit farthest and Hardest pair place a polar maze's ends where farthestFrom and hardestPair do; LEVEL picks a hex candidate as the library does", async () => {
    const c = CASES[2];
    const page = await openViewer(session.browser, `${session.server.url}?${c.query}&${DISPLAY}`);
    let id = await requestId(page);
    await page.click('#exit-farthest');
    await waitReady(page, id);
    const made = generateMaze({ ...c.options, pattern: 'none' });
    expect((await gridState(page)).exitCell).toBe(farthestFrom(made.maze, made.entry).cell);
    id = await requestId(page);
    await page.click('#ends-hardest');
    await waitReady(page, id);
    const pair = hardestPair(generateMaze({ ...c.options, entry: 'hardest', exit: 'hardest', pattern: 'none' }).maze);
    const ends = await gridState(page);
    expect([ends.entryCell, ends.exitCell].sort()).toEqual([pair.entry, pair.exit].sort());
    await page.close();

    const hex = CASES[0];
    const levelled = await openViewer(session.browser, `${session.server.url}?${hex.query}&${DISPLAY}&level=hard`);
    const picked = generateMaze({ ...hex.options, level: 'hard', pattern: 'none' });
    expect((await gridState(levelled)).cells).toEqual(Array.from(picked.maze.cells));
    expect(await levelled.textContent('#fig-level')).toContain(
      `hard: score ${picked.level!.score.toFixed(1)}, candidate ${picked.level!.candidate + 1} of ${picked.level!.candidates}`,
    );
    await levelled.close();
  });

  it('switches grid, outline and wrap from the panel; the link and the saved settings keep them', async () => {
    const page = await openViewer(
      session.browser,
      `${session.server.url}?w=20&h=15&seed=panel&gen=DFS&entry=0,0&exit=19,14&perfect=1&${DISPLAY}`,
    );
    const pick = async (id: string, value: string): Promise<GridState> => {
      const before = await requestId(page);
      await page.selectOption(`#${id}`, value);
      await waitReady(page, before);
      return gridState(page);
    };
    let shown = await pick('grid', 'hex');
    expect([shown.grid, shown.cells.length]).toEqual(['hex', 300]);
    shown = await pick('wrap', 'xy');
    expect(shown.wrap).toBe('xy');
    shown = await pick('shape', 'heart');
    expect(shown.cells.some((word) => (word & 64) !== 0)).toBe(true);
    expect(await page.inputValue('#entry')).toBe('top');
    let params = new URL(page.url()).searchParams;
    expect([params.get('grid'), params.get('wrap'), params.get('shape'), params.get('entry'), params.get('exit')]).toEqual([
      'hex',
      'xy',
      'heart',
      'top',
      'bottom',
    ]);
    shown = await pick('grid', 'polar');
    expect([shown.grid, shown.wrap, shown.width, shown.height]).toEqual(['polar', 'none', 6, 12]);
    expect(await page.isDisabled('#wrap')).toBe(true);
    expect([await page.inputValue('#entry'), await page.inputValue('#exit')]).toEqual(['centre', 'outer']);
    expect([await page.textContent('#width-label'), await page.textContent('#height-label')]).toEqual(['Cells in the first ring', 'Rings']);
    params = new URL(page.url()).searchParams;
    expect(params.get('wrap')).toBeNull();
    // The link makes the same maze in a new page; the settings are saved for the next visit too.
    const link = page.url();
    const cells = shown.cells;
    await page.close();
    const again = await openViewer(session.browser, link);
    expect((await gridState(again)).cells).toEqual(cells);
    await again.close();
    const stored = await openViewer(session.browser, session.server.url);
    expect(await stored.inputValue('#grid')).toBe('polar');
    expect((await gridState(stored)).cells).toEqual(cells);
    const back = await requestId(stored);
    await stored.selectOption('#grid', 'square');
    await waitReady(stored, back);
    const square = await gridState(stored);
    expect([square.grid, square.width, square.height]).toEqual(['square', 20, 15]);
    expect(new URL(stored.url()).searchParams.get('grid')).toBeNull();
    await stored.close();
  });

  it("shows generators a grid does not take as unavailable, with the library's reason, and refuses one from a link in its words", async () => {
    const page = await openViewer(session.browser, `${session.server.url}?grid=hex&w=8&h=6&seed=1&${DISPLAY}`);
    const eller = await page.$eval('#generator option[value="Eller"]', (o) => ({
      disabled: (o as HTMLOptionElement).disabled,
      title: (o as HTMLOptionElement).title,
    }));
    expect(eller.disabled).toBe(true);
    expect(eller.title).toBe(
      'Eller works on the square grid only, without wrap; on the hex grid use one of DFS, Kruskal, Prim, TruePrim, Wilson, AldousBroder, GrowingTree, HuntAndKill',
    );
    expect(await page.$eval('#generator option[value="DFS"]', (o) => (o as HTMLOptionElement).disabled)).toBe(false);
    // Wrap is offered on square and hex grids only (GRID_WRAPS).
    const id = await requestId(page);
    await page.selectOption('#grid', 'triangle');
    await waitReady(page, id);
    expect(await page.isDisabled('#wrap')).toBe(true);
    await page.close();
    const bad = await session.browser.context.newPage();
    await bad.goto(`${session.server.url}?grid=polar&w=6&h=4&seed=1&gen=Eller&${DISPLAY}`);
    await bad.waitForFunction(() => (document.getElementById('status')?.textContent ?? '').includes('Eller'));
    expect(await bad.textContent('#status')).toBe(
      'Eller works on the square grid only, without wrap; on the polar grid use one of DFS, Kruskal, Prim, TruePrim, Wilson, AldousBroder, GrowingTree, HuntAndKill, BinaryTree, Sidewinder',
    );
    await bad.close();
  });

  it("opens a polar maze of 170 rings (84,187 cells) with its exit on the outer ring (a worker's stack once overflowed on it)", async () => {
    const page = await openViewer(
      session.browser,
      `${session.server.url}?grid=polar&w=6&h=170&seed=big&entry=centre&exit=outer&perfect=1&gen=DFS&${DISPLAY}`,
    );
    const shown = await gridState(page);
    expect(shown.cells).toHaveLength(84187);
    const made = generateMaze({
      grid: 'polar',
      width: 6,
      height: 170,
      seed: 'big',
      entry: 'centre',
      exit: 'outer',
      generator: 'DFS',
      pattern: 'none',
    });
    expect(shown.exitCell).toBe(made.exit);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("prints a polar maze alone: the library's grid SVG in the default theme, its ring walls as arcs", async () => {
    const page = await openViewer(
      session.browser,
      `${session.server.url}?${CASES[2].query}&animate=0&theme=dark&showpath=1&solver=AStar&difficulty=5`,
    );
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      const svg = document.querySelector('#print svg');
      return {
        title: svg?.querySelector('title')?.textContent,
        background: svg?.querySelector('rect')?.getAttribute('fill'),
        arcs: (svg?.querySelector('path')?.getAttribute('d') ?? '').includes('A'),
        path: svg?.querySelector('polyline') !== null,
        width: svg?.getBoundingClientRect().width ?? 0,
      };
    });
    expect(printed).toMatchObject({ title: 'polar maze, seed 7', background: THEMES.default.background, arcs: true, path: true });
    expect(printed.width).toBeGreaterThan(100);
    await page.screenshot({ path: screenshotPath('viewer-grid-polar-print') });
    await page.close();
  });

  it("draws a 900x1000 hex maze (900,000 cells): the library's cells, its walls and path on the canvas (the longest main-thread task is logged; its time is the bench's, not a test's)", async () => {
    const page = await session.browser.context.newPage();
    await page.addInitScript(() => {
      const probe = { longest: 0 };
      (window as unknown as { __probe: typeof probe }).__probe = probe;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) probe.longest = Math.max(probe.longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${session.server.url}?grid=hex&w=900&h=1000&seed=big&gen=DFS&entry=0,0&exit=899,999&perfect=1&${DISPLAY}`);
    await waitReady(page, 0, 120_000);
    await pathDrawn(page);
    await page.waitForTimeout(300);
    const longest = await page.evaluate(() => (window as unknown as { __probe: { longest: number } }).__probe.longest);
    const shown = await gridState(page);
    const made = generateMaze({
      grid: 'hex',
      width: 900,
      height: 1000,
      seed: 'big',
      generator: 'DFS',
      entry: { x: 0, y: 0 },
      exit: { x: 899, y: 999 },
      pattern: 'none',
    });
    expect(shown.cells.length).toBe(900_000);
    expect(shown.cells.every((word, cell) => word === made.maze.cells[cell])).toBe(true);
    // The worker's picture is on the canvas, scaled down (two image pixels a unit, filtered): grey walls and the red path's tint.
    const tones = await page.evaluate(() => {
      (window as unknown as { __viewer: { draw(): void } }).__viewer.draw();
      const canvas = document.getElementById('maze') as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let grey = 0;
      let red = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        if (Math.abs(r - g) < 12 && Math.abs(g - b) < 12 && r < 200) grey++;
        if (r > g + 50 && r > b + 50) red++;
      }
      return { grey, red };
    });
    expect(tones.grey).toBeGreaterThan(50_000);
    expect(tones.red).toBeGreaterThan(1_000);
    console.log(`hex 900x1000: longest main-thread task ${longest.toFixed(0)} ms`);
    await page.screenshot({ path: screenshotPath('viewer-grid-hex-900x1000') });
    await page.close();
  });

  it("a-maze-ing view CONFIG opens the config's grid: a GRID=hex config shows the maze render --format graph makes of it", async () => {
    const config = writeConfig('view-hex', ['GRID=hex', 'WIDTH=9', 'HEIGHT=7', 'SEED=config', 'GENERATOR=Wilson', 'ENTRY=0,0', 'EXIT=8,6']);
    const expected = parseGraph(
      spawnSync(process.execPath, [CLI, 'render', config, '--format', 'graph'], { cwd: REPO, encoding: 'utf8', timeout: 30_000 }).stdout,
    );
    const server = await startServer([config]);
    try {
      const page = await session.browser.context.newPage();
      // The config's maze comes before the saved settings and after none in the URL.
      await page.goto(server.url);
      await waitReady(page);
      const shown = await gridState(page);
      expect(shown.grid).toBe('hex');
      expect(shown.cells).toEqual(Array.from(expected.maze.cells));
      expect(shown.entryCell).toBe(expected.info.entry);
      expect(await page.inputValue('#grid')).toBe('hex');
      await page.close();
    } finally {
      await stopServer(server);
    }
  });
});
