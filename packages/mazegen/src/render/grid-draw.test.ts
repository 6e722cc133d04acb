import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { solveMaze } from '../solve.js';
import type { GridMazeRequest } from '../generate-options.js';
import type { DrawPoint } from '../grid/topology.js';
import { RecordingContext } from './context.js';
import { drawMaze, mazeLayout } from './draw.js';
import { arcPoints, forEachGridWall, gridPathLines } from './grid-geometry.js';
import { toSvg } from '../formats/svg.js';
import { RasterContext, parseHexColor } from './raster.js';
import { resolveTheme } from './theme.js';

const theme = { ...resolveTheme('default'), background: '#ffffff', wall: '#000000', path: '#ff0000', entry: '#00ff00', exit: '#0000ff' };
const GRIDS: [string, GridMazeRequest][] = [
  ['hex', { grid: 'hex', width: 9, height: 7, seed: 'draw' }],
  ['triangle', { grid: 'triangle', width: 12, height: 6, seed: 'draw' }],
  ['polar', { grid: 'polar', width: 6, height: 5, seed: 'draw', entry: 'centre', exit: 'outer' }],
  ['hex heart', { grid: 'hex', width: 14, height: 13, shape: 'heart', seed: 'draw', entry: 'top', exit: 'bottom' }],
  ['square torus', { grid: 'square', width: 7, height: 6, wrap: 'xy', seed: 'draw' }],
];

function draw(options: GridMazeRequest) {
  const g = generateMaze(options);
  const path = solveMaze(g.maze, g.entry, g.exit, 'BFS').cells;
  const layout = mazeLayout(g.maze, theme, { cellSize: 16, wallWidth: 2, margin: 6 });
  const ctx = new RasterContext(layout.width, layout.height);
  drawMaze(ctx, g.maze, { layout, theme, entry: g.entry, exit: g.exit, path });
  return { g, path, layout, ctx };
}

