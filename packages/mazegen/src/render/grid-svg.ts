import type { GridMaze } from '../maze.js';
import type { DrawPoint } from '../grid/topology.js';
import { distanceLegendSvg, LEGEND_HEIGHT } from './distance-legend.js';
import { gridDistanceShading } from './grid-distance.js';
import { forEachGridWall, GRID_MARK_RATIO, GRID_PATH_RATIO, gridCellOutline, gridPathLines, type GridWall } from './grid-geometry.js';
import { resolveTheme, type Theme } from './theme.js';

export interface GridSvgOptions {
  entry?: number;
  exit?: number;
  /** Cells of a path, drawn through their centres. */
  path?: ArrayLike<number> | null;
  theme?: Theme;
  /** Pixels per drawing unit (a square cell's side). Default 20. */
  scale?: number;
  /** Pixels around the drawing. Default 10. */
  margin?: number;
  title?: string;
}

const fmt = (v: number) => String(Math.round(v * 100) / 100);

/**
 * Any grid's maze as SVG: a wall is drawn where the wall of an adjacency is closed (once,
 * from the lower-numbered cell, or twice on a wrapped grid's joined edges, one line on
 * each edge), plus the border of every free cell. Straight walls are joined into one
 * path of segments; the polar grid's ring walls are circular arcs (SVG `A` commands,
 * never chords; no cell spans 180 degrees, so the large-arc flag stays 0). Masked cells
 * are left empty (their outline is the walls of the free cells around them). The distance
 * theme fills each cell reached from the entry in its band's colour (one path a cell, in
 * cell order, `data-cell` its number) under the walls, and adds the legend in a band below.
 */
export function toGridSvg(maze: GridMaze, options: GridSvgOptions = {}): string {
  const t = maze.topology;
  const theme = options.theme ?? resolveTheme('default');
  const scale = options.scale ?? 20;
  const margin = options.margin ?? 10;
  const width = t.extent.width * scale + 2 * margin;
  const height = t.extent.height * scale + 2 * margin;
  const X = (p: DrawPoint) => fmt(margin + p.x * scale);
  const Y = (p: DrawPoint) => fmt(margin + p.y * scale);
  const edge = ({ b, arc }: GridWall) =>
    arc ? `A${fmt(arc.radius * scale)} ${fmt(arc.radius * scale)} 0 0 ${arc.sweep} ${X(b)} ${Y(b)}` : `L${X(b)} ${Y(b)}`;
  const walls: string[] = [];
  forEachGridWall(maze, (wall) => walls.push(`M${X(wall.a)} ${Y(wall.a)}${edge(wall)}`));
  const shading = gridDistanceShading(maze, theme, options.entry);
  const stroke = Math.max(1, theme.wallRatio * scale);
  // The legend starts on the first whole pixel below the maze.
  const fullHeight = shading ? Math.ceil(height) + LEGEND_HEIGHT : height;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}" height="${fmt(fullHeight)}" viewBox="0 0 ${fmt(width)} ${fmt(fullHeight)}">`,
    options.title ? `<title>${escapeXml(options.title)}</title>` : '',
    `<rect width="100%" height="100%" fill="${theme.background}"/>`,
  ];
  if (shading) {
    // A stroke in the fill's own colour closes the hairline seams anti-aliasing leaves between neighbours.
    const fills = ['<g class="distance" stroke-width="1" stroke-linejoin="round">'];
    for (let cell = 0; cell < t.size; cell++) {
      const band = shading.shade[cell];
      if (band === 0 || maze.isBlocked(cell)) continue;
      const outline = gridCellOutline(maze, cell);
      const colour = shading.shadeColors[band - 1];
      fills.push(
        `<path data-cell="${cell}" d="M${X(outline[0].a)} ${Y(outline[0].a)}${outline.map(edge).join('')}Z" fill="${colour}" stroke="${colour}"/>`,
      );
    }
    fills.push('</g>');
    parts.push(fills.join('\n'));
  }
  parts.push(
    `<path d="${walls.join('')}" fill="none" stroke="${theme.wall}" stroke-width="${fmt(stroke)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  const path = options.path;
  if (path && path.length > 1) {
    for (const line of gridPathLines(maze, path)) {
      const points = line.map((p) => `${X(p)},${Y(p)}`);
      parts.push(
        `<polyline points="${points.join(' ')}" fill="none" stroke="${theme.path}" stroke-width="${fmt(Math.max(1, scale * GRID_PATH_RATIO))}" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    }
  }
  for (const [cell, colour] of [
    [options.entry, theme.entry],
    [options.exit, theme.exit],
  ] as const) {
    if (cell === undefined || cell < 0) continue;
    const p = t.centre(cell);
    parts.push(`<circle cx="${X(p)}" cy="${Y(p)}" r="${fmt(scale * GRID_MARK_RATIO)}" fill="${colour}"/>`);
  }
  if (shading) parts.push(distanceLegendSvg(shading.shadeColors, shading.max, Math.round(width), Math.ceil(height), theme).slice(1));
  parts.push('</svg>', '');
  return parts.filter((p) => p !== '').join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}
