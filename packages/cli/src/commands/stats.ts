/**
 * `a-maze-ing stats CONFIG`: generate the config's maze (nothing is written) and print
 * what `analyze` measures, as an aligned table or, with --json, as one JSON object.
 */
import { isPlainSquareConfig, toMazeOptions } from 'mazegen/config';
import { gridStats } from '../grid-run.js';
import { formatStats, statsReport } from '../stats-report.js';
import { checkConfigFits, generateFromConfig, loadConfig, printConfigNotes, seedFlag } from './generate.js';

export interface StatsFlags {
  seed?: string;
  json?: boolean;
}

export function statsCommand(configPath: string, flags: StatsFlags): string {
  const seedGiven = seedFlag(flags.seed);
  const config = loadConfig(configPath);
  if (!isPlainSquareConfig(config))
    return gridStats(config, configPath, seedGiven ?? config.seed, flags.json === true, (notes) =>
      printConfigNotes(config, configPath, notes),
    );
  // The same check as the default command's: nothing is written, but the maze, its solution and a shortest path are made.
  checkConfigFits(config, configPath, false, true);
  const generated = generateFromConfig(config, toMazeOptions(config, seedGiven ?? config.seed));
  // The same notes as the default command (pattern left out, keys the run ignores), on stderr.
  printConfigNotes(config, configPath, generated.notes);
  const report = statsReport(generated, config.solver, config.indexBase);
  return flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatStats(report);
}
