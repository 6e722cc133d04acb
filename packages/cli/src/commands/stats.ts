/**
 * `a-maze-ing stats CONFIG`: generate the config's maze (nothing is written) and print
 * what `analyze` measures, as an aligned table or, with --json, as one JSON object.
 */
import type { Command } from 'commander';
import { generateMaze, normalizeSeed, toMazeOptions, type ConfigOptions } from 'mazegen';
import { CliError, UsageError } from '../errors.js';
import { formatStats, statsReport } from '../stats-report.js';
import { loadConfig, memoryProblem } from './generate.js';

export interface StatsFlags {
  seed?: string;
  json?: boolean;
}

export function statsCommand(configPath: string, flags: StatsFlags): string {
  if (flags.seed !== undefined && flags.seed.trim() === '') throw new UsageError('--seed is empty; give an integer or some text');
  const config: ConfigOptions = loadConfig(configPath);
  const memory = memoryProblem(config.width, config.height);
  if (memory) throw new CliError(`${configPath}: ${memory}`);
  const seed = flags.seed !== undefined ? normalizeSeed(flags.seed.trim()) : config.seed;
  const generated = generateMaze(toMazeOptions(config, seed));
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
