/** `a-maze-ing menu`: the C seed's console menu, with settings kept between runs. */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { parseUtcDate } from 'mazegen';
import { UsageError } from '../errors.js';
import { exitQuietlyOnClosedPipe } from '../menu/draw.js';
import { colorDepth } from '../term/color.js';
import { surfaceOf } from '../term/screen.js';
import { themeFlag } from '../term/theme.js';
import { runMenu } from '../menu/menu.js';
import { defaultSettingsPath } from '../menu/settings.js';

interface MenuFlags {
  settings?: string;
  date?: string;
  color: boolean;
  theme?: string;
}

/** A YYYY-MM-DD option as a date, or a usage error naming the option. */
export function dateOption(text: string | undefined, now: Date = new Date()): Date {
  if (text === undefined) return now;
  const date = parseUtcDate(text);
  if (!date) throw new UsageError(`--date must be a calendar date as YYYY-MM-DD (for example 2026-01-31), got '${text}'`);
  return date;
}

export function register(program: Command): void {
  program
    .command('menu')
    .description('the console menu: new mazes, solutions, complexity, colours, dimensions, Maze of the Day')
    .option('--settings <file>', `settings file (default ${defaultSettingsPath().replace(process.env.HOME ?? '\0', '~')})`)
    .option('--date <YYYY-MM-DD>', 'the day whose Maze of the Day 7 and 8 show (default: today, UTC)')
    .option('--no-color', 'draw with box-drawing characters instead of colours (also NO_COLOR=1)')
    .option('--theme <name>', "path, marks and 42 colours: default, light, dark, high-contrast, matlab (default: light or dark after the background colour)")
    .action(async (flags: MenuFlags) => {
      const today = dateOption(flags.date);
      const theme = themeFlag(flags.theme);
      const out = process.stdout;
      exitQuietlyOnClosedPipe(process.stdout);
      // Ctrl-C quits like Q: settings are already saved after each change, so only the farewell is left.
      process.once('SIGINT', () => {
        process.stdout.write('\nbye\n');
        process.exit(0);
      });
      const lines = createInterface({ input: process.stdin, terminal: false, crlfDelay: Infinity });
      const iterator = lines[Symbol.asyncIterator]();
      try {
        await runMenu(
          {
            readLine: async () => {
              const next = await iterator.next();
              return next.done ? undefined : next.value;
            },
            write: (text) => process.stdout.write(text),
          },
          {
            settingsPath: flags.settings ?? defaultSettingsPath(),
            depth: colorDepth(out, process.env, flags.color),
            theme,
            // On a terminal each maze clears the screen and fits it; a pipe gets the plain sequence.
            surface: out.isTTY ? () => surfaceOf(out) : undefined,
            today,
          },
        );
      } finally {
        lines.close();
      }
    });
}
