import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { encodeHexCells } from 'mazegen/internal';
import { HexRowSource, RowsWritten } from './hex-row-source.js';

describe('RowsWritten', () => {
  it('lets a reader through once the rows are written, and stops it when the writer gives up', () => {
    const written = new RowsWritten();
    written.advance(5);
    expect(() => written.waitFor(5)).not.toThrow();
    written.stop();
    expect(() => written.waitFor(6)).toThrow(/stopped before the path was found/);
  });

  it('blocks a reader until another thread writes the rows', async () => {
    const written = new RowsWritten();
    // The other thread advances after a pause; this one waits for the rows meanwhile.
    const writer = new Worker(
      `const { workerData } = require('node:worker_threads');
       const shared = new Int32Array(workerData);
       setTimeout(() => { Atomics.store(shared, 0, 3); Atomics.notify(shared, 0); }, 150);`,
      { eval: true, workerData: written.buffer },
    );
    written.waitFor(3);
    // It returned only once the other thread had stored the count (0 until then, 150 ms on).
    expect(Atomics.load(new Int32Array(written.buffer), 0)).toBe(3);
    await writer.terminate();
  });
});

describe('HexRowSource', () => {
  it('reads rows back from the hex text, waiting for rows not yet written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hex-row-source-'));
    try {
      const width = 4;
      const cells = Uint8Array.from([9, 5, 1, 3, 12, 5, 6, 10, 15, 15, 15, 15]);
      const text = new Uint8Array(3 * (width + 1));
      let at = 0;
      for (let y = 0; y < 3; y++) at = encodeHexCells(cells, y * width, width, text, at);
      const fd = openSync(join(dir, 'rows'), 'w+');
      writeSync(fd, text);
      const written = new RowsWritten();
      written.advance(3);
      const into = new Uint8Array(2 * width);
      new HexRowSource(fd, width, written).readRows(1, 2, into);
      expect([...into]).toEqual([...cells.subarray(width)]);
      written.stop();
      expect(() => new HexRowSource(fd, width, written).readRows(2, 2, into)).toThrow(/stopped/);
      closeSync(fd);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
