/**
 * `a-maze-ing CONFIG --stream`: an Eller perfect maze written row by row, never held
 * whole. The rows go through an AtomicFile's temp file in chunks of hex text; the path
 * is found over rows read back from that file (findPathByRows, exact: the unique
 * entry-exit path of the tree) by a worker thread that starts reading while the rows are
 * written, then the footer is appended and the file renamed into place.
 */
import { OptionError, streamMaze } from 'mazegen';
import { toConfigBase, toMazeOptions, type ConfigOptions, type PlainSquareConfig } from 'mazegen/config';
import { encodeHexCells, hexFooterBytes, rowsReadAtMost, type MazeStream } from 'mazegen/internal';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { builtin } from './builtin.js';
import { join } from 'node:path';
import { CliError } from './errors.js';
import { AtomicFile, describeFsError, STDIO_NAME, type OutputTarget } from './io.js';
import { readFully, RowsWritten } from './hex-row-source.js';
import type { PathJob, PathMessage } from './path-worker.js';
import { onInterrupt, yieldToSignals } from './signals.js';
import { checkStreamFits, MemoryFitError, STREAM_BASE_CELLS, STREAM_BLOCK_CELLS, STREAM_CHUNK_BYTES } from './memory.js';
import { createProgress, type Progress } from './progress.js';
import { workerModule } from './locations.js';
import type { StreamFlags } from './stream-decision.js';

/** What a streamed run made, for the summary line. */
export interface StreamedMaze {
  stream: MazeStream;
  moves: number;
}

/**
 * Streams the config's maze into `output`, prints the summary; the exit code.
 * `printNotes` prints the config's notes (ignored keys) with the generator's, as the in-memory run does.
 */
export async function runStreamed(
  config: PlainSquareConfig,
  configPath: string,
  flags: StreamFlags,
  seed: string | undefined,
  target: OutputTarget,
  why: 'asked' | 'needed',
  printNotes: (generatorNotes: readonly string[]) => void,
  info: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const output = target.path;
  try {
    checkStreamFits(config.width, config.height);
  } catch (error) {
    if (error instanceof MemoryFitError)
      throw new CliError(`${configPath}, line ${Math.max(config.lines.WIDTH, config.lines.HEIGHT)}: ${error.message}`);
    throw error;
  }
  let stream: MazeStream;
  try {
    stream = streamMaze(toMazeOptions(config, seed));
  } catch (error) {
    const line = error instanceof OptionError ? config.lines[error.key] : undefined;
    if (line !== undefined) throw new CliError(`${config.file ?? configPath}, line ${line}: ${(error as Error).message}`);
    throw error;
  }
  const note = (text: string): boolean => process.stderr.write(`a-maze-ing: note: ${text}\n`);
  // Said before the long run, so the wait is explained.
  if (why === 'needed' && !flags.quiet && !flags.json)
    note(
      `${config.width}x${config.height} does not fit in memory whole, so this Eller perfect maze is streamed row by row (as --stream does)`,
    );
  const made = await writeStreamed(stream, config, target, createProgress());
  if (flags.json) {
    const summary = {
      output,
      width: stream.width,
      height: stream.height,
      perfect: true,
      generator: stream.generator.name,
      streamed: true,
      seed: stream.seed,
      seedWasRandom: seed === undefined,
      entry: toConfigBase(stream.entry, config.indexBase),
      exit: toConfigBase(stream.exit, config.indexBase),
      indexBase: config.indexBase,
      moves: made.moves,
      notes: stream.notes,
    };
    info.write(`${JSON.stringify(summary, null, 2)}\n`);
    return 0;
  }
  if (!flags.quiet) {
    printNotes(stream.notes);
    if (flags.display) {
      const file = statSync(output, { throwIfNoEntry: false })?.isFile() === true;
      note(
        `a streamed maze is not drawn (it is never held in memory whole)${file ? `; view it with 'a-maze-ing render ${output}' if it is small enough` : ''}`,
      );
    }
    info.write(`${describeStreamed(made, config, output)}\n`);
    if (seed === undefined) {
      const used = stream.seed;
      info.write(`the seed was random: SEED=${used} in the config (or --seed ${used}) makes this maze again\n`);
    }
  }
  return 0;
}

function describeStreamed(made: StreamedMaze, config: ConfigOptions, output: string): string {
  const { width, height, seed, generator } = made.stream;
  const base = config.indexBase === 1 ? ', coordinates from 1' : '';
  const shownSeed = /^[\w.:+-]+$/.test(seed) ? seed : `'${seed}'`;
  return `wrote ${output === STDIO_NAME ? 'standard output' : output}: ${width}x${height} perfect maze by ${generator.name}, streamed, seed ${shownSeed}, path of ${made.moves} move${made.moves === 1 ? '' : 's'} (the tree's one path, found over the rows)${base}`;
}

/**
 * Writes the stream's rows and footer atomically. A device or FIFO target (written in
 * place) cannot be read back, so its rows go to a scratch file first and are copied.
 * The rows are written in chunks that yield and the path is found in a worker thread,
 * so a signal's clean-up (temp file, scratch folder) runs at once.
 */
