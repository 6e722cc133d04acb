import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { BLOCKED, EAST, SOUTH, WEST } from '../maze.js';
import { RecordingContext } from './context.js';
import { borderOpening, drawMaze, mazeLayout, pathLinks } from './draw.js';
import { RasterContext, parseHexColor } from './raster.js';
import { resolveTheme } from './theme.js';

const g = generateMaze({ width: 16, height: 11, seed: 'raster' });
const path = shortestPath(g.maze, g.entry, g.exit).cells;
const theme = resolveTheme('default');
const layout = mazeLayout(g.maze, theme, { cellSize: 8, margin: 3 });

function full(): RasterContext {
  const ctx = new RasterContext(layout.width, layout.height);
  drawMaze(ctx, g.maze, { layout, theme, entry: g.entry, exit: g.exit, path });
  return ctx;
}

describe('raster drawing', () => {
  it('puts wall colour on closed walls and background on open passages', () => {
    const ctx = full();
    const wall = parseHexColor(theme.wall);
    const background = parseHexColor(theme.background);
    // A wall beside a 42 cell is painted over by the 42.
    const pattern = parseHexColor(theme.pattern);
    const { width: w, height: h } = g.maze;
    const onPath = new Set(Array.from(path));
    const { margin: m, cellSize: c } = layout;
    let checked = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const cell = y * w + x;
        if (g.maze.cells[cell] & BLOCKED) continue;
        // A pixel on the east wall line beside the path's stroke, and one on the south wall line.
        if (x + 1 < w && !(onPath.has(cell) && onPath.has(cell + 1))) {
          const east = g.maze.cells[cell + 1] & BLOCKED ? pattern : g.maze.hasWall(cell, EAST) ? wall : background;
          expect(ctx.pixel(m + (x + 1) * c, m + y * c + c / 2 + 1)).toEqual(east);
          checked++;
        }
        if (y + 1 < h && !(onPath.has(cell) && onPath.has(cell + w))) {
          const south = g.maze.cells[cell + w] & BLOCKED ? pattern : g.maze.hasWall(cell, SOUTH) ? wall : background;
          expect(ctx.pixel(m + x * c + c / 2 + 1, m + (y + 1) * c)).toEqual(south);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('colours entry, exit, the path and the 42', () => {
    const ctx = full();
    const centre = (cell: number): [number, number] => [
      layout.margin + (cell % g.maze.width) * layout.cellSize + 4,
      layout.margin + Math.floor(cell / g.maze.width) * layout.cellSize + 4,
    ];
    expect(ctx.pixel(...centre(path[1]))).toEqual(parseHexColor(theme.path));
    const blocked = g.maze.cells.findIndex((v) => (v & BLOCKED) !== 0);
    expect(ctx.pixel(...centre(blocked))).toEqual(parseHexColor(theme.pattern));
    const entryPx = ctx.pixel(layout.margin + g.entry.x * 8 + 2, layout.margin + g.entry.y * 8 + 2);
    expect(entryPx).toEqual(parseHexColor(theme.entry));
  });

  it('keeps entry and exit whole under the path: the path stops at their edges', () => {
    const ctx = full();
    const { margin: m, cellSize: c, wallWidth: t } = layout;
    for (const [point, color] of [
      [g.entry, theme.entry],
      [g.exit, theme.exit],
    ] as const) {
      // Every pixel inside the mark's cell is the mark's colour, though the path starts or ends there.
      for (let y = m + point.y * c + t; y < m + (point.y + 1) * c; y++) {
        for (let x = m + point.x * c + t; x < m + (point.x + 1) * c; x++) expect(ctx.pixel(x, y)).toEqual(parseHexColor(color));
      }
    }
  });

  it('opens the border beside a border entry and exit, and nowhere else', () => {
    const ends = { entry: { x: 0, y: 4 }, exit: { x: 7, y: 10 } };
    const maze = generateMaze({ width: 16, height: 11, seed: 'open', ...ends });
    const box = mazeLayout(maze.maze, theme, { cellSize: 8, margin: 3 });
    const ctx = new RasterContext(box.width, box.height);
    drawMaze(ctx, maze.maze, { layout: box, theme, entry: maze.entry, exit: maze.exit });
    const { margin: m, cellSize: c } = box;
    const mid = c / 2 + 1;
    const background = parseHexColor(theme.background);
    const border = parseHexColor(theme.border);
    // The entry on the left column opens west, the exit on the bottom row opens south.
    expect(borderOpening(maze.maze, ends.entry)).toBe(WEST);
    expect(borderOpening(maze.maze, ends.exit)).toBe(SOUTH);
    expect(borderOpening(maze.maze, { x: 3, y: 3 })).toBe(0);
    expect(borderOpening(maze.maze, { x: 15, y: 0 })).toBe(EAST);
    expect(ctx.pixel(m, m + 4 * c + mid)).toEqual(background);
    expect(ctx.pixel(m + 7 * c + mid, m + 11 * c)).toEqual(background);
    const west = Array.from({ length: 11 }, (_, y) => ctx.pixel(m, m + y * c + mid));
    const south = Array.from({ length: 16 }, (_, x) => ctx.pixel(m + x * c + mid, m + 11 * c));
    expect(west.filter((_, y) => y !== 4)).toEqual(Array(10).fill(border));
    expect(south.filter((_, x) => x !== 7)).toEqual(Array(15).fill(border));
    // The maze's bytes keep the border closed: only the picture opens it.
    expect(maze.maze.hasWall(4 * 16, WEST)).toBe(true);
  });

  it('tints shaded cells under the path and marks', () => {
    const shade = new Uint8Array(g.maze.size);
    const free = g.maze.cells.findIndex((v, i) => (v & BLOCKED) === 0 && !path.includes(i));
    shade[free] = 2;
    shade[path[1]] = 1;
    const ctx = new RasterContext(layout.width, layout.height);
    drawMaze(ctx, g.maze, { layout, theme, entry: g.entry, exit: g.exit, path, shade, shadeColors: ['#123456', '#abcdef'] });
    const { margin: m, cellSize: c, wallWidth: t } = layout;
    const corner = (cell: number): [number, number] => [m + (cell % g.maze.width) * c + t, m + Math.floor(cell / g.maze.width) * c + t];
    expect(ctx.pixel(...corner(free))).toEqual(parseHexColor('#abcdef'));
    // A shaded path cell shows its tint beside the path line, and the line over it.
    expect(ctx.pixel(...corner(path[1]))).toEqual(parseHexColor('#123456'));
    expect(ctx.pixel(m + (path[1] % g.maze.width) * c + 4, m + Math.floor(path[1] / g.maze.width) * c + 4)).toEqual(
      parseHexColor(theme.path),
    );
  });

  it('gives the same pixels when drawn band by band', () => {
    const whole = full();
    const links = pathLinks(g.maze, path);
    const band = 5;
    const pixels = new Uint8Array(layout.width * band * 3);
    for (let top = 0; top < layout.height; top += band) {
      const rows = Math.min(band, layout.height - top);
      const ctx = new RasterContext(layout.width, rows, top, pixels);
      const firstRow = Math.floor((top - layout.margin) / layout.cellSize) - 1;
      const endRow = Math.ceil((top + rows - layout.margin) / layout.cellSize) + 1;
      drawMaze(ctx, g.maze, { layout, theme, entry: g.entry, exit: g.exit, path, pathLinks: links, rows: [firstRow, endRow] });
      const expected = whole.pixels.subarray(top * layout.width * 3, (top + rows) * layout.width * 3);
      expect(Buffer.from(pixels.subarray(0, rows * layout.width * 3)).equals(Buffer.from(expected))).toBe(true);
    }
  });

  it('draws through the recording context in a fixed order', () => {
    const rec = new RecordingContext();
    drawMaze(rec, g.maze, { layout, theme, entry: g.entry, exit: g.exit });
    expect(rec.calls[0]).toBe(`fillRect 0 0 ${layout.width} ${layout.height} ${theme.background} background`);
    const strokes = rec.calls.filter((c) => c.startsWith('stroke'));
    expect(strokes.map((s) => s.split(' ').pop())).toEqual(['walls', 'border']);
  });

  it('refuses sizes it cannot draw', () => {
    expect(() => mazeLayout(g.maze, theme, { cellSize: 1 })).toThrow(/cell size/);
    expect(() => mazeLayout(g.maze, theme, { margin: -1 })).toThrow(/margin/);
    expect(() => mazeLayout(g.maze, theme, { cellSize: 4, wallWidth: 4 })).toThrow(/wall width/);
    expect(() => parseHexColor('red')).toThrow(/#rrggbb/);
  });

  it('runs the example of docs/formats.md', () => {
    const { maze, entry, exit } = generateMaze({ width: 20, height: 15, seed: 42 });
    const heat = resolveTheme('matlab');
    const box = mazeLayout(maze, heat, { cellSize: 8, margin: 4 });
    const image = new RasterContext(box.width, box.height);
    drawMaze(image, maze, { layout: box, theme: heat, entry, exit });
    expect(image.pixel(4, 4)).toEqual([216, 216, 216]);
  });
});
