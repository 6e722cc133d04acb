import { ConfigError, EAST, generateMaze, Maze, SOUTH, THEMES, WEST } from 'mazegen';
import { COLORS, parseConfig } from 'mazegen/config';
import { THEME_NAMES } from 'mazegen/render';
import { patternCells } from 'mazegen/internal';
import { describe, expect, it } from 'vitest';
import { ansi16, ansi256, colorDepth, sgrColor, themeFor16Colors } from '../src/term/color.js';
import { lookFor } from '../src/term/display.js';
import {
  blockGrid,
  compactLines,
  COLOR_MODES,
  drawingSize,
  ENTRY,
  EXIT,
  PATH,
  PLAIN_BLOCKS,
  renderLines,
  type DrawMode,
} from '../src/term/render.js';
import { fitChoice, fitDrawing, fitLine, visibleWidth } from '../src/term/screen.js';
import { autoTheme, chooseTheme, themeFlag } from '../src/term/theme.js';

/** A 3x2 maze: a corridor along the top row, down the east side and back west to (1,1); (0,0) also opens south. */
function smallMaze(): Maze {
  const m = new Maze(3, 2);
  m.carvePassage(0, EAST);
  m.carvePassage(1, EAST);
  m.carvePassage(2, SOUTH);
  m.carvePassage(5, WEST);
  m.carvePassage(0, SOUTH);
  return m;
}
const SMALL = { maze: smallMaze(), entry: { x: 0, y: 0 }, exit: { x: 1, y: 1 } };
const SMALL_PATH = Int32Array.of(0, 1, 2, 5, 4);
const dark = THEMES.dark;

// eslint-disable-next-line no-control-regex -- matching ANSI escapes is the point
const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** Checks that every visible character of a line is drawn with a foreground and a background set on that line, and that it ends reset. */
function assertExplicitColours(line: string): void {
  let fg = false;
  let bg = false;
  // eslint-disable-next-line no-control-regex -- splitting at escapes
  for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
    // eslint-disable-next-line no-control-regex -- reading an escape
    const m = /^\x1b\[([0-9;]*)m$/.exec(part);
    if (m) {
      const codes = m[1].split(';').map(Number);
      if (codes[0] === 0) fg = bg = false;
      if (codes[0] === 38 || (codes[0] >= 30 && codes[0] <= 37) || (codes[0] >= 90 && codes[0] <= 97)) fg = true;
      if (codes[0] === 48 || (codes[0] >= 40 && codes[0] <= 47) || (codes[0] >= 100 && codes[0] <= 107)) bg = true;
      continue;
    }
    if (part.length > 0) expect({ part, fg, bg }).toEqual({ part, fg: true, bg: true });
  }
  expect(line.endsWith('\x1b[0m')).toBe(true);
}

