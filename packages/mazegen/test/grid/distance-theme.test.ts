import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawMaze, generateMaze, distanceMap, THEMES, toSvg, type GridMazeRequest } from 'mazegen';
import { distanceBand, DISTANCE_PALETTE, distanceShading, mazeLayout, parseHexColor, RasterContext } from 'mazegen/render';

/**
 * The distance theme on every grid: each free cell reached from the entry is filled in the
 * band of its grid-BFS distance (the SVG's cell paths, the raster's pixels), walls over it,
 * and the SVG ends with the legend naming the farthest distance.
 */
const CASES: Record<string, GridMazeRequest> = {
  hex: { grid: 'hex', width: 8, height: 6, seed: 42 },
  triangle: { grid: 'triangle', width: 9, height: 5, seed: 42, generator: 'Wilson' },
  polar: { grid: 'polar', width: 6, height: 4, seed: 42 },
  'hex circle': { grid: 'hex', width: 11, height: 10, shape: 'circle', seed: 5, generator: 'Prim' },
  'hex wrap x': { grid: 'hex', width: 8, height: 5, wrap: 'x', seed: 2, generator: 'Kruskal' },
  'triangle hexagon, braided': { grid: 'triangle', width: 16, height: 8, shape: 'hexagon', seed: 6, perfect: false },
  'polar braided': { grid: 'polar', width: 6, height: 5, seed: 7, perfect: false },
};

const hex = ([r, g, b]: ArrayLike<number> & Iterable<number>) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

