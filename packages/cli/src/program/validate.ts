/** `validate`'s declaration: check a maze file against every rule. Its code loads when it runs (commands/validate.ts). */
import type { Command } from 'commander';
import type { ValidateFlags } from '../commands/validate.js';

export function register(program: Command): void {
  program
    .command('validate')
    .summary('check a maze file (hex, or graph JSON of any grid) against every rule')
    .description(
      'Check a maze file in the hex format: coherent walls, closed border, entry and exit, connectivity, no open 3x3 area, ' +
        'the 42 pattern, perfect or Pac-Man board (as the config says; without one either passes), and a valid shortest path. ' +
        'A graph JSON file (any grid, mask or wrap) is checked by the rules that apply to it. ' +
        'Prints one line per broken rule and exits 1 if any, else an OK line and exit 0.',
    )
    .argument('<file>', 'maze file: hex format, or graph JSON')
    .option('-c, --config <config>', 'config the file was made from: checks PERFECT, BRAID, PATTERN, INDEX_BASE, size, entry and exit')
    .option(
      '--json',
      'print the verdict as one JSON object ({ file, valid, grid, summary, problems: [{ rule, message }] }); the exit code is the same',
    )
    .action(async (file: string, flags: ValidateFlags) => {
      const { validateCommand } = await import('../commands/validate.js');
      process.exitCode = validateCommand(file, flags);
    });
}
