/* eslint-disable no-control-regex -- the tests read terminal escapes */
/**
 * `a-maze-ing play` on hex, triangle and polar mazes in an 80x24 tmux pane: drawn in colour
 * as the display draws them (24-bit escapes read back with capture-pane -e: the exit marked,
 * the player's cell filled, the trail in the path's colour), walked to the exit with the
 * documented keys (computed from the library's shortest path), the summary read back.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMaze, shortestPath, THEMES } from 'mazegen';
import { parseConfig, toMazeOptions } from 'mazegen/config';
import { directionTo, playerColor, slotToward, type PlayDirection } from 'mazegen/play';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { visibleWidth } from '../../src/term/screen.js';
import { assertBuilt, makeTempDir, removeDir } from './run-cli.js';
import { endPanes, hasTmux, tmuxPane } from './tmux-session.js';

const HEX = ['GRID=hex', 'WIDTH=8', 'HEIGHT=6', 'ENTRY=0,0', 'EXIT=7,5', 'OUTPUT_FILE=hex.json', 'PERFECT=True', 'SEED=7'];
const POLAR = ['GRID=polar', 'WIDTH=6', 'HEIGHT=4', 'ENTRY=centre', 'EXIT=outer', 'OUTPUT_FILE=polar.json', 'PERFECT=True', 'SEED=7'];
const TRIANGLE = ['GRID=triangle', 'WIDTH=10', 'HEIGHT=5', 'ENTRY=0,0', 'EXIT=9,4', 'OUTPUT_FILE=tri.json', 'PERFECT=True', 'SEED=7'];
/** The keys docs/games.md gives each direction (letters; digits for polar's n-th outward cell). */
const KEY: Record<string, string> = { up: 'w', down: 's', left: 'a', right: 'd', 'down-left': 'z', 'down-right': 'c' };
/** The 24-bit escape of a colour as a foreground or background. */
const escape = (hex: string, layer: 'fg' | 'bg') =>
  `\x1b[${layer === 'fg' ? 38 : 48};2;${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(';')}m`;
const shows = (coloured: string, hex: string) => coloured.includes(escape(hex, 'fg')) || coloured.includes(escape(hex, 'bg'));
/** The background escape in force where `char` first shows on a coloured screen. */
function backgroundOf(coloured: string, char: string): string | undefined {
  let bg: string | undefined;
  for (const m of coloured.matchAll(/(\x1b\[[0-9;]*m)|([^\x1b])/g)) {
    if (m[1]?.startsWith('\x1b[48;') || m[1] === '\x1b[0m' || m[1] === '\x1b[49m') bg = m[1].startsWith('\x1b[48;') ? m[1] : undefined;
    else if (m[2] === char) return bg;
  }
  return undefined;
}
const keyOf = (direction: PlayDirection) => KEY[direction] ?? direction.replace('out-', '');
// Node reads a CI variable as "no colours" (CI runs the suite with CI=true), and Node 20 takes tmux's TERM for 256 colours:
// the pane stands for a user's terminal that shows 24-bit colour.
const USER_TERMINAL = { CI: '', FORCE_COLOR: '3' };
let dir: string;

/** The config's maze as the CLI makes it, and the keys of its shortest way. */
function shortestKeys(lines: string[]): { keys: string; moves: number; firstKey: string } {
  const options = toMazeOptions(parseConfig(lines.join('\n') + '\n'));
  if (options.grid === undefined) throw new Error('these tests play the other grids: the config names one');
  const g = generateMaze(options);
  const path = shortestPath(g.maze, g.entry, g.exit).cells;
  let keys = '';
  for (let i = 1; i < path.length; i++) keys += keyOf(directionTo(g.maze, path[i - 1], path[i])!);
  // Polar's first step also by its digit (the n-th outward cell of the centre), to try that key.
  const digit = [1, 2, 3, 4, 5, 6, 7, 8, 9].find(
    (n) => g.maze.topology.kind === 'polar' && g.maze.topology.neighbour(g.entry, slotToward(g.maze, g.entry, `out-${n}`)) === path[1],
  );
  return { keys, moves: path.length - 1, firstKey: digit === undefined ? keys[0] : String(digit) };
}

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-grid-play-');
  writeFileSync(join(dir, 'hex.txt'), HEX.join('\n') + '\n');
  writeFileSync(join(dir, 'polar.txt'), POLAR.join('\n') + '\n');
  writeFileSync(join(dir, 'triangle.txt'), TRIANGLE.join('\n') + '\n');
});
afterEach(() => endPanes());
afterAll(() => removeDir(dir));

