/**
 * `a-maze-ing play CONFIG`: walk the config's maze in the terminal (term/play.ts); the
 * summary (moves, the shortest, optimality, time) is printed when the exit is reached.
 * Nothing is written.
 */
import type { Command } from 'commander';
import { isPlainSquareConfig, shortestPath, toMazeOptions } from 'mazegen';
import { CliError, UsageError } from '../errors.js';
import { makeGridMaze } from '../grid-run.js';
import { gridPlayProblem, playSummary, runPlay } from '../term/play.js';
import { checkConfigFits, generateFromConfig, loadConfig, printConfigNotes, seedFlag } from './generate.js';

async function playCommand(configPath: string, flags: { seed?: string }): Promise<void> {
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
    const result = await runPlay({ input: process.stdin, output: process.stdout, grid: g.maze, entry: g.entry, exit: g.exit, shortest: run.shortest.cells.length - 1, seed: g.seed });
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

export function register(program: Command): void {
  program
    .command('play')
    .summary('walk the maze of a config file in the terminal, against the clock')
    .description(
      'Play the maze CONFIG describes in the terminal: arrows, WASD or hjkl move one cell, Shift with them runs to the next ' +
        'junction or dead end, u or Backspace undoes, q or Esc leaves. On the hex grid up/down go N/S, left/right (a d, h l, 7 9) ' +
        'to the upper-left/right cell and z c (b n, 1 3) to the lower-left/right; on the triangle grid up or down cross the flat ' +
        'side; on the polar grid up goes out (of several outward cells the first open one clockwise; 1-9 the n-th), down in, ' +
        'left anticlockwise, right clockwise. At the exit it prints the moves, the shortest possible, ' +
        'the optimality (shortest / taken) and the time. Nothing is written.',
    )
    .argument('<config>', 'config file of KEY=VALUE lines')
    .option('-s, --seed <seed>', "use this seed instead of the config's SEED")
    .action(async (configPath: string, flags: { seed?: string }) => {
      await playCommand(configPath, flags);
    });
}
