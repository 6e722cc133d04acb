/** The distance theme in the CLI: the terminal's passages in the library's bands, and render's legend (in the SVG, on stderr for a PNG). */
import { THEMES, generateMaze } from 'mazegen';
import { DISTANCE_PALETTE, distanceShading } from 'mazegen/render';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPEN, blockGrid, pictureRaster, pixelTints, renderLines, termPictureOf } from '../src/term/render.js';
import { assertBuilt, makeTempDir, removeDir, runCli } from './e2e/run-cli.js';

const g = generateMaze({ width: 12, height: 8, seed: 5, pattern: 'none' });
const picture = { maze: g.maze, entry: g.entry, exit: g.exit };

/** The 24-bit background colours a line sets, as #rrggbb. */
function backgrounds(lines: string[]): Set<string> {
  const found = new Set<string>();
  // eslint-disable-next-line no-control-regex -- the escapes are what the terminal reads
  const background = /\x1b\[48;2;(\d+);(\d+);(\d+)m/g;
  for (const line of lines)
    for (const m of line.matchAll(background))
      found.add(`#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`);
  return found;
}

describe('the terminal distance theme', () => {
  it("tints each cell's block with its band's colour, and only passages", () => {
    const grid = blockGrid(picture);
    const tints = pixelTints(pictureRaster(termPictureOf(picture), THEMES.distance), THEMES.distance)!;
    const shading = distanceShading(g.maze, THEMES.distance, g.entry)!;
    const cols = 2 * g.maze.width + 1;
    for (let cell = 0; cell < g.maze.size; cell++) {
      const at = (2 * Math.floor(cell / g.maze.width) + 1) * cols + 2 * (cell % g.maze.width) + 1;
      if (grid[at] === OPEN) expect(tints[at]).toBe(DISTANCE_PALETTE[shading.shade[cell] - 1]);
    }
    tints.forEach((tint, i) => {
      if (tint !== undefined) expect(grid[i]).toBe(OPEN);
    });
    expect(pixelTints(pictureRaster(termPictureOf(picture), THEMES.default), THEMES.default)).toBeUndefined();
  });

  it('blocks, half blocks, quarter blocks and braille all show the bands; the default theme shows none', () => {
    for (const mode of ['blocks', 'half', 'quarter', 'braille'] as const) {
      const shown = backgrounds(renderLines(picture, { mode, theme: THEMES.distance, depth: 24 }));
      const bands = DISTANCE_PALETTE.filter((c) => shown.has(c));
      expect(bands.length, mode).toBeGreaterThanOrEqual(mode === 'braille' ? 6 : 9);
      expect(DISTANCE_PALETTE.some((c) => backgrounds(renderLines(picture, { mode, theme: THEMES.default, depth: 24 })).has(c))).toBe(
        false,
      );
    }
  });

  it("render --theme distance: the SVG has its legend, the PNG's legend is a note on stderr with -v", () => {
    assertBuilt();
    const dir = makeTempDir('amazeing-distance-');
    try {
      writeFileSync(join(dir, 'c.txt'), 'WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\n');
      const max = distanceShading(
        generateMaze({ width: 20, height: 15, seed: '42', entry: { x: 0, y: 0 }, exit: { x: 19, y: 14 } }).maze,
        THEMES.distance,
        { x: 0, y: 0 },
      )!.max;
      const svg = runCli(['render', 'c.txt', '--theme', 'distance', '-o', 'd.svg'], { cwd: dir });
      expect(svg.status, svg.stderr).toBe(0);
      expect(readFileSync(join(dir, 'd.svg'), 'utf8')).toContain(`>far (${max} moves)</text>`);
      const png = runCli(['render', 'c.txt', '--theme', 'distance', '-o', 'd.png', '-v'], { cwd: dir });
      expect(png.status, png.stderr).toBe(0);
      expect(png.stderr).toContain(
        `a-maze-ing: note: distance from the entry: pale yellow = near (0 moves) ... violet = far (${max} moves)\n`,
      );
      expect(runCli(['render', 'c.txt', '-o', 'p.png'], { cwd: dir }).stderr).not.toContain('distance');
    } finally {
      removeDir(dir);
    }
  });
});
