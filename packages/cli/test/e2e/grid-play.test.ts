/**
 * `a-maze-ing play` on a hex and a polar maze in an 80x24 tmux pane: walked to the exit with
 * the documented keys (computed from the library's shortest path), the summary read back.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateGridMaze } from 'mazegen';
import { parseConfig, toGridMazeOptions } from 'mazegen/config';
import { directionTo, slotToward, type PlayDirection } from 'mazegen/play';
import { shortestGridPath } from 'mazegen/internal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { visibleWidth } from '../../src/term/screen.js';
import { assertBuilt, makeTempDir, removeDir } from './run-cli.js';
import { endPanes, hasTmux, tmuxPane } from './tmux-session.js';

const HEX = ['GRID=hex', 'WIDTH=8', 'HEIGHT=6', 'ENTRY=0,0', 'EXIT=7,5', 'OUTPUT_FILE=hex.json', 'PERFECT=True', 'SEED=7'];
const POLAR = ['GRID=polar', 'WIDTH=6', 'HEIGHT=4', 'ENTRY=centre', 'EXIT=outer', 'OUTPUT_FILE=polar.json', 'PERFECT=True', 'SEED=7'];
/** The keys docs/games.md gives each direction (letters; digits for polar's n-th outward cell). */
const KEY: Record<string, string> = { up: 'w', down: 's', left: 'a', right: 'd', 'down-left': 'z', 'down-right': 'c' };
const keyOf = (direction: PlayDirection) => KEY[direction] ?? direction.replace('out-', '');
// Node reads a CI variable as "no colours": the pane stands for a user's terminal (CI runs the suite with CI=true).
const USER_TERMINAL = { CI: '' };
let dir: string;

/** The config's maze as the CLI makes it, and the keys of its shortest way. */
function shortestKeys(lines: string[]): { keys: string; moves: number; firstKey: string } {
  const g = generateGridMaze(toGridMazeOptions(parseConfig(lines.join('\n') + '\n')));
  const path = shortestGridPath(g.maze, g.entry, g.exit).cells;
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
});
afterEach(() => endPanes());
afterAll(() => removeDir(dir));

describe.skipIf(!hasTmux())('a-maze-ing play on other grids (tmux, 80x24)', () => {
  for (const [name, lines] of [
    ['hex.txt', HEX],
    ['polar.txt', POLAR],
  ] as const) {
    it(`${name}: the braille maze with the player, a wrong step undone, the shortest way by its keys, the summary`, async () => {
      const { keys, moves, firstKey } = shortestKeys(lines);
      if (name === 'polar.txt') expect(firstKey).toMatch(/^[1-9]$/);
      const pane = tmuxPane(dir, `play ${name}`, { columns: 80, rows: 24 }, USER_TERMINAL, true);
      await pane.until(/moves 0 {2}time 0 s {2}seed 7/);
      // The frame's last row is written last: a capture between the two would see it cut short.
      let screen = await pane.until(/Shift runs {2}u undo {2}q/);
      const status = screen.findIndex((row) => row.startsWith('moves 0'));
      expect(status).toBe(22);
      expect(screen[23]).toMatch(/Shift runs {2}u undo {2}q/);
      for (const row of screen) expect(visibleWidth(row)).toBeLessThanOrEqual(80);
      // The player is drawn once, on the braille picture.
      expect(screen.slice(0, status).join('').split('@').length - 1).toBe(1);
      expect(screen.slice(0, status).join('')).toMatch(/[\u2801-\u28ff]{3}/);
      // The first step (on polar by its digit), then u: back at the start.
      pane.send(firstKey);
      screen = await pane.until(/moves 1 /);
      pane.send('u');
      await pane.until(/moves 0 {2}time/);
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

  it('a maze too big for the terminal is refused in one line, before the game starts', async () => {
    writeFileSync(
      join(dir, 'big.txt'),
      ['GRID=hex', 'WIDTH=120', 'HEIGHT=90', 'ENTRY=0,0', 'EXIT=119,89', 'OUTPUT_FILE=big.json', 'PERFECT=True', 'SEED=1'].join('\n') +
        '\n',
    );
    const pane = tmuxPane(dir, 'play big.txt', { columns: 80, rows: 24 }, USER_TERMINAL, true);
    const screen = await pane.until(/play draws the whole maze/);
    expect(screen.map((row) => row.trimEnd()).join(' ')).toMatch(
      /a-maze-ing: a 120x90 hex maze needs \d+ columns even in braille, the terminal has 80; play draws the whole maze: use a larger terminal or a smaller maze/,
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
