/* eslint-disable no-control-regex -- the tests read terminal escapes */
/**
 * The interactive display under a real pseudo-terminal: util-linux `script` runs the CLI
 * on a pty whose input is our pipe, so the CLI sees stdin and stdout as TTYs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHex, THEMES, validate, type Theme } from 'mazegen';
import { COLORS, type ColorName } from 'mazegen/config';
import { themeClashes } from 'mazegen/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawingSize } from '../../src/term/render.js';
import { fitDrawing, STATUS_ROWS } from '../../src/term/screen.js';
import { CYCLE_COLORS } from '../../src/term/theme.js';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';
import { endSessions, ptySession } from './pty-session.js';
import { endPanes, hasTmux, tmuxPane, type TmuxPane } from './tmux-session.js';

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  writeFileSync(
    join(dir, 'config.txt'),
    ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True', 'SEED=42'].join('\n') + '\n',
  );
});
afterAll(() => {
  endSessions();
  removeDir(dir);
});

describe('interactive display (TTY)', () => {
  it('toggles the path, regenerates with a new seed and says so, cycles colours past clashes, and quits with 4', async () => {
    const s = ptySession(dir, 'config.txt --no-animation', { TERM: 'xterm-256color', COLORFGBG: '' });
    await s.until(
      /seed 42 \| path shown \| walls #d4d4d4 \| 42 cyan \| theme dark \(auto, no COLORFGBG\)\r?\n1 new maze {2}2 path on\/off {2}3 wall colour {2}5 42 colour {2}4\/q quit/,
    );
    expect(s.output).toContain('\x1b[48;5;'); // colour blocks
    const before = readFileSync(join(dir, 'maze.txt'), 'utf8');

    let mark = s.mark();
    s.send('2');
    await s.until(/seed 42 \| path hidden/, mark);

    mark = s.mark();
    s.send('1');
    // The message names the file; the status line after it names the seed, once.
    const status = await s.until(/rewrote maze\.txt with a new maze \| seed (\d+) \| path hidden/, mark);
    const [, seed] = /with a new maze \| seed (\d+)/.exec(status)!;
    expect(status.match(new RegExp(`\\b${seed}\\b`, 'g'))).toHaveLength(1);
    expect(seed).not.toBe('42');
    const after = readFileSync(join(dir, 'maze.txt'), 'utf8');
    expect(after).not.toBe(before);
    const file = parseHex(after);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: true, pattern: true })).toEqual([]);

    // Key 3 through every wall colour it offers: none hides anything, and black (on the dark background) and the 42's colour are skipped.
    const theme: Theme = { ...THEMES.dark };
    const walls: string[] = [];
    for (let i = 0; i < CYCLE_COLORS.length; i++) {
      mark = s.mark();
      s.send('3');
      const wall = /walls (\w+) \|/.exec(await s.until(/walls \w+ \| 42/, mark))![1];
      walls.push(wall);
      theme.wall = theme.border = COLORS[wall as ColorName];
      expect(themeClashes(theme), wall).toEqual([]);
    }
    expect(walls).not.toContain('black');
    expect(new Set(walls).size).toBeGreaterThan(5);
    mark = s.mark();
    s.send('5');
    const pattern = /42 (\w+) \|/.exec(await s.until(/42 \w+ \| theme/, mark))![1];
    theme.pattern = COLORS[pattern as ColorName];
    expect(themeClashes(theme)).toEqual([]);
    mark = s.mark();
    s.send('2');
    await s.until(/path shown/, mark);

    s.send('4');
    expect(await s.exited).toBe(0);
    expect(s.output.endsWith('\x1b[?25h\r\n')).toBe(true); // cursor shown again
    expect(s.output).not.toContain('    at ');
  });

  it('animates the generation and then the path in about two seconds, and any key skips to the end', async () => {
    const s = ptySession(dir, 'config.txt', { TERM: 'xterm-256color' });
    await s.until(/seed 42 \| path/);
    const started = Date.now();
    // The frames overwrite the screen from the top (cursor home) until the animation ends.
    await new Promise<void>((resolve) => {
      let last = s.output.length;
      const timer = setInterval(() => {
        if (s.output.length === last && Date.now() - started > 300) {
          clearInterval(timer);
          resolve();
        }
        last = s.output.length;
      }, 250);
    });
    const frames = s.output.split('\x1b[H').length - 1;
    expect(frames).toBeGreaterThan(30);
    s.send('q');
    expect(await s.exited).toBe(0);

    const skipped = ptySession(dir, 'config.txt', { TERM: 'xterm-256color' });
    await skipped.until(/seed 42 \| path/);
    const before = skipped.mark();
    skipped.send('x');
    await skipped.until(/\x1b\[H\x1b\[2J[^]*seed 42 \| path shown/, before);
    await new Promise((r) => setTimeout(r, 400));
    // Skipped: the frames stop at once (well before the two seconds), the last screen is the whole maze and path.
    const settled = skipped.mark();
    await new Promise((r) => setTimeout(r, 500));
    expect(skipped.output.length).toBe(settled);
    const last = skipped.output.slice(skipped.output.lastIndexOf('\x1b[H'));
    const whole = ptySession(dir, 'config.txt --no-animation', { TERM: 'xterm-256color' });
    await whole.until(/4\/q quit/);
    whole.send('q');
    await whole.exited;
    const drawn = whole.output.slice(whole.output.indexOf('\x1b[H'));
    expect(last.slice(0, last.indexOf('seed 42'))).toBe(drawn.slice(0, drawn.indexOf('seed 42')));
    skipped.send('q');
    expect(await skipped.exited).toBe(0);
  });

  it('a key pressed during the replay skips it and still does its job; the AZERTY digit row works as 1-5', async () => {
    for (const key of ['2', 'é']) {
      const s = ptySession(dir, 'config.txt', { TERM: 'xterm-256color' });
      // At the first frame the path will show at the end; 2 (or é) during the replay ends it with the path hidden.
      await s.until(/\x1b\[H/);
      const mark = s.mark();
      s.send(key);
      await s.until(/seed 42 \| path hidden/, mark);
      s.send('&');
      await s.until(/seed (?!42\b)\d+ \| path/, mark);
      s.send('q');
      expect(await s.exited).toBe(0);
    }
  });

  it('quits on q and on Ctrl-C, restoring the cursor; NO_COLOR draws plain characters', async () => {
    for (const key of ['q', '\x03']) {
      const s = ptySession(dir, 'config.txt', { NO_COLOR: '1' });
      await s.until(/path shown/);
      expect(s.output).not.toContain('\x1b[48;');
      expect(s.output).toContain('▓▓');
      // Without colours the status line names none and the keys offer no colour key.
      expect(s.output).toMatch(/seed 42 \| path shown\r?\n1 new maze {2}2 path on\/off {2}4\/q quit/);
      expect(s.output).not.toMatch(/walls \w+ \||3 wall colour/);
      if (key === 'q') {
        const mark = s.mark();
        s.send('3');
        await s.until(/colours are off \(NO_COLOR, --no-color or the terminal\): keys 3 and 5 change nothing/, mark);
      }
      s.send(key);
      expect(await s.exited).toBe(0);
      expect(s.output).toContain('\x1b[?25h');
    }
  });

  it('gives a maze that fits no drawing one line that says how to see it', async () => {
    writeFileSync(
      join(dir, 'wide.txt'),
      ['WIDTH=400', 'HEIGHT=10', 'ENTRY=0,0', 'EXIT=399,9', 'OUTPUT_FILE=wide-maze.txt', 'PERFECT=True', 'SEED=1'].join('\n') + '\n',
    );
    const s = ptySession(dir, 'wide.txt');
    expect(await s.exited).toBe(0);
    expect(s.output).toMatch(
      /a 400x10 maze needs 401 columns even in its smallest drawing, the terminal has 160; the maze is in wide-maze\.txt; see it with 'a-maze-ing view wide\.txt', 'a-maze-ing render wide-maze\.txt -f svg -o maze\.svg' or in a larger terminal/,
    );
  });

  it('refuses a WALL_COLOR that hides the walls before writing anything, naming the line and both roles', () => {
    writeFileSync(
      join(dir, 'black.txt'),
      ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=black-maze.txt', 'PERFECT=True', 'WALL_COLOR=black'].join('\n') +
        '\n',
    );
    const r = runCli(['black.txt'], { cwd: dir, env: { COLORFGBG: undefined } });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^a-maze-ing: black\.txt, line 7: WALL_COLOR: the wall colour black \(#000000\) is too faint on the background #1b1d23 \(contrast 1\.\d\d:1, at least 3:1 needed\) \(THEME=auto chose dark\)\n$/,
    );
    expect(existsSync(join(dir, 'black-maze.txt'))).toBe(false);
    expect(runCli(['black.txt', '--theme', 'light'], { cwd: dir }).status).toBe(0);
    expect(runCli(['black.txt', '--no-display'], { cwd: dir }).status).toBe(0);
  });
});

/** Checks a pane: no row wider than it, and the drawing whole from the top row down: exactly `expected.rows` rows above the first line of text. */
function expectWholeDrawing(pane: TmuxPane, columns: number, expected: { rows: number }): void {
  const rows = pane.screen();
  for (const row of rows) expect([...row.trimEnd()].length, row).toBeLessThanOrEqual(columns);
  // Drawing rows hold block, quadrant and braille characters, spaces (coloured blocks) and the S and E marks.
  const drawn = rows.findIndex((row) => !/^[ ▀▄█▌▐▖▗▘▙▚▛▜▝▞▟\u2800-\u28ffSE]*$/.test(row));
  expect(drawn, rows.join('\n')).toBe(expected.rows);
}

