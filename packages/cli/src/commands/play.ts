/**
 * `a-maze-ing play CONFIG`: walk the config's maze in the terminal (term/play.ts); the
 * summary (moves, the shortest, optimality, time) is printed when the exit is reached.
 * Nothing is written.
 */
import { isPlainSquareConfig, toMazeOptions } from 'mazegen/config';
import { shortestPath } from 'mazegen';
import { CliError, UsageError } from '../errors.js';
import { makeGridMaze } from '../grid-run.js';
import { gridPlayProblem, playSummary, runPlay } from '../term/play.js';
import { checkConfigFits, generateFromConfig, loadConfig, printConfigNotes, seedFlag } from './generate.js';

export async function playCommand(configPath: string, flags: { seed?: string }): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError('play needs a terminal: run it in one (stdin and stdout a TTY)');
  const seedGiven = seedFlag(flags.seed);
  const config = loadConfig(configPath);
  if (!isPlainSquareConfig(config)) {
    // Another grid, a wrap, a mask or an outline: the grid engine's maze, drawn whole in braille.
    const run = makeGridMaze(config, configPath, seedGiven ?? config.seed);
    printConfigNotes(config, configPath, run.notes);
    const g = run.generated;
    const problem = gridPlayProblem(g.maze, process.stdout.columns, process.stdout.rows);
    if (problem !== undefined) throw new CliError(`${problem}; play draws the whole maze: use a larger terminal or a smaller maze`);
    const result = await runPlay({
      input: process.stdin,
      output: process.stdout,
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
  const result = await runPlay({ input: process.stdin, output: process.stdout, maze, entry, exit, shortest, seed });
  process.stdout.write(`${playSummary(result)}\n`);
}
