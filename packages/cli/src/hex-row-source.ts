/** Rows of a hex maze file read back from an open descriptor (the streamed run's temp file). */
import { decodeHexCells, type RowSource } from 'mazegen/internal';
import { readSync } from 'node:fs';
import { CliError } from './errors.js';

/** Slots of the Int32Array over `RowsWritten`'s shared buffer. */
const ROWS = 0;
const STOPPED = 1;

/**
 * How far the file's rows are written, shared between the thread that writes them and
 * the one that reads them back while it does: the rows written so far, and whether the
 * writer gave up (then a reader waiting for more rows stops).
 */
export class RowsWritten {
  readonly shared: Int32Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    this.shared = new Int32Array(buffer);
  }

  get buffer(): SharedArrayBuffer {
    return this.shared.buffer as SharedArrayBuffer;
  }

  /** The first `rows` rows are in the file. */
  advance(rows: number): void {
    Atomics.store(this.shared, ROWS, rows);
    Atomics.notify(this.shared, ROWS);
  }

  /** No more rows will come. */
  stop(): void {
    Atomics.store(this.shared, STOPPED, 1);
    Atomics.notify(this.shared, ROWS);
  }

  /** Blocks (a worker thread only) until `rows` rows are written; throws if the writer stopped first. */
  waitFor(rows: number): void {
    for (;;) {
      const written = Atomics.load(this.shared, ROWS);
      if (written >= rows) return;
      if (Atomics.load(this.shared, STOPPED)) throw new CliError('the streamed rows stopped before the path was found');
      // A bounded wait, so a stop between the two loads is seen soon.
      Atomics.wait(this.shared, ROWS, written, 100);
    }
  }
}

/** Rows read back from the hex text: row y starts at byte y * (width + 1); with `written`, rows still being written are waited for. */
export class HexRowSource implements RowSource {
  private text = new Uint8Array(0);

  constructor(
    private readonly fd: number,
    private readonly width: number,
    private readonly written?: RowsWritten,
  ) {}

  readRows(first: number, count: number, into: Uint8Array): void {
    this.written?.waitFor(first + count);
    const w = this.width;
    const bytes = count * (w + 1);
    if (this.text.length < bytes) this.text = new Uint8Array(bytes);
    const text = this.text;
    readFully(this.fd, text, bytes, first * (w + 1));
    for (let j = 0; j < count; j++) decodeHexCells(text, j * (w + 1), w, into, j * w, first + j + 1);
  }
}

export function readFully(fd: number, into: Uint8Array, bytes: number, position: number): void {
  let done = 0;
  while (done < bytes) {
    const n = readSync(fd, into, done, bytes - done, position + done);
    if (n === 0) throw new CliError('the streamed rows ended early while reading them back (was the temp file changed?)');
    done += n;
  }
}
