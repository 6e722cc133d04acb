import { BufferFormatError, OptionError, SizeError } from './errors.js';
import { createTopology } from './grid/create.js';
import { SquareTopology } from './grid/square.js';
import { allWallsOf, type Topology } from './grid/topology.js';
import { HEADER_BYTES, MAX_CELLS, readHeader, writeHeader } from './model-header.js';

export { MAX_CELLS, MAZE_FORMAT_VERSION } from './model-header.js';

/** Wall bits of a cell: a set bit is a closed wall (the 42 subject's encoding). */
export const NORTH = 1;
export const EAST = 2;
export const SOUTH = 4;
export const WEST = 8;
export const ALL_WALLS = 15;
/** Marks a cell of the 42 pattern: fully closed and outside the maze proper. */
export const BLOCKED = 16;

/** The four directions in N, E, S, W order. */
export const DIRECTIONS: readonly number[] = [NORTH, EAST, SOUTH, WEST];
/** OPPOSITE[dir] is the wall bit on the other side of `dir`. */
export const OPPOSITE: readonly number[] = [0, SOUTH, WEST, 0, NORTH, 0, 0, 0, EAST];
/** Letter of each direction bit, as written in the solution line. */
export const DIRECTION_LETTER: Readonly<Record<number, string>> = { 1: 'N', 2: 'E', 4: 'S', 8: 'W' };

/** The cell one step from `cell` in direction `dir` on a grid `width` wide; no border check (the caller knows it stays inside). */
export function stepCell(cell: number, dir: number, width: number): number {
  return dir === NORTH ? cell - width : dir === SOUTH ? cell + width : dir === EAST ? cell + 1 : cell - 1;
}

/** `stepCell` as a table for hot loops: indexed by a direction bit, the index change to that neighbour on a grid `width` wide. */
export function directionSteps(width: number): Int32Array {
  const step = new Int32Array(9);
  step[NORTH] = -width;
  step[EAST] = 1;
  step[SOUTH] = width;
  step[WEST] = -1;
  return step;
}

/** A cell position: x is the column from the west edge, y the row from the north edge. */
export interface Point {
  x: number;
  y: number;
}

/** One word of wall bits per cell: bytes for grids of up to 7 slots, 16 bits beyond. */
export type WallWords = Uint8Array | Uint16Array;

/**
 * The one maze model, on every grid: a topology and one flat word per cell, bit s a closed
 * wall in slot s and `topology.blockedBit` a cell outside the maze (masked, or the 42
 * pattern). No per-cell objects: a hex maze of n cells is n bytes. The words follow a
 * 12-byte header (model-header.ts: magic, version, grid kind, wrap, width, height) in one
 * buffer, `data`, which crosses to a worker as a transferable and comes back through
 * `GridMaze.from`. Every stage takes a GridMaze; `Maze` is the plain square grid's face of
 * it, with the 42 subject's direction bits, and is a GridMaze itself.
 */
export class GridMaze {
  readonly topology: Topology;
  readonly cells: WallWords;
  readonly size: number;
  /** The whole buffer: header and cell words. */
  readonly data: ArrayBuffer;

  /**
   * A maze with every wall closed, or with the words of `cells`: shared when they already
   * sit in a maze buffer of this grid (another maze's), copied otherwise.
   */
  constructor(topology: Topology, cells?: WallWords) {
    if (topology.size > MAX_CELLS)
      throw new SizeError(`a maze holds at most ${MAX_CELLS} cells, this ${topology.kind} grid has ${topology.size}`);
    this.topology = topology;
    this.size = topology.size;
    if (cells && cells.length !== topology.size)
      throw new SizeError(`${cells.length} cell words given for a grid of ${topology.size} cells`);
    if (cells && holdsHeaderOf(cells, topology)) {
      this.data = cells.buffer as ArrayBuffer;
      this.cells = cells;
      return;
    }
    const bytes = HEADER_BYTES + topology.size * topology.wordBytes;
    try {
      this.data = new ArrayBuffer(bytes);
    } catch {
      throw new SizeError(`not enough memory for ${describeMaze(topology)} (${bytes} bytes); try a smaller size`);
    }
    writeHeader(this.data, topology.kind, topology.wrap, topology.width, topology.height);
    this.cells =
      topology.wordBytes === 1
        ? new Uint8Array(this.data, HEADER_BYTES, topology.size)
        : new Uint16Array(this.data, HEADER_BYTES, topology.size);
    if (cells) {
      this.cells.set(cells);
      return;
    }
    if (topology.kind === 'polar') {
      for (let cell = 0; cell < this.size; cell++) this.cells[cell] = allWallsOf(topology.degree(cell));
    } else {
      this.cells.fill(allWallsOf(topology.maxDegree));
    }
  }

