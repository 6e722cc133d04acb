import type { DrawContext } from './context.js';
import { OptionError, SizeError } from '../errors.js';

/** '#rrggbb' to [r, g, b]. */
export function parseHexColor(color: string): [number, number, number] {
  const m = /^#([0-9a-fA-F]{6})$/.exec(color);
  if (!m) throw new OptionError('color', `expected a colour as #rrggbb, got '${color}'`);
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/**
 * Draws into an RGB pixel buffer (3 bytes a pixel, row by row) that holds image rows
 * [top, top + height) of a taller picture: a PNG is built band by band this way. An
 * axis-aligned line is a rectangle with square caps (the square grid's walls, pixel for
 * pixel); any other line (hex, triangle and polar walls, a path through their centres)
 * covers the pixels whose centres lie within half its width of it (round caps).
 */
export class RasterContext implements DrawContext {
  readonly width: number;
  readonly height: number;
  readonly top: number;
  readonly pixels: Uint8Array;
  /** Segments since beginPath as x0, y0, x1, y1; a typed array reused between strokes. */
  private segments = new Float64Array(1024);
  private segmentCount = 0;
  private penX = 0;
  private penY = 0;
  private readonly colorCache = new Map<string, [number, number, number]>();
  /** Pixel columns [clipLeft, clipRight) drawn into; the rest of the band is left as it is. */
  private clipLeft = 0;
  private clipRight: number;

  constructor(width: number, height: number, top = 0, pixels?: Uint8Array) {
    this.width = width;
    this.height = height;
    this.top = top;
    this.pixels = pixels ?? new Uint8Array(width * height * 3);
    if (this.pixels.length < width * height * 3) throw new SizeError('pixel buffer too small for the band');
    this.clipRight = width;
  }

  /** Draws only into pixel columns [left, right) from now on (a redraw of part of a band). */
  clipColumns(left: number, right: number): void {
    this.clipLeft = Math.max(0, Math.min(this.width, Math.floor(left)));
    this.clipRight = Math.max(this.clipLeft, Math.min(this.width, Math.ceil(right)));
  }

  private rgb(color: string): [number, number, number] {
    let rgb = this.colorCache.get(color);
    if (!rgb) {
      rgb = parseHexColor(color);
      this.colorCache.set(color, rgb);
    }
    return rgb;
  }

  /** Fills pixels [x0, x1) x [y0, y1) in picture coordinates, rounded to whole pixels. */
  private fill(x0: number, y0: number, x1: number, y1: number, color: string): void {
    const left = Math.max(this.clipLeft, Math.round(x0));
    const right = Math.min(this.clipRight, Math.round(x1));
    const upper = Math.max(this.top, Math.round(y0));
    const lower = Math.min(this.top + this.height, Math.round(y1));
    if (left >= right || upper >= lower) return;
    const [r, g, b] = this.rgb(color);
    const px = this.pixels;
    for (let y = upper; y < lower; y++) {
      let k = ((y - this.top) * this.width + left) * 3;
      for (let x = left; x < right; x++) {
        px[k++] = r;
        px[k++] = g;
        px[k++] = b;
      }
    }
  }

  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.fill(x, y, x + width, y + height, color);
  }

  beginPath(): void {
    this.segmentCount = 0;
  }

  moveTo(x: number, y: number): void {
    this.penX = x;
    this.penY = y;
  }

  lineTo(x: number, y: number): void {
    let k = this.segmentCount * 4;
    if (k + 4 > this.segments.length) {
      const grown = new Float64Array(this.segments.length * 2);
      grown.set(this.segments);
      this.segments = grown;
    }
    const s = this.segments;
    s[k++] = this.penX;
    s[k++] = this.penY;
    s[k++] = x;
    s[k] = y;
    this.segmentCount++;
    this.penX = x;
    this.penY = y;
  }

  stroke(color: string, lineWidth: number): void {
    const half = lineWidth / 2;
    const s = this.segments;
    const end = this.segmentCount * 4;
    for (let i = 0; i < end; i += 4) {
      if (s[i] !== s[i + 2] && s[i + 1] !== s[i + 3]) {
        this.fillCapsule(s[i], s[i + 1], s[i + 2], s[i + 3], half, color);
        continue;
      }
      const x0 = Math.min(s[i], s[i + 2]);
      const x1 = Math.max(s[i], s[i + 2]);
      const y0 = Math.min(s[i + 1], s[i + 3]);
      const y1 = Math.max(s[i + 1], s[i + 3]);
      this.fill(x0 - half, y0 - half, x1 + half, y1 + half, color);
    }
    this.segmentCount = 0;
  }

  /** Fills the pixels whose centres lie within `radius` of (x, y). */
  fillCircle(x: number, y: number, radius: number, color: string): void {
    this.fillCapsule(x, y, x, y, radius, color);
  }

  /** Fills the pixels whose centres lie within `half` of the segment (x0, y0)-(x1, y1). */
  private fillCapsule(x0: number, y0: number, x1: number, y1: number, half: number, color: string): void {
    const left = Math.max(this.clipLeft, Math.floor(Math.min(x0, x1) - half));
    const right = Math.min(this.clipRight, Math.ceil(Math.max(x0, x1) + half));
    const upper = Math.max(this.top, Math.floor(Math.min(y0, y1) - half));
    const lower = Math.min(this.top + this.height, Math.ceil(Math.max(y0, y1) + half));
    if (left >= right || upper >= lower) return;
    const [r, g, b] = this.rgb(color);
    const dx = x1 - x0;
    const dy = y1 - y0;
    const length2 = dx * dx + dy * dy;
    const limit = half * half;
    const px = this.pixels;
    for (let y = upper; y < lower; y++) {
      const cy = y + 0.5 - y0;
      for (let x = left; x < right; x++) {
        const cx = x + 0.5 - x0;
        // The nearest point of the segment to the pixel's centre, as a share of the way along it.
        const along = length2 === 0 ? 0 : Math.max(0, Math.min(1, (cx * dx + cy * dy) / length2));
        const ex = cx - along * dx;
        const ey = cy - along * dy;
        if (ex * ex + ey * ey > limit) continue;
        const k = ((y - this.top) * this.width + x) * 3;
        px[k] = r;
        px[k + 1] = g;
        px[k + 2] = b;
      }
    }
  }

  /**
   * Fills the pixels whose centres lie inside the polygon x0, y0, x1, y1, ... (even-odd, so
   * two polygons that share an edge never both take a pixel on it, nor leave one out).
   */
  fillPolygon(points: ArrayLike<number>, color: string): void {
    const [r, g, b] = this.rgb(color);
    const px = this.pixels;
    forEachPolygonSpan(points, this.top, this.top + this.height, this.clipLeft, this.clipRight, (y, left, right) => {
      let at = ((y - this.top) * this.width + left) * 3;
      for (let x = left; x < right; x++) {
        px[at++] = r;
        px[at++] = g;
        px[at++] = b;
      }
    });
  }

  /** The [r, g, b] at picture pixel (x, y), which must lie in this band. */
  pixel(x: number, y: number): [number, number, number] {
    const k = ((y - this.top) * this.width + x) * 3;
    return [this.pixels[k], this.pixels[k + 1], this.pixels[k + 2]];
  }
}

