import { EAST, NORTH, SOUTH, WEST, drawMaze, type Maze, type Point, type Theme } from 'mazegen';
import { RasterContext, mazeLayout, pathLinks, type MazeLayout } from 'mazegen/render';
import { OPPOSITE } from 'mazegen/internal';

/**
 * The viewer's maze image, drawn by the library's own drawing code (`drawMaze` into a
 * `RasterContext`, the code `a-maze-ing render` writes PNGs with), so the screen and the
 * exports share one geometry and one palette. The screen image has no margin: a maze of
 * W x H cells at cell size p with walls t thick is (W*p + t) x (H*p + t) pixels; wall line
 * k covers pixels [k*p, k*p + t), the inside of cell x covers [x*p + t, (x+1)*p).
 */

/** What is drawn: the shared state the page, the animation and the worker fill in. */
export interface Scene {
  /** The walls drawn (the maze, or an animation's working copy). */
  maze: Maze;
  /** Set on another grid's scene (GridScene); a square scene has none. */
  grid?: undefined;
  theme: Theme;
  entry?: Point;
  exit?: Point;
  /** Path cells drawn, entry first (a prefix while the path is revealed), or none. */
  path?: Int32Array;
  /** The path's links (pathLinks of `path`); kept by whoever changes `path`. */
  links?: Uint8Array;
  /** Animation tints per cell (see Shade), or none. */
  shade?: Uint8Array;
  shadeColors?: readonly string[];
}

/** Animation tints, as values of Scene.shade. */
export const Shade = { None: 0, Frontier: 1, Visited: 2, DeadEnd: 3, Current: 4 } as const;

/** Smallest cell size the library draws (a passage between two 1-pixel walls). */
export const MIN_PITCH = 2;

/** A changed part of the image: [x, y, width, height] in image pixels. */
export type DirtyBox = [number, number, number, number];

/**
 * Separate changed boxes kept between two frames before they count as one bounding box:
 * steps scattered over a big maze (Kruskal's) are then repainted box by box, not as the
 * whole picture; past this many, one box costs no more than repainting them one by one.
 */
const MAX_DIRTY_BOXES = 2048;

/** Pixels of RGB drawn at once before they are copied into the RGBA image. */
const BAND_PIXELS = 1 << 18;

/** The screen layout of a W x H maze at a cell size: the library's, without a margin. */
export function screenLayout(width: number, height: number, theme: Pick<Theme, 'wallRatio'>, pitch: number): MazeLayout {
  return mazeLayout({ width, height }, theme, { cellSize: pitch, margin: 0 });
}

function mix(a: string, b: string, share: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    out |= Math.round(ca + (cb - ca) * share) << shift;
  }
  return `#${out.toString(16).padStart(6, '0')}`;
}

/** The tints of an animation for a theme, in Shade order (Frontier, Visited, DeadEnd, Current). */
export function shadeColorsFor(theme: Theme): string[] {
  const bg = theme.background;
  return [mix(bg, '#00b7c7', 0.5), mix(bg, '#f5d90a', 0.5), mix(bg, '#808080', 0.45), mix(bg, '#c2169f', 0.85)];
}

/** Adds the links of path cells [from - 1, to) to `links` (a path revealed a part at a time; no allocation). */
export function extendLinks(links: Uint8Array, maze: Pick<Maze, 'width'>, path: Int32Array, from: number, to: number): void {
  const w = maze.width;
  for (let i = Math.max(1, from); i < to; i++) {
    const a = path[i - 1];
    const b = path[i];
    const d = b - a;
    // North and south first: on a maze one cell wide a step of +1 is a step south.
    const dir = d === w ? SOUTH : d === -w ? NORTH : d === 1 ? EAST : d === -1 ? WEST : 0;
    if (dir === 0) continue;
    links[a] |= dir;
    links[b] |= OPPOSITE[dir];
  }
}

