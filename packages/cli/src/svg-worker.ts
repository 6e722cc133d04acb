/**
 * Worker thread: writes a maze's SVG to an open descriptor (writeSvgChunks pushes its
 * chunks synchronously, so on the main thread a signal could not be answered until the
 * end). The maze's buffer is handed over; see render.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Maze } from 'mazegen';
import { writeSvgChunks, type SvgOptions } from 'mazegen/render';
import { writeAll } from './io.js';

export interface SvgJob {
  data: ArrayBuffer;
  fd: number;
  options: SvgOptions;
  /** Post the bytes written after each chunk, for a progress bar. */
  reportBytes?: boolean;
}

try {
  const job = workerData as SvgJob;
  let written = 0;
  writeSvgChunks(Maze.from(job.data), job.options, (chunk) => {
    writeAll(job.fd, chunk, chunk.length);
    written += chunk.length;
    if (job.reportBytes) parentPort!.postMessage({ kind: 'progress', bytes: written });
  });
  parentPort!.postMessage({ kind: 'done' });
} catch (error) {
  parentPort!.postMessage({
    kind: 'error',
    code: (error as NodeJS.ErrnoException | undefined)?.code,
    message: error instanceof Error ? error.message : String(error),
  });
}
