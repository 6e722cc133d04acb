/**
 * `render` on mazes whose text is over V8's string limit (about 2^29 characters): every
 * format is written in chunks, so these no longer crash. One run at the smallest size
 * that crashed before; the rest on the real binary at sizes that take a second.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMaze, Maze, resolveTheme, toAscii, toJson, toSvg, toUnicode } from 'mazegen';
import { mazeLayout } from 'mazegen/render';
import { shortestPath } from 'mazegen';
import { encodeHex, toBlocksText } from 'mazegen/internal';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-render-big-');
});

afterAll(() => removeDir(dir));

function config(name: string, width: number, height: number, extra = ''): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    `WIDTH=${width}\nHEIGHT=${height}\nENTRY=0,0\nEXIT=${width - 1},${height - 1}\nOUTPUT_FILE=unused.txt\nPERFECT=True\nSOLVER=BFS\nSEED=7\n${extra}`,
  );
  return file;
}

describe('render of a maze too big to be one string', () => {
  it('writes an 8200x8200 block matrix (over 2^29 characters) whole, row by row', () => {
    const cfg = config('big.cfg', 8200, 8200);
    const out = join(dir, 'big-blocks.txt');
    const r = runCli(['render', cfg, '--format', 'blocks', '-o', out, '-v']);
    expect(r.stderr).toBe('seed 7\n');
    expect(r.status).toBe(0);
    // (2H+1) lines of 2W+1 one-digit values and their spaces: the former single string could not hold it.
    const cols = 2 * 8200 + 1;
    const lineBytes = 2 * cols;
    expect(statSync(out).size).toBe(lineBytes * cols);
    expect(statSync(out).size).toBeGreaterThan(bufferConstants.MAX_STRING_LENGTH);
    // Whole lines at the start, the middle and the end; the entry (2) and exit (3) where they belong.
    const fd = openSync(out, 'r');
    const line = Buffer.alloc(lineBytes);
    const lineAt = (row: number): string => {
      expect(readSync(fd, line, 0, lineBytes, row * lineBytes)).toBe(lineBytes);
      return line.toString('latin1');
    };
    try {
      for (const row of [0, 1, 8200, cols - 2, cols - 1]) {
        const text = lineAt(row);
        expect(text).toMatch(new RegExp(`^[01238]( [01238]){${cols - 1}}\n$`));
        if (row === 0 || row === cols - 1) expect(text).toMatch(/^8( [18])+\n$/);
      }
      expect(lineAt(1).startsWith('8 2 ')).toBe(true);
      expect(lineAt(cols - 2).endsWith(' 3 8\n')).toBe(true);
    } finally {
      closeSync(fd);
    }
    // No temp file left beside it.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('render streams every format, to a file and to stdout', () => {
  // 860x860: every text format is several 4 MB chunks, so chunk edges are crossed.
  const g = generateMaze({ width: 860, height: 860, seed: 'render-big', perfect: false, braid: 30 });
  const best = shortestPath(g.maze, g.entry, g.exit);
  const options = { entry: g.entry, exit: g.exit, path: best.cells };
  const expected: Record<string, () => string> = {
    ascii: () => toAscii(g.maze, options),
    unicode: () => toUnicode(g.maze, options),
    blocks: () => toBlocksText(g.maze, options),
    svg: () => toSvg(g.maze, { ...options, title: '860x860 maze' }),
    json: () => toJson(g.maze, { entry: g.entry, exit: g.exit, solution: best.directions }),
  };
  let hexFile: string;
  beforeAll(() => {
    hexFile = join(dir, 'medium.txt');
    writeFileSync(hexFile, encodeHex(g.maze, { entry: g.entry, exit: g.exit, path: best.directions }));
  });

  for (const format of Object.keys(expected)) {
    it(`${format}: the file and stdout hold exactly the library's text`, () => {
      const want = expected[format]();
      expect(Buffer.byteLength(want)).toBeGreaterThan(format === 'json' ? 0 : 2 ** 22);
      const out = join(dir, `medium.${format}`);
      const written = runCli(['render', hexFile, '--format', format, '--path', '-o', out]);
      expect(written.stderr).toBe('');
      expect(written.status).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(want);
      if (format === 'unicode' || format === 'svg') {
        const printed = runCli(['render', hexFile, '--format', format, '--path']);
        expect(printed.status).toBe(0);
        expect(printed.stdout).toBe(want);
      }
    });
  }
});

describe('render refuses, in one line, what it cannot make', () => {
  it('a PNG wider than the encoder allows names the largest cell size, before making the maze', () => {
    const cfg = config('wide.cfg', 20000, 2);
    const out = join(dir, 'wide.png');
    const r = runCli(['render', cfg, '--cell-size', '1000', '-o', out]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /a 20000x2 maze at 1000 px a cell is a \d+x\d+ px PNG, and a PNG side is at most 16777216 px here; --cell-size (\d+) is the largest that fits/,
    );
    const fits = Number(/--cell-size (\d+) is the largest/.exec(r.stderr)![1]);
    const side = (cellSize: number): number => mazeLayout(new Maze(20000, 2), resolveTheme('default'), { cellSize }).width;
    expect(side(fits)).toBeLessThanOrEqual(2 ** 24);
    expect(side(fits + 1)).toBeGreaterThan(2 ** 24);
    expect(existsSync(out)).toBe(false);
  });

  it('a maze too wide for a PNG at any cell size says so and points to SVG', () => {
    const cfg = config('wider.cfg', 9_000_000, 1);
    const r = runCli(['render', cfg, '-o', join(dir, 'wider.png')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/even at 2 px a cell a PNG holds at most \d+ cells a side: use --format svg/);
  });

  it('a maze file whose rule check does not fit in memory is drawn unchecked, with a note', () => {
    const g = generateMaze({ width: 1000, height: 1000, seed: 'unchecked' });
    const best = shortestPath(g.maze, g.entry, g.exit);
    const file = join(dir, 'unchecked.txt');
    writeFileSync(file, encodeHex(g.maze, { entry: g.entry, exit: g.exit, path: best.directions }));
    // The check needs 8 bytes a cell (8 MB here) on top of a fixed 64 MiB: over a 70 MiB cap.
    const r = runCli(['render', file, '--format', 'json'], { env: { AMAZEING_MAX_MEMORY: '70MiB' } });
    expect(r.status).toBe(0);
    // The note gives the whole need and the cap, not a shortfall.
    expect(r.stderr).toMatch(
      /^a-maze-ing: note: .*unchecked\.txt is drawn without checking its rules: the check needs about 71\.6 MiB and 70 MiB is allowed \(AMAZEING_MAX_MEMORY\) \('a-maze-ing validate .*unchecked\.txt' checks it\)\n$/,
    );
    expect(r.stdout).toBe(toJson(g.maze, { entry: g.entry, exit: g.exit, solution: best.directions }));
    const checked = runCli(['render', file, '--format', 'json']);
    expect(checked.stderr).toBe('');
    expect(checked.stdout).toBe(r.stdout);
  });

  it('a maze file over the string limit is refused before it is read', () => {
    const huge = join(dir, 'huge.txt');
    writeFileSync(huge, '');
    truncateSync(huge, bufferConstants.MAX_STRING_LENGTH + 1); // sparse: no disk used
    const r = runCli(['render', huge, '--format', 'ascii']);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /maze file '.*huge\.txt' is 512(\.0)? MiB; render reads files of up to 512(\.0)? MiB \(a hex maze of about 23170x23170 cells\)/,
    );
  });
});
