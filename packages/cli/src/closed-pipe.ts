import { EXIT_INVALID, EXIT_OK } from './errors.js';
import { diagnostic } from './diagnostic.js';

/** A reader that stops early (`a-maze-ing config.txt | head -3`) is not an error: end quietly. */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (stream.listenerCount('error') > 0) return;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode === undefined ? EXIT_OK : Number(process.exitCode));
    diagnostic(`cannot write to the output: ${error.message}`);
    process.exit(EXIT_INVALID);
  });
}
