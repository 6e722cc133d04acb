import type { GridMaze } from '../grid/grid-maze.js';
import type { DrawPoint } from '../grid/topology.js';
import { forEachGridWall, GRID_MARK_RATIO, GRID_PATH_RATIO, gridPathLines } from './grid-geometry.js';
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
 * are left empty (their outline is the walls of the free cells around them).
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
  const walls: string[] = [];
  forEachGridWall(maze, ({ a, b, arc }) => {
    if (arc) {
      const radius = arc.radius * scale;
      walls.push(`M${X(a)} ${Y(a)}A${fmt(radius)} ${fmt(radius)} 0 0 ${arc.sweep} ${X(b)} ${Y(b)}`);
    } else {
      walls.push(`M${X(a)} ${Y(a)}L${X(b)} ${Y(b)}`);
    }
  });
  const stroke = Math.max(1, theme.wallRatio * scale);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}" height="${fmt(height)}" viewBox="0 0 ${fmt(width)} ${fmt(height)}">`,
    options.title ? `<title>${escapeXml(options.title)}</title>` : '',
    `<rect width="100%" height="100%" fill="${theme.background}"/>`,
    `<path d="${walls.join('')}" fill="none" stroke="${theme.wall}" stroke-width="${fmt(stroke)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  ];
  const path = options.path;
  if (path && path.length > 1) {
    for (const line of gridPathLines(maze, path)) {
      const points = line.map((p) => `${X(p)},${Y(p)}`);
      parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${theme.path}" stroke-width="${fmt(Math.max(1, scale * GRID_PATH_RATIO))}" stroke-linecap="round" stroke-linejoin="round"/>`);
    }
  }
  for (const [cell, colour] of [[options.entry, theme.entry], [options.exit, theme.exit]] as const) {
    if (cell === undefined || cell < 0) continue;
    const p = t.centre(cell);
    parts.push(`<circle cx="${X(p)}" cy="${Y(p)}" r="${fmt(scale * GRID_MARK_RATIO)}" fill="${colour}"/>`);
  }
  parts.push('</svg>', '');
  return parts.filter((p) => p !== '').join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}
