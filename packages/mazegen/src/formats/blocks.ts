import { FormatError } from '../errors.js';
import { ALL_WALLS, BLOCKED, EAST, Maze, NORTH, SOUTH, WEST, type Point } from '../maze.js';
import { ChunkBuffer, DEFAULT_CHUNK_BYTES, joinChunks } from './chunks.js';

/** Values of the MATLAB seed's block matrix. */
export const BLOCK = { WALL: 0, PATH: 1, START: 2, END: 3, BORDER: 8 } as const;

/**
 * The block matrix: (2H + 1) rows of (2W + 1) values. Cell (x, y) is block
 * (2y + 1, 2x + 1); the block between two cells is their wall or passage; blocks where
 * only lattice lines meet are walls. The outer ring is border (8), 42 cells are walls.
 */
export interface BlockMatrix {
  rows: number;
  cols: number;
  /** rows * cols values, row by row. */
  values: Uint8Array;
}

export interface BlockOptions {
  entry?: Point;
  exit?: Point;
}

/**
 * Fills `out` (2W + 1 values) with block-matrix row `r` of the maze: the outer ring is
 * border, a cell is path unless it is a 42 cell, the block east (south) of a cell is path
 * when that cell is open there, and the ring opens where a border wall is open. Entry
 * and exit are marked last (exit over entry).
 */
export function blockRow(maze: Maze, r: number, options: BlockOptions, out: Uint8Array): void {
  const { width: w, height: h, cells } = maze;
  const cols = 2 * w + 1;
  const rows = 2 * h + 1;
  const ring = r === 0 || r === rows - 1;
  out.fill(ring ? BLOCK.BORDER : BLOCK.WALL, 0, cols);
  out[0] = BLOCK.BORDER;
  out[cols - 1] = BLOCK.BORDER;
  if (r % 2 === 0) {
    // A lattice row: only the blocks between a cell and the one below (or the border) can open.
    const y = r / 2 - 1;
    for (let x = 0; x < w; x++) {
      const open = r === 0 ? !(cells[x] & BLOCKED) && !(cells[x] & NORTH) : !(cells[y * w + x] & BLOCKED) && !(cells[y * w + x] & SOUTH);
      if (open) out[2 * x + 1] = BLOCK.PATH;
    }
    return;
  }
  const y = (r - 1) / 2;
  const row = y * w;
  if (!(cells[row] & BLOCKED) && !(cells[row] & WEST)) out[0] = BLOCK.PATH;
  for (let x = 0; x < w; x++) {
    const v = cells[row + x];
    if (v & BLOCKED) continue;
    out[2 * x + 1] = BLOCK.PATH;
    if (!(v & EAST)) out[2 * x + 2] = BLOCK.PATH;
  }
  if (options.entry && options.entry.y === y) out[2 * options.entry.x + 1] = BLOCK.START;
  if (options.exit && options.exit.y === y) out[2 * options.exit.x + 1] = BLOCK.END;
}

/** The maze as a block matrix (0 wall, 1 path, 2 start, 3 end, 8 border). */
export function toBlocks(maze: Maze, options: BlockOptions = {}): BlockMatrix {
  const rows = 2 * maze.height + 1;
  const cols = 2 * maze.width + 1;
  const values = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) blockRow(maze, r, options, values.subarray(r * cols, (r + 1) * cols));
  return { rows, cols, values };
}

const SPACE = 32;
const NEWLINE = 10;
const ZERO = 48;

/** Appends one row of values as text (separated by one space, ending in a newline). */
function writeBlockText(values: Uint8Array, buffer: ChunkBuffer): void {
  buffer.reserve(4 * values.length + 1);
  const out = buffer.bytes;
  let k = buffer.length;
  for (let c = 0; c < values.length; c++) {
    if (c > 0) out[k++] = SPACE;
    const v = values[c];
    if (v >= 100) out[k++] = ZERO + Math.floor(v / 100);
    if (v >= 10) out[k++] = ZERO + (Math.floor(v / 10) % 10);
    out[k++] = ZERO + (v % 10);
  }
  out[k++] = NEWLINE;
  buffer.length = k;
}

/** A matrix's text as chunks of whole lines of about `chunkBytes`. */
function matrixChunks(rows: number, cols: number, fillRow: (r: number, out: Uint8Array) => void, chunkBytes: number): Iterable<Uint8Array> {
  return {
    *[Symbol.iterator]() {
      const row = new Uint8Array(cols);
      const buffer = new ChunkBuffer(chunkBytes);
      for (let r = 0; r < rows; r++) {
        fillRow(r, row);
        writeBlockText(row, buffer);
        if (buffer.full) yield buffer.take();
      }
      if (buffer.length > 0) yield buffer.take();
    },
  };
}

