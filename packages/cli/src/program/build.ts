/**
 * The whole command tree on Commander: every command's options, help and errors. A plain
 * config run (plain-run.ts) never loads it; everything else goes through it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { editDistance } from 'mazegen/internal';
import { COMMANDS } from './index.js';
import { COMMAND_WORDS } from './words.js';
import { EXIT_OK, EXIT_USAGE, UsageError } from '../errors.js';
import { generateHelpFooter, helpWidth, programHelpFooter } from '../help.js';
import { PACKAGE_JSON } from '../locations.js';

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Commander's "error: ..." (possibly with a did-you-mean line) as one line of ours, pointing at the help of `command`. */
function formatUsageError(text: string, command?: string): string {
  const message = text
    .replace(/^error:\s*/, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return `a-maze-ing: ${message} (see a-maze-ing ${command ? `help ${command}` : '--help'})\n`;
}

/** A command name as typed, cut when long (a 900 KB argument stays a one-line message). */
function shownName(name: string): string {
  return name.length > 40 ? `${name.slice(0, 40)}... (${name.length} characters)` : name;
}

/** `help [command]`: the program's help, a command's, or a one-line error with a did-you-mean. */
function registerHelp(program: Command): void {
  program
    .command('help')
    .summary('print the help of the program or of one command')
    .argument('[command]', 'a command name')
    .action((name: string | undefined) => {
      if (name === undefined) return void program.outputHelp();
      const command = program.commands.find((c) => c.name() === name || c.aliases().includes(name));
      if (command) return void command.outputHelp();
      const names = program.commands.map((c) => c.name());
      // The distance is bounded work: a long name is compared only by its length.
      const close = name.length <= 40 ? names.filter((n) => editDistance(name.toLowerCase(), n) <= 2) : [];
      const hint = close.length > 0 ? ` Did you mean '${close[0]}'?` : '';
      throw new UsageError(`help: unknown command '${shownName(name)}'.${hint} Commands: ${names.join(', ')}`);
    });
}

/**
 * The message for a first word that is neither an option, a command nor a file, but close
 * to a command's name ('rendr'): Commander would take it for generate's CONFIG.
 */
function mistypedCommand(word: string): string | undefined {
  if (word.startsWith('-') || COMMAND_WORDS.includes(word) || word.length > 40 || existsSync(word)) return undefined;
  const close = COMMAND_WORDS.filter((name) => editDistance(word.toLowerCase(), name) <= 2);
  if (close.length === 0) return undefined;
  return `unknown command '${word}'; did you mean ${close[0]}? (commands: ${COMMAND_WORDS.join(', ')}; a config file runs as a-maze-ing CONFIG)`;
}

/** Builds the command tree; exported so tests can inspect the help text. */
export function buildProgram(width = helpWidth()): Command {
  const program = new Command('a-maze-ing')
    .usage('CONFIG [options] | <command> [options]')
    .description('Generate, solve, write and show mazes from a KEY=VALUE config file.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'print this help')
    .showHelpAfterError(false)
    .showSuggestionAfterError(true)
    .configureOutput({ outputError: (text, write) => write(formatUsageError(text)) })
    .configureHelp({ helpWidth: width, minWidthToWrap: 20 })
    .helpCommand(false)
    .exitOverride();
  for (const register of COMMANDS) register(program);
  registerHelp(program);
  for (const command of program.commands) {
    // A command's own usage errors point at its own help.
    command.configureOutput({ outputError: (text, write) => write(formatUsageError(text, command.name())) });
    command.configureHelp({ helpWidth: width, minWidthToWrap: 20 });
  }
  program.addHelpText('after', () => programHelpFooter(width));
  program.commands.find((c) => c.name() === 'generate')!.addHelpText('after', () => generateHelpFooter(width));
  return program;
}

/** Parses and runs `argv` on the command tree; Commander's own errors (already printed) become exit codes. */
export async function runProgram(argv: string[]): Promise<number> {
  if (argv.length === 0) {
    process.stderr.write(
      'usage: a-maze-ing CONFIG [options]   or   a-maze-ing <command> [options]\n' +
        'example: a-maze-ing config.txt\n' +
        'the commands and options: a-maze-ing --help\n',
    );
    return EXIT_USAGE;
  }
  const mistyped = mistypedCommand(argv[0]);
  if (mistyped) throw new UsageError(mistyped);
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return process.exitCode === undefined ? EXIT_OK : Number(process.exitCode);
  } catch (error) {
    // Commander has already printed its message (or the help text, exit code 0).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    throw error;
  }
}
