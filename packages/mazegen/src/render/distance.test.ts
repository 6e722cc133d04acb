import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { LEGEND_HEIGHT, toSvg } from '../formats/svg.js';
import { distanceMap } from '../solvers/bfs.js';
import { distanceBand, distanceLegend, distanceShading } from './distance.js';
import { drawMaze, mazeLayout } from './draw.js';
import { RasterContext } from './raster.js';
import { DISTANCE_PALETTE, THEMES, contrastRatio, relativeLuminance, resolveTheme } from './theme.js';

describe('the distance theme', () => {
  it('its ramp darkens at every step and keeps the walls and the path above 3:1 on every colour', () => {
    const theme = THEMES.distance;
    for (let i = 1; i < DISTANCE_PALETTE.length; i++)
      expect(relativeLuminance(DISTANCE_PALETTE[i])).toBeLessThan(relativeLuminance(DISTANCE_PALETTE[i - 1]));
    for (const color of DISTANCE_PALETTE) {
      expect(contrastRatio(color, theme.wall)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(color, theme.path)).toBeGreaterThanOrEqual(3);
    }
    expect(resolveTheme('flood').name).toBe('distance');
  });

  it('bands: the entry in the first, the farthest cell in the last, never decreasing with distance', () => {
    expect(distanceBand(0, 99, 10)).toBe(1);
    expect(distanceBand(99, 99, 10)).toBe(10);
    expect(distanceBand(0, 0, 10)).toBe(1);
    let last = 1;
    for (let d = 0; d <= 37; d++) {
      const band = distanceBand(d, 37, 10);
      expect(band).toBeGreaterThanOrEqual(last);
      expect(band).toBeLessThanOrEqual(10);
      last = band;
    }
  });

  it("shades each cell by the BFS distance from the entry (the 42's closed cells are not reached), only for a theme with a ramp", () => {
    const g = generateMaze({ width: 21, height: 13, seed: 7 });
    const shading = distanceShading(g.maze, THEMES.distance, g.entry)!;
    const dist = distanceMap(g.maze, g.entry.y * g.maze.width + g.entry.x);
    const max = Math.max(...dist);
    expect(shading.max).toBe(max);
    for (let cell = 0; cell < g.maze.size; cell++) expect(shading.shade[cell]).toBe(dist[cell] < 0 ? 0 : distanceBand(dist[cell], max, 10));
    expect(shading.shade.some((k) => k === 0)).toBe(true); // the 42
    expect(distanceShading(g.maze, THEMES.default, g.entry)).toBeUndefined();
    expect(distanceLegend(max)).toContain(`far (${max} moves)`);
  });

  it('the PNG drawing and the SVG tint the cells, with no gap left in a passage between two bands', () => {
    const g = generateMaze({ width: 12, height: 9, seed: 3, pattern: 'none' });
    const theme = THEMES.distance;
    const layout = mazeLayout(g.maze, theme, { cellSize: 10 });
    const ctx = new RasterContext(layout.width, layout.height);
    const shading = distanceShading(g.maze, theme, g.entry)!;
    drawMaze(ctx, g.maze, { layout, theme, entry: g.entry, exit: g.exit, shade: shading.shade, shadeColors: shading.shadeColors });
    // Inside the maze (margin and walls aside) no background pixel is left: every passage is tinted.
    const { cellSize: c, wallWidth: t, margin: m } = layout;
    const white = [255, 255, 255].join();
    for (let cell = 0; cell < g.maze.size; cell++) {
      const x = cell % g.maze.width;
      const y = Math.floor(cell / g.maze.width);
      const px = m + x * c + t + 1;
      const py = m + y * c + t + 1;
      const i = (py * layout.width + px) * 3;
      expect([ctx.pixels[i], ctx.pixels[i + 1], ctx.pixels[i + 2]].join()).not.toBe(white);
      if (x + 1 < g.maze.width && !g.maze.hasWall(cell, 2)) {
        const j = (py * layout.width + m + (x + 1) * c + Math.floor(t / 2)) * 3;
        expect([ctx.pixels[j], ctx.pixels[j + 1], ctx.pixels[j + 2]].join()).not.toBe(white);
      }
    }
    const svg = toSvg(g.maze, { theme: 'distance', entry: g.entry, exit: g.exit });
    for (const color of new Set(
      Array.from(shading.shade)
        .filter((k) => k > 0)
        .map((k) => DISTANCE_PALETTE[k - 1]),
    ))
      expect(svg).toContain(`fill="${color}"`);
  });

  it('the SVG has the legend under the maze (near, a swatch per band, far with the largest distance); other themes none', () => {
    const g = generateMaze({ width: 20, height: 15, seed: 42 });
    const layout = mazeLayout(g.maze, THEMES.distance, {});
    const max = distanceShading(g.maze, THEMES.distance, g.entry)!.max;
    const svg = toSvg(g.maze, { theme: 'distance', entry: g.entry, exit: g.exit });
    expect(svg).toContain(`height="${layout.height + LEGEND_HEIGHT}" viewBox="0 0 ${layout.width} ${layout.height + LEGEND_HEIGHT}"`);
    const legend = svg.slice(svg.indexOf('<g class="legend"'));
    expect(legend).toContain('>near</text>');
    expect(legend).toContain(`>far (${max} moves)</text>`);
    for (const color of DISTANCE_PALETTE) expect(legend).toContain(`fill="${color}"`);
    const plain = toSvg(g.maze, { theme: 'default', entry: g.entry, exit: g.exit });
    expect(plain).not.toContain('class="legend"');
    expect(plain).toContain(`height="${mazeLayout(g.maze, THEMES.default, {}).height}"`);
  });
});
