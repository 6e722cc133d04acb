/**
 * Writes a maze's hex rows to a file in a worker thread (hex-rows-worker.ts) while the
 * main thread goes on (solving the maze); the caller appends the footer once both are
 * done. The maze must live in a SharedArrayBuffer (`Maze.shared`).
 */
import { Worker } from 'node:worker_threads';
import { encodeHexRowsInto, type Maze } from 'mazegen';
import type { RowsJob, RowsMessage } from './hex-rows-worker.js';
import { writeAll } from './io.js';
import { yieldToSignals } from './signals.js';
import { workerModule } from './locations.js';

/** Writes the maze's hex rows to `fd` in chunks of about `chunkBytes`, encoded into one reused buffer; `onRows` hears the rows done. */
export function writeHexRows(maze: Maze, fd: number, chunkBytes: number, onRows: (done: number) => void): void {
  const rowsPerChunk = Math.max(1, Math.floor(chunkBytes / (maze.width + 1)));
  const buffer = new Uint8Array(Math.min(maze.height, rowsPerChunk) * (maze.width + 1));
  for (let y = 0; y < maze.height; y += rowsPerChunk) {
    const end = Math.min(maze.height, y + rowsPerChunk);
    writeAll(fd, buffer, encodeHexRowsInto(maze, buffer, y, end));
    onRows(end);
  }
}

/** writeHexRows in chunks with a turn of the event loop between them, so a signal's clean-up can run. */
export async function writeHexRowsYielding(maze: Maze, fd: number, chunkBytes: number, onRows: (done: number) => void): Promise<void> {
  const rowsPerChunk = Math.max(1, Math.floor(chunkBytes / (maze.width + 1)));
  const buffer = new Uint8Array(Math.min(maze.height, rowsPerChunk) * (maze.width + 1));
  for (let y = 0; y < maze.height; y += rowsPerChunk) {
    if (y > 0) await yieldToSignals();
    const end = Math.min(maze.height, y + rowsPerChunk);
    writeAll(fd, buffer, encodeHexRowsInto(maze, buffer, y, end));
    onRows(end);
  }
}

export interface RowsWriter {
  /** Resolves once every row is written; rejects with an error carrying the file system's `code`. */
  finished(onRows?: (done: number) => void): Promise<void>;
  /** Stops the worker (its writes end before this resolves). */
  stop(): Promise<void>;
}

/** Starts writing the rows of `maze` to `fd` in chunks of about `chunkBytes`. */
export function startRowsWriter(maze: Maze, fd: number, chunkBytes = 1 << 22): RowsWriter {
  const job: RowsJob = { data: maze.data as unknown as SharedArrayBuffer, width: maze.width, height: maze.height, fd, chunkBytes };
  const worker = new Worker(workerModule('hex-rows-worker'), { workerData: job });
  let listener: ((done: number) => void) | undefined;
  let settled = false;
  const result = new Promise<void>((resolve, reject) => {
    const fail = (error: Error): void => {
      settled = true;
      reject(error);
    };
    worker.on('message', (message: RowsMessage) => {
      if (message.kind === 'rows') listener?.(message.done);
      else if (message.kind === 'done') {
        settled = true;
        resolve();
      } else fail(Object.assign(new Error(message.message), { code: message.code }));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!settled) fail(new Error(`the writer thread stopped early (exit code ${code})`));
    });
  });
  // Nothing may be left unhandled if the caller stops before asking for the result.
  result.catch(() => {});
  return {
    finished(onRows) {
      listener = onRows;
      return result;
    },
    async stop() {
      await worker.terminate();
    },
  };
}
