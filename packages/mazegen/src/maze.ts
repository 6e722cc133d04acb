import { BufferFormatError, SizeError } from './errors.js';
import { HEADER_BYTES, readHeader, writeHeader } from './model-header.js';

export { MAZE_FORMAT_VERSION } from './model-header.js';

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

/** The largest cell count one maze may have (typed arrays index below 2^32; we keep to int32). */
export const MAX_CELLS = 2 ** 31 - 1;

/**
 * A rectangular maze stored as one ArrayBuffer: a 12-byte header (magic, format
 * version, grid kind and wrap, width, height: model-header.ts) followed by one byte per
 * cell, row by row; the same bytes are a `GridMaze` over the square topology. The low nibble
 * holds the walls (N=1, E=2, S=4, W=8), bit 4 marks a 42-pattern cell.
 * `data` can cross to a worker as a transferable and come back through `Maze.from`.
 */
export class Maze {
  readonly width: number;
  readonly height: number;
  /** width * height. */
  readonly size: number;
  /** The whole buffer: header and cells. */
  readonly data: ArrayBuffer;
  /** One byte per cell, index y * width + x. */
  readonly cells: Uint8Array;

  /** A maze with every wall closed. */
  constructor(width: number, height: number, data?: ArrayBuffer) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new SizeError(`maze size must be whole numbers >= 1, got ${width}x${height}`);
    }
    if (width * height > MAX_CELLS) {
      throw new SizeError(`a maze holds at most ${MAX_CELLS} cells, ${width}x${height} has ${width * height}`);
    }
    this.width = width;
    this.height = height;
    this.size = width * height;
    if (data) {
      this.data = data;
      this.cells = new Uint8Array(data, HEADER_BYTES, this.size);
    } else {
      this.data = allocate(HEADER_BYTES + this.size, width, height);
      writeHeader(this.data, 'square', 'none', width, height);
      this.cells = new Uint8Array(this.data, HEADER_BYTES, this.size);
      this.cells.fill(ALL_WALLS);
    }
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
    // The constructor checks the size; over a given buffer it leaves header and cells to us.
    const maze = new Maze(width, height, data as unknown as ArrayBuffer);
    writeHeader(data, 'square', 'none', width, height);
    maze.cells.fill(ALL_WALLS);
    return maze;
  }

  /** Rebuilds a maze from `maze.data` (for example after a worker transferred it); a buffer of another grid is `GridMaze.from`'s. */
  static from(data: ArrayBuffer): Maze {
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

  hasWall(cell: number, dir: number): boolean {
    return (this.cells[cell] & dir) !== 0;
  }

  isBlocked(cell: number): boolean {
    return (this.cells[cell] & BLOCKED) !== 0;
  }

  /** The neighbouring cell across `dir`, or -1 past the border. */
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

  /** Opens the wall on both sides; `dir` must not face the border. */
  carvePassage(cell: number, dir: number): void {
    const other = this.neighbor(cell, dir);
    this.cells[cell] &= ~dir;
    this.cells[other] &= ~OPPOSITE[dir];
  }

  /** Closes the wall on both sides (the border side has no neighbour). */
  buildWall(cell: number, dir: number): void {
    this.cells[cell] |= dir;
    const other = this.neighbor(cell, dir);
    if (other >= 0) this.cells[other] |= OPPOSITE[dir];
  }

  /** True when the wall between `cell` and its neighbour across `dir` is open. */
  isOpen(cell: number, dir: number): boolean {
    return (this.cells[cell] & dir) === 0;
  }

  /** Number of open passages (each counted once). */
  countPassages(): number {
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

  /** Number of cells outside the 42 pattern. */
  countOpenCells(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) if ((this.cells[i] & BLOCKED) === 0) n++;
    return n;
  }

  clone(): Maze {
    return Maze.from(this.data.slice(0));
  }

  /** True when both mazes have the same size and the same bytes. */
  equals(other: Maze): boolean {
    if (other.width !== this.width || other.height !== this.height) return false;
    for (let i = 0; i < this.size; i++) if (this.cells[i] !== other.cells[i]) return false;
    return true;
  }
}

/** A buffer of `bytes`, or a SizeError the user can act on when memory runs out. */
function allocate(bytes: number, width: number, height: number): ArrayBuffer {
  try {
    return new ArrayBuffer(bytes);
  } catch {
    throw new SizeError(`not enough memory for a ${width}x${height} maze (${bytes} bytes); try a smaller size`);
  }
}
