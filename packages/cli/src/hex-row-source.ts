/** Rows of a hex maze file read back from an open descriptor (the streamed run's temp file). */
import { decodeHexCells, type RowSource } from 'mazegen';
import { readSync } from 'node:fs';
import { CliError } from './errors.js';

/** Rows read back from the hex text: row y starts at byte y * (width + 1). */
export class HexRowSource implements RowSource {
  private text = new Uint8Array(0);

  constructor(
    private readonly fd: number,
    private readonly width: number,
  ) {}

  readRows(first: number, count: number, into: Uint8Array): void {
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
