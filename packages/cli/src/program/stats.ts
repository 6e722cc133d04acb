/** `stats`'s declaration: measure a config's maze. Its code loads when it runs (commands/stats.ts). */
import type { Command } from 'commander';
import type { StatsFlags } from '../commands/stats.js';

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
    .action(async (configPath: string, flags: StatsFlags) => {
      const { statsCommand } = await import('../commands/stats.js');
      process.stdout.write(statsCommand(configPath, flags));
    });
}