export async function writeStreamed(
  stream: MazeStream,
  config: ConfigOptions,
  target: OutputTarget | string,
  progress: Progress,
): Promise<StreamedMaze> {
  const file = new AtomicFile(target);
  // A directory of its own: a fixed name in the shared temp directory may be someone's FIFO (a hang) or link.
  let scratchDir: string | undefined;
  let scratch: AtomicFile | undefined;
  let forgetDir = (): void => {};
  try {
    if (file.direct) {
      // Registered first, so no signal finds the folder made but not yet registered.
      forgetDir = onInterrupt(() => removeScratchDir(scratchDir));
      scratchDir = mkdtempSync(join(tmpdir(), 'a-maze-ing-stream-'));
      scratch = new AtomicFile(join(scratchDir, 'rows'), 'scratch file');
    }
  } catch (error) {
    file.abort();
    removeScratchDir(scratchDir);
    forgetDir();
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot make a scratch directory in '${tmpdir()}': ${describeFsError(error)}`);
  }
  const rowsFile = scratch ?? file;
  let finder: Worker | undefined;
  const written = new RowsWritten();
  try {
    // The path thread starts at once: its first split's passes read each row as soon as
    // it is written, on the other core, so only the later passes wait for the last row.
    const rowOptions = { baseCells: STREAM_BASE_CELLS, blockCells: STREAM_BLOCK_CELLS };
    const job: PathJob = {
      fd: rowsFile.fd,
      width: stream.width,
      height: stream.height,
      entry: stream.entry,
      exit: stream.exit,
      ...rowOptions,
      progress: progress.enabled,
      written: written.buffer,
    };
    finder = new (builtin('node:worker_threads').Worker)(workerModule('path-worker'), { workerData: job });
    let solving = false;
    const found = pathOf(finder, (rows) => {
      if (solving) progress.update(rows);
    });
    // Awaited below; a path thread that fails while the rows are written stops the writing at the next chunk.
    let pathFailure: { error: unknown } | undefined;
    found.catch((error: unknown) => {
      pathFailure = { error };
    });
    await writeRows(stream, rowsFile, progress, written, () => {
      if (pathFailure) throw pathFailure.error;
    });
    progress.start('solve', rowsReadAtMost(stream.width, stream.height, rowOptions));
    solving = true;
    let path: Uint8Array;
    try {
      path = await found;
      finder = undefined;
    } finally {
      progress.stop();
    }
    if (scratch) await copyRows(scratch.fd, file, (stream.width + 1) * stream.height);
    file.write(hexFooterBytes(toConfigBase(stream.entry, config.indexBase), toConfigBase(stream.exit, config.indexBase), path));
    file.commit();
    return { stream, moves: path.length };
  } catch (error) {
    written.stop();
    if (finder) await finder.terminate();
    file.abort();
    throw file.failure(error);
  } finally {
    scratch?.abort();
    removeScratchDir(scratchDir);
    forgetDir();
  }
}

/** The path letters the path worker finds; its row progress goes to `onRows`. */
function pathOf(worker: Worker, onRows: (rows: number) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.on('message', (message: PathMessage) => {
      if (message.kind === 'rows') onRows(message.done);
      else if (message.kind === 'done') {
        settled = true;
        resolve(message.letters);
      } else {
        settled = true;
        reject(new CliError(message.message));
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the path thread stopped early (exit code ${code})`));
    });
  });
}

function removeScratchDir(dir: string | undefined): void {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
}

/** The rows as hex text, in chunks of about STREAM_CHUNK_BYTES, with a turn of the event loop and then `check` (which throws to stop) between chunks. */
async function writeRows(stream: MazeStream, file: AtomicFile, progress: Progress, written: RowsWritten, check: () => void): Promise<void> {
  const w = stream.width;
  const rowBytes = w + 1;
  const chunk = new Uint8Array(Math.max(1, Math.floor(STREAM_CHUNK_BYTES / rowBytes)) * rowBytes);
  progress.start('generate', stream.height);
  try {
    let k = 0;
    let y = 0;
    for (const row of stream.rows()) {
      k = encodeHexCells(row, 0, w, chunk, k);
      y++;
      if (k === chunk.length) {
        file.write(chunk);
        written.advance(y);
        k = 0;
        progress.update(y);
        await yieldToSignals();
        check();
      }
    }
    if (k > 0) file.write(chunk.subarray(0, k));
    written.advance(y);
  } finally {
    progress.stop();
  }
}

/** Copies the first `bytes` of the scratch file to `file`, in chunks that yield. */
async function copyRows(fd: number, file: AtomicFile, bytes: number): Promise<void> {
  const chunk = new Uint8Array(Math.min(bytes, STREAM_CHUNK_BYTES));
  for (let at = 0; at < bytes; at += chunk.length) {
    const n = Math.min(chunk.length, bytes - at);
    readFully(fd, chunk, n, at);
    file.write(chunk.subarray(0, n));
    await yieldToSignals();
  }
}
