import { SizeError } from '../errors.js';
import type { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import type { DrawPoint, Topology } from '../grid/topology.js';
import { arcPoints, gridCellOutline, gridPathLines } from './grid-geometry.js';
import { forEachPolygonSpan } from './raster.js';

/**
 * A grid maze (hex, triangle, polar, any mask or wrap) as a matrix of blocks, each a code
 * of the MATLAB seed's block matrix: what the block matrix, ASCII and Unicode formats of
 * those grids draw, and what a terminal could show. The square grid has its own lattice
 * (formats/blocks.ts: cells and walls one block each); every other grid is rasterised
 * from the geometry its SVG and PNG draw (`gridCellOutline`, polar arcs as chords).
 *
 * The rule, in block units (one block a unit square, block (r, c) centred at c + 0.5, r + 0.5):
 * - scale: `rasterScale(t)` blocks a drawing unit, the least whole number that puts
 *   RASTER_BLOCKS_ACROSS blocks across the grid's narrowest feature (a hex side, a
 *   triangle's inscribed circle, a polar ring's depth or its narrowest arc);
 * - a block whose centre lies in a free cell is path, in a masked cell wall, in no cell border;
 * - a closed wall is wall over every block whose centre lies within half a block of it
 *   (so at least one block thick, and no step between two side-by-side blocks crosses it
 *   without touching one); a wall with no cell beyond it (the grid's edge) is border;
 * - a path block no cell's centre reaches by steps between side-by-side path blocks (a
 *   speck left in a sharp corner) becomes wall;
 * - the block under the entry's centre is start, under the exit's end (exit over entry).
 * A wrapped axis is one period long and joins its first and last blocks (hex: 1.5 WIDTH
 * units across, sqrt(3) HEIGHT down, the rows' scale rounded to a whole number of blocks).
 * So a reader who steps between side-by-side path blocks (wrapping where the grid wraps)
 * walks from one cell to another exactly where the maze has a passage.
 */

/** Codes of a block (formats/blocks.ts's BLOCK), and the text formats' mark for the solution. */
export const RASTER_CODE = { WALL: 0, PATH: 1, START: 2, END: 3, BORDER: 8, SOLUTION: 9 } as const;

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

/** Where a grid's raster lies: its size in blocks, blocks per unit along each axis, and the periods of wrapped axes. */
export interface RasterFrame {
  rows: number;
  cols: number;
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

/** A grid maze's blocks: `codes[r * cols + c]` (RASTER_CODE), and where each cell's marks go. */
export interface BlockRaster extends RasterFrame {
  codes: Uint8Array;
  wrapX: boolean;
  wrapY: boolean;
  /** The block index (r * cols + c) under the cell's centre: where start and end are marked, and where a reader looks for a cell. */
  cellBlock(cell: number): number;
}

export interface BlockRasterOptions {
  entry?: number;
  exit?: number;
  /** Cells of a path: path blocks within half a block of the line through their centres become SOLUTION. */
  path?: ArrayLike<number> | null;
}

/** Marks a block as reached by the speck clean-up (codes are below 16). */
const REACHED = 64;
/** A half block, and a hair more so that a wall exactly between two rows of blocks takes both. */
const HALF = 0.5 + 1e-9;

/**
 * A position rounded to 2^-20 of a block: a corner two cells compute apart (from their own
 * centres, a hair different) becomes one point, so a row of block centres exactly on their
 * shared edge goes to one of them rather than to neither.
 */
function snap(v: number): number {
  return Math.round(v * 1048576) / 1048576;
}

/** Positions in block units: the frame's affine map of a drawing point, shifted by whole periods. */
class BlockSpace {
  readonly offsetsX: number[];
  readonly offsetsY: number[];

  constructor(readonly frame: RasterFrame) {
    // A shape near one edge of a wrapped axis is drawn a period further on too (and the one past it).
    this.offsetsX = frame.periodX > 0 ? [-frame.periodX, 0, frame.periodX] : [0];
    this.offsetsY = frame.periodY > 0 ? [-frame.periodY, 0, frame.periodY] : [0];
  }

  /** `points` (drawing units, flat x, y pairs) in block units, once for each period shift. */
  shifted(points: readonly DrawPoint[], visit: (flat: Float64Array) => void): void {
    const { scaleX, scaleY } = this.frame;
    const flat = new Float64Array(points.length * 2);
    for (const ox of this.offsetsX) {
      for (const oy of this.offsetsY) {
        for (let k = 0; k < points.length; k++) {
          flat[2 * k] = snap((points[k].x + ox) * scaleX);
          flat[2 * k + 1] = snap((points[k].y + oy) * scaleY);
        }
        visit(flat);
      }
    }
  }

  /** The block index under the drawing point `p` (wrapped onto the matrix on a wrapped axis). */
  blockAt(p: DrawPoint): number {
    const { rows, cols, scaleX, scaleY } = this.frame;
    let c = Math.floor(p.x * scaleX);
    let r = Math.floor(p.y * scaleY);
    c = this.frame.periodX > 0 ? ((c % cols) + cols) % cols : Math.min(cols - 1, Math.max(0, c));
    r = this.frame.periodY > 0 ? ((r % rows) + rows) % rows : Math.min(rows - 1, Math.max(0, r));
    return r * cols + c;
  }
}

/**
 * Sets the blocks whose centres lie inside the polygon (flat x, y in block units, even-odd,
 * each row's crossings half-open so two cells sharing an edge never both take a block on it).
 */
function fillPolygon(codes: Uint8Array, frame: RasterFrame, points: Float64Array, code: number): void {
  const cols = frame.cols;
  forEachPolygonSpan(points, 0, frame.rows, 0, cols, (r, left, right) => codes.fill(code, r * cols + left, r * cols + right));
}

/**
 * Visits the blocks whose centres lie within half a block of the polyline (flat x, y in
 * block units) once each, clipped to the matrix.
 */
function forEachBlockNear(frame: RasterFrame, points: Float64Array, visit: (index: number) => void): void {
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

/** An edge's points in drawing units, an arc as chords of at most a block. */
function edgePoints(edge: Parameters<typeof arcPoints>[0], frame: RasterFrame): DrawPoint[] {
  return arcPoints(edge, 1 / Math.max(frame.scaleX, frame.scaleY));
}

/** A growable queue of block indices for the speck clean-up's flood. */
class BlockQueue {
  private items = new Int32Array(1024);
  private head = 0;
  private tail = 0;

  get empty(): boolean {
    return this.head === this.tail;
  }

  push(index: number): void {
    if (this.tail === this.items.length) {
      // Move the live part to the front, and grow when it fills more than half.
      const live = this.items.subarray(this.head, this.tail);
      const items = live.length * 2 > this.items.length ? new Int32Array(this.items.length * 2) : this.items;
      items.set(live);
      this.items = items;
      this.tail -= this.head;
      this.head = 0;
    }
    this.items[this.tail++] = index;
  }

  shift(): number {
    return this.items[this.head++];
  }
}

/**
 * The blocks of any grid's maze but the square's (which has its own lattice), as the rule
 * at the top of this file says. Throws a SizeError past MAX_RASTER_BLOCKS.
 */
export function rasterGridBlocks(maze: GridMaze, options: BlockRasterOptions = {}): BlockRaster {
  const t = maze.topology;
  const frame = rasterFrame(t);
  checkRasterSize(t, frame);
  const { rows, cols } = frame;
  const space = new BlockSpace(frame);
  const codes = new Uint8Array(rows * cols).fill(RASTER_CODE.BORDER);
  const outlineOf = (cell: number): DrawPoint[] => {
    const points: DrawPoint[] = [];
    for (const edge of gridCellOutline(maze, cell)) {
      const chain = edgePoints(edge, frame);
      // Each edge starts where the one before ended.
      for (let k = 1; k < chain.length; k++) points.push(chain[k]);
    }
    return points;
  };
  // Cells: free ones path, masked ones wall.
  for (let cell = 0; cell < t.size; cell++) {
    const code = maze.isBlocked(cell) ? RASTER_CODE.WALL : RASTER_CODE.PATH;
    space.shifted(outlineOf(cell), (flat) => fillPolygon(codes, frame, flat, code));
  }
  // Walls: each closed wall of a free cell once, the grid's edge as border (whatever the cell).
  const around = new Int32Array(t.maxDegree);
  const stampWall = (index: number) => {
    if (codes[index] === RASTER_CODE.PATH) codes[index] = RASTER_CODE.WALL;
  };
  const stampBorder = (index: number) => {
    codes[index] = RASTER_CODE.BORDER;
  };
  for (let cell = 0; cell < t.size; cell++) {
    const degree = t.neighbours(cell, around);
    const free = !maze.isBlocked(cell);
    let edges: ReturnType<typeof gridCellOutline> | undefined;
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      const border = next < 0;
      // A closed wall between two free cells is drawn from the lower-numbered one (the period shifts draw a wrapped edge's other side).
      if (!border && !(free && !maze.isOpen(cell, s) && (maze.isBlocked(next) || cell < next))) continue;
      edges ??= gridCellOutline(maze, cell);
      space.shifted(edgePoints(edges[s], frame), (flat) => forEachBlockNear(frame, flat, border ? stampBorder : stampWall));
    }
  }
  // Specks: path blocks that no cell's centre reaches become wall.
  const cellBlock = (cell: number) => space.blockAt(t.centre(cell));
  const wrapX = frame.periodX > 0;
  const wrapY = frame.periodY > 0;
  const queue = new BlockQueue();
  const reach = (index: number) => {
    if (codes[index] !== RASTER_CODE.PATH) return;
    codes[index] |= REACHED;
    queue.push(index);
  };
  // One cell's component at a time: the queue holds one flood's front, not every cell's.
  for (let cell = 0; cell < t.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    reach(cellBlock(cell));
    while (!queue.empty) {
      const index = queue.shift();
      const c = index % cols;
      const r = (index - c) / cols;
      if (c > 0) reach(index - 1);
      else if (wrapX) reach(index + cols - 1);
      if (c + 1 < cols) reach(index + 1);
      else if (wrapX) reach(index - cols + 1);
      if (r > 0) reach(index - cols);
      else if (wrapY) reach(index + (rows - 1) * cols);
      if (r + 1 < rows) reach(index + cols);
      else if (wrapY) reach(index - (rows - 1) * cols);
    }
  }
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (code === RASTER_CODE.PATH) codes[i] = RASTER_CODE.WALL;
    else if (code & REACHED) codes[i] = code & ~REACHED;
  }
  if (options.path && options.path.length > 0) {
    const mark = (index: number) => {
      if (codes[index] === RASTER_CODE.PATH) codes[index] = RASTER_CODE.SOLUTION;
    };
    for (const line of gridPathLines(maze, options.path)) space.shifted(line, (flat) => forEachBlockNear(frame, flat, mark));
  }
  for (const [cell, code] of [
    [options.entry, RASTER_CODE.START],
    [options.exit, RASTER_CODE.END],
  ] as const) {
    if (cell !== undefined && cell >= 0 && cell < t.size && !maze.isBlocked(cell)) codes[cellBlock(cell)] = code;
  }
  return { ...frame, codes, wrapX, wrapY, cellBlock };
}

/**
 * The blocks within half a block of the middle third of the wall in `slot` of `cell` (block
 * indices; shifted by a period where that lands them on the matrix): where a reader sees
 * whether that wall is open. Far enough from every other wall that an open wall's blocks
 * are all path and a closed wall's all wall.
 */
export function wallProbeBlocks(maze: GridMaze, frame: RasterFrame, cell: number, slot: number): number[] {
  const edge = gridCellOutline(maze, cell)[slot];
  const chain = edgePoints(edge, frame);
  // The chain's length, then the part from a third to two thirds of it.
  const lengths = [0];
  for (let k = 1; k < chain.length; k++)
    lengths.push(lengths[k - 1] + Math.hypot(chain[k].x - chain[k - 1].x, chain[k].y - chain[k - 1].y));
  const total = lengths[lengths.length - 1];
  const at = (distance: number): DrawPoint => {
    let k = 1;
    while (k < chain.length - 1 && lengths[k] < distance) k++;
    const span = lengths[k] - lengths[k - 1] || 1;
    const f = (distance - lengths[k - 1]) / span;
    return { x: chain[k - 1].x + f * (chain[k].x - chain[k - 1].x), y: chain[k - 1].y + f * (chain[k].y - chain[k - 1].y) };
  };
  const middle = [at(total / 3)];
  for (let k = 1; k < chain.length - 1; k++) if (lengths[k] > total / 3 && lengths[k] < (2 * total) / 3) middle.push(chain[k]);
  middle.push(at((2 * total) / 3));
  const found = new Set<number>();
  new BlockSpace(frame).shifted(middle, (flat) => forEachBlockNear(frame, flat, (index) => found.add(index)));
  return [...found];
}

/** The block under a cell's centre in a frame (as BlockRaster.cellBlock). */
export function frameCellBlock(t: Topology, frame: RasterFrame, cell: number): number {
  return new BlockSpace(frame).blockAt(t.centre(cell));
}