/** The maze image: one RGBA word per pixel (a view on an ImageData's buffer, or the worker's). */
export class MazePicture {
  readonly width: number;
  readonly height: number;
  readonly layout: MazeLayout;
  readonly pixels: Uint32Array;
  scene: Scene;
  private band: Uint8Array;
  private readonly bandRows: number;
  /** Cell rows changed since the last flush, and in each the first and last cell column changed. */
  private readonly dirtyRows: Uint8Array;
  private readonly dirtyFirst: Int32Array;
  private readonly dirtyLast: Int32Array;
  private anyDirtyRow = false;
  /** Pixels changed since the last takeDirty: rows [top, bottom) (bottom < top when clean), columns [left, right). */
  private dirtyTop = 0;
  private dirtyBottom = -1;
  private dirtyLeft = 0;
  private dirtyRight = 0;
  /** The boxes drawn since the last takeDirty, four numbers each, while there are at most MAX_DIRTY_BOXES. */
  private boxes: number[] = [];

  constructor(scene: Scene, pitch: number, pixels?: Uint32Array) {
    this.scene = scene;
    this.width = scene.maze.width;
    this.height = scene.maze.height;
    this.layout = screenLayout(this.width, this.height, scene.theme, pitch);
    const { width, height } = this.layout;
    this.pixels = pixels ?? new Uint32Array(width * height);
    if (this.pixels.length < width * height) throw new RangeError('pixel buffer too small for the picture');
    this.bandRows = Math.max(1, Math.min(height, Math.floor(BAND_PIXELS / width)));
    this.band = new Uint8Array(width * this.bandRows * 3);
    this.dirtyRows = new Uint8Array(this.height);
    this.dirtyFirst = new Int32Array(this.height);
    this.dirtyLast = new Int32Array(this.height);
  }

  /**
   * Draws image rows [top, bottom) exactly as one whole drawing would (the library's band
   * mode); with cell columns [first, end), only those columns' pixels (an animation step's
   * neighbourhood, not whole rows of a big maze).
   */
  private drawPixelRows(top: number, bottom: number, first = 0, end = this.width): void {
    const { layout, scene } = this;
    const { width } = layout;
    const { cellSize: c, margin: m, wallWidth: t } = layout;
    const whole = first <= 0 && end >= this.width;
    const left = whole ? 0 : m + first * c;
    const right = whole ? width : Math.min(width, m + end * c + t);
    const path = scene.path && scene.path.length > 1 ? scene.path : undefined;
    const links = path ? (scene.links ?? pathLinks(scene.maze, path)) : undefined;
    const px = this.pixels;
    for (let y = top; y < bottom; y += this.bandRows) {
      const rows = Math.min(this.bandRows, bottom - y);
      const ctx = new RasterContext(width, rows, y, this.band);
      if (!whole) ctx.clipColumns(left, right);
      const firstCell = Math.floor((y - m) / c) - 1;
      const endCell = Math.ceil((y + rows - m) / c) + 1;
      drawMaze(ctx, scene.maze, {
        ...(whole ? {} : { columns: [first - 1, end + 1] as const }),
        layout,
        theme: scene.theme,
        entry: scene.entry,
        exit: scene.exit,
        path,
        pathLinks: links,
        rows: [firstCell, endCell],
        shade: scene.shade,
        shadeColors: scene.shadeColors,
      });
      const band = this.band;
      for (let r = 0; r < rows; r++) {
        let k = (y + r) * width + left;
        const stop = (y + r) * width + right;
        for (let b = (r * width + left) * 3; k < stop; k++, b += 3)
          px[k] = (0xff000000 | (band[b + 2] << 16) | (band[b + 1] << 8) | band[b]) >>> 0;
      }
    }
    this.markPixels(top, bottom, left, right);
  }

  /** Draws the whole image. */
  drawAll(): void {
    this.dirtyRows.fill(0);
    this.anyDirtyRow = false;
    this.drawPixelRows(0, this.layout.height);
  }

