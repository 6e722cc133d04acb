/** `a-maze-ing menu`: the C seed's console menu, with settings kept between runs. */
import { createInterface } from 'node:readline';
import { parseUtcDate } from 'mazegen/config';
import { UsageError } from '../errors.js';
import { exitQuietlyOnClosedPipe } from '../menu/draw.js';
import { colorDepth } from '../term/color.js';
import { surfaceOf } from '../term/screen.js';
import { themeFlag } from '../term/theme.js';
import { runMenu } from '../menu/menu.js';
import { defaultSettingsPath } from '../menu/settings-path.js';
import { diagnostic } from '../diagnostic.js';

export interface MenuFlags {
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

/** `menu`: the console menu on standard input and output, until Q or the end of input. */
export async function menuAction(flags: MenuFlags): Promise<void> {
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
          if (next.done) return undefined;
          // A terminal echoes what is typed; an answer from a pipe is echoed here, so the prompt's line ends as on screen.
          if (!process.stdin.isTTY) process.stdout.write(`${next.value}\n`);
          return next.value;
        },
        write: (text) => process.stdout.write(text),
        warn: (text) => diagnostic(`warning: ${text}`),
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
}
