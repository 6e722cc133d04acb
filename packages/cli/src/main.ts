import { MazeError } from 'mazegen';
import { CliError, EXIT_INTERNAL, EXIT_INVALID, EXIT_OK } from './errors.js';
import { plainRun } from './plain-run.js';

/** A reader that stops early (`a-maze-ing config.txt | head -3`) is not an error: end quietly. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (stream.listenerCount('error') > 0) return;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode === undefined ? EXIT_OK : Number(process.exitCode));
    process.stderr.write(`a-maze-ing: cannot write to the output: ${error.message}\n`);
    process.exit(EXIT_INVALID);
  });
}

/** The one top-level catch: a known error is one line on stderr and a non-zero exit. */
export async function run(argv: string[]): Promise<number> {
  quietOnClosedPipe(process.stdout);
  try {
    // The main job, `a-maze-ing CONFIG` with plain switches, skips Commander and the command
    // tree (about a third of its start-up); any other command line goes through them.
    const plain = plainRun(argv);
    if (plain) {
      const { generateCommand } = await import('./commands/generate.js');
      return await generateCommand(plain.configPath, plain.flags, true);
    }
    const { runProgram } = await import('./program/build.js');
    return await runProgram(argv);
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`a-maze-ing: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof MazeError) {
      process.stderr.write(`a-maze-ing: ${error.message}\n`);
      return EXIT_INVALID;
    }
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(`a-maze-ing: internal error (this is a bug, please report it): ${detail}\n`);
    if (process.env.AMAZEING_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    return EXIT_INTERNAL;
  }
}