/** The screen as one line of words (a message wrapped over rows reads whole). */
const words = (rows: string[]) => rows.join(' ').replace(/\s+/g, ' ');

const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 40, rows: 12 },
  { columns: 200, rows: 60 },
];

describe.skipIf(!hasTmux())('every terminal size (tmux)', () => {
  afterAll(() => endPanes());

  it.each(SIZES)('the default command draws the 20x15 maze whole at $columns x $rows, with its status lines', async (size) => {
    const pane = tmuxPane(dir, 'config.txt --no-animation', size);
    const rows = await pane.until(/seed 42 \| path[^]*\n1 /);
    const fit = fitDrawing(20, 15, size, true, STATUS_ROWS);
    expect(fit.mode).toBe(size.columns === 80 ? 'half' : size.columns === 40 ? 'braille' : 'blocks');
    expectWholeDrawing(pane, size.columns, drawingSize(20, 15, fit.mode!));
    expect(rows.some((r) => r.startsWith('1 new'))).toBe(true);
    pane.send('q');
    pane.kill();
  });

  it('redraws at the best fit when the terminal is resized', async () => {
    const pane = tmuxPane(dir, 'config.txt --no-animation', { columns: 80, rows: 24 });
    await pane.until(/seed 42 \| path[^]*\n1 /);
    expectWholeDrawing(pane, 80, drawingSize(20, 15, 'half'));
    pane.resize(200, 60);
    // The block drawing has no '▀' (its blocks are coloured spaces).
    await pane.until(/^(?![^]*▀)[^]*seed 42/);
    expectWholeDrawing(pane, 200, drawingSize(20, 15, 'blocks'));
    pane.kill();
  });

  it('draws readable colours: explicit foreground and background on every maze row', async () => {
    const pane = tmuxPane(dir, 'config.txt --no-animation --theme light', { columns: 80, rows: 24 });
    await pane.until(/theme light \(--theme\)/);
    const coloured = pane.screen(true).filter((row) => row.includes('▀'));
    expect(coloured.length).toBe(16);
    // tmux writes 39/49 (or a reset) where a cell takes the terminal's own colours: never inside the maze.
    expect(coloured[0]).toMatch(/^\x1b\[[0-9;]*m/);
    for (const row of coloured) expect(row.slice(0, row.lastIndexOf('▀'))).not.toMatch(/\x1b\[(?:[0-9;]*;)?(?:39|49|0)?m/);
    pane.kill();
  });

  it.each(SIZES)('the menu shows a maze at $columns x $rows without scrolling it away or a line wider than the terminal', async (size) => {
    const settings = join(dir, `menu-${size.columns}.json`);
    const pane = tmuxPane(dir, `menu --settings ${settings} --date 2026-01-02`, size);
    await pane.until(/choice \[0-10, S, Q\]/);
    for (const row of pane.screen()) expect([...row.trimEnd()].length).toBeLessThanOrEqual(size.columns);
    pane.send('7\r');
    const rows = await pane.until(/Maze of the Day 2026-01-02 24x24[^]*choice \[0-10, S, Q\]/);
    if (size.columns === 40) {
      expect(words(rows)).toMatch(/needs \d+ rows even in its smallest drawing, the terminal has 12: choose 6 or 3 for a smaller maze/);
      for (const row of rows) expect([...row.trimEnd()].length).toBeLessThanOrEqual(size.columns);
    } else expectWholeDrawing(pane, size.columns, drawingSize(24, 24, size.columns === 80 ? 'braille' : 'blocks'));
    pane.send('8\r');
    await pane.until(/solution: \d+ moves[^]*choice/);
    if (size.columns !== 40) expectWholeDrawing(pane, size.columns, drawingSize(24, 24, size.columns === 80 ? 'braille' : 'blocks'));
    pane.send('q\r');
    pane.kill();
  });

  it.each(SIZES)('motd --solution draws the Maze of the Day whole at $columns x $rows', async (size) => {
    const pane = tmuxPane(dir, 'motd --date 2026-01-02 --solution', size, {}, true);
    const rows = await pane.until(/Maze of the Day 2026-01-02: 24x24/);
    if (size.columns === 40) expect(words(rows)).toMatch(/needs \d+ rows even in its smallest drawing, the terminal has 12; see it with/);
    else expectWholeDrawing(pane, size.columns, drawingSize(24, 24, size.columns === 80 ? 'braille' : 'blocks'));
    for (const row of rows) expect([...row.trimEnd()].length).toBeLessThanOrEqual(size.columns);
    pane.kill();
  });
});
