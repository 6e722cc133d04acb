/**
 * The default command's terminal view of hex and polar mazes, in tmux panes of two sizes:
 * the braille raster at the best fit, the status line, and the keys that apply.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGraph, validateGrid } from 'mazegen';
import { DISTANCE_PALETTE } from 'mazegen/render';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ansi256 } from '../../src/term/color.js';
import { visibleWidth } from '../../src/term/screen.js';
import { assertBuilt, makeTempDir, removeDir } from './run-cli.js';
import { endPanes, hasTmux, tmuxPane } from './tmux-session.js';

let dir: string;
const write = (name: string, lines: string[]) => writeFileSync(join(dir, name), lines.join('\n') + '\n');
// Node reads a CI variable as "no colours": the pane stands for a user's terminal (CI runs the suite with CI=true).
const USER_TERMINAL = { CI: '' };

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  write('hex.txt', ['GRID=hex', 'WIDTH=12', 'HEIGHT=8', 'ENTRY=0,0', 'EXIT=11,7', 'OUTPUT_FILE=hex.json', 'PERFECT=True', 'SEED=42']);
  write('polar.txt', [
    'GRID=polar',
    'WIDTH=6',
    'HEIGHT=6',
    'ENTRY=centre',
    'EXIT=outer',
    'OUTPUT_FILE=polar.json',
    'PERFECT=True',
    'SEED=42',
  ]);
});
afterEach(() => endPanes());
afterAll(() => removeDir(dir));

const braille = (row: string) => [...row].filter((c) => c >= '\u2801' && c <= '\u28ff').length;

describe.skipIf(!hasTmux())('the braille view of other grids (tmux)', () => {
  for (const size of [
    { columns: 80, rows: 24 },
    { columns: 120, rows: 40 },
  ]) {
    for (const [config, output] of [
      ['hex.txt', 'hex.json'],
      ['polar.txt', 'polar.json'],
    ]) {
      it(`${config} at ${size.columns}x${size.rows}: a braille picture that fits, the status line, path on and off, play and leave it, a new maze, quit`, async () => {
        const pane = tmuxPane(dir, config, size, USER_TERMINAL);
        let screen = await pane.until(/seed 42 \| path shown \| walls #d4d4d4 \| theme dark \(auto, no COLORFGBG\)/);
        const status = screen.findIndex((row) => row.startsWith('seed 42 |'));
        expect(screen[status + 1]).toBe('1 new maze  2 path on/off  3 wall colour  4/q quit  p play');
        const picture = screen.slice(0, status);
        // The picture fills the rows above the status line or the width, whichever binds first.
        expect(picture.length).toBe(size.rows - 2);
        for (const row of screen) expect(visibleWidth(row)).toBeLessThanOrEqual(size.columns);
        const widest = Math.max(...picture.map((row) => row.trimEnd().length));
        const tallest = picture.filter((row) => braille(row) > 0).length;
        expect(widest >= size.columns - 3 || tallest >= size.rows - 4, `${widest} columns, ${tallest} rows`).toBe(true);
        expect(picture.reduce((n, row) => n + braille(row), 0)).toBeGreaterThan(picture.length * 10);
        expect(picture.every((row) => /^[\u2800-\u28ff ]*$/.test(row))).toBe(true);
        // The whole outline is drawn: a top row and a bottom row of dots.
        expect(braille(picture[0]) + braille(picture[1])).toBeGreaterThan(2);
        expect(braille(picture[tallest - 1])).toBeGreaterThan(2);
        const withPath = picture.join('\n');

        pane.send('2');
        screen = await pane.until(/path hidden/);
        expect(screen.slice(0, status).join('\n')).not.toBe(withPath);

        // p plays the maze shown (grid-play.test.ts walks it to the exit); q leaves back to the display.
        pane.send('p');
        await pane.until(/moves 0 {2}time 0 s {2}seed 42/);
        pane.send('q');
        await pane.until(/left after 0 moves and [\d.]+ s \(the shortest way is \d+ moves\) \| seed 42/);

        const before = readFileSync(join(dir, output), 'utf8');
        pane.send('1');
        screen = await pane.until(/rewrote \S+ with a new maze, seed \d+/);
        const seed = /seed (\d+) \| seed (\d+)/.exec(screen.join('\n'));
        expect(seed?.[1]).toBe(seed?.[2]);
        const after = readFileSync(join(dir, output), 'utf8');
        expect(after).not.toBe(before);
        const { maze, info } = parseGraph(after);
        expect(info.seed).toBe(seed?.[1]);
        expect(validateGrid(maze, { entry: info.entry, exit: info.exit, perfect: true, solution: info.solution })).toEqual([]);

        pane.send('q');
        for (let i = 0; i < 100 && pane.alive(); i++) await new Promise((r) => setTimeout(r, 50));
        expect(pane.alive()).toBe(false);
      });
    }
  }

  it('redraws at the new best fit when the terminal is resized', async () => {
    const pane = tmuxPane(dir, 'polar.txt', { columns: 80, rows: 24 }, USER_TERMINAL);
    const rowsOf = (screen: string[]) => screen.filter((row) => braille(row) > 0).length;
    const small = rowsOf(await pane.until(/seed 42 \| path shown/));
    pane.resize(120, 40);
    let large = small;
    for (let i = 0; i < 100 && large <= small; i++) {
      await new Promise((r) => setTimeout(r, 50));
      large = rowsOf(pane.screen());
    }
    expect(small).toBeLessThanOrEqual(22);
    expect(large).toBeGreaterThan(small + 10);
    expect(large).toBeLessThanOrEqual(38);
    for (const row of pane.screen()) expect(visibleWidth(row)).toBeLessThanOrEqual(120);
    pane.send('q');
  });

  it('--theme distance: braille characters on the bands (the pale entry side and the violet far side both show), the status line says what the colours mean', async () => {
    const pane = tmuxPane(dir, 'hex.txt --theme distance', { columns: 80, rows: 24 }, USER_TERMINAL);
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
    pane.send('q');
  });

  it('a maze too big for the pane says so in one line instead of drawing', async () => {
    write('big.txt', ['GRID=hex', 'WIDTH=120', 'HEIGHT=90', 'ENTRY=0,0', 'EXIT=119,89', 'OUTPUT_FILE=big.json', 'PERFECT=True', 'SEED=1']);
    const pane = tmuxPane(dir, 'big.txt', { columns: 80, rows: 24 }, USER_TERMINAL);
    const screen = await pane.until(/needs \d+ (columns|rows) even in braille/);
    expect(screen.map((row) => row.trimEnd()).join(' ')).toMatch(
      /a 120x90 hex maze needs \d+ columns even in braille, the terminal has 80; the maze is in big\.json; see it with 'a-maze-ing render big\.json -f svg -o maze\.svg' or in a larger terminal/,
    );
    pane.send('q');
  });
});