describe('toSvg of every grid with the distance theme', () => {
  for (const [name, options] of Object.entries(CASES)) {
    it(`${name}: every reached cell is filled in its BFS band, blocked ones are not, the legend names the farthest distance`, () => {
      const g = generateMaze(options);
      const svg = toSvg(g.maze, { entry: g.entry, exit: g.exit, theme: THEMES.distance });
      const distances = distanceMap(g.maze, g.entry);
      const max = Math.max(...distances);
      const fills = new Map<number, string>();
      for (const m of svg.matchAll(/<path data-cell="(\d+)" d="M[^"]+Z" fill="(#[0-9a-f]{6})"/g)) fills.set(Number(m[1]), m[2]);
      let reached = 0;
      for (let cell = 0; cell < g.maze.size; cell++) {
        if (g.maze.isBlocked(cell) || distances[cell] < 0) {
          expect(fills.has(cell), `cell ${cell}`).toBe(false);
          continue;
        }
        reached++;
        expect(fills.get(cell), `cell ${cell} at ${distances[cell]} moves`).toBe(
          DISTANCE_PALETTE[distanceBand(distances[cell], max, DISTANCE_PALETTE.length) - 1],
        );
      }
      expect(fills.size).toBe(reached);
      // The ramp's two ends both show: the entry's band and the farthest one.
      expect(new Set(fills.values())).toContain(DISTANCE_PALETTE[0]);
      expect(new Set(fills.values())).toContain(DISTANCE_PALETTE[DISTANCE_PALETTE.length - 1]);
      expect(svg).toContain(`>far (${max} moves)</text></g>`);
      // The fills lie under the walls.
      expect(svg.indexOf('<g class="distance"')).toBeLessThan(svg.indexOf('stroke-linecap="round"'));
    });
  }

  it('polar sectors follow their rings as arcs; the legend gets its own band below the maze', () => {
    const g = generateMaze(CASES.polar);
    const svg = toSvg(g.maze, { entry: g.entry, theme: THEMES.distance });
    const plain = toSvg(g.maze, { entry: g.entry });
    expect(svg).toMatch(/<path data-cell="5" d="M[^"]*A[^"]*Z"/);
    const heightOf = (text: string) => Number(/height="([\d.]+)"/.exec(text)![1]);
    expect(heightOf(svg)).toBe(Math.ceil(heightOf(plain)) + 22);
  });

  it('other themes, and a picture without an entry, have no fills and no legend', () => {
    const g = generateMaze(CASES.hex);
    for (const svg of [toSvg(g.maze, { entry: g.entry, exit: g.exit }), toSvg(g.maze, { theme: THEMES.distance })]) {
      expect(svg).not.toContain('class="distance"');
      expect(svg).not.toContain('class="legend"');
    }
  });
});

describe('drawMaze with the distance theme', () => {
  for (const [name, options] of Object.entries(CASES)) {
    it(`${name}: the pixel at each cell's centre has its band's colour; drawn band by band it is the same picture`, () => {
      const g = generateMaze(options);
      const theme = THEMES.distance;
      const shading = distanceShading(g.maze, theme, g.entry)!;
      const layout = mazeLayout(g.maze, theme, { cellSize: 16 });
      const draw = { layout, theme, entry: g.entry, exit: g.exit, shade: shading.shade, shadeColors: shading.shadeColors };
      const whole = new RasterContext(layout.width, layout.height);
      drawMaze(whole, g.maze, draw);
      const t = g.maze.topology;
      let checked = 0;
      for (let cell = 0; cell < t.size; cell++) {
        if (g.maze.isBlocked(cell) || cell === g.entry || cell === g.exit) continue;
        const c = t.centre(cell);
        const colour = hex(
          whole.pixel(Math.floor(layout.margin + c.x * layout.cellSize), Math.floor(layout.margin + c.y * layout.cellSize)),
        );
        const band = shading.shade[cell];
        expect(colour, `cell ${cell}`).toBe(band === 0 ? theme.background : shading.shadeColors[band - 1]);
        checked++;
      }
      expect(checked).toBeGreaterThan(20);
      const bandRows = 13;
      for (let top = 0; top < layout.height; top += bandRows) {
        const rows = Math.min(bandRows, layout.height - top);
        const band = new RasterContext(layout.width, rows, top);
        drawMaze(band, g.maze, { ...draw, band: [top, top + rows] });
        expect(
          Buffer.from(band.pixels).equals(Buffer.from(whole.pixels.subarray(top * layout.width * 3, (top + rows) * layout.width * 3))),
          `rows from ${top}`,
        ).toBe(true);
      }
    });
  }

  it('without a shade the picture is what it was: no fill pixels at all', () => {
    const g = generateMaze(CASES.hex);
    const layout = mazeLayout(g.maze, THEMES.distance, { cellSize: 12 });
    const ctx = new RasterContext(layout.width, layout.height);
    drawMaze(ctx, g.maze, { layout, theme: THEMES.distance, entry: g.entry, exit: g.exit });
    const seen = new Set<string>();
    for (let i = 0; i < ctx.pixels.length; i += 3) seen.add(hex(ctx.pixels.subarray(i, i + 3)));
    expect(DISTANCE_PALETTE.filter((c) => seen.has(c))).toEqual([]);
  });
});

describe('RasterContext.fillPolygon', () => {
  it('a star-shaped polygon cut into a fan of triangles: each pixel of the whole is taken by exactly one triangle, none outside it', () => {
    const point = fc.record({ angle: fc.double({ min: 0, max: 1, noNaN: true }), radius: fc.double({ min: 2, max: 18, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 9 }), fc.double({ min: 15, max: 25, noNaN: true }), (raw, cx) => {
        // Each gap between two angles stays under half a turn, so the centre lies inside and the fan covers the polygon once.
        const angles = raw.map((p, i) => ({ angle: (2 * Math.PI * (i + p.angle * 0.45)) / raw.length, radius: p.radius }));
        const points = angles.map(({ angle, radius }) => [cx + radius * Math.cos(angle), 20 + radius * Math.sin(angle)]);
        const whole = new RasterContext(40, 40);
        whole.fillPolygon(points.flat(), '#ffffff');
        const cover = new Uint8Array(40 * 40);
        for (let i = 0; i < points.length; i++) {
          const part = new RasterContext(40, 40);
          part.fillPolygon([cx, 20, ...points[i], ...points[(i + 1) % points.length]], '#ffffff');
          for (let p = 0; p < cover.length; p++) cover[p] += part.pixels[3 * p] === 255 ? 1 : 0;
        }
        for (let p = 0; p < cover.length; p++) {
          if (cover[p] !== (whole.pixels[3 * p] === 255 ? 1 : 0)) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('fills a pixel when its centre is inside (a 4x2 rectangle from x 0.4 to 4.4 takes columns 0..3)', () => {
    const ctx = new RasterContext(6, 3);
    ctx.fillPolygon([0.4, 0, 4.4, 0, 4.4, 2, 0.4, 2], '#102030');
    const row = (y: number) => Array.from({ length: 6 }, (_, x) => hex(ctx.pixel(x, y)));
    expect(row(0)).toEqual(['#102030', '#102030', '#102030', '#102030', '#000000', '#000000']);
    expect(row(2)).toEqual(Array(6).fill('#000000'));
    expect(parseHexColor('#102030')).toEqual([16, 32, 48]);
  });
});