  /** Notes that a cell changed (walls, tint, path or mark); drawn by the next flush. */
  markCell(cell: number): void {
    const y = Math.floor(cell / this.width);
    const x = cell - y * this.width;
    if (this.dirtyRows[y] === 0) {
      this.dirtyRows[y] = 1;
      this.dirtyFirst[y] = x;
      this.dirtyLast[y] = x;
    } else {
      if (x < this.dirtyFirst[y]) this.dirtyFirst[y] = x;
      if (x > this.dirtyLast[y]) this.dirtyLast[y] = x;
    }
    this.anyDirtyRow = true;
  }

  /** Redraws the rows of the cells marked since the last flush, run by run. */
  flush(): void {
    if (!this.anyDirtyRow) return;
    this.anyDirtyRow = false;
    const { cellSize: c, wallWidth: t, height } = this.layout;
    const rows = this.dirtyRows;
    for (let y = 0; y < this.height; y++) {
      if (!rows[y]) continue;
      let end = y;
      let first = this.dirtyFirst[y];
      let last = this.dirtyLast[y];
      while (end < this.height && rows[end]) {
        first = Math.min(first, this.dirtyFirst[end]);
        last = Math.max(last, this.dirtyLast[end]);
        rows[end++] = 0;
      }
      // The cells' pixels and the wall lines after them (a carve between rows or columns
      // touches both cells), one cell column either side for a carve towards the west.
      this.drawPixelRows(y * c, Math.min(height, end * c + t), Math.max(0, first - 1), Math.min(this.width, last + 2));
      y = end;
    }
  }

  private markPixels(top: number, bottom: number, left: number, right: number): void {
    if (this.boxes.length <= 4 * MAX_DIRTY_BOXES) this.boxes.push(left, top, right - left, bottom - top);
    if (this.dirtyBottom < this.dirtyTop) {
      this.dirtyTop = top;
      this.dirtyBottom = bottom;
      this.dirtyLeft = left;
      this.dirtyRight = right;
      return;
    }
    this.dirtyTop = Math.min(this.dirtyTop, top);
    this.dirtyBottom = Math.max(this.dirtyBottom, bottom);
    this.dirtyLeft = Math.min(this.dirtyLeft, left);
    this.dirtyRight = Math.max(this.dirtyRight, right);
  }

  markAllDirty(): void {
    this.markPixels(0, this.layout.height, 0, this.layout.width);
  }

  /** True when pixels changed (or cells wait to be drawn) since the last takeDirty. */
  get isDirty(): boolean {
    return this.anyDirtyRow || this.dirtyBottom >= this.dirtyTop;
  }

  /**
   * Flushes, then returns the boxes changed since the last call (empty when nothing did):
   * each part drawn, or their bounding box alone when there were more than MAX_DIRTY_BOXES
   * (or a whole drawing was among them). Resets them.
   */
  takeDirty(): DirtyBox[] {
    this.flush();
    if (this.dirtyBottom < this.dirtyTop) return [];
    const bounds: DirtyBox = [this.dirtyLeft, this.dirtyTop, this.dirtyRight - this.dirtyLeft, this.dirtyBottom - this.dirtyTop];
    const list = this.boxes;
    this.boxes = [];
    this.dirtyTop = 0;
    this.dirtyBottom = -1;
    if (list.length > 4 * MAX_DIRTY_BOXES || list.length === 4) return [bounds];
    const out: DirtyBox[] = [];
    for (let i = 0; i < list.length; i += 4) {
      // A whole drawing covers every other box.
      if (list[i + 2] === this.layout.width && list[i + 3] === this.layout.height) return [bounds];
      out.push([list[i], list[i + 1], list[i + 2], list[i + 3]]);
    }
    return out;
  }

  /** The cell under image pixel (x, y), or -1 (a wall line counts with the cell after it). */
  cellAt(x: number, y: number): number {
    const { cellSize: c, wallWidth: t } = this.layout;
    const cx = Math.floor((x - t / 2) / c);
    const cy = Math.floor((y - t / 2) / c);
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height) return -1;
    return cy * this.width + cx;
  }
}
