import { distanceShading } from '../render/distance.js';
import { distanceLegendSvg, LEGEND_HEIGHT } from '../render/distance-legend.js';
import type { GridMaze, Maze } from '../maze.js';
import type { DrawContext } from '../render/context.js';
import { isPlainSquareMaze } from '../plain-square.js';
import { cellOfRef, drawMaze, mazeLayout, type CellRef, type LayoutOptions } from '../render/draw.js';
import { resolveTheme, type Theme, type ThemeOverrides } from '../render/theme.js';
import { ChunkBuffer, DEFAULT_CHUNK_BYTES, joinChunks } from './chunks.js';
import { writeTopologySvg } from './topology-svg.js';

export { LEGEND_HEIGHT } from '../render/distance-legend.js';

/** Numbers as short as SVG allows: at most two decimals, no trailing zeros. */
function num(v: number): string {
  return String(Math.round(v * 100) / 100);
}

const DIGITS = 48;

/** Writes num(v) into `out` at `k` (room for 24 bytes is the caller's) and returns the end: no string per number. */
function writeNum(out: Uint8Array, k: number, v: number): number {
  const scaled = Math.round(v * 100);
  if (!(scaled >= 0 && scaled < 1e15)) {
    const text = num(v);
    for (let i = 0; i < text.length; i++) out[k++] = text.charCodeAt(i);
    return k;
  }
  const whole = Math.floor(scaled / 100);
  const fraction = scaled - whole * 100;
  let length = 1;
  for (let rest = whole; rest >= 10; rest = Math.floor(rest / 10)) length++;
  k += length;
  for (let i = 1, rest = whole; i <= length; i++, rest = Math.floor(rest / 10)) out[k - i] = DIGITS + (rest % 10);
  if (fraction !== 0) {
    out[k++] = 46; // '.'
    out[k++] = DIGITS + Math.floor(fraction / 10);
    if (fraction % 10 !== 0) out[k++] = DIGITS + (fraction % 10);
  }
  return k;
}

const M = 77;
const H = 72;
const V = 86;
const L = 76;
const SPACE = 32;

/**
 * Writes SVG elements from drawing calls straight into a ChunkBuffer: each fillRect is a
 * <rect>, each stroke one <path> whose data uses H/V for the axis-aligned runs. Elements
 * are separated by newlines. A path's data is written as it is drawn (the walls' data of
 * a big maze is far over any string's limit), so its opening tag needs the stroke's role
 * before the stroke call: `roles` lists them in call order, from a first, empty pass.
 */
export class SvgContext implements DrawContext {
  private penX = 0;
  private penY = 0;
  private open = false;
  private strokes = 0;
  private elements = 0;

  constructor(
    private readonly buffer: ChunkBuffer,
    private readonly roles: readonly (string | undefined)[],
    /** Called whenever the buffer holds a chunk's worth, between elements or path segments. */
    private readonly flush: () => void,
  ) {}

  private startElement(): void {
    if (this.elements++ > 0) this.buffer.ascii('\n');
  }

  fillRect(x: number, y: number, width: number, height: number, color: string, role?: string): void {
    const cls = role ? ` class="${role}"` : '';
    this.startElement();
    this.buffer.utf8(`<rect${cls} x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="${color}"/>`);
    if (this.buffer.full) this.flush();
  }

  beginPath(): void {
    this.open = false;
  }

  /** Writes a command letter and its coordinates, opening the <path> element on the first. */
  private command(letter: number, a: number, b?: number): void {
    if (!this.open) {
      const role = this.roles[this.strokes];
      this.startElement();
      this.buffer.utf8(`<path${role ? ` class="${role}"` : ''} d="`);
      this.open = true;
    }
    const { buffer } = this;
    buffer.reserve(52);
    const out = buffer.bytes;
    let k = buffer.length;
    out[k++] = letter;
    k = writeNum(out, k, a);
    if (b !== undefined) {
      out[k++] = SPACE;
      k = writeNum(out, k, b);
    }
    buffer.length = k;
    if (buffer.full) this.flush();
  }

  moveTo(x: number, y: number): void {
    this.command(M, x, y);
    this.penX = x;
    this.penY = y;
  }

  lineTo(x: number, y: number): void {
    if (y === this.penY) this.command(H, x);
    else if (x === this.penX) this.command(V, y);
    else this.command(L, x, y);
    this.penX = x;
    this.penY = y;
  }

  stroke(color: string, lineWidth: number, role?: string): void {
    if (this.roles[this.strokes++] !== role)
      throw new Error(`SvgContext: stroke ${this.strokes} is '${role}', the first pass said '${this.roles[this.strokes - 1]}'`);
    if (!this.open) return;
    this.buffer.utf8(`" fill="none" stroke="${color}" stroke-width="${num(lineWidth)}" stroke-linecap="square" stroke-linejoin="miter"/>`);
    this.open = false;
    if (this.buffer.full) this.flush();
  }
}

