/**
 * `a-maze-ing play CONFIG`: walk the config's maze in the terminal (term/play.ts), on any
 * grid, in the config's theme; the summary (moves, the shortest, optimality, time) is
 * printed when the exit is reached or the player leaves. Nothing is written.
 */
import { isPlainSquareConfig, toMazeOptions } from 'mazegen/config';
import { randomSeed, shortestPath } from 'mazegen';
import { menuKey } from 'mazegen/internal';
import type { ConfigOptions } from 'mazegen/config';
import { CliError, UsageError } from '../errors.js';
import { makeGridMaze } from '../grid-run.js';
import { lookFor } from '../term/display.js';
import { playProblem, playSummary, runPlay, type PlayResult } from '../term/play.js';
import { checkConfigFits, generateFromConfig, loadConfig, printConfigNotes, seedFlag } from './generate.js';

export interface PlayFlags {
  seed?: string;
  theme?: string;
  color: boolean;
}

export async function playCommand(configPath: string, flags: PlayFlags): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError('play needs a terminal: run it in one (stdin and stdout a TTY)');
  let seed = seedFlag(flags.seed);
  const config = loadConfig(configPath);
  // The colours are settled first: a WALL_COLOR that hides the walls fails before the game starts.
  const look = lookFor(config, flags);
  seed ??= config.seed;
  // A won game offers another maze (a new random seed) or quit; a game left with q ends it.
  while (true) {
    const result = await playOnce(config, configPath, seed, look);
    process.stdout.write(`${playSummary(result)}\n`);
    if (!result.solved || !(await askAnother(process.stdin, process.stdout))) return;
    seed = randomSeed();
  }
}

/** One game of the config's maze with `seed` (the config's when undefined: random if it has none). */
async function playOnce(
  config: ConfigOptions,
  configPath: string,
  seed: string | undefined,
  look: ReturnType<typeof lookFor>,
): Promise<PlayResult> {
  const io = { input: process.stdin, output: process.stdout, theme: look.theme, depth: look.depth };
  if (!isPlainSquareConfig(config)) {
    // Another grid, a wrap, a mask or an outline: the grid engine's maze.
    const run = makeGridMaze(config, configPath, seed);
    printConfigNotes(config, configPath, run.notes);
    const g = run.generated;
    const problem = playProblem(g.maze, look.depth);
    if (problem !== undefined) throw new CliError(`${problem}; play a smaller maze`);
    return runPlay({ ...io, grid: g.maze, entry: g.entry, exit: g.exit, shortest: run.shortest.cells.length - 1, seed: g.seed });
  }
  checkConfigFits(config, configPath);
  const generated = generateFromConfig(config, toMazeOptions(config, seed));
  printConfigNotes(config, configPath, generated.notes);
  const { maze, entry, exit } = generated;
  const shortest = shortestPath(maze, entry, exit).cells.length - 1;
  return runPlay({ ...io, maze, entry, exit, shortest, seed: generated.seed });
}

/** After a win: 'n' (or 1, Enter) for another maze, anything else quits. */
function askAnother(input: NodeJS.ReadStream, output: NodeJS.WriteStream): Promise<boolean> {
  output.write('n: another maze   q: quit\n');
  return new Promise((resolve) => {
    if (input.isTTY) input.setRawMode(true);
    input.resume();
    input.once('data', (chunk: Buffer | string) => {
      if (input.isTTY) input.setRawMode(false);
      input.pause();
      const key = menuKey(String(chunk)[0] ?? '');
      resolve(key === 'n' || key === 'N' || key === '1' || key === '\r' || key === '\n');
    });
  });
}
