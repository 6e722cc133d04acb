/**
 * The man page, a-maze-ing(1), in roff: made from the same data as --help (the command
 * tree, the config keys, the registries, the environment table), so the two never
 * disagree. packages/cli/man/a-maze-ing.1 is this text; a test keeps it current.
 */
import type { Command } from 'commander';
import { GENERATORS, SOLVERS } from 'mazegen';
import { configKeyRows, ENVIRONMENT } from './help.js';

/** Text as roff: backslashes and hyphens escaped, a line starting with '.' or "'" guarded. */
function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

const bold = (text: string): string => `\\fB${roff(text)}\\fR`;

/** A tagged paragraph: the tag in bold, then its text. */
function item(tag: string, text: string): string {
  return `.TP\n${bold(tag)}\n${roff(text)}`;
}

const sentence = (text: string): string => (/[.)]$/.test(text) ? text : `${text}.`);

export function manPage(program: Command, version: string): string {
  const generate = program.commands.find((c) => c.name() === 'generate');
  const out: string[] = [
    `.TH A\\-MAZE\\-ING 1 "" "a\\-maze\\-ing ${roff(version)}" "User Commands"`,
    '.SH NAME',
    'a\\-maze\\-ing \\- make, solve, check and show mazes from a KEY=VALUE config file',
    '.SH SYNOPSIS',
    `${bold('a-maze-ing')} \\fICONFIG\\fR [\\fIoptions\\fR]`,
    '.br',
    `${bold('a-maze-ing')} \\fIcommand\\fR [\\fIoptions\\fR] [\\fIargs\\fR]`,
    '.SH DESCRIPTION',
    roff(sentence(program.description())),
    roff(
      "a-maze-ing CONFIG is short for a-maze-ing generate CONFIG. A file argument of '-' is standard input; an output of '-' (-o -, OUTPUT_FILE=-) is standard output, and every message then goes to standard error.",
    ),
    '.SH COMMANDS',
  ];
  for (const command of program.commands) {
    const args = command.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`)).join(' ');
    out.push(item(`${command.name()}${args ? ` ${args}` : ''}`, sentence(command.description() || command.summary())));
    for (const option of command.options) {
      if (command === generate) continue; // Listed under OPTIONS.
      out.push('.RS', item(option.flags, sentence(option.description)), '.RE');
    }
  }
  out.push('.SH OPTIONS', roff('Options of the default command (generate):'));
  for (const option of generate?.options ?? []) out.push(item(option.flags, sentence(option.description)));
  out.push(item('-h, --help', 'Print the help (every command has its own).'), item('-V, --version', 'Print the version.'));
  out.push(
    '.SH CONFIG FILE',
    roff("One KEY=VALUE per line; keys in any case; '#' starts a comment line; CRLF and a UTF-8 BOM accepted; at most 1 MiB."),
  );
  for (const [key, text] of configKeyRows()) out.push(item(key, sentence(text)));
  out.push('.SH ALGORITHMS', roff(`Generators (GENERATOR=): ${GENERATORS.map((g) => g.name).join(', ')}.`), '.PP');
  out.push(
    roff(`Solvers (SOLVER=; * always gives a shortest path): ${SOLVERS.map((s) => `${s.name}${s.shortest ? '*' : ''}`).join(', ')}.`),
  );
  out.push('.SH ENVIRONMENT');
  for (const [name, text] of ENVIRONMENT) out.push(item(name, sentence(text)));
  out.push(
    '.SH EXIT STATUS',
    item('0', 'Success.'),
    item('1', 'Bad input (config, files, sizes) or a maze that breaks a rule.'),
    item('2', 'A wrong command line.'),
    item('70', 'An internal error (a bug).'),
    item('128+N', 'Ended by signal N (SIGHUP 129, SIGINT 130, SIGTERM 143), after removing its temp files; the target is untouched.'),
    '.SH FILES',
    item('~/.config/a-maze-ing/settings.json', "The menu's settings ($XDG_CONFIG_HOME/a-maze-ing/settings.json when set)."),
    '.SH EXAMPLES',
    '.nf',
    roff('a-maze-ing config.txt'),
    roff('a-maze-ing config.txt --seed 7 --no-display'),
    roff('a-maze-ing validate maze.txt --config config.txt'),
    roff('a-maze-ing config.txt -o - | a-maze-ing validate -'),
    roff('a-maze-ing render maze.txt -o maze.svg --path'),
    roff('a-maze-ing completion bash > ~/.local/share/bash-completion/completions/a-maze-ing'),
    '.fi',
    '.SH SEE ALSO',
    roff('a-maze-ing --help, and docs/cli.md in the source repository.'),
    '',
  );
  return out.join('\n');
}