/** The first pass: records each stroke's role, in order, and draws nothing. */
class StrokeRoles implements DrawContext {
  readonly roles: (string | undefined)[] = [];
  fillRect(): void {}
  beginPath(): void {}
  moveTo(): void {}
  lineTo(): void {}
  stroke(_color: string, _lineWidth: number, role?: string): void {
    this.roles.push(role);
  }
}

export interface SvgOptions extends Omit<LayoutOptions, 'fractional'> {
  /** The entry: a cell, or its (col, row) as a point ((index, ring) on the polar grid). */
  entry?: CellRef;
  exit?: CellRef;
  /** Solution cells from entry to exit; drawn when given. */
  path?: ArrayLike<number> | null;
  /** A theme or its name ('default', 'heatmap', ...). */
  theme?: string | Theme;
  /** Colours by name or #rrggbb over the named theme's. */
  colors?: ThemeOverrides;
  /** Text for the <title> element (the plain square grid's default: "W x H maze"; other grids have none unless given). */
  title?: string;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Writes a maze of any grid as a standalone SVG document to `sink` in UTF-8 chunks of about
 * `chunkBytes`, pushed as they fill (each chunk is the sink's to keep). The plain square grid
 * (isPlainSquareMaze, the one choice drawMaze's layout makes too) keeps its established
 * document, byte for byte (crisp lattice runs through drawMaze, the 42 in its colour, a
 * title by default); every other grid's is written once against the topology
 * (topology-svg.ts: arcs for polar rings, discs for the ends, cell paths for the distance
 * theme). Both are written as they are drawn, so no part of a big maze is one string.
 */
export function writeSvgChunks(
  maze: GridMaze,
  options: SvgOptions,
  sink: (chunk: Uint8Array) => void,
  chunkBytes = DEFAULT_CHUNK_BYTES,
): void {
  const theme = typeof options.theme === 'object' ? options.theme : resolveTheme(options.theme, options.colors);
  const buffer = new ChunkBuffer(chunkBytes);
  const flush = (): void => {
    if (buffer.length > 0) sink(buffer.take());
  };
  if (isPlainSquareMaze(maze)) writeLatticeSvg(maze.asMaze(), theme, options, buffer, flush);
  else {
    const t = maze.topology;
    writeTopologySvg(maze, { ...options, theme, entry: cellOfRef(t, options.entry), exit: cellOfRef(t, options.exit) }, buffer, flush);
  }
  flush();
}

/** The square plug-in: the plain square grid's SVG (walls as joined lattice runs, optional solution layer), as it always was. */
function writeLatticeSvg(maze: Maze, theme: Theme, options: SvgOptions, buffer: ChunkBuffer, flush: () => void): void {
  const layout = mazeLayout(maze, theme, options);
  const w = maze.width;
  const at = (ref: CellRef | undefined) => {
    const cell = cellOfRef(maze.topology, ref);
    return cell === undefined ? undefined : { x: cell % w, y: Math.floor(cell / w) };
  };
  const [entry, exit] = [at(options.entry), at(options.exit)];
  // The distance theme tints every cell by its distance from the entry (computed once here).
  const shading = distanceShading(maze, theme, entry);
  const drawOptions = {
    layout,
    theme,
    entry,
    exit,
    path: options.path,
    shade: shading?.shade,
    shadeColors: shading?.shadeColors,
  };
  // Strokes come in the same order whatever rows are drawn: an empty band gives their roles in O(width).
  const first = new StrokeRoles();
  drawMaze(first, maze, { ...drawOptions, rows: [0, 0], pathLinks: new Uint8Array(0) });
  const title = options.title ?? `${maze.width}x${maze.height} maze`;
  // A distance picture has its legend in a band under the maze: near, the ramp, far.
  const legend = shading ? distanceLegendSvg(shading.shadeColors, shading.max, layout.width, layout.height, theme) : undefined;
  const height = layout.height + (legend ? LEGEND_HEIGHT : 0);
  buffer.utf8(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${height}" viewBox="0 0 ${layout.width} ${height}" shape-rendering="crispEdges">\n` +
      `<title>${escapeXml(title)}</title>\n`,
  );
  drawMaze(new SvgContext(buffer, first.roles, flush), maze, drawOptions);
  if (legend) buffer.utf8(legend);
  buffer.ascii('\n</svg>\n');
}

/** A maze of any grid as a standalone SVG document (writeSvgChunks). */
export function toSvg(maze: GridMaze, options: SvgOptions = {}): string {
  const chunks: Uint8Array[] = [];
  writeSvgChunks(maze, options, (chunk) => chunks.push(chunk));
  return joinChunks(chunks);
}
