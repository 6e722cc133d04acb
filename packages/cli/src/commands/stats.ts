/**
 * `a-maze-ing stats CONFIG`: generate the config's maze (nothing is written) and print
 * what `analyze` measures, as an aligned table or, with --json, as one JSON object.
 */
import type { Command } from 'commander';
import { normalizeSeed, toMazeOptions, type ConfigOptions } from 'mazegen';
import { CliError, UsageError } from '../errors.js';
import { formatStats, statsReport } from '../stats-report.js';
import { checkFits, MemoryFitError } from '../memory.js';
import { generateFromConfig, ignoredKeyNotes, loadConfig } from './generate.js';

export interface StatsFlags {
  seed?: string;
  json?: boolean;
}

export function statsCommand(configPath: string, flags: StatsFlags): string {
  if (flags.seed !== undefined && flags.seed.trim() === '') throw new UsageError('--seed is empty; give an integer or some text');
  const config: ConfigOptions = loadConfig(configPath);
  try {
    // The same check as the default command's: nothing is written, but the maze, its solution and a shortest path are made.
    checkFits(config.width, config.height, { generator: config.generator, solver: config.solver, perfect: config.perfect, streamedWrite: true });
  } catch (error) {
    if (error instanceof MemoryFitError) throw new CliError(`${configPath}, line ${Math.max(config.lines.WIDTH, config.lines.HEIGHT)}: ${error.message}`);
    throw error;
  }
  const seed = flags.seed !== undefined ? normalizeSeed(flags.seed.trim()) : config.seed;
  const generated = generateFromConfig(config, toMazeOptions(config, seed));
  // The same notes as the default command (pattern left out, keys the run ignores), on stderr.
  for (const note of [...ignoredKeyNotes(config, configPath), ...generated.notes]) process.stderr.write(`a-maze-ing: note: ${note}\n`);
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
