import type { GridMaze } from '../grid/grid-maze.js';
import type { PolarTopology } from '../grid/polar.js';
import type { DrawPoint } from '../grid/topology.js';
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
  const polar = t.kind === 'polar' ? (t as PolarTopology) : undefined;
  const walls: string[] = [];
  const around = new Int32Array(t.maxDegree);
  for (let cell = 0; cell < t.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    const degree = t.neighbours(cell, around);
    const corners = t.corners(cell);
    const centre = t.centre(cell);
    for (let s = 0; s < degree; s++) {
      if (maze.isOpen(cell, s)) continue;
      const next = around[s];
      if (next >= 0 && !maze.isBlocked(next) && next < cell) {
        // Drawn from the other side, unless the wall is a wrapped edge (the other side draws its own line there).
        const other = t.centre(next);
        if (Math.hypot(other.x - centre.x, other.y - centre.y) < 2.5) continue;
      }
      const a = corners[s];
      const b = corners[(s + 1) % corners.length];
      if (polar && isRingWall(polar, cell, s)) {
        const radius = Math.hypot(a.x - (polar.height + 1), a.y - (polar.height + 1)) * scale;
        // Inward walls run anticlockwise (sweep 0), outward ones and the centre's clockwise (sweep 1).
        const sweep = cell !== 0 && s === 0 ? 0 : 1;
        walls.push(`M${X(a)} ${Y(a)}A${fmt(radius)} ${fmt(radius)} 0 0 ${sweep} ${X(b)} ${Y(b)}`);
      } else {
        walls.push(`M${X(a)} ${Y(a)}L${X(b)} ${Y(b)}`);
      }
    }
  }
  const stroke = Math.max(1, theme.wallRatio * scale);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}" height="${fmt(height)}" viewBox="0 0 ${fmt(width)} ${fmt(height)}">`,
    options.title ? `<title>${escapeXml(options.title)}</title>` : '',
    `<rect width="100%" height="100%" fill="${theme.background}"/>`,
    `<path d="${walls.join('')}" fill="none" stroke="${theme.wall}" stroke-width="${fmt(stroke)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  ];
  const path = options.path;
  if (path && path.length > 1) {
    const points = Array.from(path, (cell) => {
      const p = t.centre(cell);
      return `${X(p)},${Y(p)}`;
    });
    parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${theme.path}" stroke-width="${fmt(Math.max(1, scale * 0.2))}" stroke-linecap="round" stroke-linejoin="round"/>`);
  }
  for (const [cell, colour] of [[options.entry, theme.entry], [options.exit, theme.exit]] as const) {
    if (cell === undefined || cell < 0) continue;
    const p = t.centre(cell);
    parts.push(`<circle cx="${X(p)}" cy="${Y(p)}" r="${fmt(scale * 0.3)}" fill="${colour}"/>`);
  }
  parts.push('</svg>', '');
  return parts.filter((p) => p !== '').join('\n');
}

/** True for the polar grid's walls that follow a ring: a ring cell's inward and outward slots, every slot of the centre. */
function isRingWall(t: PolarTopology, cell: number, slot: number): boolean {
  if (cell === 0) return true;
  const k = t.outwardCount(t.ringOf(cell));
  return slot === 0 || (slot >= 2 && slot < 2 + k);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}
