/* eslint-disable no-control-regex -- the tests read terminal escapes */
/**
 * The default command's terminal view of every grid in tmux panes: hex, triangle and polar,
 * a square maze with an outline and one with a wrap, drawn by the one chooser in colour
 * (24-bit escapes read back with capture-pane -e), the exit marked, the path on key 2, the
 * keys 1 3 5 p q working as on the plain square maze; at 80x24 and at 120x40.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGraph, THEMES, validate } from 'mazegen';
import { DISTANCE_PALETTE } from 'mazegen/render';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ansi256 } from '../../src/term/color.js';
import { visibleWidth } from '../../src/term/screen.js';
import { assertBuilt, makeTempDir, removeDir } from './run-cli.js';
import { endPanes, hasTmux, tmuxPane, type TmuxPane } from './tmux-session.js';

let dir: string;
const write = (name: string, lines: string[]) => writeFileSync(join(dir, name), lines.join('\n') + '\n');
// Node reads a CI variable as "no colours" (CI runs the suite with CI=true), and Node 20 takes tmux's TERM for 256 colours:
// the pane stands for a user's terminal that shows 24-bit colour.
const TRUECOLOR = { CI: '', FORCE_COLOR: '3' };

const CONFIGS: Record<string, string[]> = {
  'hex.txt': ['GRID=hex', 'WIDTH=12', 'HEIGHT=8', 'ENTRY=0,0', 'EXIT=11,7', 'OUTPUT_FILE=hex.json', 'PERFECT=True', 'SEED=42'],
  'triangle.txt': [
    'GRID=triangle',
    'WIDTH=16',
    'HEIGHT=6',
    'ENTRY=0,0',
    'EXIT=15,5',
    'OUTPUT_FILE=triangle.json',
    'PERFECT=True',
    'SEED=42',
  ],
  'polar.txt': ['GRID=polar', 'WIDTH=6', 'HEIGHT=6', 'ENTRY=centre', 'EXIT=outer', 'OUTPUT_FILE=polar.json', 'PERFECT=True', 'SEED=42'],
  'heart.txt': ['WIDTH=20', 'HEIGHT=15', 'SHAPE=heart', 'ENTRY=top', 'EXIT=bottom', 'OUTPUT_FILE=heart.json', 'PERFECT=True', 'SEED=42'],
  'wrap.txt': ['WIDTH=20', 'HEIGHT=15', 'WRAP=x', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=wrap.json', 'PERFECT=True', 'SEED=42'],
  'square.txt': ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=square.txt.out', 'PERFECT=True', 'SEED=42'],
};

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  for (const [name, lines] of Object.entries(CONFIGS)) write(name, lines);
});
afterEach(() => endPanes());
afterAll(() => removeDir(dir));

/** A colour as the 24-bit escape of a foreground or background. */
const escape = (hex: string, layer: 'fg' | 'bg') =>
  `\x1b[${layer === 'fg' ? 38 : 48};2;${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(';')}m`;
/** Whether the pane's colours show `hex`, as a foreground or a background. */
const shows = (coloured: string, hex: string) => coloured.includes(escape(hex, 'fg')) || coloured.includes(escape(hex, 'bg'));
/** Rows of the picture: those above the status line. */
const pictureOf = (screen: string[]) =>
  screen.slice(
    0,
    screen.findIndex((row) => row.startsWith('seed ')),
  );
