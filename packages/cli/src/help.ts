/**
 * The help's text: `a-maze-ing --help` is short (the commands, one example, where the rest
 * is); `a-maze-ing help generate` holds the reference (config keys, algorithms, keys,
 * environment, exit codes), all from the registries.
 */
import { GENERATORS, SOLVERS } from 'mazegen';
import { COLOR_NAMES, CONFIG_KEYS } from 'mazegen/config';
import { KEY_BINDINGS } from './term/key-bindings.js';

/** Wraps `text` at `width` columns, indenting continuation lines by `indent` spaces. */
export function wrap(text: string, width: number, indent: number): string {
  const lead = /^ */.exec(text)![0];
  const words = text.slice(lead.length).split(' ');
  const lines: string[] = [];
  let line = lead;
  for (const word of words) {
    if (line.trim() !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
    } else {
      line = line.trim() === '' ? line + word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/**
 * The width help is wrapped to: the terminal's columns, else COLUMNS (as shells export
 * it), else 80; never below 40.
 */
export function helpWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout, env: NodeJS.ProcessEnv = process.env): number {
  const columns = stream.isTTY && stream.columns && stream.columns > 0 ? stream.columns : Number.parseInt(env.COLUMNS ?? '', 10);
  return Number.isInteger(columns) && columns > 0 ? Math.max(40, columns) : 80;
}

/** Every environment variable the CLI reads, for --help, the man page and completion docs. */
export const ENVIRONMENT: readonly [string, string][] = [
  ['NO_COLOR', 'non-empty: plain characters instead of colours, as --no-color does'],
  ['FORCE_COLOR', 'colours even in a pipe: 0 off, 1 16 colours, 2 256, 3 truecolor (wins over NO_COLOR)'],
  ['TERM, COLORTERM', 'the colours a terminal has (as Node reads them); TERM=dumb: no colours and no progress bar'],
  ['COLORFGBG', 'THEME=auto picks light or dark from it (dark where it is unset)'],
  ['CI', 'set (not 0 or false): no progress bar'],
  ['COLUMNS', 'the width help is wrapped to when stdout is not a terminal'],
  ['XDG_CONFIG_HOME', 'where the menu keeps settings.json (default ~/.config/a-maze-ing/)'],
  ['AMAZEING_MAX_MEMORY', 'the most memory a run may plan to use (8G, 512MiB or bytes); a bigger maze is refused up front'],
  ['AMAZEING_DEBUG', 'non-empty: print the stack of an internal error (exit 70)'],
  [
    'AMAZEING_CACHE_DIR',
    'an absolute folder for the compiled code kept between runs (default: XDG_CACHE_HOME or ~/.cache, a-maze-ing inside)',
  ],
  ['NODE_DISABLE_COMPILE_CACHE', 'non-empty: no compiled code kept between runs'],
];

function table(rows: readonly [string, string][], indent = 2, width = 100): string {
  const left = Math.max(...rows.map(([a]) => a.length)) + 2;
  return rows.map(([a, b]) => wrap(`${' '.repeat(indent)}${a.padEnd(left)}${b}`, width, indent + left)).join('\n');
}

function algorithms(list: readonly { name: string; aliases: readonly string[]; shortest?: boolean }[], width: number): string {
  const items = list.map((a) => `${a.name}${a.shortest ? '*' : ''}${a.aliases.length ? ` (${a.aliases.join(', ')})` : ''}`);
  return wrap(`  ${items.join(', ')}`, width, 2);
}

/** The config keys as [key, what it takes, its default or status] rows. */
export function configKeyRows(): [string, string][] {
  return CONFIG_KEYS.map((k) => {
    const aliases = k.aliases.length ? ` (also ${k.aliases.join(', ')})` : '';
    const status = k.mandatory ? 'mandatory' : `default ${k.default}`;
    return [k.key, `${k.value}: ${k.description}; ${status}${aliases}`];
  });
}

/** The short footer of `a-maze-ing --help`: one example and where the reference is. */
export function programHelpFooter(width = 100): string {
  return [
    '',
    'Example:',
    '  a-maze-ing config.txt      make, write and show the maze of config.txt',
    '',
    "The config keys, the drawing's keys, the algorithms, the environment and the exit codes: a-maze-ing help generate. A command's options: a-maze-ing help <command>.",
    '',
  ]
    .map((line) => wrap(line, width, line.startsWith(' ') ? 4 : 0))
    .join('\n');
}

/** The reference after `a-maze-ing help generate` (the default command): its options, every config key, algorithm, key, variable and exit code. */
export function generateHelpFooter(width = 100): string {
  const keys = table(configKeyRows(), 2, width);
  return [
    '',
    'a-maze-ing CONFIG [options] is short for a-maze-ing generate CONFIG [options].',
    '',
    "Config file: one KEY=VALUE per line; keys in any case; spaces around keys and values ignored; lines starting with '#' and blank lines ignored; CRLF and a UTF-8 BOM accepted.",
    keys,
    wrap(`  Colour names: ${COLOR_NAMES.join(', ')}.`, width, 2),
    '',
    'Generators (GENERATOR=; case, spaces, - and _ ignored):',
    algorithms(GENERATORS, width),
    'Solvers (SOLVER=; * = always a shortest path):',
    algorithms(SOLVERS, width),
    '',
    'In a terminal (stdin and stdout both TTYs) the drawing is interactive:',
    table(KEY_BINDINGS, 2, width),
    'It first replays the generation and the path (any key skips; --no-animation). The drawing is the largest that fits: blocks, half blocks, quarter blocks or braille. Outside a terminal (a pipe, CI) the maze is drawn once and the command exits 0. A maze too big to draw gets a one-line note instead.',
    'Colours (every command): on a terminal as Node reads it (TERM, COLORTERM); never into a pipe unless FORCE_COLOR is set (0 off; 1 16 colours; 2 256; 3 truecolor; it wins over NO_COLOR); NO_COLOR (non-empty), TERM=dumb and --no-color draw plain characters. THEME=auto / --theme auto: light or dark from COLORFGBG, dark where it is unset.',
    "'-' is standard input for a file argument and standard output for -o or OUTPUT_FILE; then every message goes to stderr.",
    '',
    'Environment:',
    table(ENVIRONMENT, 2, width),
    '',
    'Exit codes: 0 success; 1 bad input (config, files, sizes) or a maze that breaks a rule; 2 wrong command line; 70 internal error (a bug).',
    '',
    'Examples:',
    '  a-maze-ing config.txt                          make, write, show the maze of config.txt',
    '  a-maze-ing config.txt --seed 7 --no-display    another seed, no drawing',
    '  a-maze-ing validate maze.txt --config config.txt',
    '  a-maze-ing config.txt -o - | a-maze-ing validate -',
    '  a-maze-ing completion bash > ~/.local/share/bash-completion/completions/a-maze-ing',
    '',
  ]
    .map((line) => (line.includes('\n') ? line : wrap(line, width, line.startsWith(' ') ? 4 : 0)))
    .join('\n');
}
