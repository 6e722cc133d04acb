/**
 * `a-maze-ing play CONFIG`: walk the config's maze in the terminal (term/play.ts); the
 * summary (moves, the shortest, optimality, time) is printed when the exit is reached.
 * Nothing is written.
 */
import type { Command } from 'commander';
import { isPlainSquareConfig, shortestPath, toMazeOptions } from 'mazegen';
import { CliError, UsageError } from '../errors.js';
import { playSummary, runPlay } from '../term/play.js';
import { checkConfigFits, generateFromConfig, loadConfig, printConfigNotes, seedFlag } from './generate.js';

async function playCommand(configPath: string, flags: { seed?: string }): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError('play needs a terminal: run it in one (stdin and stdout a TTY)');
  const seedGiven = seedFlag(flags.seed);
  const config = loadConfig(configPath);
  if (!isPlainSquareConfig(config)) {
    const what = config.grid !== 'square' ? `a ${config.grid} maze` : config.wrap !== 'none' ? `a square maze wrapped ${config.wrap}` : 'a masked or shaped square maze';
    throw new CliError(`${configPath} makes ${what}; play walks plain square mazes only for now ('a-maze-ing ${configPath}' draws it in the terminal)`);
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
        'junction or dead end, u or Backspace undoes, q or Esc leaves. At the exit it prints the moves, the shortest possible, ' +
        'the optimality (shortest / taken) and the time. Nothing is written.',
    )
    .argument('<config>', 'config file of KEY=VALUE lines')
    .option('-s, --seed <seed>', "use this seed instead of the config's SEED")
    .action(async (configPath: string, flags: { seed?: string }) => {
      await playCommand(configPath, flags);
    });
}