  /** The maze itself: a `Maze` is a GridMaze over the square topology (kept for code written before they were one). */
  static fromMaze(maze: Maze): GridMaze {
    return maze;
  }

  /**
   * Rebuilds a maze of any grid from `maze.data` (after a transfer to or from a worker); the
   * header says which grid. A plain square grid comes back as a `Maze`.
   */
  static from(data: ArrayBuffer): GridMaze {
    const { kind, wrap, width, height } = readHeader(data);
    if (kind === 'square' && wrap === 'none') return Maze.from(data);
    let topology: Topology;
    try {
      topology = createTopology({ grid: kind, width, height, wrap });
    } catch (error) {
      if (error instanceof OptionError) throw new BufferFormatError(`maze buffer holds a ${kind} grid it cannot be: ${error.message}`);
      throw error;
    }
    const expected = HEADER_BYTES + topology.size * topology.wordBytes;
    if (data.byteLength !== expected) {
      throw new BufferFormatError(`maze buffer of a ${width}x${height} ${kind} grid should be ${expected} bytes, got ${data.byteLength}`);
    }
    const cells =
      topology.wordBytes === 1 ? new Uint8Array(data, HEADER_BYTES, topology.size) : new Uint16Array(data, HEADER_BYTES, topology.size);
    return new GridMaze(topology, cells);
  }

  /** This maze seen as a `Maze`, sharing its bytes; only for the square grid without wrap. */
  asMaze(): Maze {
    if (this instanceof Maze) return this;
    const t = squareTopologyOf(this);
    return new Maze(t.width, t.height, this.data);
  }

  /** A copy as a `Maze`; only for the square grid without wrap. */
  toMaze(): Maze {
    const t = squareTopologyOf(this);
    const maze = new Maze(t.width, t.height);
    maze.cells.set(this.cells);
    return maze;
  }

  isBlocked(cell: number): boolean {
    return (this.cells[cell] & this.topology.blockedBit) !== 0;
  }

  /** True when the wall in `slot` of `cell` is open (a passage). On the square grid slots 0-3 are N, E, S, W. */
  isOpen(cell: number, slot: number): boolean {
    return (this.cells[cell] & (1 << slot)) === 0;
  }

  /** Opens the wall in `slot` on both sides; the slot must have a neighbour. */
  carve(cell: number, slot: number): void {
    const t = this.topology;
    const other = t.neighbour(cell, slot);
    this.cells[cell] &= ~(1 << slot);
    this.cells[other] &= ~(1 << t.backSlot(cell, slot));
  }

  /** Closes the wall in `slot` on both sides (a border slot has no other side). */
  build(cell: number, slot: number): void {
    const t = this.topology;
    this.cells[cell] |= 1 << slot;
    const other = t.neighbour(cell, slot);
    if (other >= 0) this.cells[other] |= 1 << t.backSlot(cell, slot);
  }

  /** Marks `cell` as outside the maze, with every wall closed on both sides. */
  block(cell: number): void {
    const degree = this.topology.degree(cell);
    for (let s = 0; s < degree; s++) this.build(cell, s);
    this.cells[cell] |= this.topology.blockedBit;
  }

  /** Cells that are part of the maze. */
  countOpenCells(): number {
    const blocked = this.topology.blockedBit;
    let n = 0;
    for (let i = 0; i < this.size; i++) if ((this.cells[i] & blocked) === 0) n++;
    return n;
  }

