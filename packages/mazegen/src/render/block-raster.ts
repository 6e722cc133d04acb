import type { GridMaze } from '../maze.js';
import type { DrawPoint, Topology } from '../grid/topology.js';
import { gridCellOutline, gridPathLines } from './grid-geometry.js';
import {
  cellOutline,
  checkRasterSize,
  edgePoints,
  fillPolygon,
  forEachBlockNear,
  rasterFrame,
  RasterSpace,
  type RasterFrame,
} from './shape-raster.js';

/**
 * A grid maze (hex, triangle, polar, any mask or wrap) as a matrix of blocks, each a code
 * of the MATLAB seed's block matrix: what the block matrix, ASCII and Unicode formats of
 * those grids draw. The square grid has its own lattice (formats/blocks.ts: cells and walls
 * one block each); every other grid is rasterised by the one shape rasteriser
 * (shape-raster.ts, which the terminal's role picture uses too) under the rule below.
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
  const space = new RasterSpace(frame);
  const codes = new Uint8Array(rows * cols).fill(RASTER_CODE.BORDER);
  // Cells: free ones path, masked ones wall.
  for (let cell = 0; cell < t.size; cell++) {
    const code = maze.isBlocked(cell) ? RASTER_CODE.WALL : RASTER_CODE.PATH;
    space.shifted(cellOutline(maze, cell, frame), (flat) => fillPolygon(codes, frame, flat, code));
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
  new RasterSpace(frame).shifted(middle, (flat) => forEachBlockNear(frame, flat, (index) => found.add(index)));
  return [...found];
}

/** The block under a cell's centre in a frame (as BlockRaster.cellBlock). */
export function frameCellBlock(t: Topology, frame: RasterFrame, cell: number): number {
  return new RasterSpace(frame).blockAt(t.centre(cell));
}
