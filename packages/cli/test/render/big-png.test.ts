import { spawnSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED, EAST, generateMaze, resolveTheme } from 'mazegen';
import { mazeLayout, parseHexColor } from 'mazegen/render';
import { shortestPath } from 'mazegen';
import { encodeHex } from 'mazegen/internal';
import { BIN, assertBuilt, makeTempDir, removeDir } from '../e2e/run-cli.js';
import { readPngRows } from './helpers.js';

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-render-');
});

afterAll(() => removeDir(dir));

describe('a 4000x4000 maze as PNG', () => {
  it('is written band by band, and its pixels match the maze', async () => {
    const g = generateMaze({ width: 4000, height: 4000, seed: 'big-png' });
    const best = shortestPath(g.maze, g.entry, g.exit);
    const hexFile = join(dir, 'big.txt');
    writeFileSync(hexFile, encodeHex(g.maze, { entry: g.entry, exit: g.exit, path: best.directions }));
    const out = join(dir, 'big.png');
    // GNU time reports the peak resident memory of the run (for the report, not asserted).
    const timed = existsSync('/usr/bin/time');
    const argv = [process.execPath, BIN, 'render', hexFile, '-o', out, '--path', '-v'];
    const started = performance.now();
    const r = spawnSync(timed ? '/usr/bin/time' : argv[0], timed ? ['-f', 'peak-rss-kb %M', ...argv] : argv.slice(1), {
      encoding: 'utf8',
      timeout: 280_000,
    });
    const seconds = (performance.now() - started) / 1000;
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('drawn at 2 px a cell');
    console.log(
      `4000x4000 PNG: ${seconds.toFixed(1)} s, ${(statSync(out).size / 1e6).toFixed(1)} MB, ${/peak-rss-kb (\d+)/.exec(r.stderr)?.[1] ?? '?'} kB peak RSS`,
    );

    const theme = resolveTheme('default');
    const layout = mazeLayout(g.maze, theme, { cellSize: 2 });
    const wall = parseHexColor(theme.wall).join();
    const background = parseHexColor(theme.background).join();
    const onPath = new Uint8Array(g.maze.size);
    for (const cell of best.cells) onPath[cell] = 1;
    const { cells } = g.maze;
    const sampleRows = new Set([0, 1, 1999, 3998, 3999].map((y) => layout.margin + y * 2 + 1));
    let checked = 0;
    const size = await readPngRows(out, (py, row) => {
      if (!sampleRows.has(py)) return;
      const y = (py - layout.margin - 1) / 2;
      for (let x = 0; x + 1 < 4000; x++) {
        const c = y * 4000 + x;
        if ((cells[c] | cells[c + 1]) & BLOCKED || (onPath[c] && onPath[c + 1])) continue;
        const px = layout.margin + (x + 1) * 2;
        const rgb = `${row[px * 3]},${row[px * 3 + 1]},${row[px * 3 + 2]}`;
        expect(rgb).toBe(cells[c] & EAST ? wall : background);
        checked++;
      }
    });
    expect(size).toEqual({ width: layout.width, height: layout.height });
    expect(checked).toBeGreaterThan(15_000);
  }, 300_000);
});
