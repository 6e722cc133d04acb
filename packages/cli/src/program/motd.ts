/** `motd`'s declaration: the Maze of the Day. Its code loads when it runs (commands/motd.ts). */
import { Option, type Command } from 'commander';
import type { MotdFlags } from '../commands/motd.js';
import { MOTD_FORMATS } from './choices.js';

export function register(program: Command): void {
  program
    .command('motd')
    .description('print the Maze of the Day: one 24x24 maze per UTC date, start on the bottom row, end on the top row')
    .option('--date <YYYY-MM-DD>', 'another day than today (UTC)')
    .option('-s, --solution', 'draw its shortest path')
    .addOption(
      new Option('-f, --format <format>', 'picture (colours in a terminal), unicode, ascii, hex, blocks or json').choices([
        ...MOTD_FORMATS,
      ]),
    )
    .option('--no-color', 'no colours: the picture becomes box-drawing text')
    .option(
      '--theme <name>',
      'colours of the picture: auto (light or dark from COLORFGBG; dark where unset), default, light, dark, high-contrast, matlab, distance',
    )
    .action(async (flags: MotdFlags) => {
      const { motdAction } = await import('../commands/motd.js');
      motdAction(flags);
    });
}
