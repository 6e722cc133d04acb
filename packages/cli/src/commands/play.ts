/**
 * `a-maze-ing play CONFIG`: walk the config's maze in the terminal (term/play.ts), on any
 * grid, in the config's theme; the summary (moves, the shortest, optimality, time) is
 * printed when the exit is reached or the player leaves. Nothing is written.
 */
import { isPlainSquareConfig, toMazeOptions } from 'mazegen/config';
import { shortestPath } from 'mazegen';
import { CliError, UsageError } from '../errors.js';
import { makeGridMaze } from '../grid-run.js';
import { lookFor } from '../term/display.js';
import { playProblem, playSummary, runPlay } from '../term/play.js';
import { checkConfigFits, generateFromConfig, loadConfig, printConfigNotes, seedFlag } from './generate.js';

export interface PlayFlags {
  seed?: string;
  theme?: string;
  color: boolean;
}

export async function playCommand(configPath: string, flags: PlayFlags): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError('play needs a terminal: run it in one (stdin and stdout a TTY)');
  const seedGiven = seedFlag(flags.seed);
  const config = loadConfig(configPath);
  // The colours are settled first: a WALL_COLOR that hides the walls fails before the game starts.
  const look = lookFor(config, flags);
  const io = { input: process.stdin, output: process.stdout, theme: look.theme, depth: look.depth };
  if (!isPlainSquareConfig(config)) {
    // Another grid, a wrap, a mask or an outline: the grid engine's maze.
    const run = makeGridMaze(config, configPath, seedGiven ?? config.seed);
    printConfigNotes(config, configPath, run.notes);
    const g = run.generated;
    const problem = playProblem(g.maze, look.depth);
    if (problem !== undefined) throw new CliError(`${problem}; play a smaller maze`);
    const result = await runPlay({
      ...io,
      grid: g.maze,
      entry: g.entry,
      exit: g.exit,
      shortest: run.shortest.cells.length - 1,
      seed: g.seed,
    });
    process.stdout.write(`${playSummary(result)}\n`);
    return;
  }
  checkConfigFits(config, configPath);
  const generated = generateFromConfig(config, toMazeOptions(config, seedGiven ?? config.seed));
  printConfigNotes(config, configPath, generated.notes);
  const { maze, entry, exit, seed } = generated;
  const shortest = shortestPath(maze, entry, exit).cells.length - 1;
  const result = await runPlay({ ...io, maze, entry, exit, shortest, seed });
  process.stdout.write(`${playSummary(result)}\n`);
}
