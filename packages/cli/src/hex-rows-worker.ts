/**
 * Worker thread: encodes the hex rows of a maze held in a SharedArrayBuffer and writes
 * them to an open file descriptor of this process, while the main thread solves the
 * same maze. Encoding reads only the wall nibbles (bits 0-3), which a solver leaves as
 * they are; its own state lives in bits 5-7. See rows-writer.ts for the main side.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { encodeHexRowsInto, Maze } from 'mazegen';
import { writeAll } from './io.js';

export interface RowsJob {
  data: SharedArrayBuffer;
  width: number;
  height: number;
  fd: number;
  chunkBytes: number;
}

/** Messages to the main thread: rows done so far, the end, or a failure. */
export type RowsMessage = { kind: 'rows'; done: number } | { kind: 'done' } | { kind: 'error'; code?: string; message: string };

function run(job: RowsJob): void {
  const { width, height, fd } = job;
  const maze = new Maze(width, height, job.data as unknown as ArrayBuffer);
  const rowsPerChunk = Math.max(1, Math.floor(job.chunkBytes / (width + 1)));
  const buffer = new Uint8Array(rowsPerChunk * (width + 1));
  for (let y = 0; y < height; y += rowsPerChunk) {
    const end = Math.min(height, y + rowsPerChunk);
    writeAll(fd, buffer, encodeHexRowsInto(maze, buffer, y, end));
    parentPort!.postMessage({ kind: 'rows', done: end } satisfies RowsMessage);
  }
}

try {
  run(workerData as RowsJob);
  parentPort!.postMessage({ kind: 'done' } satisfies RowsMessage);
} catch (error) {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  parentPort!.postMessage({ kind: 'error', code, message: error instanceof Error ? error.message : String(error) } satisfies RowsMessage);
}