  /** Open passages, each counted once. */
  countPassages(): number {
    const t = this.topology;
    const out = new Int32Array(t.maxDegree);
    let twice = 0;
    for (let cell = 0; cell < this.size; cell++) {
      const degree = t.neighbours(cell, out);
      const word = this.cells[cell];
      for (let s = 0; s < degree; s++) if (out[s] >= 0 && (word & (1 << s)) === 0) twice++;
    }
    return twice / 2;
  }

  clone(): GridMaze {
    const copy = new GridMaze(this.topology);
    copy.cells.set(this.cells);
    return copy;
  }

  /** Same grid and the same words. */
  equals(other: GridMaze): boolean {
    const a = this.topology;
    const b = other.topology;
    if (a.kind !== b.kind || a.width !== b.width || a.height !== b.height || a.wrap !== b.wrap) return false;
    for (let i = 0; i < this.size; i++) if (this.cells[i] !== other.cells[i]) return false;
    return true;
  }
}

/**
 * The plain square maze (no wrap): a GridMaze over `SquareTopology`, one byte per cell row
 * by row, with the 42 subject's direction bits (N=1, E=2, S=4, W=8; bit 4 a 42-pattern or
 * masked cell) and x, y coordinates. Its buffer reads back through `Maze.from` or
 * `GridMaze.from`.
 */
export class Maze extends GridMaze {
  declare readonly topology: SquareTopology;
  declare readonly cells: Uint8Array;
  readonly width: number;
  readonly height: number;