/**
 * Calls `span(y, left, right)` for each row y in [top, bottom) and each run of pixels
 * [left, right) within [minX, maxX) whose centres lie inside the polygon x0, y0, x1, y1, ...
 * (even-odd; each row's crossings half-open, so two polygons that share an edge never both
 * take a pixel on it, nor leave one out). The picture rasters and the block raster share it.
 */
export function forEachPolygonSpan(
  points: ArrayLike<number>,
  top: number,
  bottom: number,
  minX: number,
  maxX: number,
  span: (y: number, left: number, right: number) => void,
): void {
  const n = points.length >> 1;
  if (n < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 1; i < points.length; i += 2) {
    minY = Math.min(minY, points[i]);
    maxY = Math.max(maxY, points[i]);
  }
  const upper = Math.max(top, Math.ceil(minY - 0.5));
  const lower = Math.min(bottom, Math.ceil(maxY - 0.5));
  const crossings: number[] = [];
  for (let y = upper; y < lower; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      let [xa, ya, xb, yb] = [points[2 * i], points[2 * i + 1], points[2 * j], points[2 * j + 1]];
      // Half-open in y: a vertex on the scanline counts for one of its two edges only.
      if (ya > cy === yb > cy) continue;
      // From the upper end, so an edge two polygons share gives both the very same crossing.
      if (ya > yb) [xa, ya, xb, yb] = [xb, yb, xa, ya];
      crossings.push(xa + ((cy - ya) * (xb - xa)) / (yb - ya));
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Pixel x is inside when its centre x + 0.5 lies in [from, to).
      const left = Math.max(minX, Math.ceil(crossings[k] - 0.5));
      const right = Math.min(maxX, Math.ceil(crossings[k + 1] - 0.5));
      if (left < right) span(y, left, right);
    }
  }
}
