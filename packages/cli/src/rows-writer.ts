/**
 * Writes a maze's hex rows to a file in a worker thread (hex-rows-worker.ts) while the
 * main thread goes on (solving the maze); the caller appends the footer once both are
 * done. The maze must live in a SharedArrayBuffer (`Maze.shared`).
 */
import { builtin } from './builtin.js';
import type { Maze } from 'mazegen';
import type { RowsJob, RowsMessage } from './hex-rows-worker.js';
import { workerModule } from './locations.js';

export interface RowsWriter {
  /** Resolves once every row is written; rejects with an error carrying the file system's `code`. */
  finished(onRows?: (done: number) => void): Promise<void>;
  /** Stops the worker (its writes end before this resolves). */
  stop(): Promise<void>;
}

/** Starts writing the rows of `maze` to `fd` in chunks of about `chunkBytes`. */
export function startRowsWriter(maze: Maze, fd: number, chunkBytes = 1 << 22): RowsWriter {
  const job: RowsJob = { data: maze.data as unknown as SharedArrayBuffer, width: maze.width, height: maze.height, fd, chunkBytes };
  // node:worker_threads loads here, not with the main job's script (bundle/plain.cjs).
  const worker = new (builtin('node:worker_threads').Worker)(workerModule('hex-rows-worker'), { workerData: job });
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