describe('drawMaze (the raster of every grid)', () => {
  for (const [name, options] of GRIDS) {
    it(`${name}: wall colour on every closed wall, none on open ones, the path between its cells, the marks on their cells`, () => {
      const { g, path, layout, ctx } = draw(options);
      const t = g.maze.topology;
      const at = (p: DrawPoint) =>
        ctx.pixel(Math.floor(layout.margin + p.x * layout.cellSize), Math.floor(layout.margin + p.y * layout.cellSize));
      const [wall, background, pathColour] = [theme.wall, theme.background, theme.path].map(parseHexColor);
      const centre = { x: t.kind === 'polar' ? t.height + 1 : 0, y: t.kind === 'polar' ? t.height + 1 : 0 };
      const around = new Int32Array(t.maxDegree);
      let closed = 0;
      let open = 0;
      for (let cell = 0; cell < t.size; cell++) {
        // A mark may reach over its cell's walls (a triangle's inner circle is smaller than the mark).
        if (g.maze.isBlocked(cell) || cell === g.entry || cell === g.exit) continue;
        const degree = t.neighbours(cell, around);
        const corners = t.corners(cell);
        for (let s = 0; s < degree; s++) {
          const a = corners[s];
          const b = corners[(s + 1) % corners.length];
          let mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
          const ra = Math.hypot(a.x - centre.x, a.y - centre.y);
          if (t.kind === 'polar' && Math.abs(ra - Math.hypot(b.x - centre.x, b.y - centre.y)) < 1e-9) {
            // A ring wall: the middle of the arc, not of its chord.
            const d = Math.hypot(mid.x - centre.x, mid.y - centre.y);
            mid = { x: centre.x + ((mid.x - centre.x) * ra) / d, y: centre.y + ((mid.y - centre.y) * ra) / d };
          }
          const next = around[s];
          if (!g.maze.isOpen(cell, s) || next < 0 || g.maze.isBlocked(next)) {
            expect(at(mid), `${name}: closed wall ${cell}/${s}`).toEqual(wall);
            closed++;
          } else if (next !== g.entry && next !== g.exit) {
            expect([background, pathColour], `${name}: open wall ${cell}/${s}`).toContainEqual(at(mid));
            open++;
          }
        }
      }
      expect(closed).toBeGreaterThan(t.size / 2);
      expect(open).toBeGreaterThan(t.size / 2);
      // Halfway between two path cells is the path's colour (a step across a joined edge is not drawn).
      let steps = 0;
      for (let i = 2; i < path.length - 1; i++) {
        const p = t.centre(path[i - 1]);
        const q = t.centre(path[i]);
        if (Math.hypot(p.x - q.x, p.y - q.y) > 2.5) continue;
        expect(at({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }), `${name}: path step ${i}`).toEqual(pathColour);
        steps++;
      }
      expect(steps).toBeGreaterThan(3);
      expect(at(t.centre(g.entry))).toEqual(parseHexColor(theme.entry));
      expect(at(t.centre(g.exit))).toEqual(parseHexColor(theme.exit));
      // Masked cells stay background at their centres.
      for (let cell = 0; cell < t.size; cell++) if (g.maze.isBlocked(cell)) expect(at(t.centre(cell))).toEqual(background);
    });
  }

  it('draws the same pixels band by band as at once (a PNG is built in bands)', () => {
    for (const [, options] of GRIDS) {
      const { g, path, layout, ctx } = draw(options);
      const bandRows = 7;
      const banded = new Uint8Array(ctx.pixels.length);
      for (let top = 0; top < layout.height; top += bandRows) {
        const rows = Math.min(bandRows, layout.height - top);
        const band = new RasterContext(layout.width, rows, top, banded.subarray(top * layout.width * 3, (top + rows) * layout.width * 3));
        drawMaze(band, g.maze, { layout, theme, entry: g.entry, exit: g.exit, path, band: [top, top + rows] });
      }
      expect(Buffer.from(banded).equals(Buffer.from(ctx.pixels))).toBe(true);
    }
  });

  it('draws a step across a joined edge as two half steps, out through one edge and in through the other', () => {
    for (const options of [GRIDS[4][1], { grid: 'hex', width: 6, height: 4, wrap: 'x', seed: 'wrap' } as GridMazeRequest]) {
      const { g, path, layout, ctx } = draw(options);
      const t = g.maze.topology;
      const lines = gridPathLines(g.maze, path);
      let crossings = 0;
      for (let i = 1; i < path.length; i++) {
        const [p, q] = [t.centre(path[i - 1]), t.centre(path[i])];
        if (Math.hypot(p.x - q.x, p.y - q.y) > 2.5) crossings++;
      }
      expect(crossings).toBeGreaterThan(0);
      expect(lines.length).toBe(crossings + 1);
      expect(lines.reduce((n, line) => n + line.length, 0)).toBe(path.length + 2 * crossings);
      for (const line of lines) {
        for (let k = 1; k < line.length; k++) expect(Math.hypot(line[k].x - line[k - 1].x, line[k].y - line[k - 1].y)).toBeLessThan(2);
        // Where a line leaves or enters by an edge, the picture shows the path there.
        for (const end of [line[0], line[line.length - 1]]) {
          const x = Math.min(layout.width - 1, Math.floor(layout.margin + end.x * layout.cellSize));
          const y = Math.min(layout.height - 1, Math.floor(layout.margin + end.y * layout.cellSize));
          expect([parseHexColor(theme.path), parseHexColor(theme.entry), parseHexColor(theme.exit)]).toContainEqual(ctx.pixel(x, y));
        }
      }
      const svg = toSvg(g.maze, { path, entry: g.entry, exit: g.exit });
      expect(svg.match(/<polyline /g)?.length).toBe(crossings + 1);
    }
    // Without a wrap the path is one line through every centre.
    const plain = draw(GRIDS[0][1]);
    expect(gridPathLines(plain.g.maze, plain.path)).toEqual([Array.from(plain.path, (cell) => plain.g.maze.topology.centre(cell))]);
  });

  it('draws polar ring walls as chords at most about a pixel long, every point on the ring', () => {
    const g = generateMaze({ grid: 'polar', width: 6, height: 4, seed: 'arcs' });
    const c = g.maze.topology.height + 1;
    let arcs = 0;
    forEachGridWall(g.maze, (wall) => {
      if (!wall.arc) return;
      arcs++;
      const points = arcPoints(wall, 1 / 16);
      expect(points[0]).toBe(wall.a);
      expect(points[points.length - 1]).toBe(wall.b);
      for (let k = 0; k < points.length; k++) {
        expect(Math.hypot(points[k].x - c, points[k].y - c)).toBeCloseTo(wall.arc.radius, 9);
        if (k > 0) expect(Math.hypot(points[k].x - points[k - 1].x, points[k].y - points[k - 1].y)).toBeLessThanOrEqual(1 / 16 + 1e-9);
      }
    });
    expect(arcs).toBeGreaterThan(10);
  });

  it('falls back to a square mark on a context without fillCircle, and sizes the picture as the SVG does', () => {
    const g = generateMaze({ grid: 'hex', width: 4, height: 3, seed: 'marks' });
    const layout = mazeLayout(g.maze, theme, { cellSize: 20, margin: 10 });
    expect(layout.width).toBe(Math.ceil(g.maze.topology.extent.width * 20 + 20));
    expect(layout.height).toBe(Math.ceil(g.maze.topology.extent.height * 20 + 20));
    const plain = new RecordingContext();
    Object.defineProperty(plain, 'fillCircle', { value: undefined });
    drawMaze(plain, g.maze, { layout, theme, entry: g.entry, exit: g.exit });
    expect(plain.calls.filter((call) => call.endsWith(' entry') || call.endsWith(' exit'))).toEqual([
      expect.stringMatching(/^fillRect .* #00ff00 entry$/),
      expect.stringMatching(/^fillRect .* #0000ff exit$/),
    ]);
    expect(() => mazeLayout(g.maze, theme, { cellSize: 1.5 })).toThrow(/whole number/);
    expect(mazeLayout(g.maze, theme, { cellSize: 1.5, fractional: true, wallWidth: 1 }).cellSize).toBe(1.5);
  });
});

describe('RasterContext lines at any angle', () => {
  it('a one-pixel diagonal line has a pixel in every column it crosses, and a disc is symmetric', () => {
    const ctx = new RasterContext(40, 30);
    ctx.fillRect(0, 0, 40, 30, '#ffffff');
    ctx.beginPath();
    ctx.moveTo(2.3, 3.1);
    ctx.lineTo(37.6, 21.4);
    ctx.stroke('#000000', 1);
    for (let x = 3; x < 37; x++) {
      let dark = 0;
      for (let y = 0; y < 30; y++) if (ctx.pixel(x, y)[0] === 0) dark++;
      expect(dark, `column ${x}`).toBeGreaterThanOrEqual(1);
      expect(dark, `column ${x}`).toBeLessThanOrEqual(2);
    }
    const disc = new RasterContext(21, 21);
    disc.fillCircle(10.5, 10.5, 6, '#ff0000');
    for (let y = 0; y < 21; y++) {
      for (let x = 0; x < 21; x++) {
        expect(disc.pixel(x, y)).toEqual(disc.pixel(20 - x, y));
        expect(disc.pixel(x, y)).toEqual(disc.pixel(y, x));
      }
    }
    expect(disc.pixel(10, 10)).toEqual([255, 0, 0]);
    expect(disc.pixel(10, 3)).toEqual([0, 0, 0]);
  });
});
