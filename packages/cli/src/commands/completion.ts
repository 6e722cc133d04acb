/**
 * `a-maze-ing completion bash|zsh|fish`: a shell completion script, built from the
 * command tree itself (every command, option and option choice as registered), so it
 * never lists a command or flag that does not exist.
 */
import type { Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { SHELLS, type Shell } from '../program/choices.js';

/** What completion needs of one command. */
export interface CompletionCommand {
  name: string;
  summary: string;
  options: CompletionOption[];
  /** The command takes a positional argument (a file, or a command name for help). */
  takesArgument: boolean;
}

export interface CompletionOption {
  short?: string;
  long?: string;
  description: string;
  /** The option takes a value. */
  takesValue: boolean;
  /** Its allowed values, when the registry fixes them (render --format). */
  choices?: readonly string[];
  /** Its value is a file path (complete file names) rather than free text. */
  file: boolean;
}

/** Option values that name files; every other value is free text (no completion). */
const FILE_VALUE = /<(file|config|settings|path|input)>/;

function optionOf(option: Option): CompletionOption {
  return {
    short: option.short,
    long: option.long,
    description: option.description,
    takesValue: option.required || option.optional,
    choices: option.argChoices,
    file: FILE_VALUE.test(option.flags),
  };
}

/** The commands (the default command first) and their options, read from the program. */
export function completionModel(program: Command): CompletionCommand[] {
  const help: CompletionOption = { short: '-h', long: '--help', description: 'print the help', takesValue: false, file: false };
  return program.commands.map((c) => ({
    name: c.name(),
    summary: (c.summary() || c.description()).split('. ')[0],
    options: [...c.options.map(optionOf), ...(c.name() === 'help' ? [] : [help])],
    takesArgument: c.registeredArguments.length > 0,
  }));
}

const words = (list: readonly string[]): string => list.join(' ');
const flagsOf = (c: CompletionCommand): string[] => c.options.flatMap((o) => [o.short, o.long].filter((f): f is string => f !== undefined));
/** Single quotes for a shell word, with any quote inside escaped. */
const quoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

function bash(model: CompletionCommand[], shells: readonly string[]): string {
  const generate = model.find((c) => c.name === 'generate')!;
  const valued = model
    .flatMap((c) => c.options.filter((o) => o.takesValue && !o.file && !o.choices))
    .flatMap((o) => [o.short, o.long])
    .filter(Boolean);
  const choices = model.flatMap((c) =>
    c.options.filter((o) => o.choices).map((o) => ({ flags: [o.short, o.long].filter(Boolean).join('|'), values: o.choices! })),
  );
  return [
    '# bash completion for a-maze-ing (made by `a-maze-ing completion bash`)',
    '_a_maze_ing() {',
    '  local cur prev cmd i opts',
    '  cur="${COMP_WORDS[COMP_CWORD]}"',
    '  prev="${COMP_WORDS[COMP_CWORD-1]}"',
    '  cmd=""',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    case "${COMP_WORDS[i]}" in',
    '      -*) ;;',
    `      ${model.map((c) => c.name).join('|')}) cmd="\${COMP_WORDS[i]}"; break ;;`,
    '      *) cmd=generate; break ;;',
    '    esac',
    '  done',
    '  case "$prev" in',
    ...choices.map((c) => `    ${c.flags}) COMPREPLY=($(compgen -W ${quoted(words(c.values))} -- "$cur")); return ;;`),
    `    ${valued.join('|')}) COMPREPLY=(); return ;;`,
    '  esac',
    '  case "$cmd" in',
    ...model.map((c) => `    ${c.name}) opts=${quoted(words(flagsOf(c)))} ;;`),
    `    *) opts=${quoted(words([...flagsOf(generate), '--version']))} ;;`,
    '  esac',
    '  if [[ "$cur" == -* ]]; then',
    '    COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
    '  elif [[ -z "$cmd" ]]; then',
    `    COMPREPLY=($(compgen -W ${quoted(words(model.map((c) => c.name)))} -- "$cur") $(compgen -f -- "$cur"))`,
    '  elif [[ "$cmd" == help ]]; then',
    `    COMPREPLY=($(compgen -W ${quoted(words(model.map((c) => c.name)))} -- "$cur"))`,
    '  elif [[ "$cmd" == completion ]]; then',
    `    COMPREPLY=($(compgen -W ${quoted(words(shells))} -- "$cur"))`,
    '  else',
    '    COMPREPLY=($(compgen -f -- "$cur"))',
    '  fi',
    '}',
    'complete -o filenames -o bashdefault -F _a_maze_ing a-maze-ing',
    '',
  ].join('\n');
}

/** One zsh _arguments spec for an option. */
function zshOption(o: CompletionOption): string {
  const description = o.description.replace(/[[\]:'\\]/g, (ch) => `\\${ch}`).replace(/'/g, '');
  const value = o.choices ? `:value:(${o.choices.join(' ')})` : o.file ? ':file:_files' : o.takesValue ? ':value: ' : '';
  const names = [o.short, o.long].filter(Boolean) as string[];
  const spec =
    names.length > 1 ? `'(${names.join(' ')})'{${names.join(',')}}'[${description}]${value}'` : `'${names[0]}[${description}]${value}'`;
  return spec;
}

function zsh(model: CompletionCommand[], shells: readonly string[]): string {
  const described = model.map((c) => `    ${quoted(`${c.name}:${c.summary.replace(/:/g, '\\:')}`)}`);
  const generate = model.find((c) => c.name === 'generate')!;
  return [
    '#compdef a-maze-ing',
    '# zsh completion for a-maze-ing (made by `a-maze-ing completion zsh`)',
    '_a_maze_ing() {',
    '  local -a commands',
    '  commands=(',
    ...described,
    '  )',
    '  if (( CURRENT == 2 )); then',
    '    if [[ $words[CURRENT] == -* ]]; then',
    `      _arguments ${[...generate.options.map(zshOption), "'(-V --version)'{-V,--version}'[print the version]'"].join(' ')}`,
    '    else',
    "      _describe -t commands 'command' commands",
    '      _files',
    '    fi',
    '    return',
    '  fi',
    '  local cmd=$words[2]',
    '  shift words',
    '  (( CURRENT-- ))',
    '  case $cmd in',
    ...model.map((c) => {
      const rest =
        c.name === 'help'
          ? "'1:command:(" + model.map((m) => m.name).join(' ') + ")'"
          : c.name === 'completion'
            ? `'1:shell:(${shells.join(' ')})'`
            : c.takesArgument
              ? "'*:file:_files'"
              : '';
      return `    ${c.name}) _arguments ${[...c.options.map(zshOption), rest].filter(Boolean).join(' ')} ;;`;
    }),
    `    *) (( CURRENT++ )); words=(generate $words); _arguments ${[...generate.options.map(zshOption), "'*:file:_files'"].join(' ')} ;;`,
    '  esac',
    '}',
    '_a_maze_ing "$@"',
    '',
  ].join('\n');
}

function fish(model: CompletionCommand[], shells: readonly string[]): string {
  const names = model.map((c) => c.name);
  const lines = ['# fish completion for a-maze-ing (made by `a-maze-ing completion fish`)', 'complete -c a-maze-ing -f'];
  for (const c of model) lines.push(`complete -c a-maze-ing -n '__fish_use_subcommand' -a ${c.name} -d ${quoted(c.summary)}`);
  lines.push("complete -c a-maze-ing -n '__fish_use_subcommand' -F");
  for (const c of model) {
    const when =
      c.name === 'generate'
        ? `not __fish_seen_subcommand_from ${words(names.filter((n) => n !== 'generate'))}`
        : `__fish_seen_subcommand_from ${c.name}`;
    for (const o of c.options) {
      const parts = [`complete -c a-maze-ing -n ${quoted(when)}`];
      if (o.short) parts.push(`-s ${o.short.slice(1)}`);
      if (o.long) parts.push(`-l ${o.long.slice(2)}`);
      if (o.choices) parts.push(`-x -a ${quoted(words(o.choices))}`);
      else if (o.file) parts.push('-r -F');
      else if (o.takesValue) parts.push('-x');
      parts.push(`-d ${quoted(o.description)}`);
      lines.push(parts.join(' '));
    }
    if (c.name === 'help') lines.push(`complete -c a-maze-ing -n '__fish_seen_subcommand_from help' -x -a ${quoted(words(names))}`);
    else if (c.name === 'completion')
      lines.push(`complete -c a-maze-ing -n '__fish_seen_subcommand_from completion' -x -a ${quoted(words(shells))}`);
    else if (c.takesArgument) lines.push(`complete -c a-maze-ing -n '__fish_seen_subcommand_from ${c.name}' -F`);
  }
  lines.push("complete -c a-maze-ing -n '__fish_use_subcommand' -s V -l version -d 'print the version'", '');
  return lines.join('\n');
}

/** The completion script for `shell`. */
export function completionScript(program: Command, shell: Shell): string {
  const model = completionModel(program);
  if (shell === 'bash') return bash(model, SHELLS);
  if (shell === 'zsh') return zsh(model, SHELLS);
  return fish(model, SHELLS);
}

/** `completion SHELL`: the completion script of this program for one shell. */
export function completionAction(program: Command, shell: string): void {
  const name = shell.trim().toLowerCase();
  if (!(SHELLS as readonly string[]).includes(name)) {
    const shown = shell.length > 40 ? `${shell.slice(0, 40)}... (${shell.length} characters)` : shell;
    throw new UsageError(`completion: unknown shell '${shown}'; choose one of ${SHELLS.join(', ')}`);
  }
  process.stdout.write(completionScript(program, name as Shell));
}
