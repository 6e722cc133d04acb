import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMaze, parseHex } from 'mazegen';
import { COLORS, mazeOfTheDayOptions } from 'mazegen/config';
import { themeClashes } from 'mazegen/render';
import { shortestPath } from 'mazegen';
import { parseTextMaze } from 'mazegen/internal';
import { menuTheme } from '../../src/menu/draw.js';
import { assertBuilt, makeTempDir, removeDir, runCli } from '../e2e/run-cli.js';
import { endSessions, ptySession } from '../e2e/pty-session.js';

const ESC = String.fromCharCode(27);
const sgrCodes = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-render-');
});

afterAll(() => {
  endSessions();
  removeDir(dir);
});

/** Runs the menu with piped input and no colours (so the mazes are box-drawing text). */
function menu(settings: string, input: string, extra: string[] = [], env: Record<string, string | undefined> = { NO_COLOR: '1' }) {
  return runCli(['menu', '--settings', settings, '--date', '2026-01-02', ...extra], { input, env });
}

/** The warnings on stderr, each one line with the CLI's prefix. */
function warningsIn(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.startsWith('a-maze-ing: warning: '));
}

/** The text mazes in the output, in order, read back (a maze is a run of box-drawing lines). */
function mazesIn(stdout: string) {
  const blocks: string[][] = [];
  let current: string[] | undefined;
  for (const line of stdout.split('\n')) {
    if (/^[┌│├└╷╵ ]/.test(line) && /[─│┌┐└┘├┤┬┴┼]/.test(line)) {
      if (!current) blocks.push((current = []));
      current.push(line);
    } else current = undefined;
  }
  return blocks.map((lines) => parseTextMaze(lines.join('\n')));
}

/** The summary lines under each drawn maze. */
function summaries(stdout: string): RegExpMatchArray[] {
  return [
    ...stdout.matchAll(/^(maze|Maze of the Day \S+) (\d+)x(\d+), seed (\S+), start \((\d+),(\d+)\)[^\n]*?(?:solution: (\d+) moves)?$/gm),
  ];
}

