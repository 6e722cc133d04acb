/** `play`'s declaration: walk a config's maze in the terminal. Its code loads when it runs (commands/play.ts). */
import type { Command } from 'commander';
import { THEME_NAMES } from 'mazegen/render';
import type { PlayFlags } from '../commands/play.js';

export function register(program: Command): void {
  program
    .command('play')
    .summary('walk the maze of a config file in the terminal, against the clock')
    .description(
      'Play the maze CONFIG describes in the terminal: arrows, WASD or hjkl move one cell, Shift with them runs to the next ' +
        'junction or dead end, u or Backspace undoes, q or Esc leaves. On the hex grid up/down go N/S, left/right (a d, h l, 7 9) ' +
        'to the upper-left/right cell and z c (b n, 1 3) to the lower-left/right; on the triangle grid up or down cross the flat ' +
        'side; on the polar grid up goes out (of several outward cells the first open one clockwise; 1-9 the n-th), down in, ' +
        'left anticlockwise, right clockwise. At the exit it prints the moves, the shortest possible, ' +
        'the optimality (shortest / taken) and the time. Nothing is written.',
    )
    .argument('<config>', 'config file of KEY=VALUE lines')
    .option('-s, --seed <seed>', "use this seed instead of the config's SEED")
    .option('--no-color', 'plain characters instead of ANSI colours (like NO_COLOR=1)')
    .option('--theme <name>', `colours of the maze: auto (light or dark from COLORFGBG; dark where unset), ${THEME_NAMES.join(', ')}`)
    .action(async (configPath: string, flags: PlayFlags) => {
      const { playCommand } = await import('../commands/play.js');
      await playCommand(configPath, flags);
    });
}
