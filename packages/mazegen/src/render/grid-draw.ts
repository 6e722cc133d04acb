import type { GridMaze } from '../maze.js';
import type { DrawPoint } from '../grid/topology.js';
import type { DrawContext } from './context.js';
import type { MazeLayout } from './draw.js';
import { arcPoints, forEachGridWall, gridCellOutline, gridPathLines } from './grid-geometry.js';
import type { Theme } from './theme.js';

/** What the topology drawing takes: drawMaze's options with the ends as cells. */
export interface TopologyDrawOptions {
  layout: MazeLayout;
  theme: Theme;
  entry?: number;
  exit?: number;
  /** Cells of a path, drawn through their centres (a step across a wrapped edge as two half steps, to the edge and from the other: gridPathLines). */
  path?: ArrayLike<number> | null;
  /** Draw only what touches picture rows [first, end) in pixels: for a raster built band by band. */
  band?: readonly [number, number];
  /** Each cell's tint (0: none, k: shadeColors[k - 1]), filled under the walls: the distance theme (distanceShading). */
  shade?: Uint8Array;
  shadeColors?: readonly string[];
}

/**
 * The topology plug-in of drawMaze, written once for every grid: draws any grid's maze through a DrawContext from the geometry the SVG uses
 * (forEachGridWall): background, each tinted cell's interior (gridCellOutline; needs the
 * context's fillPolygon), the path, the walls (polar arcs as chords at most about a pixel
 * long), the entry and exit marks on top.
 */
export function drawTopology(ctx: DrawContext, maze: GridMaze, options: TopologyDrawOptions): void {
  const { layout, theme } = options;
  const t = maze.topology;
  const { cellSize: scale, margin } = layout;
  const px = (p: DrawPoint): [number, number] => [margin + p.x * scale, margin + p.y * scale];
  // A cell is drawn in a band when its centre lies within two units (more than any wall's reach) of the band.
  let include: ((cell: number) => boolean) | undefined;
  if (options.band) {
    const [first, end] = options.band;
    const low = (first - margin) / scale - 2;
    const high = (end - margin) / scale + 2;
    include = (cell) => {
      const y = t.centre(cell).y;
      return y >= low && y <= high;
    };
  }
  ctx.fillRect(0, 0, layout.width, layout.height, theme.background, 'background');

  if (options.shade && options.shadeColors)
    fillGridCells(ctx, maze, { layout, shade: options.shade, shadeColors: options.shadeColors, include });

  const path = options.path;
  if (path && path.length > 1) {
    ctx.beginPath();
    for (const line of gridPathLines(maze, path)) {
      ctx.moveTo(...px(line[0]));
      for (let k = 1; k < line.length; k++) ctx.lineTo(...px(line[k]));
    }
    ctx.stroke(theme.path, layout.pathWidth, 'solution');
  }

  ctx.beginPath();
  const step = 1 / scale;
  forEachGridWall(
    maze,
    (wall) => {
      const points = arcPoints(wall, step);
      ctx.moveTo(...px(points[0]));
      for (let k = 1; k < points.length; k++) ctx.lineTo(...px(points[k]));
    },
    include,
  );
  ctx.stroke(theme.wall, layout.wallWidth, 'walls');

  for (const [cell, colour, role] of [
    [options.entry, theme.entry, 'entry'],
    [options.exit, theme.exit, 'exit'],
  ] as const) {
    if (cell === undefined || cell < 0 || cell >= t.size) continue;
    const [x, y] = px(t.centre(cell));
    const r = layout.markRadius;
    if (ctx.fillCircle) ctx.fillCircle(x, y, r, colour, role);
    else ctx.fillRect(x - r, y - r, 2 * r, 2 * r, colour, role);
  }
}

export interface GridFillOptions {
  layout: MazeLayout;
  /** Each cell's tint (0: none, k: shadeColors[k - 1]). */
  shade: Uint8Array;
  shadeColors: readonly string[];
  /** Skips cells (a raster band fills only cells near it). */
  include?: (cell: number) => boolean;
}

/**
 * Fills each tinted free cell's interior (gridCellOutline, polar arcs as chords about a
 * pixel long) in its colour, through the context's fillPolygon (nothing without one): the
 * distance theme's layer under the walls, and the terminal's map of which band a dot is in.
 */
export function fillGridCells(ctx: DrawContext, maze: GridMaze, options: GridFillOptions): void {
  const { layout, shade, shadeColors, include } = options;
  if (!ctx.fillPolygon) return;
  const { cellSize: scale, margin } = layout;
  const chord = 1 / scale;
  for (let cell = 0; cell < maze.topology.size; cell++) {
    const band = shade[cell];
    if (band === 0 || maze.isBlocked(cell) || (include && !include(cell))) continue;
    const outline: number[] = [];
    for (const edge of gridCellOutline(maze, cell)) {
      const points = arcPoints(edge, chord);
      // Each edge starts where the last ended: its first point is already there.
      for (let k = 1; k < points.length; k++) outline.push(margin + points[k].x * scale, margin + points[k].y * scale);
    }
    ctx.fillPolygon(outline, shadeColors[band - 1], 'distance');
  }
}
