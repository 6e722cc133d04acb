/** The default command's declaration: make, solve, write and show a config's maze. Its code loads when it runs (commands/generate.ts). */
import type { Command } from 'commander';
import { THEME_NAMES } from 'mazegen/render';
import type { GenerateFlags } from '../commands/generate.js';

export function register(program: Command): void {
  program
    .command('generate', { isDefault: true })
    .summary('make, solve, write and show the maze of a config file (the default command)')
    .description(
      'Read CONFIG, generate and solve the maze, write OUTPUT_FILE atomically (hex format, a shortest path in the footer), ' +
        'print the seed, and draw the maze. In a terminal the drawing is interactive; otherwise it is drawn once.',
    )
    .argument('<config>', 'config file of KEY=VALUE lines')
    .option('-s, --seed <seed>', "use this seed instead of the config's SEED")
    .option('-o, --output <file>', 'write the maze here instead of OUTPUT_FILE')
    .option('--no-display', 'write the file and print the summary, without drawing')
    .option('--no-path', 'draw without the path (key 2 shows it in a terminal)')
    .option('--no-color', 'plain characters instead of ANSI colours (like NO_COLOR=1)')
    .option('--theme <name>', `colours of the drawing: auto (light or dark from COLORFGBG; dark where unset), ${THEME_NAMES.join(', ')}`)
    .option('--no-animation', 'in a terminal, show the finished maze at once instead of replaying its generation and path')
    .option('-q, --quiet', 'print no summary, seed or notes (errors and the drawing still show)')
    .option('--stats', "also print the maze's statistics, as 'a-maze-ing stats' does")
    .option('--json', 'print the summary (and --stats) as one JSON object instead of the lines, and draw nothing')
    .option('--stream', 'Eller with PERFECT=True only: write the maze row by row in memory proportional to its width (not drawn)')
    .action(async (configPath: string, flags: GenerateFlags) => {
      const { generateAction } = await import('../commands/generate.js');
      await generateAction(program, configPath, flags);
    });
}
