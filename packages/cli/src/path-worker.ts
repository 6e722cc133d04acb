/**
 * Worker thread: finds a streamed maze's path over its rows, read back from the temp
 * file's descriptor (findPathByRows), so the main thread stays free to answer a signal.
 * It starts while the rows are still being written: the first split's passes read the
 * rows in order, each as soon as it is in the file (`written`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Point } from 'mazegen';
import { findPathByRows } from 'mazegen/internal';
import { HexRowSource, RowsWritten } from './hex-row-source.js';

export interface PathJob {
  fd: number;
  width: number;
  height: number;
  entry: Point;
  exit: Point;
  baseCells: number;
  blockCells: number;
  progress: boolean;
  /** A `RowsWritten` buffer: how many rows the file holds so far. */
  written: SharedArrayBuffer;
}

export type PathMessage = { kind: 'rows'; done: number } | { kind: 'done'; letters: Uint8Array } | { kind: 'error'; message: string };

try {
  const job = workerData as PathJob;
  const { letters } = findPathByRows(
    new HexRowSource(job.fd, job.width, new RowsWritten(job.written)),
    job.width,
    job.height,
    job.entry,
    job.exit,
    {
      baseCells: job.baseCells,
      blockCells: job.blockCells,
      onProgress: job.progress ? (done) => parentPort!.postMessage({ kind: 'rows', done } satisfies PathMessage) : undefined,
    },
  );
  parentPort!.postMessage({ kind: 'done', letters } satisfies PathMessage, [letters.buffer as ArrayBuffer]);
} catch (error) {
  parentPort!.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) } satisfies PathMessage);
}