/** The matrix as text: one line per row, values separated by one space. */
export function blocksToText(matrix: BlockMatrix): string {
  const { rows, cols, values } = matrix;
  return joinChunks(matrixChunks(rows, cols, (r, out) => out.set(values.subarray(r * cols, (r + 1) * cols)), DEFAULT_CHUNK_BYTES));
}

/**
 * The maze's block-matrix text as chunks of whole lines (about `chunkBytes` each), made
 * row by row from the maze: the matrix (4 values a cell) is never held.
 */
export function encodeBlocksChunks(maze: Maze, options: BlockOptions = {}, chunkBytes = DEFAULT_CHUNK_BYTES): Iterable<Uint8Array> {
  return matrixChunks(2 * maze.height + 1, 2 * maze.width + 1, (r, out) => blockRow(maze, r, options, out), chunkBytes);
}

/** The maze as block-matrix text. */
export function toBlocksText(maze: Maze, options: BlockOptions = {}): string {
  return joinChunks(encodeBlocksChunks(maze, options));
}

/** A block matrix read back. */
export interface BlockMaze {
  maze: Maze;
  entry?: Point;
  exit?: Point;
}

/** Reads a block matrix given as numbers. */
export function blocksToMaze(matrix: BlockMatrix): BlockMaze {
  const { rows, cols, values } = matrix;
  if (rows < 3 || cols < 3 || rows % 2 === 0 || cols % 2 === 0) {
    throw new FormatError(`a block matrix is (2H+1) x (2W+1): odd sizes of at least 3, got ${rows} x ${cols}`, 1);
  }
  const w = (cols - 1) / 2;
  const h = (rows - 1) / 2;
  const maze = new Maze(w, h);
  let entry: Point | undefined;
  let exit: Point | undefined;
  const open = (r: number, c: number): boolean => {
    const v = values[r * cols + c];
    if (v === BLOCK.PATH) return true;
    if (v === BLOCK.WALL || v === BLOCK.BORDER) return false;
    throw new FormatError(`a wall block holds 0, 1 or 8, got ${v}`, r + 1, c + 1);
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r = 2 * y + 1;
      const c = 2 * x + 1;
      const v = values[r * cols + c];
      let walls = 0;
      if (!open(r - 1, c)) walls |= NORTH;
      if (!open(r, c + 1)) walls |= EAST;
      if (!open(r + 1, c)) walls |= SOUTH;
      if (!open(r, c - 1)) walls |= WEST;
      if (v === BLOCK.WALL) {
        if (walls !== ALL_WALLS) throw new FormatError(`cell (${x},${y}) is a wall block but has an open side`, r + 1, c + 1);
        maze.cells[y * w + x] = ALL_WALLS | BLOCKED;
        continue;
      }
      if (v === BLOCK.START) entry = { x, y };
      else if (v === BLOCK.END) exit = { x, y };
      else if (v !== BLOCK.PATH) throw new FormatError(`a cell block holds 0, 1, 2 or 3, got ${v}`, r + 1, c + 1);
      maze.cells[y * w + x] = walls;
    }
  }
  return { maze, entry, exit };
}

/** Reads block-matrix text (numbers separated by spaces or commas, one row per line). */
export function parseBlocks(text: string): BlockMaze {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l, i, all) => l !== '' || all.slice(i).some((rest) => rest.trim() !== ''));
  if (lines.length === 0) throw new FormatError('expected rows of block values, found an empty text', 1);
  const rows = lines.length;
  const first = lines[0].split(/[\s,]+/);
  const cols = first.length;
  const values = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const parts = lines[r] === '' ? [] : lines[r].split(/[\s,]+/);
    if (parts.length !== cols) throw new FormatError(`row ${r + 1} has ${parts.length} values, the first row has ${cols}`, r + 1);
    for (let c = 0; c < cols; c++) {
      const p = parts[c];
      if (!/^[0-9]$/.test(p)) throw new FormatError(`expected a block value 0, 1, 2, 3 or 8, got '${p}'`, r + 1, c + 1);
      values[r * cols + c] = Number(p);
    }
  }
  return blocksToMaze({ rows, cols, values });
}
