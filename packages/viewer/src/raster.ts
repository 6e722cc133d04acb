import { EAST, NORTH, SOUTH, WEST } from 'mazegen';

/**
 * Pixel layout of a maze image (the documented geometry the tests rely on):
 * a maze of W x H cells at pitch p with walls t pixels thick is (W*p + t) x (H*p + t)
 * pixels. Grid line k (between cells k-1 and k) covers pixels [k*p, k*p + t); the
 * inside of cell x covers [x*p + t, (x+1)*p). Rows work the same way with y.
 */
export interface Geometry {
  pitch: number;
  wall: number;
  imageWidth: number;
  imageHeight: number;
}

/** Smallest pitch that still shows a passage between two walls. */
export const MIN_PITCH = 2;

/** Wall thickness for a pitch: one pixel up to 15, then an eighth of the pitch. */
export function wallFor(pitch: number): number {
  return Math.max(1, Math.floor(pitch / 8));
}

export function geometryFor(width: number, height: number, pitch: number): Geometry {
  const wall = wallFor(pitch);
  return { pitch, wall, imageWidth: width * pitch + wall, imageHeight: height * pitch + wall };
}

/** What a cell is painted as; indexes into the palette. */
export const Paint = {
  Background: 0,
  Wall: 1,
  Path: 2,
  Pattern: 3,
  Entry: 4,
  Exit: 5,
  Frontier: 6,
  Visited: 7,
  Retreated: 8,
} as const;
export const PAINT_COUNT = 9;
/** Marks an opening the path runs through (never a real colour: palette words have alpha 255). */
const PATH_BAND = 0;

