import { SizeError } from '../errors.js';
import type { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import type { DrawPoint, Topology } from '../grid/topology.js';
import { arcPoints, gridCellOutline } from './grid-geometry.js';
import { forEachPolygonSpan } from './raster.js';

/**
 * The one rasteriser of cell shapes: a maze's drawing (the geometry its SVG and PNG draw,
 * `gridCellOutline`, polar arcs as chords) laid on a matrix of bytes, one a pixel or block.
 * It holds the frames and scales (where the matrix lies over the drawing, how many pixels a
 * drawing unit, the periods of wrapped axes), the map from drawing units to the matrix, and
 * the two ways a shape lands on it: a polygon fills the pixels whose centres lie inside it,
 * a line takes those within half a pixel of it. Two rules stand on it: the block matrix of
 * any grid (block-raster.ts: the block, ASCII and Unicode formats) and the terminal's
 * picture of cell roles (role-raster.ts, at the face's scale).
 */

/** Blocks across the narrowest feature of a grid: room for a wall a block thick and a passage of two or more. */
export const RASTER_BLOCKS_ACROSS = 4;

/** The most blocks a raster holds (one byte each, the text about two bytes each): 2^26, an 8192 x 8192 picture. */
export const MAX_RASTER_BLOCKS = 2 ** 26;

/** The narrowest feature of the grid in drawing units: what one block must be several times smaller than. */
export function narrowestFeature(t: Topology): number {
  switch (t.kind) {
    case 'square':
    case 'hex':
      return 1;
    case 'triangle':
      // The inscribed circle of a triangle of side 1.
      return 1 / Math.sqrt(3);
    case 'polar': {
      const polar = t as PolarTopology;
      let narrowest = 1;
      // A ring's cells are narrowest at their inner arc.
      for (let r = 1; r <= polar.height; r++) narrowest = Math.min(narrowest, (2 * Math.PI * r) / polar.ringCount[r]);
      return narrowest;
    }
  }
}

/** Blocks per drawing unit (on a wrapped axis, before it is fitted to a whole period). */
export function rasterScale(t: Topology): number {
  return Math.ceil(RASTER_BLOCKS_ACROSS / narrowestFeature(t) - 1e-9);
}

/** Where a raster lies over the drawing: its size in blocks (pixels), blocks per unit along each axis, the margin, and the periods of wrapped axes. */
export interface RasterFrame {
  rows: number;
  cols: number;
  /** Blank blocks before the drawing's origin on each axis (the terminal's picture keeps its outer walls inside). */
  margin?: number;
  /** Blocks per drawing unit across and down (equal unless a wrapped axis was fitted). */
  scaleX: number;
  scaleY: number;
  /** The period in drawing units of a wrapped axis, 0 on an axis that does not wrap. */
  periodX: number;
  periodY: number;
}

/** The period of each wrapped axis in drawing units (the hex grid's; the square grid has its own lattice). */
function wrapPeriods(t: Topology): { x: number; y: number } {
  const wrapsX = t.wrap === 'x' || t.wrap === 'xy';
  const wrapsY = t.wrap === 'y' || t.wrap === 'xy';
  if (t.kind === 'hex') return { x: wrapsX ? 1.5 * t.width : 0, y: wrapsY ? Math.sqrt(3) * t.height : 0 };
  if (t.kind === 'square') return { x: wrapsX ? t.width : 0, y: wrapsY ? t.height : 0 };
  return { x: 0, y: 0 };
}

/** The raster's frame for a grid (its size is known before any maze is made). */
export function rasterFrame(t: Topology): RasterFrame {
  const scale = rasterScale(t);
  const period = wrapPeriods(t);
  const axis = (extent: number, wrapPeriod: number): [number, number] => {
    if (wrapPeriod === 0) return [Math.max(1, Math.ceil(extent * scale - 1e-9)), scale];
    const blocks = Math.max(1, Math.round(wrapPeriod * scale));
    return [blocks, blocks / wrapPeriod];
  };
  const [cols, scaleX] = axis(t.extent.width, period.x);
  const [rows, scaleY] = axis(t.extent.height, period.y);
  return { rows, cols, scaleX, scaleY, periodX: period.x, periodY: period.y };
}

/** Refuses a raster over MAX_RASTER_BLOCKS, in words that name the formats that still work. */
export function checkRasterSize(t: Topology, frame: RasterFrame = rasterFrame(t)): void {
  const blocks = frame.rows * frame.cols;
  if (blocks <= MAX_RASTER_BLOCKS) return;
  throw new SizeError(
    `a ${t.kind} maze of ${t.size} cells is ${frame.cols}x${frame.rows} blocks as a block picture, over the ${MAX_RASTER_BLOCKS} blocks ` +
      `the block, ASCII and Unicode formats draw; write it as svg, png, json or graph`,
  );
}

/**
 * The frame of a picture drawn at `scale` pixels a drawing unit with `margin` blank pixels
 * around it (the terminal's role picture): no wrapped axis is fitted, the drawing is one copy.
 */
export function shapeFrame(t: Topology, scale: { x: number; y: number }, margin: number): RasterFrame {
  return {
    rows: Math.ceil(t.extent.height * scale.y + 2 * margin),
    cols: Math.ceil(t.extent.width * scale.x + 2 * margin),
    scaleX: scale.x,
    scaleY: scale.y,
    margin,
    periodX: 0,
    periodY: 0,
  };
}

/**
 * A position rounded to 2^-20 of a block: a corner two cells compute apart (from their own
 * centres, a hair different) becomes one point, so a row of block centres exactly on their
 * shared edge goes to one of them rather than to neither.
 */
function snap(v: number): number {
  return Math.round(v * 1048576) / 1048576;
}

/** Positions in blocks: the frame's affine map of a drawing point (snapped or exact), shifted by whole periods. */
export class RasterSpace {
  readonly offsetsX: number[];
  readonly offsetsY: number[];
  private readonly margin: number;

  constructor(
    readonly frame: RasterFrame,
    private readonly snapped = true,
  ) {
    // A shape near one edge of a wrapped axis is drawn a period further on too (and the one past it).
    this.offsetsX = frame.periodX > 0 ? [-frame.periodX, 0, frame.periodX] : [0];
    this.offsetsY = frame.periodY > 0 ? [-frame.periodY, 0, frame.periodY] : [0];
    this.margin = frame.margin ?? 0;
  }

  /** The drawing point `p` in blocks, [x, y]. */
  at(p: DrawPoint): [number, number] {
    const { scaleX, scaleY } = this.frame;
    const m = this.margin;
    return this.snapped ? [snap(m + p.x * scaleX), snap(m + p.y * scaleY)] : [m + p.x * scaleX, m + p.y * scaleY];
  }

  /** `points` (drawing units) in blocks as flat x, y pairs, once for each period shift. */
  shifted(points: readonly DrawPoint[], visit: (flat: Float64Array) => void): void {
    const { scaleX, scaleY } = this.frame;
    const m = this.margin;
    const flat = new Float64Array(points.length * 2);
    for (const ox of this.offsetsX) {
      for (const oy of this.offsetsY) {
        for (let k = 0; k < points.length; k++) {
          const x = m + (points[k].x + ox) * scaleX;
          const y = m + (points[k].y + oy) * scaleY;
          flat[2 * k] = this.snapped ? snap(x) : x;
          flat[2 * k + 1] = this.snapped ? snap(y) : y;
        }
        visit(flat);
      }
    }
  }

  /** The block index under the drawing point `p` (wrapped onto the matrix on a wrapped axis, else clamped to it). */
  blockAt(p: DrawPoint): number {
    const { rows, cols, scaleX, scaleY } = this.frame;
    const m = this.margin;
    let c = Math.floor(m + p.x * scaleX);
    let r = Math.floor(m + p.y * scaleY);
    c = this.frame.periodX > 0 ? ((c % cols) + cols) % cols : Math.min(cols - 1, Math.max(0, c));
    r = this.frame.periodY > 0 ? ((r % rows) + rows) % rows : Math.min(rows - 1, Math.max(0, r));
    return r * cols + c;
  }
}

/** An edge's points in drawing units, an arc as chords of at most a block. */
export function edgePoints(edge: Parameters<typeof arcPoints>[0], frame: RasterFrame): DrawPoint[] {
  return arcPoints(edge, 1 / Math.max(frame.scaleX, frame.scaleY));
}

/** A cell's outline in drawing units, its edges chained (an arc as chords of at most a block). */
export function cellOutline(maze: GridMaze, cell: number, frame: RasterFrame): DrawPoint[] {
  const points: DrawPoint[] = [];
  for (const edge of gridCellOutline(maze, cell)) {
    const chain = edgePoints(edge, frame);
    // Each edge starts where the one before ended.
    for (let k = 1; k < chain.length; k++) points.push(chain[k]);
  }
  return points;
}

/**
 * Visits the blocks whose centres lie inside the polygon (flat x, y in blocks, even-odd,
 * each row's crossings half-open so two cells sharing an edge never both take a block on it).
 */
export function forEachBlockInside(frame: RasterFrame, points: Float64Array, visit: (from: number, to: number) => void): void {
  const cols = frame.cols;
  forEachPolygonSpan(points, 0, frame.rows, 0, cols, (r, left, right) => visit(r * cols + left, r * cols + right));
}

/** Sets the blocks whose centres lie inside the polygon to `code`. */
export function fillPolygon(codes: Uint8Array, frame: RasterFrame, points: Float64Array, code: number): void {
  forEachBlockInside(frame, points, (from, to) => codes.fill(code, from, to));
}

/** A half block, and a hair more so that a wall exactly between two rows of blocks takes both. */
const HALF = 0.5 + 1e-9;

/**
 * Visits the blocks whose centres lie within half a block of the polyline (flat x, y in
 * block units) once each, clipped to the matrix.
 */
export function forEachBlockNear(frame: RasterFrame, points: Float64Array, visit: (index: number) => void): void {
  for (let i = 0; i + 3 < points.length; i += 2) {
    const [x0, y0, x1, y1] = [points[i], points[i + 1], points[i + 2], points[i + 3]];
    const left = Math.max(0, Math.floor(Math.min(x0, x1) - HALF));
    const right = Math.min(frame.cols, Math.ceil(Math.max(x0, x1) + HALF));
    const upper = Math.max(0, Math.floor(Math.min(y0, y1) - HALF));
    const lower = Math.min(frame.rows, Math.ceil(Math.max(y0, y1) + HALF));
    const dx = x1 - x0;
    const dy = y1 - y0;
    const length2 = dx * dx + dy * dy;
    for (let r = upper; r < lower; r++) {
      const cy = r + 0.5 - y0;
      for (let c = left; c < right; c++) {
        const cx = c + 0.5 - x0;
        const along = length2 === 0 ? 0 : Math.max(0, Math.min(1, (cx * dx + cy * dy) / length2));
        const ex = cx - along * dx;
        const ey = cy - along * dy;
        if (ex * ex + ey * ey <= HALF * HALF) visit(r * frame.cols + c);
      }
    }
  }
}
