import type { GridMaze, Theme } from 'mazegen';
import { RasterContext } from 'mazegen/render';
import { GridPainter, gridScreenLayout } from './grid-painter.js';
import { SquarePainter, screenLayout } from './square-painter.js';

/**
 * The viewer's maze image, one picture for every grid: the library's own drawing code
 * into a `RasterContext`, band by band (the code `a-maze-ing render` writes PNGs with), so
 * the screen and the exports share one geometry and one palette. What differs between
 * grids is the drawing plug-in, a `Painter`, picked by the scene: the plain square grid
 * keeps its established drawing (`drawMaze`, the 42 in its colour, redraws clipped to the
 * changed columns), every other grid is `drawMaze`'s topology drawing. This file holds what they share:
 * the pixels, the bands, and the changed parts an animation frame repaints.
 */

/** What is drawn: the shared state the page, the animation and the worker fill in. */
export interface Scene {
  /** The walls drawn (the maze, or an animation's working copy); a square maze is seen through GridMaze.fromMaze. */
  maze: GridMaze;
  /** Drawn as the plain square grid (the 42 subject's drawing and its exports: the square plug-in). */
  square: boolean;
  theme: Theme;
  /** The ends, as cell numbers. */
  entry?: number;
  exit?: number;
  /** Path cells drawn, entry first (a prefix while the path is revealed), or none. */
  path?: Int32Array;
  /** Cell tints (animation shades, the player, distance bands; see Shade), or none. */
  shade?: Uint8Array;
  shadeColors?: readonly string[];
}

/** Animation tints, as values of Scene.shade. */
export const Shade = { None: 0, Frontier: 1, Visited: 2, DeadEnd: 3, Current: 4 } as const;

/** Smallest cell size the library draws (a passage between two 1-pixel walls). */
export const MIN_PITCH = 2;

/** A changed part of the image: [x, y, width, height] in image pixels. */
export type DirtyBox = [number, number, number, number];

/** A point on the picture, in image pixels. */
export interface PicturePoint {
  x: number;
  y: number;
}

/** The picture's size and scale: what the view fits and the tests sample. */
export interface PictureLayout {
  width: number;
  height: number;
  /** Pixels per cell (square) or per drawing unit (a hexagon's or triangle's side, a ring's depth): the pitch. */
  cellSize: number;
  wallWidth: number;
}

/** Receives a changed region of the picture: image rows [top, bottom) and columns [left, right). */
export type RegionSink = (top: number, bottom: number, left: number, right: number) => void;

/**
 * A grid's drawing plug-in: it lays the picture out, draws a band of it, and knows which
 * pixels a changed cell touches (each grid's own bookkeeping, kept cheap for animations).
 */
export interface Painter {
  readonly layout: PictureLayout;
  /** Draws image rows [top, top + rows) into `ctx`, a band that starts at row `top`; only columns [left, right) when they are not the whole width (the context clips to them). */
  paint(ctx: RasterContext, top: number, rows: number, left: number, right: number): void;
  /** Notes that a cell changed (walls, tint, path or mark). */
  markCell(cell: number): void;
  /** Hands the regions of the cells marked since the last call to `redraw`, and forgets them. */
  takeMarked(redraw: RegionSink): void;
  /** Forgets the marked cells (a whole drawing covers them). */
  clearMarks(): void;
  /** True while cells are marked and not yet taken. */
  readonly hasMarks: boolean;
  /** RGB pixels drawn at once before they are copied into the RGBA image. */
  readonly bandPixels: number;
  /** The maze's cell under image pixel (x, y), or -1. */
  cellAt(x: number, y: number): number;
  /** A cell's centre in image pixels. */
  centre(cell: number): PicturePoint;
  /** A cell's corners in image pixels (the keyboard cursor's outline). */
  outline(cell: number): PicturePoint[];
}

/**
 * Separate changed boxes kept between two frames before they count as one bounding box:
 * steps scattered over a big maze (Kruskal's) are then repainted box by box, not as the
 * whole picture; past this many, one box costs no more than repainting them one by one.
 */
const MAX_DIRTY_BOXES = 2048;

/** The maze image: one RGBA word per pixel (a view on an ImageData's buffer, or the worker's). */
export class MazePicture {
  readonly layout: PictureLayout;
  readonly pixels: Uint32Array;
  /** Cells of the maze (the cursor and the worker's threshold count them). */
  readonly cells: number;
  readonly scene: Scene;
  readonly painter: Painter;
  private readonly band: Uint8Array;
  private readonly bandRows: number;
  /** Pixels changed since the last takeDirty: rows [top, bottom) (bottom < top when clean), columns [left, right). */
  private dirtyTop = 0;
  private dirtyBottom = -1;
  private dirtyLeft = 0;
  private dirtyRight = 0;
  /** The boxes drawn since the last takeDirty, four numbers each, while there are at most MAX_DIRTY_BOXES. */
  private boxes: number[] = [];
  private readonly redrawRegion: RegionSink = (top, bottom, left, right) => this.drawPixelRows(top, bottom, left, right);

  constructor(scene: Scene, pitch: number, pixels?: Uint32Array) {
    this.scene = scene;
    this.cells = scene.maze.size;
    this.painter = scene.square ? new SquarePainter(scene, pitch) : new GridPainter(scene, pitch);
    this.layout = this.painter.layout;
    const { width, height } = this.layout;
    this.pixels = pixels ?? new Uint32Array(width * height);
    if (this.pixels.length < width * height) throw new RangeError('pixel buffer too small for the picture');
    this.bandRows = Math.max(1, Math.min(height, Math.floor(this.painter.bandPixels / width)));
    this.band = new Uint8Array(width * this.bandRows * 3);
  }

  /** Draws image rows [top, bottom) exactly as one whole drawing would (the library's band mode); only columns [left, right) when given. */
  private drawPixelRows(top: number, bottom: number, left = 0, right = this.layout.width): void {
    const { width } = this.layout;
    const whole = left <= 0 && right >= width;
    const px = this.pixels;
    for (let y = top; y < bottom; y += this.bandRows) {
      const rows = Math.min(this.bandRows, bottom - y);
      const ctx = new RasterContext(width, rows, y, this.band);
      if (!whole) ctx.clipColumns(left, right);
      this.painter.paint(ctx, y, rows, left, right);
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
    this.painter.clearMarks();
    this.drawPixelRows(0, this.layout.height);
  }

  /** Notes that a cell changed (walls, tint, path or mark); drawn by the next flush. */
  markCell(cell: number): void {
    this.painter.markCell(cell);
  }

  /** Redraws what the cells marked since the last flush touch. */
  flush(): void {
    this.painter.takeMarked(this.redrawRegion);
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
    return this.painter.hasMarks || this.dirtyBottom >= this.dirtyTop;
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

  /** The maze's cell under image pixel (x, y), or -1. */
  cellAt(x: number, y: number): number {
    return this.painter.cellAt(x, y);
  }
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

/** The layout of a scene's picture at a pitch (without drawing it): the view fits and sizes images with it. */
export function pictureLayout(scene: Pick<Scene, 'maze' | 'square' | 'theme'>, pitch: number): PictureLayout {
  const t = scene.maze.topology;
  return scene.square ? screenLayout(t.width, t.height, scene.theme, pitch) : gridScreenLayout(scene.maze, scene.theme, pitch);
}
