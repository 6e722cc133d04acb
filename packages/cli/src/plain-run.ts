/**
 * The main job's command line read without Commander: `a-maze-ing CONFIG` followed by the
 * default command's own options in their plain forms. Commander and the command tree cost
 * about a third of a small run's start-up (issue 13); any other command line, a typo or a
 * form this reader does not know go to Commander, which reads it in full. A property test
 * checks that what this reader accepts, Commander reads the same way.
 */
import type { GenerateFlags } from './commands/generate.js';
import { COMMAND_WORDS } from './program/words.js';
import { builtin } from './builtin.js';

/** The default command's flags as Commander gives them, with `--stream`. */
export type PlainFlags = GenerateFlags & { stream?: boolean };

/** Switches, and the flag each sets. */
const SWITCHES: Readonly<Record<string, Partial<PlainFlags>>> = {
  '--no-display': { display: false },
  '--no-path': { path: false },
  '--no-color': { color: false },
  '--no-animation': { animation: false },
  '-q': { quiet: true },
  '--quiet': { quiet: true },
  '--stats': { stats: true },
  '--json': { json: true },
  '--stream': { stream: true },
};

/** Options that take the next word (or `=value`) as their value. */
const VALUED: Readonly<Record<string, 'seed' | 'output' | 'theme'>> = {
  '-s': 'seed',
  '--seed': 'seed',
  '-o': 'output',
  '--output': 'output',
  '--theme': 'theme',
};

export interface PlainRun {
  configPath: string;
  flags: PlainFlags;
}

/**
 * The config path and flags of a plain run, or undefined when `argv` is anything else: no
 * config, a command name, a config file that does not exist (Commander then says whether
 * a command was meant), help or version, or any option form not listed above.
 */
export function plainRun(argv: readonly string[], exists: (path: string) => boolean = fileExists): PlainRun | undefined {
  const flags: PlainFlags = { display: true, path: true, color: true, animation: true };
  let configPath: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('-') && word !== '') {
      if (configPath !== undefined) return undefined;
      configPath = word;
      continue;
    }
    const toggle = Object.hasOwn(SWITCHES, word) ? SWITCHES[word] : undefined;
    if (toggle) {
      Object.assign(flags, toggle);
      continue;
    }
    const equals = word.indexOf('=');
    const name = equals > 0 && word.startsWith('--') ? word.slice(0, equals) : word;
    const key = Object.hasOwn(VALUED, name) ? VALUED[name] : undefined;
    if (key === undefined) return undefined;
    const value = equals > 0 && name !== word ? word.slice(equals + 1) : argv[++i];
    // A value that looks like an option, or none at all, is Commander's to judge.
    if (value === undefined || value.startsWith('-')) return undefined;
    flags[key] = value;
  }
  if (configPath === undefined || COMMAND_WORDS.includes(configPath) || !exists(configPath)) return undefined;
  return { configPath, flags };
}

function fileExists(path: string): boolean {
  return builtin('node:fs').existsSync(path);
}