  /** A maze with every wall closed, or over `data`, a maze buffer of this size whose header and cells are the caller's. */
  constructor(width: number, height: number, data?: ArrayBuffer) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new SizeError(`maze size must be whole numbers >= 1, got ${width}x${height}`);
    }
    if (width * height > MAX_CELLS) {
      throw new SizeError(`a maze holds at most ${MAX_CELLS} cells, ${width}x${height} has ${width * height}`);
    }
    const topology = new SquareTopology(width, height);
    if (data) {
      const cells = new Uint8Array(data, HEADER_BYTES, Math.min(width * height, Math.max(0, data.byteLength - HEADER_BYTES)));
      if (!holdsHeaderOf(cells, topology)) throw new BufferFormatError(`this buffer does not hold a ${width}x${height} square maze`);
      super(topology, cells);
    } else {
      super(topology);
    }
    this.width = width;
    this.height = height;
  }

  /**
   * A maze with every wall closed whose buffer is a SharedArrayBuffer, so that other
   * threads can read it while this one works on it (the CLI writes the output file's
   * rows while it solves). `data` is then that SharedArrayBuffer; it cannot be
   * transferred, and `Maze.from` does not take it.
   */
  static shared(width: number, height: number): Maze {
    const bytes = HEADER_BYTES + width * height;
    let data: SharedArrayBuffer;
    try {
      data = new SharedArrayBuffer(Number.isInteger(bytes) && bytes > HEADER_BYTES ? bytes : HEADER_BYTES);
    } catch {
      throw new SizeError(`not enough memory for a ${width}x${height} maze (${bytes} bytes); try a smaller size`);
    }
    writeHeader(data, 'square', 'none', width, height);
    const maze = new Maze(width, height, data as unknown as ArrayBuffer);
    maze.cells.fill(ALL_WALLS);
    return maze;
  }

  /** Rebuilds a square maze from `maze.data` (for example after a worker transferred it); `GridMaze.from` reads every grid. */
  static override from(data: ArrayBuffer): Maze {
    if (!(data instanceof ArrayBuffer)) throw new BufferFormatError('not a maze buffer: expected an ArrayBuffer of at least 12 bytes');
    const { kind, wrap, width, height } = readHeader(data);
    if (kind !== 'square' || wrap !== 'none') {
      throw new BufferFormatError(`this buffer holds a ${kind} maze${wrap === 'none' ? '' : ` wrapped ${wrap}`}; GridMaze.from reads it`);
    }
    if (data.byteLength !== HEADER_BYTES + width * height) {
      throw new BufferFormatError(
        `maze buffer of ${width}x${height} should be ${HEADER_BYTES + width * height} bytes, got ${data.byteLength}`,
      );
    }
    return new Maze(width, height, data);
  }

  /** A maze with the given wall nibbles (row by row), no pattern flags. */
  static fromWalls(width: number, height: number, walls: ArrayLike<number>): Maze {
    const maze = new Maze(width, height);
    for (let i = 0; i < maze.size; i++) maze.cells[i] = walls[i] & ALL_WALLS;
    return maze;
  }

  index(x: number, y: number): number {
    return y * this.width + x;
  }

  point(cell: number): Point {
    return { x: cell % this.width, y: Math.floor(cell / this.width) };
  }

  contains(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** The wall nibble of a cell. */
  walls(cell: number): number {
    return this.cells[cell] & ALL_WALLS;
  }

  /** True when the wall across direction bit `dir` (NORTH, EAST, SOUTH, WEST) is closed. */
  hasWall(cell: number, dir: number): boolean {
    return (this.cells[cell] & dir) !== 0;
  }

  /** The neighbouring cell across direction bit `dir`, or -1 past the border. */
  neighbor(cell: number, dir: number): number {
    const w = this.width;
    switch (dir) {
      case NORTH:
        return cell >= w ? cell - w : -1;
      case SOUTH:
        return cell + w < this.size ? cell + w : -1;
      case EAST:
        return (cell % w) + 1 < w ? cell + 1 : -1;
      case WEST:
        return cell % w > 0 ? cell - 1 : -1;
      default:
        return -1;
    }
  }

  /** Opens the wall across direction bit `dir` on both sides; `dir` must not face the border. */
  carvePassage(cell: number, dir: number): void {
    const other = this.neighbor(cell, dir);
    this.cells[cell] &= ~dir;
    this.cells[other] &= ~OPPOSITE[dir];
  }

  /** Closes the wall across direction bit `dir` on both sides (the border side has no neighbour). */
  buildWall(cell: number, dir: number): void {
    this.cells[cell] |= dir;
    const other = this.neighbor(cell, dir);
    if (other >= 0) this.cells[other] |= OPPOSITE[dir];
  }

  /** Number of open passages (each counted once): the square grid's count without a neighbour table. */
  override countPassages(): number {
    const { cells, width, height } = this;
    let passages = 0;
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = 0; x < width; x++) {
        const c = cells[row + x];
        if (x + 1 < width && (c & EAST) === 0) passages++;
        if (y + 1 < height && (c & SOUTH) === 0) passages++;
      }
    }
    return passages;
  }

  override clone(): Maze {
    const copy = new Maze(this.width, this.height);
    copy.cells.set(this.cells);
    return copy;
  }
}

/** The topology of a plain square maze, or a SizeError naming what the maze is. */
function squareTopologyOf(maze: GridMaze): Topology {
  const t = maze.topology;
  if (t.kind !== 'square' || t.wrap !== 'none')
    throw new SizeError(`only a square maze without wrap is a Maze; this one is ${t.kind}${t.wrap === 'none' ? '' : ` wrapped ${t.wrap}`}`);
  return t;
}

/** A maze as a message names it. */
function describeMaze(t: Topology): string {
  return t.kind === 'square' && t.wrap === 'none' ? `a ${t.width}x${t.height} maze` : `a ${t.kind} maze of ${t.size} cells`;
}

/** True when `cells` sit right after a header of this very grid in their own buffer (a maze buffer to share). */
function holdsHeaderOf(cells: WallWords, topology: Topology): boolean {
  const buffer = cells.buffer;
  if (cells.byteOffset !== HEADER_BYTES || buffer.byteLength !== HEADER_BYTES + topology.size * topology.wordBytes) return false;
  if (cells.BYTES_PER_ELEMENT !== topology.wordBytes) return false;
  try {
    const h = readHeader(buffer);
    return h.kind === topology.kind && h.wrap === topology.wrap && h.width === topology.width && h.height === topology.height;
  } catch {
    return false;
  }
}
