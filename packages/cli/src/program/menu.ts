/** `menu`'s declaration: the console menu. Its code loads when it runs (commands/menu.ts). */
import type { Command } from 'commander';
import type { MenuFlags } from '../commands/menu.js';
import { defaultSettingsPath } from '../menu/settings-path.js';

export function register(program: Command): void {
  program
    .command('menu')
    .description('the console menu: new mazes, solutions, complexity, colours, dimensions, Maze of the Day')
    .option('--settings <file>', `settings file (default ${defaultSettingsPath().replace(process.env.HOME ?? '\0', '~')})`)
    .option('--date <YYYY-MM-DD>', 'the day whose Maze of the Day 7 and 8 show (default: today, UTC)')
    .option('--no-color', 'draw with box-drawing characters instead of colours (also NO_COLOR=1)')
    .option(
      '--theme <name>',
      'path, marks and 42 colours: default, light, dark, high-contrast, matlab (default: light or dark after the background colour)',
    )
    .action(async (flags: MenuFlags) => {
      const { menuAction } = await import('../commands/menu.js');
      await menuAction(flags);
    });
}
