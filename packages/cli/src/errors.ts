/** Exit codes, documented in `--help` and docs/cli.md. */
export const EXIT_OK = 0;
/** Bad input (config, files, sizes) or an invalid maze. */
export const EXIT_INVALID = 1;
/** The command line itself is wrong (unknown option, missing argument). */
export const EXIT_USAGE = 2;
/** A bug: an error nobody threw on purpose. */
export const EXIT_INTERNAL = 70;

/** A CLI-level failure (file system, arguments) with the exit code to use. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = EXIT_INVALID) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/**
 * Standard output's reader stopped early (`a-maze-ing CONFIG -o - | head`): a reader that
 * has read enough is not a failure, so the run ends quietly, exit 0, as with `| head` on
 * the summary lines.
 */
export class ReaderStoppedError extends CliError {
  constructor() {
    super('the reader of standard output stopped early', EXIT_OK);
    this.name = 'ReaderStoppedError';
  }
}

/** A wrong command line: exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT_USAGE);
    this.name = 'UsageError';
  }
}