describe('the terminal drawing', () => {
  it('draws blocks in plain characters: marks S and E over the path, openings in the border beside them', () => {
    const lines = renderLines({ ...SMALL, path: SMALL_PATH }, { mode: 'blocks', theme: dark, depth: 1 });
    expect(lines).toEqual(['██  ██████████', '██S ········██', '██  ██████··██', '██  ██E ····██', '██████  ██████']);
  });

  it('leaves the path out when none is given', () => {
    const lines = renderLines(SMALL, { mode: 'blocks', theme: dark, depth: 1 });
    expect(lines.join('\n')).not.toContain('··');
    expect(lines[1]).toBe('██S         ██');
  });

  it('keeps the marks on top of the path in the block grid', () => {
    const grid = blockGrid({ ...SMALL, path: SMALL_PATH });
    expect(grid[1 * 7 + 1]).toBe(ENTRY);
    expect(grid[3 * 7 + 3]).toBe(EXIT);
    expect(grid[1 * 7 + 3]).toBe(PATH);
  });

  it('draws the compact plain drawing, a character per cell and wall, with underlined marks and path over south walls', () => {
    expect(compactLines({ ...SMALL, path: SMALL_PATH })).toEqual(['   ___', '|S··\u0332··|', '|_|E··\u0332|']);
  });

  it('draws the 42 pattern cells in their own blocks, joined into solid strokes', () => {
    const { maze, entry, exit } = generateMaze({ width: 20, height: 15, seed: 42 });
    const rows = renderLines({ maze, entry, exit }, { mode: 'blocks', theme: dark, depth: 1 });
    expect(rows).toHaveLength(31);
    for (const cell of patternCells(20, 15)) {
      const x = cell % 20;
      const y = Math.floor(cell / 20);
      expect(rows[2 * y + 1].slice(2 * (2 * x + 1), 2 * (2 * x + 1) + 2)).toBe('▓▓');
    }
  });

  it('opens a post only where all four walls around it are open', () => {
    const m = new Maze(2, 2);
    m.carvePassage(0, EAST);
    m.carvePassage(0, SOUTH);
    m.carvePassage(1, SOUTH);
    m.carvePassage(2, EAST);
    const ends = { entry: { x: 0, y: 0 }, exit: { x: 1, y: 1 } };
    expect(blockGrid({ maze: m, ...ends })[2 * 5 + 2]).toBe(0);
    m.buildWall(2, EAST);
    expect(blockGrid({ maze: m, ...ends })[2 * 5 + 2]).toBe(1);
  });

  it('has distinct plain characters for every kind a reader tells apart (the border is a wall)', () => {
    const kinds = PLAIN_BLOCKS.slice(0, 6);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const block of PLAIN_BLOCKS) expect([...block]).toHaveLength(2);
  });

  const generated = generateMaze({ width: 20, height: 15, seed: 42 });
  const picture = { maze: generated.maze, entry: generated.entry, exit: generated.exit, path: Int32Array.of(0, 1, 21, 22) };
  it.each(
    COLOR_MODES.flatMap((mode) => THEME_NAMES.flatMap((theme) => ([24, 8, 4] as const).map((depth) => [mode, theme, depth] as const))),
  )(
    '%s in %s at %i bits: every character has an explicit foreground and background, and the size drawingSize says',
    (mode, theme, depth) => {
      const lines = renderLines(picture, { mode, theme: THEMES[theme], depth });
      const size = drawingSize(20, 15, mode);
      expect(lines).toHaveLength(size.rows);
      for (const line of lines) {
        assertExplicitColours(line);
        expect(visibleWidth(line)).toBe(size.columns);
      }
    },
  );

  it('uses the theme colours: the walls, passages, path and marks of the block drawing', () => {
    const lines = renderLines({ ...SMALL, path: SMALL_PATH }, { mode: 'blocks', theme: dark, depth: 24 });
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(';');
    const all = lines.join('\n');
    for (const role of ['wall', 'background', 'path', 'entry', 'exit'] as const) expect(all).toContain(`48;2;${rgb(dark[role])}m`);
    expect(stripAnsi(lines[1])).toBe('  S           ');
  });

  it('sizes each mode: blocks, half blocks, quarter blocks, braille, box drawing, compact', () => {
    const sizes = (['blocks', 'half', 'quarter', 'braille', 'unicode', 'compact'] as DrawMode[]).map((m) => drawingSize(20, 15, m));
    expect(sizes).toEqual([
      { columns: 82, rows: 31 },
      { columns: 41, rows: 16 },
      { columns: 21, rows: 16 },
      { columns: 21, rows: 8 },
      { columns: 61, rows: 31 },
      { columns: 41, rows: 16 },
    ]);
  });
});

describe('fitting the terminal', () => {
  it('picks the largest drawing that fits with the status rows', () => {
    expect(fitDrawing(20, 15, { columns: 82, rows: 33 }, true, 2)).toEqual({ mode: 'blocks' });
    expect(fitDrawing(20, 15, { columns: 80, rows: 24 }, true, 2)).toEqual({ mode: 'half' });
    expect(fitDrawing(20, 15, { columns: 40, rows: 12 }, true, 2)).toEqual({ mode: 'braille' });
    expect(fitDrawing(60, 40, { columns: 80, rows: 24 }, true, 2)).toEqual({ mode: 'braille' });
    expect(fitDrawing(20, 15, { columns: 80, rows: 24 }, false, 2)).toEqual({ mode: 'compact' });
    expect(fitDrawing(20, 15, { columns: 200, rows: 60 }, false, 2)).toEqual({ mode: 'blocks' });
  });

  it('says what the smallest drawing needs when none fits', () => {
    expect(fitDrawing(200, 200, { columns: 80, rows: 24 }, true, 2).problem).toBe(
      'a 200x200 maze needs 201 columns even in its smallest drawing, the terminal has 80',
    );
    expect(fitDrawing(20, 100, { columns: 80, rows: 24 }, true, 2).problem).toBe(
      'a 20x100 maze needs 53 rows even in its smallest drawing, the terminal has 24',
    );
  });

  it('draws blocks up to 200 cells a side outside a terminal', () => {
    expect(fitDrawing(200, 200, {}, true)).toEqual({ mode: 'blocks' });
    expect(fitDrawing(201, 1, {}, true).problem).toMatch(/too big to draw outside a terminal \(at most 200 cells a side\)/);
  });

  it('cuts lines to the width, and picks the longest key line that fits', () => {
    expect(fitLine('abcdef', 4)).toBe('abc…');
    expect(fitLine('abc', 4)).toBe('abc');
    expect(fitChoice(['long words here', 'short'], 10)).toBe('short');
    expect(fitChoice(['long words here', 'still too long'], 5)).toBe('stil…');
  });
});

