/** `a-maze-ing menu`: the C seed's console menu, with settings kept between runs. */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { parseUtcDate } from 'mazegen';
import { UsageError } from '../errors.js';
import { colorMode, exitQuietlyOnClosedPipe } from '../menu/draw.js';
import { runMenu } from '../menu/menu.js';
import { defaultSettingsPath } from '../menu/settings.js';

interface MenuFlags {
  settings?: string;
  date?: string;
  color: boolean;
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
    .action(async (flags: MenuFlags) => {
      const today = dateOption(flags.date);
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
          { settingsPath: flags.settings ?? defaultSettingsPath(), colorMode: colorMode(process.env, flags.color), today },
        );
      } finally {
        lines.close();
      }
    });
}