/** '#rrggbb' to a little-endian RGBA word (as an ImageData's Uint32Array view reads it). */
export function rgbaWord(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/**
 * Draws a maze into a pixel buffer: one word per pixel, walls as filled strips, no
 * path objects, so a 2000x2000 maze costs one pass over its cells.
 */
export class MazeRaster {
  readonly width: number;
  readonly height: number;
  readonly geometry: Geometry;
  /** One RGBA word per pixel, row by row (a view on an ImageData's buffer). */
  readonly pixels: Uint32Array;
  /** The wall bytes drawn (the maze's cells, or an animation's working copy). */
  cells: Uint8Array;
  /** Paint of each cell (see Paint). */
  readonly paint: Uint8Array;
  /** RGBA word per Paint value. */
  readonly palette: Uint32Array;
  /** Dirty box in pixels since the last take: x0, y0, x1, y1 (x1 < x0 when clean). */
  private dirty = [0, 0, -1, -1];

  constructor(width: number, height: number, pitch: number, pixels: Uint32Array, cells: Uint8Array, paint: Uint8Array, palette: Uint32Array) {
    this.width = width;
    this.height = height;
    this.geometry = geometryFor(width, height, pitch);
    this.pixels = pixels;
    this.cells = cells;
    this.paint = paint;
    this.palette = palette;
  }

  private fill(x: number, y: number, w: number, h: number, color: number): void {
    const stride = this.geometry.imageWidth;
    const px = this.pixels;
    for (let row = y; row < y + h; row++) {
      const start = row * stride + x;
      if (w === 1) px[start] = color;
      else px.fill(color, start, start + w);
    }
  }

  /**
   * Colour of the opening between two cells: theirs when they agree, else the
   * background; PATH_BAND where the path runs through it (drawn as a centred band).
   */
  private between(a: number, b: number): number {
    const pa = this.paint[a];
    const pb = this.paint[b];
    const route = (q: number): boolean => q === Paint.Path || q === Paint.Entry || q === Paint.Exit;
    if ((pa === Paint.Path && route(pb)) || (pb === Paint.Path && route(pa))) return this.inset > 0 ? PATH_BAND : this.palette[Paint.Path];
    if (pa === pb) return this.palette[pa];
    return this.palette[Paint.Background];
  }

  /** Margin between a path band and the walls: a quarter of the passage once passages are 4 pixels wide. */
  private get inset(): number {
    const passage = this.geometry.pitch - this.geometry.wall;
    return passage >= 4 ? Math.floor(passage / 4) : 0;
  }

  /** Grid point (gx, gy): wall colour when any wall meets there, else the cells' common colour. */
  private cornerColor(gx: number, gy: number): number {
    const { width: w, height: h, cells } = this;
    if (gx === 0 || gy === 0 || gx === w || gy === h) return this.palette[Paint.Wall];
    const se = gy * w + gx;
    const ne = se - w;
    if (cells[ne] & WEST || cells[se] & WEST || cells[se] & NORTH || cells[se - 1] & NORTH) return this.palette[Paint.Wall];
    const q = this.paint[se];
    return this.paint[ne] === q && this.paint[se - 1] === q && this.paint[ne - 1] === q ? this.palette[q] : this.palette[Paint.Background];
  }

  /** Colour of the strip on vertical grid line gx beside row y (PATH_BAND for the path). */
  private verticalColor(gx: number, y: number): number {
    const w = this.width;
    if (gx === 0 || gx === w) return this.palette[Paint.Wall];
    const right = y * w + gx;
    return this.cells[right] & WEST ? this.palette[Paint.Wall] : this.between(right - 1, right);
  }

  /** Colour of the strip on horizontal grid line gy above column x (PATH_BAND for the path). */
  private horizontalColor(x: number, gy: number): number {
    const w = this.width;
    if (gy === 0 || gy === this.height) return this.palette[Paint.Wall];
    const below = gy * w + x;
    return this.cells[below] & NORTH ? this.palette[Paint.Wall] : this.between(below - w, below);
  }

  private corner(gx: number, gy: number): void {
    const { pitch: p, wall: t } = this.geometry;
    this.fill(gx * p, gy * p, t, t, this.cornerColor(gx, gy));
  }

  /** The vertical strip on grid line gx beside row y. */
  private verticalStrip(gx: number, y: number): void {
    const { pitch: p, wall: t } = this.geometry;
    const color = this.verticalColor(gx, y);
    if (color === PATH_BAND) {
      const m = this.inset;
      this.fill(gx * p, y * p + t, t, p - t, this.palette[Paint.Background]);
      this.fill(gx * p, y * p + t + m, t, p - t - 2 * m, this.palette[Paint.Path]);
    } else this.fill(gx * p, y * p + t, t, p - t, color);
  }

  /** The horizontal strip on grid line gy above column x. */
  private horizontalStrip(x: number, gy: number): void {
    const { pitch: p, wall: t } = this.geometry;
    const color = this.horizontalColor(x, gy);
    if (color === PATH_BAND) {
      const m = this.inset;
      this.fill(x * p + t, gy * p, p - t, t, this.palette[Paint.Background]);
      this.fill(x * p + t + m, gy * p, p - t - 2 * m, t, this.palette[Paint.Path]);
    } else this.fill(x * p + t, gy * p, p - t, t, color);
  }

  private interior(x: number, y: number): void {
    const { pitch: p, wall: t } = this.geometry;
    const cell = y * this.width + x;
    const paint = this.paint[cell];
    const m = paint === Paint.Path ? this.inset : 0;
    if (m === 0) {
      this.fill(x * p + t, y * p + t, p - t, p - t, this.palette[paint]);
      return;
    }
    // The path is a band through the cell's centre with arms towards the path's next cells,
    // so walls stay easy to see beside it.
    const inner = p - t;
    const band = inner - 2 * m;
    const color = this.palette[Paint.Path];
    const x0 = x * p + t;
    const y0 = y * p + t;
    this.fill(x0, y0, inner, inner, this.palette[Paint.Background]);
    this.fill(x0 + m, y0 + m, band, band, color);
    const c = this.cells[cell];
    const w = this.width;
    if (!(c & NORTH) && y > 0 && this.onRoute(cell - w)) this.fill(x0 + m, y0, band, m, color);
    if (!(c & SOUTH) && y + 1 < this.height && this.onRoute(cell + w)) this.fill(x0 + m, y0 + inner - m, band, m, color);
    if (!(c & WEST) && x > 0 && this.onRoute(cell - 1)) this.fill(x0, y0 + m, m, band, color);
    if (!(c & EAST) && x + 1 < w && this.onRoute(cell + 1)) this.fill(x0 + inner - m, y0 + m, m, band, color);
  }

  private onRoute(cell: number): boolean {
    const q = this.paint[cell];
    return q === Paint.Path || q === Paint.Entry || q === Paint.Exit;
  }

  /**
   * Draws everything, one pixel row at a time (the same pixels as drawCell on every
   * cell, in one pass: a 2000x2000 maze is 16 million pixels).
   */
  drawAll(): void {
    const { width: w, height: h, pixels, palette } = this;
    const { pitch: p, wall: t, imageWidth: stride } = this.geometry;
    const bg = palette[Paint.Background];
    const pathColor = palette[Paint.Path];
    const m = this.inset;
    const lineColors = new Uint32Array(2 * w + 1);
    for (let gy = 0; gy <= h; gy++) {
      // Grid line gy: corners and horizontal strips, t pixel rows.
      for (let x = 0; x < w; x++) {
        lineColors[2 * x] = this.cornerColor(x, gy);
        lineColors[2 * x + 1] = this.horizontalColor(x, gy);
      }
      lineColors[2 * w] = this.cornerColor(w, gy);
      for (let r = 0; r < t; r++) {
        let k = (gy * p + r) * stride;
        for (let x = 0; x < w; x++) {
          const corner = lineColors[2 * x];
          for (let i = 0; i < t; i++) pixels[k++] = corner;
          const strip = lineColors[2 * x + 1];
          if (strip === PATH_BAND) {
            for (let i = 0; i < p - t; i++) pixels[k++] = i >= m && i < p - t - m ? pathColor : bg;
          } else {
            for (let i = 0; i < p - t; i++) pixels[k++] = strip;
          }
        }
        for (let i = 0; i < t; i++) pixels[k++] = lineColors[2 * w];
      }
      if (gy === h) break;
      // Cell row gy: vertical strips and insides, p - t pixel rows.
      const row = gy * w;
      for (let x = 0; x < w; x++) {
        lineColors[2 * x] = this.verticalColor(x, gy);
        lineColors[2 * x + 1] = this.paint[row + x];
      }
      lineColors[2 * w] = this.verticalColor(w, gy);
      for (let r = 0; r < p - t; r++) {
        const inBand = r >= m && r < p - t - m;
        let k = (gy * p + t + r) * stride;
        for (let x = 0; x < w; x++) {
          const strip = lineColors[2 * x];
          const stripPixel = strip === PATH_BAND ? (inBand ? pathColor : bg) : strip;
          for (let i = 0; i < t; i++) pixels[k++] = stripPixel;
          const paint = lineColors[2 * x + 1];
          if (paint === Paint.Path && m > 0) {
            for (let i = 0; i < p - t; i++) pixels[k++] = inBand && i >= m && i < p - t - m ? pathColor : bg;
          } else {
            const color = palette[paint];
            for (let i = 0; i < p - t; i++) pixels[k++] = color;
          }
        }
        const last = lineColors[2 * w];
        for (let i = 0; i < t; i++) pixels[k++] = last === PATH_BAND ? (inBand ? pathColor : bg) : last;
      }
    }
    // Path cells get their arms (a few cells; the row pass above drew only their centres).
    if (m > 0) {
      const paint = this.paint;
      for (let cell = 0; cell < paint.length; cell++) if (paint[cell] === Paint.Path) this.interior(cell % w, (cell - (cell % w)) / w);
    }
    this.markDirty(0, 0, this.geometry.imageWidth, this.geometry.imageHeight);
  }

  /** Redraws one cell with its four sides and corners (after its walls or paint changed). */
  drawCell(cell: number): void {
    const w = this.width;
    const x = cell % w;
    const y = (cell - x) / w;
    this.interior(x, y);
    this.horizontalStrip(x, y);
    this.horizontalStrip(x, y + 1);
    this.verticalStrip(x, y);
    this.verticalStrip(x + 1, y);
    this.corner(x, y);
    this.corner(x + 1, y);
    this.corner(x, y + 1);
    this.corner(x + 1, y + 1);
    // Path neighbours redraw their arms towards this cell.
    const h = this.height;
    if (y > 0 && this.paint[cell - w] === Paint.Path) this.interior(x, y - 1);
    if (y + 1 < h && this.paint[cell + w] === Paint.Path) this.interior(x, y + 1);
    if (x > 0 && this.paint[cell - 1] === Paint.Path) this.interior(x - 1, y);
    if (x + 1 < w && this.paint[cell + 1] === Paint.Path) this.interior(x + 1, y);
    const { pitch: p, wall: t } = this.geometry;
    const { imageWidth, imageHeight } = this.geometry;
    this.markDirty(Math.max(0, (x - 1) * p), Math.max(0, (y - 1) * p), Math.min(imageWidth, (x + 2) * p + t), Math.min(imageHeight, (y + 2) * p + t));
  }

  markAllDirty(): void {
    this.markDirty(0, 0, this.geometry.imageWidth, this.geometry.imageHeight);
  }

  private markDirty(x0: number, y0: number, x1: number, y1: number): void {
    const d = this.dirty;
    if (d[2] < d[0]) {
      d[0] = x0;
      d[1] = y0;
      d[2] = x1;
      d[3] = y1;
      return;
    }
    if (x0 < d[0]) d[0] = x0;
    if (y0 < d[1]) d[1] = y0;
    if (x1 > d[2]) d[2] = x1;
    if (y1 > d[3]) d[3] = y1;
  }

  /** True when pixels changed since the last takeDirty. */
  get isDirty(): boolean {
    return this.dirty[2] >= this.dirty[0];
  }

  /** The box changed since the last call ([x, y, w, h]), or undefined; resets it. */
  takeDirty(): [number, number, number, number] | undefined {
    const d = this.dirty;
    if (d[2] < d[0]) return undefined;
    const box: [number, number, number, number] = [d[0], d[1], d[2] - d[0], d[3] - d[1]];
    d[0] = 0;
    d[1] = 0;
    d[2] = -1;
    d[3] = -1;
    return box;
  }
}
