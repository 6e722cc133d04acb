/** The terminal's distance theme: passages in the library's distance bands, in every coloured drawing. */
import { DISTANCE_PALETTE, THEMES, distanceShading, generateMaze } from 'mazegen';
import { describe, expect, it } from 'vitest';
import { OPEN, blockGrid, blockTints, renderLines } from '../src/term/render.js';

const g = generateMaze({ width: 12, height: 8, seed: 5, pattern: 'none' });
const picture = { maze: g.maze, entry: g.entry, exit: g.exit };

/** The 24-bit background colours a line sets, as #rrggbb. */
function backgrounds(lines: string[]): Set<string> {
  const found = new Set<string>();
  // eslint-disable-next-line no-control-regex -- the escapes are what the terminal reads
  for (const line of lines) for (const m of line.matchAll(/\x1b\[48;2;(\d+);(\d+);(\d+)m/g)) found.add(`#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`);
  return found;
}

describe('the terminal distance theme', () => {
  it("tints each cell's block with its band's colour, and only passages", () => {
    const grid = blockGrid(picture);
    const tints = blockTints(picture, THEMES.distance, grid)!;
    const shading = distanceShading(g.maze, THEMES.distance, g.entry)!;
    const cols = 2 * g.maze.width + 1;
    for (let cell = 0; cell < g.maze.size; cell++) {
      const at = (2 * Math.floor(cell / g.maze.width) + 1) * cols + 2 * (cell % g.maze.width) + 1;
      if (grid[at] === OPEN) expect(tints[at]).toBe(DISTANCE_PALETTE[shading.shade[cell] - 1]);
    }
    tints.forEach((tint, i) => {
      if (tint !== undefined) expect(grid[i]).toBe(OPEN);
    });
    expect(blockTints(picture, THEMES.default, grid)).toBeUndefined();
  });

  it('blocks, half blocks, quarter blocks and braille all show the bands; the default theme shows none', () => {
    for (const mode of ['blocks', 'half', 'quarter', 'braille'] as const) {
      const shown = backgrounds(renderLines(picture, { mode, theme: THEMES.distance, depth: 24 }));
      const bands = DISTANCE_PALETTE.filter((c) => shown.has(c));
      expect(bands.length, mode).toBeGreaterThanOrEqual(mode === 'braille' ? 6 : 9);
      expect(DISTANCE_PALETTE.some((c) => backgrounds(renderLines(picture, { mode, theme: THEMES.default, depth: 24 })).has(c))).toBe(false);
    }
  });
});