/** The picture's size on the screen: its rows above the status line, its widest row with its coloured blanks. */
function pictureSize(pane: TmuxPane): { columns: number; rows: number } {
  const coloured = pictureOf(pane.screen(true));
  const plain = pictureOf(pane.screen());
  return { columns: Math.max(...coloured.map((row) => visibleWidth(row.replace(/(\x1b\[[0-9;]*m)+$/, '')))), rows: plain.length };
}
const DRAWING = /^[ ▀▄█▌▐▖▗▘▙▚▛▜▝▞▟\u2800-\u28ffSE]*$/;

async function quit(pane: TmuxPane): Promise<void> {
  pane.send('q');
  for (let i = 0; i < 100 && pane.alive(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(pane.alive()).toBe(false);
}

describe.skipIf(!hasTmux())('every grid in the terminal (tmux)', () => {
  const dark = THEMES.dark;
  for (const [size, configs] of [
    [{ columns: 80, rows: 24 }, ['hex.txt', 'triangle.txt', 'polar.txt']],
    [{ columns: 120, rows: 40 }, ['hex.txt']],
  ] as const) {
    for (const config of configs) {
      it(`${config} at ${size.columns}x${size.rows}: in colour, the exit marked, the path on key 2, keys 3 and 5, play, a new maze, quit`, async () => {
        const pane = tmuxPane(dir, config, size, TRUECOLOR);
        let screen = await pane.until(/seed 42 \| path shown \| walls #d4d4d4 \| theme dark \(auto, no COLORFGBG\)/);
        const status = screen.findIndex((row) => row.startsWith('seed 42 |'));
        expect(screen[status + 1]).toBe('1 new maze  2 path on/off  3 wall colour  5 42 colour  4/q quit  p play');
        const picture = pictureOf(screen);
        for (const row of screen) expect(visibleWidth(row)).toBeLessThanOrEqual(size.columns);
        expect(picture.every((row) => DRAWING.test(row))).toBe(true);
        // Drawn as large as fits: the picture fills the width or the rows above the status line.
        const drawn = pictureSize(pane);
        expect(drawn.columns >= size.columns - 4 || drawn.rows >= size.rows - 4, `${drawn.columns} columns, ${drawn.rows} rows`).toBe(true);
        // In the theme's colours: walls, background, the entry, the exit and the path.
        let coloured = pane.screen(true).join('\n');
        for (const role of ['wall', 'background', 'entry', 'exit', 'path'] as const) expect(shows(coloured, dark[role]), role).toBe(true);

        pane.send('2');
        await pane.until(/path hidden/);
        coloured = pane.screen(true).join('\n');
        expect(shows(coloured, dark.path)).toBe(false);
        expect(shows(coloured, dark.exit)).toBe(true);

        pane.send('3');
        screen = await pane.until(/walls (?!#d4d4d4)\S+ \|/);
        expect(shows(pane.screen(true).join('\n'), dark.wall)).toBe(false);

        pane.send('5');
        await pane.until(/this \w+ maze has no 42 pattern to colour/);

        // p plays the maze shown (grid-play.test.ts walks it to the exit); q leaves back to the display.
        pane.send('p');
        await pane.until(/moves 0 {2}time 0 s {2}seed 42/);
        pane.send('q');
        await pane.until(/left after 0 moves and [\d.]+ s \(the shortest way is \d+ moves\) \| seed 42/);

        const output = CONFIGS[config].find((line) => line.startsWith('OUTPUT_FILE='))!.slice('OUTPUT_FILE='.length);
        const before = readFileSync(join(dir, output), 'utf8');
        pane.send('1');
        screen = await pane.until(/rewrote \S+ with a new maze \| seed \d+/);
        const seed = /with a new maze \| seed (\d+) \|/.exec(screen.join('\n'));
        const after = readFileSync(join(dir, output), 'utf8');
        expect(after).not.toBe(before);
        const { maze, info } = parseGraph(after);
        expect(info.seed).toBe(seed?.[1]);
        expect(validate(maze, { entry: info.entry, exit: info.exit, perfect: true, solution: info.solution })).toEqual([]);
        await quit(pane);
      });
    }
  }

  it('draws a square maze with an outline or a wrap in half blocks at 80x24, as the plain square maze of its size, in colour', async () => {
    const rowsOf = async (config: string) => {
      const pane = tmuxPane(dir, `${config} --no-animation`, { columns: 80, rows: 24 }, TRUECOLOR);
      const screen = await pane.until(/seed 42 \| path shown/);
      const picture = pictureOf(screen);
      const coloured = pane.screen(true).join('\n');
      for (const role of ['wall', 'entry', 'exit', 'path'] as const)
        expect(shows(coloured, THEMES.dark[role]), `${config} ${role}`).toBe(true);
      pane.kill();
      return picture;
    };
    const plain = await rowsOf('square.txt');
    expect(plain).toHaveLength(16);
    expect(plain.every((row) => /^▀{41}$/.test(row))).toBe(true);
    for (const config of ['heart.txt', 'wrap.txt']) {
      const picture = await rowsOf(config);
      expect(picture, config).toHaveLength(16);
      expect(
        picture.every((row) => /^▀+ *$/.test(row) && row.trimEnd().length <= 41),
        config,
      ).toBe(true);
    }
  });

  it('--theme light: the light theme on a polar maze, every maze row with explicit colours', async () => {
    const pane = tmuxPane(dir, 'polar.txt --theme light', { columns: 80, rows: 24 }, TRUECOLOR);
    await pane.until(/theme light \(--theme\)/);
    const coloured = pane.screen(true);
    const all = coloured.join('\n');
    const light = THEMES.light;
    for (const role of ['background', 'wall', 'entry', 'exit', 'path'] as const) expect(shows(all, light[role]), role).toBe(true);
    expect(shows(all, THEMES.dark.background)).toBe(false);
    // tmux writes 39/49 (or a reset) where a cell takes the terminal's own colours: never inside the maze.
    for (const row of coloured.slice(0, 20)) {
      const drawn = row.replace(/\x1b\[0m$/, '').replace(/(\x1b\[[0-9;]*m)+$/, '');
      expect(drawn).not.toMatch(/\x1b\[(?:[0-9;]*;)?(?:39|49|0)?m/);
    }
    await quit(pane);
  });

  it('redraws at the new best fit when the terminal is resized', async () => {
    const pane = tmuxPane(dir, 'polar.txt', { columns: 80, rows: 24 }, TRUECOLOR);
    await pane.until(/seed 42 \| path shown/);
    const small = pictureSize(pane).rows;
    pane.resize(120, 40);
    let large = small;
    for (let i = 0; i < 100 && large <= small; i++) {
      await new Promise((r) => setTimeout(r, 50));
      large = pictureSize(pane).rows;
    }
    expect(small).toBeLessThanOrEqual(22);
    expect(large).toBeGreaterThan(small + 10);
    expect(large).toBeLessThanOrEqual(38);
    for (const row of pane.screen()) expect(visibleWidth(row)).toBeLessThanOrEqual(120);
    await quit(pane);
  });

  it('--theme distance: the pale entry side and the violet far side both show, and the status line says what the colours mean', async () => {
    const pane = tmuxPane(dir, 'hex.txt --theme distance', { columns: 80, rows: 24 }, { CI: '' });
    await pane.until(/\| theme distance \(pale near, violet far\)/);
    // The pane declares 256 colours, where each band is its nearest of the 256; Node 22 and
    // later read TMUX as 24-bit colour, where each band is its own #rrggbb. Either counts.
    const screen = pane.screen(true).join('\n');
    const shown256 = new Set([...screen.matchAll(/48;5;(\d+)m/g)].map((m) => Number(m[1])));
    const shownRgb = new Set(
      [...screen.matchAll(/48;2;(\d+);(\d+);(\d+)m/g)].map(
        (m) => `#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`,
      ),
    );
    const seen = DISTANCE_PALETTE.map((band) => shown256.has(ansi256(band)) || shownRgb.has(band.toLowerCase()));
    expect(seen.filter(Boolean).length).toBeGreaterThanOrEqual(6);
    expect(seen[0]).toBe(true);
    expect(seen[seen.length - 1]).toBe(true);
    await quit(pane);
  });

  it('a maze too big for the pane says so in one line instead of drawing', async () => {
    write('big.txt', ['GRID=hex', 'WIDTH=120', 'HEIGHT=90', 'ENTRY=0,0', 'EXIT=119,89', 'OUTPUT_FILE=big.json', 'PERFECT=True', 'SEED=1']);
    const pane = tmuxPane(dir, 'big.txt', { columns: 80, rows: 24 }, TRUECOLOR);
    const screen = await pane.until(/needs \d+ (columns|rows) even in braille/);
    expect(screen.map((row) => row.trimEnd()).join(' ')).toMatch(
      /a 120x90 hex maze needs \d+ columns even in braille, the terminal has 80; the maze is in big\.json; see it with 'a-maze-ing render big\.json -f svg -o maze\.svg' or in a larger terminal/,
    );
    pane.send('q');
  });
});
