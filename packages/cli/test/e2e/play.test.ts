/** `a-maze-ing play CONFIG` on a real pseudo-terminal: walked to the exit with arrow keys, the summary read back. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMaze } from 'mazegen';
import { isPlainSquareConfig, parseConfig, toMazeOptions, type ConfigOptions, type PlainSquareConfig } from 'mazegen/config';
import { shortestPath } from 'mazegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitKeys } from '../../src/term/play.js';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';
import { endSessions, ptySession } from './pty-session.js';

/** The config as the plain square grid's (the square options, a `Maze` with Point ends); a test config of another grid is a mistake here. */
function plainSquare(config: ConfigOptions): PlainSquareConfig {
  if (!isPlainSquareConfig(config)) throw new Error(`the test's config is of the ${config.grid} grid, not the plain square one`);
  return config;
}

const CONFIG = ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True', 'SEED=42'].join('\n') + '\n';
const ARROW: Record<string, string> = { N: '\x1b[A', S: '\x1b[B', E: '\x1b[C', W: '\x1b[D' };
let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-play-');
  writeFileSync(join(dir, 'config.txt'), CONFIG);
  writeFileSync(
    join(dir, 'corridor.txt'),
    CONFIG.replace('WIDTH=20', 'WIDTH=1').replace('HEIGHT=15', 'HEIGHT=9').replace('EXIT=19,14', 'EXIT=0,8'),
  );
});
afterAll(() => {
  endSessions();
  removeDir(dir);
});

describe('a-maze-ing play', () => {
  it('walks the shortest way with arrow keys (after a bump, a wrong step and its undo) and reads the summary', async () => {
    const g = generateMaze(toMazeOptions(plainSquare(parseConfig(CONFIG))));
    const letters = shortestPath(g.maze, g.entry, g.exit).directions;
    const s = ptySession(dir, 'play config.txt');
    await s.until(/moves 0 {2}time 0 s {2}seed 42/);
    // The entry (0,0) has a wall to the north: a bump moves nothing.
    s.send(ARROW.N);
    await s.until(/moves 0 .*\(a wall\)/);
    // A step the wrong way (the first open way that is not the path's) and u to take it back.
    const wrong = ['E', 'S'].find((d) => d !== letters[0] && !g.maze.hasWall(0, d === 'E' ? 2 : 4));
    if (wrong) {
      s.send(ARROW[wrong]);
      await s.until(/moves 1 /);
      const before = s.mark();
      s.send('u');
      await s.until(/moves 0 {2}time/, before);
    }
    s.send(
      letters
        .split('')
        .map((l) => ARROW[l])
        .join(''),
    );
    const summary = await s.until(/solved: \d+ moves, shortest \d+, optimality \d+%, time [\d.]+ s/);
    expect(summary).toMatch(new RegExp(`^solved: ${letters.length} moves, shortest ${letters.length}, optimality 100%, time`));
    // A win offers another maze: n plays one with a new seed, q there leaves.
    await s.until(/n: another maze {3}q: quit/);
    const again = s.mark();
    s.send('n');
    await s.until(/moves 0 {2}time 0 s {2}seed (?!42\b)\d+/, again);
    s.send('q');
    expect(await s.exited).toBe(0);
  });

  it('Shift runs along a corridor to its end; wasd and hjkl move too', async () => {
    const s = ptySession(dir, 'play corridor.txt');
    await s.until(/moves 0 /);
    s.send('j');
    await s.until(/moves 1 /);
    s.send('s');
    await s.until(/moves 2 /);
    s.send('J');
    expect(await s.until(/solved: 8 moves, shortest 8, optimality 100%/)).toBeTruthy();
    await s.until(/n: another maze {3}q: quit/);
    s.send('q');
    expect(await s.exited).toBe(0);
  });

  it('q leaves with a summary; without a terminal it refuses in one line', async () => {
    const s = ptySession(dir, 'play config.txt');
    await s.until(/moves 0 /);
    s.send('\x1b[C\x1b[D\x1b[C');
    await s.until(/moves 3 /);
    s.send('q');
    await s.until(/left after 3 moves and [\d.]+ s \(the shortest way is \d+ moves\)/);
    expect(await s.exited).toBe(0);
    const piped = runCli(['play', 'config.txt'], { cwd: dir });
    expect(piped.stderr).toBe('a-maze-ing: play needs a terminal: run it in one (stdin and stdout a TTY)\n');
    expect(piped.status).toBe(2);
  });

  it('key p of the interactive display plays the maze shown, and the summary comes back in its status line', async () => {
    const g = generateMaze(toMazeOptions(plainSquare(parseConfig(CONFIG))));
    const letters = shortestPath(g.maze, g.entry, g.exit).directions;
    const s = ptySession(dir, 'config.txt --no-animation');
    await s.until(/4\/q quit {2}p play/);
    s.send('p');
    await s.until(/moves 0 {2}time 0 s {2}seed 42/);
    const mark = s.mark();
    s.send(
      letters
        .split('')
        .map((l) => ARROW[l])
        .join(''),
    );
    await s.until(
      new RegExp(`solved: ${letters.length} moves, shortest ${letters.length}, optimality 100%, time [\\d.]+ s \\| seed 42 \\| path shown`),
      mark,
    );
    s.send('q');
    expect(await s.exited).toBe(0);
  });

  it('splits what one read brings into keys, escape sequences whole', () => {
    expect(splitKeys('\x1b[A\x1b[1;2Bjx\x1bOC\x1b')).toEqual(['\x1b[A', '\x1b[1;2B', 'j', 'x', '\x1bOC', '\x1b']);
  });
});
