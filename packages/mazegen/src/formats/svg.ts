import type { Maze, Point } from '../maze.js';
import type { DrawContext } from '../render/context.js';
import { drawMaze, mazeLayout, type LayoutOptions } from '../render/draw.js';
import { resolveTheme, type Theme, type ThemeOverrides } from '../render/theme.js';

/** Numbers as short as SVG allows: at most two decimals, no trailing zeros. */
function num(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/**
 * Builds SVG elements from drawing calls: each fillRect is a <rect>, each stroke one
 * <path> whose data uses H/V for the axis-aligned runs.
 */
export class SvgContext implements DrawContext {
  readonly parts: string[] = [];
  private d = '';
  private penX = 0;
  private penY = 0;

  fillRect(x: number, y: number, width: number, height: number, color: string, role?: string): void {
    const cls = role ? ` class="${role}"` : '';
    this.parts.push(`<rect${cls} x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="${color}"/>`);
  }

  beginPath(): void {
    this.d = '';
  }

  moveTo(x: number, y: number): void {
    this.d += `M${num(x)} ${num(y)}`;
    this.penX = x;
    this.penY = y;
  }

  lineTo(x: number, y: number): void {
    if (y === this.penY) this.d += `H${num(x)}`;
    else if (x === this.penX) this.d += `V${num(y)}`;
    else this.d += `L${num(x)} ${num(y)}`;
    this.penX = x;
    this.penY = y;
  }

  stroke(color: string, lineWidth: number, role?: string): void {
    if (this.d === '') return;
    const cls = role ? ` class="${role}"` : '';
    this.parts.push(
      `<path${cls} d="${this.d}" fill="none" stroke="${color}" stroke-width="${num(lineWidth)}" stroke-linecap="square" stroke-linejoin="miter"/>`,
    );
    this.d = '';
  }
}

export interface SvgOptions extends LayoutOptions {
  entry?: Point;
  exit?: Point;
  /** Solution cells from entry to exit; drawn when given. */
  path?: ArrayLike<number>;
  /** 'default' or 'heatmap'. */
  theme?: string | Theme;
  /** Colours by name or #rrggbb over the theme's. */
  colors?: ThemeOverrides;
  /** Text for the <title> element. */
  title?: string;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The maze as a standalone SVG document (walls as joined path runs, optional solution layer). */
export function toSvg(maze: Maze, options: SvgOptions = {}): string {
  const theme = typeof options.theme === 'object' ? options.theme : resolveTheme(options.theme, options.colors);
  const layout = mazeLayout(maze, theme, options);
  const ctx = new SvgContext();
  drawMaze(ctx, maze, { layout, theme, entry: options.entry, exit: options.exit, path: options.path });
  const title = options.title ?? `${maze.width}x${maze.height} maze`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" shape-rendering="crispEdges">\n` +
    `<title>${escapeXml(title)}</title>\n` +
    ctx.parts.join('\n') +
    '\n</svg>\n'
  );
}
