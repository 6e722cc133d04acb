import { MazeError } from 'mazegen';
import { CliError, EXIT_INTERNAL, EXIT_INVALID, ReaderStoppedError } from './errors.js';
import { diagnostic } from './diagnostic.js';

/** The one top-level catch: a known error is one line on stderr and a non-zero exit. */
export function reportFailure(error: unknown): number {
  if (error instanceof ReaderStoppedError) return error.exitCode;
  if (error instanceof CliError) {
    diagnostic(error.message);
    return error.exitCode;
  }
  if (error instanceof MazeError) {
    diagnostic(error.message);
    return EXIT_INVALID;
  }
  const detail = error instanceof Error ? error.message : String(error);
  diagnostic(`internal error (this is a bug, please report it): ${detail}`);
  if (process.env.AMAZEING_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  return EXIT_INTERNAL;
}
