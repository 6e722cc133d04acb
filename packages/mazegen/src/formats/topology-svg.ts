import type { GridMaze } from '../maze.js';
import type { DrawPoint } from '../grid/topology.js';
import { distanceLegendSvg, LEGEND_HEIGHT } from '../render/distance-legend.js';
import { distanceShading } from '../render/distance.js';
import {
  forEachGridWall,
  GRID_MARK_RATIO,
  GRID_PATH_RATIO,
  gridCellOutline,
  gridPathLines,
  type GridWall,
} from '../render/grid-geometry.js';
import type { Theme } from '../render/theme.js';
import { ChunkBuffer } from './chunks.js';

/** What the topology's SVG takes: toSvg's options resolved (a theme, cells for the ends). */
export interface TopologySvgOptions {
  theme: Theme;
  entry?: number;
  exit?: number;
  path?: ArrayLike<number> | null;
  /** Pixels per drawing unit. Default 20. */
  cellSize?: number;
  /** Pixels around the drawing. Default 10. */
  margin?: number;
  /** Wall stroke in pixels. Default: the theme's share of the unit, at least 1. */
  wallWidth?: number;
  title?: string;
}

const fmt = (v: number) => String(Math.round(v * 100) / 100);

/**
 * The topology plug-in of toSvg, written once for every grid: a wall is drawn where the wall
 * of an adjacency is closed (once, from the lower-numbered cell, or twice on a wrapped grid's
 * joined edges, one line on each edge), plus the border of every free cell. Straight walls
 * are joined into one path of segments; the polar grid's ring walls are circular arcs (SVG
 * `A` commands, never chords; no cell spans 180 degrees, so the large-arc flag stays 0).
 * Masked cells are left empty (their outline is the walls of the free cells around them).
 * The distance theme fills each cell reached from the entry in its band's colour (one path a
 * cell, in cell order, `data-cell` its number) under the walls, and adds the legend in a band
 * below. Elements are written as they are made, in chunks of the buffer's size, one newline
 * between two (none after the last).
 */
export function writeTopologySvg(maze: GridMaze, options: TopologySvgOptions, buffer: ChunkBuffer, flush: () => void): void {
  const t = maze.topology;
  const { theme } = options;
  const scale = options.cellSize ?? 20;
  const margin = options.margin ?? 10;
  const width = t.extent.width * scale + 2 * margin;
  const height = t.extent.height * scale + 2 * margin;
  const X = (p: DrawPoint) => fmt(margin + p.x * scale);
  const Y = (p: DrawPoint) => fmt(margin + p.y * scale);
  const edge = ({ b, arc }: GridWall) =>
    arc ? `A${fmt(arc.radius * scale)} ${fmt(arc.radius * scale)} 0 0 ${arc.sweep} ${X(b)} ${Y(b)}` : `L${X(b)} ${Y(b)}`;
  let elements = 0;
  const element = (text: string): void => {
    if (elements++ > 0) buffer.ascii('\n');
    buffer.utf8(text);
    if (buffer.full) flush();
  };
  const shading = distanceShading(maze, theme, options.entry);
  const stroke = options.wallWidth ?? Math.max(1, theme.wallRatio * scale);
  // The legend starts on the first whole pixel below the maze.
  const fullHeight = shading ? Math.ceil(height) + LEGEND_HEIGHT : height;
  element(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}" height="${fmt(fullHeight)}" viewBox="0 0 ${fmt(width)} ${fmt(fullHeight)}">`,
  );
  if (options.title) element(`<title>${escapeXml(options.title)}</title>`);
  element(`<rect width="100%" height="100%" fill="${theme.background}"/>`);
  if (shading) {
    // A stroke in the fill's own colour closes the hairline seams anti-aliasing leaves between neighbours.
    element('<g class="distance" stroke-width="1" stroke-linejoin="round">');
    for (let cell = 0; cell < t.size; cell++) {
      const band = shading.shade[cell];
      if (band === 0 || maze.isBlocked(cell)) continue;
      const outline = gridCellOutline(maze, cell);
      const colour = shading.shadeColors[band - 1];
      element(
        `<path data-cell="${cell}" d="M${X(outline[0].a)} ${Y(outline[0].a)}${outline.map(edge).join('')}Z" fill="${colour}" stroke="${colour}"/>`,
      );
    }
    element('</g>');
  }
  // The walls' data is written wall by wall: a big maze's is far over any string's limit.
  element('<path d="');
  forEachGridWall(maze, (wall) => {
    buffer.utf8(`M${X(wall.a)} ${Y(wall.a)}${edge(wall)}`);
    if (buffer.full) flush();
  });
  buffer.utf8(`" fill="none" stroke="${theme.wall}" stroke-width="${fmt(stroke)}" stroke-linecap="round" stroke-linejoin="round"/>`);
  const path = options.path;
  if (path && path.length > 1) {
    for (const line of gridPathLines(maze, path)) {
      const points = line.map((p) => `${X(p)},${Y(p)}`);
      element(
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
    element(`<circle cx="${X(p)}" cy="${Y(p)}" r="${fmt(scale * GRID_MARK_RATIO)}" fill="${colour}"/>`);
  }
  if (shading) element(distanceLegendSvg(shading.shadeColors, shading.max, Math.round(width), Math.ceil(height), theme).slice(1));
  element('</svg>');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}