describe.skipIf(!hasTmux())('a-maze-ing play on other grids (tmux, 80x24)', () => {
  const dark = THEMES.dark;
  for (const [name, lines] of [
    ['hex.txt', HEX],
    ['triangle.txt', TRIANGLE],
    ['polar.txt', POLAR],
  ] as const) {
    it(`${name}: the maze in colour with the exit and the player, a wrong step undone, the trail, the shortest way by its keys, the summary`, async () => {
      const { keys, moves, firstKey } = shortestKeys(lines);
      if (name === 'polar.txt') expect(firstKey).toMatch(/^[1-9]$/);
      const pane = tmuxPane(dir, `play ${name}`, { columns: 80, rows: 24 }, USER_TERMINAL, true);
      await pane.until(/moves 0 {2}time 0 s {2}seed 7/);
      // The frame's last row is written last: a capture between the two would see it cut short.
      let screen = await pane.until(/Shift runs {2}u undo {2}q/);
      const status = screen.findIndex((row) => row.startsWith('moves 0'));
      // The picture as large as fits above the status line (a wide one fills the width first).
      expect(status).toBeGreaterThan(10);
      expect(status).toBeLessThanOrEqual(22);
      expect(screen[status + 1]).toMatch(/Shift runs {2}u undo {2}q/);
      for (const row of screen) expect(visibleWidth(row)).toBeLessThanOrEqual(80);
      // The whole maze in colour: walls on the background, the exit marked, the player's cell filled in its own colour.
      let coloured = pane.screen(true).join('\n');
      for (const colour of [dark.wall, dark.background, dark.exit, playerColor(dark)]) expect(shows(coloured, colour), colour).toBe(true);
      // Two-column blocks write an '@' on the player's cell too, on its colour (never a character in place of walls).
      const at = screen.slice(0, status).join('').split('@').length - 1;
      expect(at).toBeLessThanOrEqual(1);
      if (at === 1) expect(backgroundOf(coloured, '@')).toBe(escape(playerColor(dark), 'bg'));
      // No trail before the first step; two steps (the first on polar by its digit) leave one in the path's colour; u takes them back.
      expect(shows(coloured, dark.path)).toBe(false);
      pane.send(firstKey + keys[1]);
      screen = await pane.until(/moves 2 /);
      coloured = pane.screen(true).join('\n');
      expect(shows(coloured, dark.path)).toBe(true);
      expect(shows(coloured, playerColor(dark))).toBe(true);
      pane.send('uu');
      await pane.until(/moves 0 {2}time/);
      expect(shows(pane.screen(true).join('\n'), dark.path)).toBe(false);
      pane.send(keys);
      screen = await pane.until(/solved: \d+ moves/);
      const summary = screen.map((row) => row.trimEnd()).join('\n');
      expect(summary).toMatch(new RegExp(`solved: ${moves} moves, shortest ${moves}, optimality 100%, time [\\d.]+ s`));
    });
  }

  it('hex: a step off the way and the way back costs two moves, and the optimality says so', async () => {
    const { keys, moves } = shortestKeys(HEX);
    const pane = tmuxPane(dir, 'play hex.txt', { columns: 80, rows: 24 }, USER_TERMINAL, true);
    await pane.until(/moves 0 /);
    const back: Record<string, string> = { w: 's', s: 'w', a: 'c', c: 'a', d: 'z', z: 'd' };
    pane.send(keys[0] + back[keys[0]] + keys);
    const screen = await pane.until(/solved: \d+ moves/);
    const optimality = Math.round((100 * moves) / (moves + 2));
    expect(screen.join('\n')).toMatch(new RegExp(`solved: ${moves + 2} moves, shortest ${moves}, optimality ${optimality}%`));
  });

  it('a maze too big to draw whole plays in half blocks around the player, the view following the player', async () => {
    const BIG = ['GRID=hex', 'WIDTH=60', 'HEIGHT=40', 'ENTRY=0,0', 'EXIT=59,39', 'OUTPUT_FILE=big.json', 'PERFECT=True', 'SEED=1'];
    writeFileSync(join(dir, 'big.txt'), BIG.join('\n') + '\n');
    const { keys } = shortestKeys(BIG);
    const pane = tmuxPane(dir, 'play big.txt', { columns: 80, rows: 24 }, USER_TERMINAL, true);
    let screen = await pane.until(/moves 0 {2}time 0 s {2}seed 1/);
    // Every row above the status line is a row of half blocks as wide as the terminal; the player is on it.
    expect(screen.slice(0, 22).every((row) => /^▀{80}$/.test(row))).toBe(true);
    expect(shows(pane.screen(true).join('\n'), playerColor(dark))).toBe(true);
    const first = pane.screen(true).slice(0, 22).join('\n');
    // A dozen steps along the shortest way: the view has moved, the player is still on it, the trail behind.
    pane.send(keys.slice(0, 12));
    screen = await pane.until(/moves 12 /);
    const later = pane.screen(true).slice(0, 22).join('\n');
    expect(later).not.toBe(first);
    expect(shows(later, playerColor(dark))).toBe(true);
    expect(shows(later, dark.path)).toBe(true);
    pane.send('q');
    await pane.until(/left after 12 moves/);
  });

  it('a maze whose picture is too large to redraw on every move is refused in one line, before the game starts', async () => {
    writeFileSync(
      join(dir, 'huge.txt'),
      ['GRID=hex', 'WIDTH=900', 'HEIGHT=700', 'ENTRY=0,0', 'EXIT=899,699', 'OUTPUT_FILE=huge.json', 'PERFECT=True', 'SEED=1'].join('\n') +
        '\n',
    );
    const pane = tmuxPane(dir, 'play huge.txt', { columns: 80, rows: 24 }, USER_TERMINAL, true);
    const screen = await pane.until(/play a smaller maze/);
    expect(screen.map((row) => row.trimEnd()).join(' ')).toMatch(
      /a-maze-ing: a 900x700 hex maze is too big to play in a terminal \(its picture is \d+ million pixels, at most 4 million\); play a smaller maze/,
    );
    expect(screen.join('\n')).not.toContain('    at ');
  });

  it('q leaves a polar game with the summary of a game not finished', async () => {
    const pane = tmuxPane(dir, 'play polar.txt', { columns: 80, rows: 24 }, USER_TERMINAL, true);
    await pane.until(/moves 0 /);
    pane.send('q');
    const screen = await pane.until(/left after 0 moves/);
    expect(screen.join('\n')).toMatch(/left after 0 moves and 0\.0 s \(the shortest way is \d+ moves\)/);
  });
});
