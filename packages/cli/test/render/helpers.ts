/** Reads the PNGs the render tests make, row by row (the binary runs through ../e2e/run-cli.ts). */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createInflate } from 'node:zlib';

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** An 8-bit RGB PNG's size, and each row of pixels in turn (inflated as a stream, one row held at a time). */
export async function readPngRows(file: string, onRow: (y: number, row: Uint8Array) => void): Promise<{ width: number; height: number }> {
  const data = readFileSync(file);
  if (data.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG signature');
  let pos = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (pos < data.length) {
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    const body = data.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 2 || body[12] !== 0) throw new Error('expected 8-bit RGB, not interlaced');
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  const stride = width * 3;
  let prev = new Uint8Array(stride);
  let row = new Uint8Array(stride);
  const pending = new Uint8Array(stride + 1);
  let filled = 0;
  let y = 0;
  for await (const chunk of Readable.from(idat).pipe(createInflate()) as AsyncIterable<Buffer>) {
    for (let k = 0; k < chunk.length;) {
      const take = Math.min(stride + 1 - filled, chunk.length - k);
      pending.set(chunk.subarray(k, k + take), filled);
      filled += take;
      k += take;
      if (filled < stride + 1) break;
      filled = 0;
      if (y >= height) throw new Error('more rows than the header says');
      const filter = pending[0];
      for (let i = 0; i < stride; i++) {
        const x = pending[1 + i];
        const a = i >= 3 ? row[i - 3] : 0;
        const b = prev[i];
        const c = i >= 3 ? prev[i - 3] : 0;
        row[i] =
          (filter === 0 ? x : filter === 1 ? x + a : filter === 2 ? x + b : filter === 3 ? x + ((a + b) >> 1) : x + paeth(a, b, c)) & 255;
      }
      onRow(y++, row);
      [prev, row] = [row, prev];
    }
  }
  if (y !== height || filled !== 0) throw new Error(`expected ${height} rows, got ${y}`);
  return { width, height };
}
