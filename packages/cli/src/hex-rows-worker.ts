/**
 * Worker thread: encodes the hex rows of a maze held in a SharedArrayBuffer and writes
 * them to an open file descriptor of this process, while the main thread solves the
 * same maze. Encoding reads only the wall nibbles (bits 0-3), which a solver leaves as
 * they are; its own state lives in bits 5-7. See rows-writer.ts for the main side.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Maze } from 'mazegen';
import { writeHexRows } from './hex-rows.js';

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
  const maze = new Maze(job.width, job.height, job.data as unknown as ArrayBuffer);
  writeHexRows(maze, job.fd, job.chunkBytes, (done) => parentPort!.postMessage({ kind: 'rows', done } satisfies RowsMessage));
}

try {
  run(workerData as RowsJob);
  parentPort!.postMessage({ kind: 'done' } satisfies RowsMessage);
} catch (error) {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  parentPort!.postMessage({ kind: 'error', code, message: error instanceof Error ? error.message : String(error) } satisfies RowsMessage);
}
