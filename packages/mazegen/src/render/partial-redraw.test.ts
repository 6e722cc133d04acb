import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { drawMaze, mazeLayout, pathLinks } from './draw.js';
import { RasterContext } from './raster.js';
import { resolveTheme } from './theme.js';

/**
 * The viewer redraws only the cells an animation step touched: rows and columns of cells
 * drawn one cell wider on each side, into a band clipped to the cells' own pixels. Inside
 * the clip the pixels must be the whole drawing's, and outside it nothing may change.
 */
describe('drawMaze on a block of cells (rows and columns)', () => {
  it('gives the whole drawing pixels inside the clip and leaves the rest of the band alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 18 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.boolean(),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (width, height, seed, perfect, cellSize, wallWidth, a, b, c, d) => {
          fc.pre(wallWidth < cellSize && width * height > 1);
          const g = generateMaze({ width, height, seed, perfect, entry: { x: 0, y: 0 }, exit: { x: width - 1, y: height - 1 } });
          const theme = resolveTheme('default');
          const layout = mazeLayout(g.maze, theme, { cellSize, margin: 2, wallWidth });
          const path = shortestPath(g.maze, g.entry, g.exit).cells;
          const links = pathLinks(g.maze, path);
          const shade = new Uint8Array(g.maze.size);
          for (let cell = 0; cell < shade.length; cell++) shade[cell] = (cell * 7 + seed) % 3;
          const options = {
            layout,
            theme,
            entry: g.entry,
            exit: g.exit,
            path,
            pathLinks: links,
            shade,
            shadeColors: ['#224466', '#668822'],
          };
          const whole = new RasterContext(layout.width, layout.height);
          drawMaze(whole, g.maze, options);

          // A block of cells [x0, x1) x [y0, y1), as the viewer's dirty tracking gives it.
          const x0 = a % width;
          const x1 = x0 + 1 + (b % (width - x0));
          const y0 = c % height;
          const y1 = y0 + 1 + (d % (height - y0));
          const { margin: m, cellSize: pitch, wallWidth: t } = layout;
          const top = m + y0 * pitch;
          const bottom = Math.min(layout.height, m + y1 * pitch + t);
          const clipLeft = m + x0 * pitch;
          const clipRight = Math.min(layout.width, m + x1 * pitch + t);
          const band = new Uint8Array(layout.width * (bottom - top) * 3).fill(77);
          const part = new RasterContext(layout.width, bottom - top, top, band);
          part.clipColumns(clipLeft, clipRight);
          drawMaze(part, g.maze, { ...options, rows: [y0 - 1, y1 + 1], columns: [x0 - 1, x1 + 1] });
          for (let y = top; y < bottom; y++) {
            for (let x = 0; x < layout.width; x++) {
              const inside = x >= clipLeft && x < clipRight;
              expect(part.pixel(x, y), `${x},${y} ${inside ? 'inside' : 'outside'} the clip`).toEqual(
                inside ? whole.pixel(x, y) : [77, 77, 77],
              );
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
