/**
 * `a-maze-ing stats CONFIG`: generate the config's maze (nothing is written) and print
 * what `analyze` measures, as an aligned table or, with --json, as one JSON object.
 */
import type { Command } from 'commander';
import { isPlainSquareConfig, toMazeOptions } from 'mazegen';
import { gridStats } from '../grid-run.js';
import { formatStats, statsReport } from '../stats-report.js';
import { checkConfigFits, generateFromConfig, loadConfig, printConfigNotes, seedFlag } from './generate.js';

export interface StatsFlags {
  seed?: string;
  json?: boolean;
}

function statsCommand(configPath: string, flags: StatsFlags): string {
  const seedGiven = seedFlag(flags.seed);
  const config = loadConfig(configPath);
  if (!isPlainSquareConfig(config)) return gridStats(config, configPath, seedGiven ?? config.seed, flags.json === true, (notes) => printConfigNotes(config, configPath, notes));
  // The same check as the default command's: nothing is written, but the maze, its solution and a shortest path are made.
  checkConfigFits(config, configPath, false, true);
  const generated = generateFromConfig(config, toMazeOptions(config, seedGiven ?? config.seed));
  // The same notes as the default command (pattern left out, keys the run ignores), on stderr.
  printConfigNotes(config, configPath, generated.notes);
  const report = statsReport(generated, config.solver, config.indexBase);
  return flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatStats(report);
}

export function register(program: Command): void {
  program
    .command('stats')
    .summary('measure the maze of a config file: dead ends, junctions, corridors, loops, the solution')
    .description(
      'Generate the maze CONFIG describes (nothing is written) and print its statistics: dead ends (as the subject counts them), ' +
        'junctions, crossroads, straight and turning cells, the longest corridor, loops, and the shortest solution with its turns ' +
        'and decision points, plus what the configured SOLVER does on it.',
    )
    .argument('<config>', 'config file of KEY=VALUE lines')
    .option('-s, --seed <seed>', "use this seed instead of the config's SEED")
    .option('--json', 'print one JSON object instead of the table')
    .action((configPath: string, flags: StatsFlags) => {
      process.stdout.write(statsCommand(configPath, flags));
    });
}
