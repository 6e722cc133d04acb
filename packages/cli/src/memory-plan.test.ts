import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from 'mazegen/config';
import { CliError } from './errors.js';
import { estimateMemory, runNeed, type MemoryLimits } from './memory.js';
import {
  checkConfigRunFits,
  checkGraphReadFits,
  checkMaskReadFits,
  checkOutputFits,
  configRunOptions,
  renderOutput,
} from './memory-plan.js';

const GB = 2 ** 30;
const capped = (free: number): MemoryLimits => ({ free, heapFree: 4 * GB, maxBuffer: 4 * GB, cappedBy: 'AMAZEING_MAX_MEMORY' });
const dir = mkdtempSync(join(tmpdir(), 'memory-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = (lines: string[]) => parseConfig([...lines, 'OUTPUT_FILE=out.txt', 'PERFECT=True', ''].join('\n'), join(dir, 'config.txt'));

describe('configRunOptions', () => {
  it("gives a plain square config the planner's square figures", () => {
    const c = config(['WIDTH=3000', 'HEIGHT=2000', 'ENTRY=0,0', 'EXIT=1,1', 'GENERATOR=Kruskal', 'SOLVER=Dijkstra']);
    expect(runNeed(configRunOptions(c, {}))).toEqual(
      estimateMemory(3000, 2000, { generator: 'Kruskal', solver: 'Dijkstra', perfect: true, streamedWrite: true }),
    );
  });

  it('writes any other grid as graph JSON built whole, and counts a mask or an outline', () => {
    const hex = configRunOptions(config(['GRID=hex', 'WIDTH=30', 'HEIGHT=20', 'ENTRY=0,0', 'EXIT=1,1']), {});
    expect(hex.output).toEqual({ format: 'graph', whole: true });
    expect(hex.treePath).toBe(false);
    expect(configRunOptions(config(['WIDTH=30', 'HEIGHT=20', 'SHAPE=heart', 'ENTRY=top', 'EXIT=bottom']), {}).masked).toBe(true);
  });
});

describe('checkConfigRunFits', () => {
  it('refuses in one line naming the config line, the grid keys and the cap', () => {
    const c = config(['GRID=triangle', 'WRAP=none', 'WIDTH=4000', 'HEIGHT=4000', 'ENTRY=0,0', 'EXIT=1,1', 'SOLVER=BFS']);
    expect(() => checkConfigRunFits(c, 'c.txt', {}, undefined, capped(GB))).toThrow(CliError);
    expect(() => checkConfigRunFits(c, 'c.txt', {}, undefined, capped(GB))).toThrow(
      /^c\.txt, line 4: GRID=triangle, WIDTH x HEIGHT = 4000x4000 is 16000000 cells, about [\d.]+ GiB of memory to make, solve and write as graph JSON with DFS and BFS; 1 GiB is allowed \(AMAZEING_MAX_MEMORY\).*, which fits about \d+ cells/,
    );
    // Without the graph (stats measures, play shows), the same maze fits.
    expect(() => checkConfigRunFits(c, 'c.txt', { output: { format: 'none' } }, undefined, capped(GB))).not.toThrow();
  });

  it('takes the size of a mask when WIDTH and HEIGHT are left out, and names the MASK line', () => {
    const c = config(['MASK=m.txt', 'ENTRY=top', 'EXIT=bottom']);
    const mask = { width: 3000, height: 3000, cells: new Uint8Array(9e6).fill(1) };
    expect(() => checkConfigRunFits(c, 'c.txt', { output: { format: 'none' } }, mask, capped(128 * 2 ** 20))).toThrow(
      /^c\.txt, line 1: GRID=square, MASK=m\.txt, WIDTH x HEIGHT = 3000x3000 is 9000000 cells/,
    );
  });
});

describe('checkMaskReadFits', () => {
  it('refuses a text mask whose lines will not fit before it is read, and passes a small one', () => {
    const path = join(dir, 'mask.txt');
    writeFileSync(path, `${'.'.repeat(2000)}\n`.repeat(2000));
    const c = config([`MASK=${path}`, 'ENTRY=top', 'EXIT=bottom']);
    expect(() => checkMaskReadFits(c, 'c.txt', capped(128 * 2 ** 20))).toThrow(
      /^c\.txt, line 1: MASK '.*mask\.txt' is 4002000 characters, about [\d.]+ MiB of memory to read; 128 MiB is allowed \(AMAZEING_MAX_MEMORY\)$/,
    );
    expect(() => checkMaskReadFits(c, 'c.txt', capped(GB))).not.toThrow();
  });

  it("weighs a PNG mask by its header's size", () => {
    const path = join(dir, 'mask.png');
    // A signature and an IHDR of 20000 x 3000 RGBA 8-bit pixels: the decoder would hold about 720 MB.
    const png = Buffer.alloc(33);
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).copy(png);
    png.writeUInt32BE(13, 8);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(20000, 16);
    png.writeUInt32BE(3000, 20);
    png[24] = 8;
    png[25] = 6;
    writeFileSync(path, png);
    const c = config([`MASK=${path}`, 'WIDTH=100', 'HEIGHT=100', 'ENTRY=top', 'EXIT=bottom']);
    expect(() => checkMaskReadFits(c, 'c.txt', capped(512 * 2 ** 20))).toThrow(
      /MASK '.*mask\.png' is a 20000x3000 picture, about [\d.]+ MiB of memory to read/,
    );
    expect(() => checkMaskReadFits(c, 'c.txt', capped(GB))).not.toThrow();
  });
});

describe('checkOutputFits and checkGraphReadFits', () => {
  it('weighs a maze read from a file by its own path, and names the file', () => {
    const pdf = renderOutput('pdf', { whole: false, pictureSide: 8192, perPage: 1 });
    expect(() => checkOutputFits('m.txt', { width: 2000, height: 2000, pathCells: 5000 }, pdf, capped(GB))).toThrow(
      /^m\.txt: a 2000x2000 square maze is 4000000 cells, about [\d.]+ GiB of memory to write as PDF; 1 GiB is allowed \(AMAZEING_MAX_MEMORY\), which fits about \d+ cells/,
    );
    const text = renderOutput('ascii', { whole: false, pictureSide: 8192 });
    expect(() => checkOutputFits('m.txt', { width: 2000, height: 2000, pathCells: 5000 }, text, capped(GB))).not.toThrow();
  });

  it('refuses a graph file too big to parse, before reading it', () => {
    // 200 MiB of (sparse) text: about 7 bytes of heap each to parse.
    const path = join(dir, 'big.json');
    writeFileSync(path, '{');
    truncateSync(path, 200 * 2 ** 20);
    expect(() => checkGraphReadFits(path, capped(GB))).toThrow(
      /^maze graph '.*big\.json' is 200 MiB, about [\d.]+ GiB of memory to read; 1 GiB is allowed/,
    );
    expect(() => checkGraphReadFits(path, capped(4 * GB))).not.toThrow();
  });
});