describe('a-maze-ing menu (piped input)', () => {
  it('offers every option and draws at dimension / cell size', () => {
    const settings = join(dir, 'all.json');
    const r = menu(settings, ['2', '1', '2', '3', 'hard', '1', '6', ' Small ', '1', '3', '6', '1', 'q'].join('\n') + '\n');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/0 +reset to the default settings[\s\S]*8 +solution of the Maze of the Day[\s\S]*Q +quit/);
    expect(r.stdout).toContain('no maze yet');
    const mazes = mazesIn(r.stdout);
    const sizes = mazes.map((m) => `${m.maze.width}x${m.maze.height}`);
    // Medium 360 at 15 px = 24; Hard (10 px) = 36; Small 180 at 10 px = 18; Impossible (4 px) at 180 = 45.
    expect(sizes).toEqual(['24x24', '24x24', '36x36', '18x18', '45x45']);
    const [first, solved] = mazes;
    expect(Array.from(solved.maze.cells)).toEqual(Array.from(first.maze.cells));
    expect(first.pathCells).toHaveLength(0);
    expect(solved.pathCells.length).toBeGreaterThan(0);
    // Start on the bottom row, end on the top row.
    expect(first.entry?.y).toBe(23);
    expect(first.exit?.y).toBe(0);
    const info = summaries(r.stdout);
    expect(info[0][4]).toBe(info[1][4]);
    expect(Number(info[1][7])).toBe(solved.pathCells.length + 1);
    expect(r.stdout.trimEnd().endsWith('bye')).toBe(true);
  });

  it('regenerates the same maze from the printed seed', () => {
    const r = menu(join(dir, 'seed.json'), '1\nq\n');
    const [info] = summaries(r.stdout);
    const [drawn] = mazesIn(r.stdout);
    const again = generateMaze({ width: 24, height: 24, seed: info[4], entry: 'bottom', exit: 'top' });
    expect(drawn.maze.cells.map((v) => v & 15)).toEqual(again.maze.cells.map((v) => v & 15));
  });

  it("makes the maze of the chosen level and ends (9, 10): the library's maze for those options", () => {
    const settings = join(dir, 'level.json');
    const r = menu(settings, ['9', 'expert', '10', '3', '1', '2', '10', 'farthest', '9', '2', '1', 'q'].join('\n') + '\n');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('level: expert\n');
    expect(r.stdout).toContain('ends: hardest\n');
    expect(r.stdout).toContain('ends: farthest\n');
    expect(r.stdout).toContain('level: easy\n');
    const [hardest, solved, farthest] = mazesIn(r.stdout);
    const [hardestInfo, solvedInfo, farthestInfo] = summaries(r.stdout);
    const cases = [
      { drawn: hardest, info: hardestInfo, options: { level: 'expert', entry: 'hardest', exit: 'hardest' } },
      { drawn: farthest, info: farthestInfo, options: { level: 'easy', entry: 'bottom', exit: 'farthest' } },
    ] as const;
    for (const { drawn, info, options } of cases) {
      const lib = generateMaze({ width: 24, height: 24, seed: info[4], perfect: true, ...options });
      expect(Array.from(drawn.maze.cells, (v) => v & 15)).toEqual(Array.from(lib.maze.cells, (v) => v & 15));
      expect(drawn.entry).toEqual(lib.entry);
      expect(drawn.exit).toEqual(lib.exit);
      expect(info[0]).toContain(`, level ${options.level} (score ${lib.level!.score.toFixed(1)}`);
      expect(info[0]).toContain(`${lib.endpoints!.distance} moves`);
      // A LEVEL pick is not the seed's own maze when another candidate was kept.
      if (lib.level!.candidate > 0) {
        const plain = generateMaze({ width: 24, height: 24, seed: info[4], perfect: true, entry: options.entry, exit: options.exit });
        expect(plain.maze.equals(lib.maze)).toBe(false);
      }
    }
    expect(hardestInfo[0]).toMatch(/start \(\d+,\d+\) and end \(\d+,\d+\) the two cells farthest apart, \d+ moves/);
    expect(farthestInfo[0]).toMatch(/start \(\d+,23\) on the bottom row, end \(\d+,\d+\) the cell farthest from it, \d+ moves/);
    // 2 solves the maze 1 made, even after 10 changed the ends for the next one.
    expect(Array.from(solved.maze.cells)).toEqual(Array.from(hardest.maze.cells));
    expect(Number(solvedInfo[7])).toBe(
      generateMaze({ width: 24, height: 24, seed: hardestInfo[4], perfect: true, level: 'expert', entry: 'hardest', exit: 'hardest' })
        .endpoints!.distance,
    );
  });

  it('keeps the level and ends across runs, with the last maze they made', () => {
    const settings = join(dir, 'level-persist.json');
    const first = menu(settings, '9\nhard\n10\nhardest\n1\nq\n');
    const [made] = summaries(first.stdout);
    const second = menu(settings, '2\n1\nq\n');
    expect(second.stdout).toMatch(/9 +difficulty level +hard/);
    expect(second.stdout).toMatch(/10 +ends +hardest \(start and end on the two cells farthest apart\)/);
    const [again, fresh] = summaries(second.stdout);
    expect(again[0]).toBe(`${made[0]}; solution: ${again[7]} moves`);
    expect(fresh[0]).toMatch(/the two cells farthest apart, \d+ moves, level hard \(score/);
    const saved = JSON.parse(readFileSync(settings, 'utf8'));
    expect(saved).toMatchObject({ level: 'hard', ends: 'hardest', last: { kind: 'random', level: 'hard', ends: 'hardest' } });
    const reset = menu(settings, '0\ny\nq\n');
    expect(reset.stdout).toMatch(/9 +difficulty level +none/);
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toMatchObject({ level: 'none', ends: 'rows' });
  });

  it('ignores a bad stored level or ends in one warning, and reads a file written before them', () => {
    const settings = join(dir, 'level-bad.json');
    const good = { version: 1, complexity: 'Hard', background: 'black', foreground: 'white', dimensions: 'Small' };
    writeFileSync(settings, JSON.stringify({ ...good, level: 'impossible', ends: 'corners', last: null }));
    const r = menu(settings, '1\nq\n');
    expect(r.status).toBe(0);
    const warnings = warningsIn(r.stderr);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/unknown level "impossible"; unknown ends "corners"; using the defaults for those fields/);
    expect(r.stdout).toMatch(/9 +difficulty level +none/);
    expect(summaries(r.stdout)[0][0]).toMatch(/on the top row$/);
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toMatchObject({ ...good, level: 'none', ends: 'rows' });
    writeFileSync(
      settings,
      JSON.stringify({ ...good, last: { kind: 'random', seed: '7', width: 12, height: 12, level: 'brutal', ends: 'hardest' } }),
    );
    const badLast = menu(settings, '2\nq\n');
    expect(badLast.stderr).toMatch(/^a-maze-ing: warning: .*the last maze has the level "brutal", not one of easy, medium, hard, expert/);
    expect(badLast.stdout).toContain('no maze yet');
    writeFileSync(settings, JSON.stringify({ ...good, last: null }));
    const old = menu(settings, 'q\n');
    expect(old.stderr).toBe('');
    expect(old.stdout).toMatch(/10 +ends +rows/);
  });

  it('is forgiving: case, spaces, names or numbers, unknown choices, Enter', () => {
    const settings = join(dir, 'forgiving.json');
    const r = menu(
      settings,
      ['', '  11 ', 'hello', '3', ' VERY   easy', '3', 'impossibly', '3', '', '6', 'LARGE', '4', ' Dark Gray ', '5', 'purple', ' Q '].join(
        '\n',
      ) + '\n',
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("unknown choice '11': enter a number 0-10, S to swap colours, or Q to quit");
    expect(r.stdout).toContain("unknown choice 'hello'");
    expect(r.stdout).toContain('complexity: Very Easy, 12x12 cells');
    expect(r.stdout).toContain("unknown complexity 'impossibly'; keeping Very Easy");
    expect(r.stdout).toContain('dimensions: Large, 18x18 cells');
    expect(r.stdout).toContain('background colour: darkgray');
    expect(r.stdout).toContain("unknown colour 'purple'; keeping white");
    const saved = JSON.parse(readFileSync(settings, 'utf8'));
    expect(saved).toMatchObject({ complexity: 'Very Easy', dimensions: 'Large', background: 'darkgray', foreground: 'white' });
  });

  it('does not read a signed or punctuated number as a menu choice', () => {
    const r = menu(join(dir, 'signed.json'), '-1\n1-\n+2\nq\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("unknown choice '-1'");
    expect(r.stdout).toContain("unknown choice '1-'");
    expect(r.stdout).toContain("unknown choice '+2'");
    expect(mazesIn(r.stdout)).toHaveLength(0);
  });

  it('keeps the settings and the last maze across runs, and 0 resets them', () => {
    const settings = join(dir, 'persist.json');
    const first = menu(settings, '3\n2\n4\nblue\n5\nyellow\n6\n1\n1\nq\n');
    expect(first.status).toBe(0);
    const [made] = summaries(first.stdout);
    expect(made[2]).toBe('9'); // Small 180 at Easy (20 px)
    const second = menu(settings, '2\n0\ny\nq\n');
    expect(second.stdout).toMatch(/3 +complexity +Easy \(20 px cells\)/);
    expect(second.stdout).toMatch(/4 +background colour +blue/);
    expect(second.stdout).toMatch(/5 +foreground colour +yellow/);
    expect(second.stdout).toMatch(/6 +dimensions +Small \(180x180 px\): 9x9 cells/);
    const [shown] = summaries(second.stdout);
    expect(shown[4]).toBe(made[4]);
    expect(shown[7]).toBeDefined();
    expect(second.stdout).toContain('settings reset to the defaults');
    const saved = JSON.parse(readFileSync(settings, 'utf8'));
    expect(saved).toMatchObject({ complexity: 'Medium', dimensions: 'Medium', background: 'black', foreground: 'white' });
    expect(saved.last.seed).toBe(made[4]);
  });

  it('never writes over a file that is not its own (a C seed settings line, binary), and says so in one line on stderr', () => {
    for (const junk of ['{not json', 'Hard Small black white\n', '[]', '\u0000\u0001binary']) {
      const settings = join(dir, 'corrupt.json');
      writeFileSync(settings, junk);
      // A change, then quit: the change lasts for this run only.
      const r = menu(settings, '3\n1\nq\n');
      expect(r.status).toBe(0);
      const warnings = warningsIn(r.stderr);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/using the defaults for this run only|it is left as it is, and these settings last for this run only/);
      expect(r.stdout).toContain('complexity: Very Easy');
      expect(readFileSync(settings, 'utf8')).toBe(junk);
    }
  });

  it('changes nothing in its file when the user only reads and quits, and mends a damaged field at the next change', () => {
    const settings = join(dir, 'quit-only.json');
    const damaged = '{"version":1,"complexity":"Tiny","background":"black","foreground":"white","dimensions":"Small"}';
    writeFileSync(settings, damaged);
    const quit = menu(settings, '2\nq\n');
    expect(warningsIn(quit.stderr)[0]).toMatch(
      /unknown complexity "Tiny"; using the defaults for that field \(the file is mended at your next change\)$/,
    );
    expect(readFileSync(settings, 'utf8')).toBe(damaged);
    menu(settings, '4\nblue\nq\n');
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toMatchObject({ complexity: 'Medium', background: 'blue', dimensions: 'Small' });
  });

  it('ends each prompt line with the answer read from a pipe, so no line runs past 80 columns', () => {
    const r = menu(join(dir, 'piped.json'), '3\n2\n4\nblue\n6\nLarge\n9\nhard\n10\nfarthest\n0\ny\nhello\nq\n');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => [...l].length > 80)).toEqual([]);
    expect(lines).toContain('choice [0-10, S, Q]: 3');
    expect(lines).toContain('background colour [name, Enter keeps black]: blue');
    expect(lines.filter((l) => l.startsWith('choice [0-10, S, Q]: ')).map((l) => l.slice(21))).toEqual([
      '3',
      '4',
      '6',
      '9',
      '10',
      '0',
      'hello',
      'q',
    ]);
  });

  it("takes the AZERTY digit row's & and é as 1 and 2, as the seed's window did", () => {
    const r = menu(join(dir, 'azerty.json'), '&\né\nq\n');
    expect(r.status).toBe(0);
    expect(mazesIn(r.stdout)).toHaveLength(2);
    expect(r.stdout).not.toContain('unknown choice');
  });

  it('swaps the background and foreground colours in one step, and keeps the swap', () => {
    const settings = join(dir, 'swap.json');
    const r = menu(settings, '4\nblue\ns\nq\n');
    expect(r.stdout).toContain('colours swapped: background white, foreground blue\n');
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toMatchObject({ background: 'white', foreground: 'blue' });
    expect(menu(settings, 'SWAP\nq\n').stdout).toMatch(/4 +background colour +blue/);
  });

  it('asks before option 0 resets the settings, and keeps them on anything but yes', () => {
    const settings = join(dir, 'reset-ask.json');
    menu(settings, '4\nblue\nq\n');
    const kept = menu(settings, '0\nn\nq\n');
    expect(kept.stdout).toContain('reset every setting to its default? [y/N]: n\nsettings kept\n');
    expect(JSON.parse(readFileSync(settings, 'utf8')).background).toBe('blue');
    menu(settings, '0\nyes\nq\n');
    expect(JSON.parse(readFileSync(settings, 'utf8')).background).toBe('black');
  });

  it('repairs each damaged field in one line, keeps the good ones, and still solves (choice 2)', () => {
    const settings = join(dir, 'damaged.json');
    const good = { version: 1, complexity: 'Hard', background: 'black', foreground: 'white', dimensions: 'Small' };
    const cases: [unknown, RegExp][] = [
      [
        { kind: 'motd', seed: '1', width: 10, height: 10, date: '2026-02-31' },
        /the last Maze of the Day has the date "2026-02-31", not a real YYYY-MM-DD/,
      ],
      [{ kind: 'motd', seed: '1', width: 10, height: 10, date: 'yesterday' }, /the last Maze of the Day has the date "yesterday"/],
      [{ kind: 'random', seed: '7', width: 1, height: 1 }, /the last maze's width 1 is not a whole number 2\.\.1000/],
      [{ kind: 'random', seed: '7', width: 12, height: 1e9 }, /the last maze's height 1000000000 is not a whole number/],
      [{ kind: 'teleport' }, /the last maze has the kind "teleport"/],
    ];
    for (const [last, message] of cases) {
      writeFileSync(settings, JSON.stringify({ ...good, foreground: 'rainbow'.repeat(20), last }));
      // 2 (its solution), then 3 and Hard (the complexity it has): a change, so the file is mended.
      const r = menu(settings, '2\n3\nHard\nq\n');
      expect(r.status, r.stderr).toBe(0);
      const warnings = warningsIn(r.stderr);
      expect(warnings).toHaveLength(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(warnings[0]).toMatch(/unknown foreground colour "rainbowrainbow.*\.\.\. \(142 characters\)/);
      expect(warnings[0]).toMatch(message);
      expect(warnings[0]).toMatch(/using the defaults for those fields \(the file is mended at your next change\)$/);
      expect(r.stdout).toContain('no maze yet');
      const saved = JSON.parse(readFileSync(settings, 'utf8'));
      expect(saved).toMatchObject({ complexity: 'Hard', dimensions: 'Small', foreground: 'white', last: null });
    }
  });

  it('refuses an endless device at its first byte (damage, not settings)', () => {
    const r = menu('/dev/zero', 'q\n');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(
      /^a-maze-ing: warning: \/dev\/zero, line 1: binary byte 0x00 at column 1: a settings file is plain text, the JSON the menu writes; using the defaults for this run only\n$/,
    );
  });

  it('survives a settings path it cannot read or write', () => {
    const asDir = join(dir, 'settings-dir');
    mkdirSync(asDir);
    const r = menu(asDir, '3\n1\nq\n');
    expect(r.status).toBe(0);
    expect(warningsIn(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^a-maze-ing: warning: settings file .*settings-dir' is a directory; .*using the defaults for this run only\n$/,
    );
    expect(r.stdout).toContain('complexity: Very Easy');
  });

  it('quits cleanly at the end of input, even inside a question', () => {
    for (const input of ['', '1\n', '3\n', '4\n', '6\n', '9\n', '10\n']) {
      const r = menu(join(dir, 'eof.json'), input);
      expect(r.status).toBe(0);
      expect(r.stdout.trimEnd().endsWith('bye')).toBe(true);
      expect(r.stderr).toBe('');
    }
  });

  it('uses the config directory for settings by default', () => {
    const xdg = join(dir, 'xdg');
    const r = runCli(['menu'], { input: '3\n4\nq\n', env: { NO_COLOR: '1', XDG_CONFIG_HOME: xdg } });
    expect(r.status).toBe(0);
    expect(JSON.parse(readFileSync(join(xdg, 'a-maze-ing', 'settings.json'), 'utf8')).complexity).toBe('Hard');
    const home = join(dir, 'home');
    mkdirSync(home);
    runCli(['menu'], { input: '6\n3\nq\n', env: { NO_COLOR: '1', XDG_CONFIG_HOME: undefined, HOME: home } });
    expect(JSON.parse(readFileSync(join(home, '.config', 'a-maze-ing', 'settings.json'), 'utf8')).dimensions).toBe('Large');
  });

  it('draws in the chosen colours only where colours are wanted: never into a pipe unless FORCE_COLOR says so', () => {
    const settings = join(dir, 'colours.json');
    const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(';');
    const piped = menu(settings, '4\nblue\n5\nyellow\n1\nq\n', [], { COLORTERM: 'truecolor', TERM: 'xterm-256color' });
    expect(piped.stdout).not.toContain('\x1b[');
    const r = menu(settings, '1\nq\n', [], { FORCE_COLOR: '3' });
    expect(r.stdout).toContain(`48;2;${hexRgb(COLORS.blue)}m`);
    expect(r.stdout).toContain(`48;2;${hexRgb(COLORS.yellow)}m`);
    const lines = r.stdout.split('\n').filter((l) => l.includes('48;2;'));
    // Outside a terminal the largest drawing: 24x24 cells are 49 blocks of two columns, 49 rows.
    expect(lines).toHaveLength(49);
    expect(lines[0].replace(sgrCodes, '')).toHaveLength(98);
    const plain = menu(settings, '1\nq\n', [], { FORCE_COLOR: '2' });
    expect(plain.stdout).toMatch(new RegExp(`${ESC}\\[48;5;\\d+m`));
    expect(plain.stdout).not.toContain('48;2;');
    const off = menu(settings, '1\nq\n', ['--no-color'], { FORCE_COLOR: '3' });
    expect(off.stdout).not.toContain('\x1b[');
  });

  it('refuses a background or foreground that would hide the walls, naming the two roles', () => {
    const settings = join(dir, 'clash.json');
    const r = menu(settings, '4\nlight gray\n5\nyellow\n4\nblack\nq\n');
    expect(r.stdout).toMatch(
      /the wall colour white \(#ffffff\) is too faint on the background lightgray \(#c8c8c8\) \(contrast 1\.\d\d:1, at least 3:1 needed\); keeping black$/m,
    );
    expect(r.stdout).toContain('foreground colour: yellow');
    expect(r.stdout).toContain('background colour: black');
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toMatchObject({ background: 'black', foreground: 'yellow' });
  });

  it("picks path, mark and 42 colours that the user's two colours do not hide", () => {
    for (const [background, foreground] of [
      ['blue', 'yellow'],
      ['white', 'black'],
      ['darkgray', 'white'],
      ['yellow', 'blue'],
    ] as const) {
      const theme = menuTheme(background, foreground);
      expect(themeClashes(theme), `${background}/${foreground}`).toEqual([]);
      expect([theme.background, theme.wall]).toEqual([COLORS[background], COLORS[foreground]]);
    }
  });
});

describe('Maze of the Day', () => {
  it('is the same maze all day and everywhere, and a new one the next day', () => {
    const a = runCli(['motd', '--date', '2026-01-02', '-f', 'hex']);
    const b = runCli(['motd', '--date', '2026-01-02', '-f', 'hex']);
    const next = runCli(['motd', '--date', '2026-01-03', '-f', 'hex']);
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const today = parseHex(a.stdout);
    const tomorrow = parseHex(next.stdout);
    expect(today.maze.width).toBe(24);
    expect(today.maze.equals(tomorrow.maze)).toBe(false);
    // The library, the motd command and the menu agree.
    const lib = generateMaze(mazeOfTheDayOptions(new Date('2026-01-02T12:00:00Z')));
    expect(today.maze.equals(lib.maze)).toBe(true);
    expect(today.entry).toEqual(lib.entry);
    const m = menu(join(dir, 'motd.json'), '7\n8\nq\n');
    const [shown, solved] = mazesIn(m.stdout);
    expect(Array.from(shown.maze.cells, (v) => v & 15)).toEqual(Array.from(today.maze.cells, (v) => v & 15));
    expect(solved.pathCells).toHaveLength(shortestPath(lib.maze, lib.entry, lib.exit).cells.length - 2);
    expect(summaries(m.stdout)[0][0]).toContain('Maze of the Day 2026-01-02 24x24, seed motd-2026-01-02');
  });

  it('prints text with its solution, and refuses a bad date in one line', () => {
    const r = runCli(['motd', '--date', '2026-01-02', '--solution', '-f', 'unicode']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Maze of the Day 2026-01-02: 24x24, seed motd-2026-01-02, .*solution: \d+ moves/);
    expect(parseTextMaze(r.stdout.split('\nMaze of the Day')[0]).pathCells.length).toBeGreaterThan(0);
    for (const date of ['2026-02-30', 'tomorrow', '2026-1-2']) {
      const bad = runCli(['motd', '--date', date]);
      expect(bad.status).toBe(2);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
      expect(bad.stderr).toContain('--date must be a calendar date as YYYY-MM-DD');
    }
    const badMenu = runCli(['menu', '--date', 'soon'], { input: 'q\n' });
    expect(badMenu.status).toBe(2);
  });
});

describe('a-maze-ing menu in a pseudo-terminal', () => {
  const menuArgs = (settings: string, extra = '') => `menu --settings ${settings} --date 2026-01-02 ${extra}`;

  it('runs on a tty with colours and quits on Q', async () => {
    const settings = join(dir, 'pty.json');
    const s = ptySession(dir, menuArgs(settings), { TERM: 'xterm-256color', COLORTERM: 'truecolor' });
    let mark = 0;
    for (const line of ['7', '3', '5', 'q']) {
      await s.until(/\[0-10, S, Q\]: |Enter keeps [^\]]*\]: /, mark);
      mark = s.mark();
      s.send(`${line}\n`);
    }
    expect(await s.exited).toBe(0);
    // The terminal's line discipline turns each '\n' into '\r\n': the menu really ran on a tty.
    expect(s.output).toContain('A-Maze-ing menu\r\n');
    expect(s.output).toContain('Maze of the Day 2026-01-02 24x24');
    expect(s.output).toMatch(new RegExp(`${ESC}\\[38;2;\\d+;\\d+;\\d+m`));
    expect(s.output).toContain('complexity: Very Hard, 60x60 cells');
    expect(s.output).toContain('bye');
    expect(JSON.parse(readFileSync(settings, 'utf8')).complexity).toBe('Very Hard');
  });

  it('quits on Ctrl-C in a terminal like Q: a new line, bye, exit 0, settings kept', async () => {
    const settings = join(dir, 'pty-ctrl-c.json');
    const s = ptySession(dir, menuArgs(settings, '--no-color'));
    await s.until(/choice \[0-10, S, Q\]: /);
    s.send('3\n');
    await s.until(/Enter keeps [^\]]*\]: /);
    let mark = s.mark();
    s.send('5\n');
    // Ctrl-C only once the answer to 3 is saved and the menu asks again.
    await s.until(/complexity: Very Hard, 60x60 cells[\s\S]*choice \[0-10, S, Q\]: /, mark);
    mark = s.mark();
    s.send('\x03');
    expect(await s.exited).toBe(0);
    expect(s.output.slice(mark)).toMatch(/\r?\nbye\r?\n/);
    expect(JSON.parse(readFileSync(settings, 'utf8')).complexity).toBe('Very Hard');
  });
});
