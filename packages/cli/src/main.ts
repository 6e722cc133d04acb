import { Command, CommanderError } from 'commander';
import { MazeError } from 'mazegen';
import { COMMANDS } from './commands/index.js';
import { CliError } from './errors.js';

/** Builds the command tree; exported so tests can inspect the help text. */
export function buildProgram(): Command {
  const program = new Command('a-maze-ing')
    .description('Generate, solve, write and show mazes from a KEY=VALUE config file.')
    .showHelpAfterError(false)
    .exitOverride();
  for (const register of COMMANDS) register(program);
  return program;
}

/** The one top-level catch: a known error is one line on stderr and a non-zero exit. */
export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help text).
      return error.exitCode;
    }
    if (error instanceof CliError) {
      process.stderr.write(`a-maze-ing: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof MazeError) {
      process.stderr.write(`a-maze-ing: ${error.message}\n`);
      return 1;
    }
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(`a-maze-ing: internal error (this is a bug, please report it): ${detail}\n`);
    if (process.env.AMAZEING_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    return 70;
  }
}