describe('the colour policy', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  it('follows Node: a terminal by TERM and COLORTERM, a pipe only with FORCE_COLOR, --no-color always off', () => {
    expect(colorDepth(tty, { TERM: 'xterm-256color' })).toBe(8);
    expect(colorDepth(tty, { TERM: 'xterm-256color', COLORTERM: 'truecolor' })).toBe(24);
    expect(colorDepth(pipe, { TERM: 'xterm-256color', COLORTERM: 'truecolor' })).toBe(1);
    expect(colorDepth(pipe, { FORCE_COLOR: '1' })).toBe(4);
    expect(colorDepth(pipe, { FORCE_COLOR: '3' })).toBe(24);
    expect(colorDepth(tty, { TERM: 'xterm-256color', FORCE_COLOR: '0' })).toBe(1);
    expect(colorDepth(tty, { TERM: 'dumb' })).toBe(1);
    expect(colorDepth(tty, { TERM: 'xterm-256color', NO_COLOR: '1' })).toBe(1);
    expect(colorDepth(tty, { TERM: 'xterm-256color', NO_COLOR: '' })).toBe(8); // empty = unset (no-color.org)
    expect(colorDepth(tty, { TERM: 'xterm-256color', NO_COLOR: '1', FORCE_COLOR: '2' })).toBe(8); // FORCE_COLOR wins, as in Node
    expect(colorDepth(tty, { TERM: 'xterm-256color', COLORTERM: 'truecolor' }, false)).toBe(1);
  });

  it('keeps every role of every theme apart with 16 colours', () => {
    for (const name of THEME_NAMES) {
      const t = themeFor16Colors(THEMES[name]);
      const roles = [t.background, t.wall, t.path, t.entry, t.pattern];
      expect(new Set(roles.map(ansi16)).size, name).toBe(5);
      expect(ansi16(t.exit) === ansi16(t.entry), name).toBe(THEMES[name].exit === THEMES[name].entry);
    }
  });

  it('writes a colour at each depth', () => {
    expect(ansi256('#ffffff')).toBe(231);
    expect(ansi256('#000000')).toBe(16);
    expect(ansi256('#808080')).toBe(244);
    expect(ansi256('#ff0000')).toBe(196);
    expect(ansi16('#ff0000')).toBe(9);
    expect(sgrColor('#ff0000', 'fg', 24)).toBe('\x1b[38;2;255;0;0m');
    expect(sgrColor('#ff0000', 'bg', 8)).toBe('\x1b[48;5;196m');
    expect(sgrColor('#ff0000', 'bg', 4)).toBe('\x1b[101m');
    expect(sgrColor('#000000', 'fg', 4)).toBe('\x1b[30m');
    expect(sgrColor('#ff0000', 'fg', 1)).toBe('');
  });
});

describe('the terminal theme', () => {
  const config = (extra: string[]) =>
    parseConfig(['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=m.txt', 'PERFECT=True', ...extra].join('\n'), 'c.txt');
  it('is auto from COLORFGBG, dark where it is unset, and says why', () => {
    expect(autoTheme({ COLORFGBG: '0;15' })).toEqual({ name: 'light', why: 'auto, COLORFGBG=0;15' });
    expect(autoTheme({ COLORFGBG: '15;0' }).name).toBe('dark');
    expect(autoTheme({})).toEqual({ name: 'dark', why: 'auto, no COLORFGBG' });
    expect(chooseTheme('matlab', 'light', {}).name).toBe('matlab');
    expect(chooseTheme(undefined, 'light', { COLORFGBG: '15;0' }).name).toBe('light');
    expect(themeFlag('auto')).toBeUndefined();
    expect(themeFlag('High Contrast')).toBe('high-contrast');
    expect(() => themeFlag('sepia')).toThrow(
      /--theme must be auto or one of default, light, dark, high-contrast, matlab, distance, got 'sepia'/,
    );
  });

  it('takes WALL_COLOR, PATTERN_COLOR and PATH_COLOR over the theme, and refuses a clash naming the key, its line and both roles', () => {
    const look = lookFor(config(['WALL_COLOR=orange', 'PATH_COLOR=#00ff00']), { color: true }, { isTTY: true }, { TERM: 'xterm-256color' });
    expect(look.theme).toMatchObject({ name: 'dark', wall: COLORS.orange, path: '#00ff00', pattern: dark.pattern });
    expect(look.theme.border).toBe(look.theme.wall);
    const black = config(['WALL_COLOR=black']);
    expect(() => lookFor(black, { color: true }, { isTTY: true }, {})).toThrow(ConfigError);
    expect(() => lookFor(black, { color: true }, { isTTY: true }, {})).toThrow(
      /^c\.txt, line 7: WALL_COLOR: the wall colour black \(#000000\) is too faint on the background #1b1d23 .*\(THEME=auto chose dark\)$/,
    );
    // On a light terminal black walls are fine.
    expect(lookFor(black, { color: true }, { isTTY: true }, { COLORFGBG: '0;15' }).theme.wall).toBe('#000000');
    expect(() => lookFor(black, { color: true, theme: 'high-contrast' }, { isTTY: true }, { COLORFGBG: '0;15' })).toThrow(
      /line 7: WALL_COLOR: the wall colour black/,
    );
    expect(() => lookFor(config(['PATTERN_COLOR=#f5d90a']), { color: true }, { isTTY: true }, {})).toThrow(
      /line 7: PATTERN_COLOR: the path and '42' colours are both yellow \(#f5d90a\)/,
    );
  });
});
