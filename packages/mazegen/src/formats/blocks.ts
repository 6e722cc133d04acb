import { FormatError } from '../errors.js';
import { GridMaze } from '../maze.js';
import { createTopology } from '../grid/create.js';
import { cellLabel, type Topology } from '../grid/topology.js';
import { ALL_WALLS, BLOCKED, EAST, Maze, NORTH, SOUTH, WEST, type Point } from '../maze.js';
import { frameCellBlock, rasterGridBlocks, wallProbeBlocks } from '../render/block-raster.js';
import { checkRasterSize, rasterFrame } from '../render/shape-raster.js';
import { cellOfRef, type CellRef } from '../render/draw.js';
import { ChunkBuffer, DEFAULT_CHUNK_BYTES, joinChunks } from './chunks.js';

/** Values of the MATLAB seed's block matrix. */
export const BLOCK = { WALL: 0, PATH: 1, START: 2, END: 3, BORDER: 8 } as const;

/**
 * The block matrix: (2H + 1) rows of (2W + 1) values. Cell (x, y) is block
 * (2y + 1, 2x + 1); the block between two cells is their wall or passage; blocks where
 * only lattice lines meet are walls. The outer ring is border (8), 42 cells are walls.
 * Every other grid is drawn by render/block-raster.ts (its rule is there).
 */
export interface BlockMatrix {
  rows: number;
  cols: number;
  /** rows * cols values, row by row. */
  values: Uint8Array;
}

/** The ends of a block matrix: cells, or a cell's (col, row) as a point ((index, ring) on the polar grid). */
export interface BlockOptions {
  entry?: CellRef;
  exit?: CellRef;
}

/** A block matrix made a row at a time: a square maze's is never held whole. */
export interface BlockPicture {
  rows: number;
  cols: number;
  /** Fills `out` (cols values) with row `r`. */
  fillRow(r: number, out: Uint8Array): void;
}

/** The square lattice of a W x H grid: on a wrapped axis one period, its first lattice line the joined edge (no border). */
interface Lattice {
  width: number;
  height: number;
  cells: Uint8Array;
  wrapX: boolean;
  wrapY: boolean;
}

function latticeSize(l: Pick<Lattice, 'width' | 'height' | 'wrapX' | 'wrapY'>): { rows: number; cols: number } {
  return { rows: 2 * l.height + (l.wrapY ? 0 : 1), cols: 2 * l.width + (l.wrapX ? 0 : 1) };
}

/**
 * Fills `out` with lattice row `r`: the outer ring is border (on an axis that does not
 * wrap), a cell is path unless it is a 42 (or masked) cell, the block east (south) of a
 * cell is path when that cell is open there, and the ring opens where a border wall is
 * open. Entry and exit (cells, -1 for none) are marked last (exit over entry).
 */
function latticeRow(l: Lattice, r: number, entry: number, exit: number, out: Uint8Array): void {
  const { width: w, cells } = l;
  const { rows, cols } = latticeSize(l);
  const ring = !l.wrapY && (r === 0 || r === rows - 1);
  out.fill(ring ? BLOCK.BORDER : BLOCK.WALL, 0, cols);
  if (!l.wrapX) {
    out[0] = BLOCK.BORDER;
    out[cols - 1] = BLOCK.BORDER;
  }
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
    if (!(v & EAST) && 2 * x + 2 < cols) out[2 * x + 2] = BLOCK.PATH;
  }
  if (entry >= row && entry < row + w) out[2 * (entry - row) + 1] = BLOCK.START;
  if (exit >= row && exit < row + w) out[2 * (exit - row) + 1] = BLOCK.END;
}

/** Fills `out` (2W + 1 values) with block-matrix row `r` of a plain square maze (the square lattice above). */
export function blockRow(maze: Maze, r: number, options: BlockOptions, out: Uint8Array): void {
  const lattice = { width: maze.width, height: maze.height, cells: maze.cells, wrapX: false, wrapY: false };
  latticeRow(lattice, r, cellOfRef(maze.topology, options.entry) ?? -1, cellOfRef(maze.topology, options.exit) ?? -1, out);
}

/**
 * Any grid maze's block matrix, row by row, with two plug-ins chosen here: the square grid's
 * lattice (the MATLAB seed's matrix, the established bytes of every square block file: a 42
 * or masked cell a wall, a wrapped axis one period long, made a row at a time), every other
 * grid's raster (render/block-raster.ts: a few blocks a cell, held whole; a SizeError past
 * MAX_RASTER_BLOCKS).
 */
export function gridBlockPicture(maze: GridMaze, options: BlockOptions = {}): BlockPicture {
  const t = maze.topology;
  const entry = cellOfRef(t, options.entry) ?? -1;
  const exit = cellOfRef(t, options.exit) ?? -1;
  if (t.kind === 'square') {
    const lattice: Lattice = {
      width: t.width,
      height: t.height,
      cells: maze.cells as Uint8Array,
      wrapX: t.wrap === 'x' || t.wrap === 'xy',
      wrapY: t.wrap === 'y' || t.wrap === 'xy',
    };
    return { ...latticeSize(lattice), fillRow: (r, out) => latticeRow(lattice, r, entry, exit, out) };
  }
  const raster = rasterGridBlocks(maze, { entry, exit });
  const { rows, cols, codes } = raster;
  return { rows, cols, fillRow: (r, out) => out.set(codes.subarray(r * cols, (r + 1) * cols)) };
}

/** A maze of any grid as a block matrix (gridBlockPicture: 0 wall, 1 path, 2 start, 3 end, 8 border). */
export function toBlocks(maze: GridMaze, options: BlockOptions = {}): BlockMatrix {
  const picture = gridBlockPicture(maze, options);
  const { rows, cols } = picture;
  const values = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) picture.fillRow(r, values.subarray(r * cols, (r + 1) * cols));
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
 * A maze of any grid's block-matrix text as chunks of whole lines (about `chunkBytes` each,
 * gridBlockPicture): the square grid's made row by row, its matrix (4 values a cell) never held.
 */
export function encodeBlocksChunks(maze: GridMaze, options: BlockOptions = {}, chunkBytes = DEFAULT_CHUNK_BYTES): Iterable<Uint8Array> {
  // The picture is made when the chunks are first asked for (a raster is the work).
  return {
    *[Symbol.iterator]() {
      const picture = gridBlockPicture(maze, options);
      yield* matrixChunks(picture.rows, picture.cols, picture.fillRow, chunkBytes);
    },
  };
}

/** A maze of any grid as block-matrix text. */
export function toBlocksText(maze: GridMaze, options: BlockOptions = {}): string {
  return joinChunks(encodeBlocksChunks(maze, options));
}

/**
 * A block matrix read back (blocksToMaze, parseBlocks): the maze of its grid and the cells
 * marked start and end. A square lattice without wrap also keeps its square view: the maze
 * as a `Maze` (the same object as `maze`) and its ends as Points; null on any other grid.
 */
export interface BlockMaze {
  maze: GridMaze;
  entry?: number;
  exit?: number;
  square: { maze: Maze; entry?: Point; exit?: Point } | null;
}

/** A block matrix read without a grid: the plain square grid of its size, so its square view is always there. */
export type SquareBlockMaze = BlockMaze & { square: NonNullable<BlockMaze['square']> };

/**
 * The cell words of a square lattice read back (the 42 or a masked cell as a closed wall
 * block), with the cells marked start and end. On a wrapped axis the lattice is one period.
 */
function readLattice(matrix: BlockMatrix, l: Omit<Lattice, 'cells'>): { cells: Uint8Array; entry: number; exit: number } {
  const { rows, cols, values } = matrix;
  const { width: w, height: h } = l;
  const cells = new Uint8Array(w * h);
  let entry = -1;
  let exit = -1;
  const open = (r: number, c: number): boolean => {
    // The joined edge of a wrapped axis is its first lattice line.
    if (r === rows) r = 0;
    if (c === cols) c = 0;
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
        cells[y * w + x] = ALL_WALLS | BLOCKED;
        continue;
      }
      if (v === BLOCK.START) entry = y * w + x;
      else if (v === BLOCK.END) exit = y * w + x;
      else if (v !== BLOCK.PATH) throw new FormatError(`a cell block holds 0, 1, 2 or 3, got ${v}`, r + 1, c + 1);
      cells[y * w + x] = walls;
    }
  }
  return { cells, entry, exit };
}

/**
 * The one reader of a block matrix, of every grid `toBlocks` draws: the maze on the grid
 * `topology` (the matrix must have the grid's size in blocks), or without one the plain
 * square grid the matrix's size makes ((2H+1) x (2W+1)). The square grid is its lattice read
 * back (readLattice); on any other grid a cell whose centre block is a wall is masked, and a
 * wall is open when the blocks along the middle third of it are path, closed when they are
 * wall (anything between is a FormatError).
 */
export function blocksToMaze(matrix: BlockMatrix): SquareBlockMaze;
export function blocksToMaze(matrix: BlockMatrix, topology?: Topology): BlockMaze;
export function blocksToMaze(matrix: BlockMatrix, topology?: Topology): BlockMaze {
  const { rows, cols, values } = matrix;
  if (!topology && (rows < 3 || cols < 3 || rows % 2 === 0 || cols % 2 === 0)) {
    throw new FormatError(`a block matrix is (2H+1) x (2W+1): odd sizes of at least 3, got ${rows} x ${cols}`, 1);
  }
  const t = topology ?? createTopology({ grid: 'square', width: (cols - 1) / 2, height: (rows - 1) / 2 });
  if (t.kind === 'square') {
    const lattice = {
      width: t.width,
      height: t.height,
      wrapX: t.wrap === 'x' || t.wrap === 'xy',
      wrapY: t.wrap === 'y' || t.wrap === 'xy',
    };
    const size = latticeSize(lattice);
    if (rows !== size.rows || cols !== size.cols)
      throw new FormatError(`a ${describeGrid(t)} is ${size.rows} x ${size.cols} blocks, got ${rows} x ${cols}`, 1);
    const read = readLattice(matrix, lattice);
    if (t.wrap !== 'none') return { maze: new GridMaze(t, read.cells), ...ends(read.entry, read.exit), square: null };
    // The lattice a Maze holds: its square view too, the ends as Points.
    const maze = new Maze(t.width, t.height);
    maze.cells.set(read.cells);
    const at = ends(read.entry, read.exit);
    const point = (cell: number | undefined) => (cell === undefined ? undefined : maze.point(cell));
    return { maze, ...at, square: { maze, entry: point(at.entry), exit: point(at.exit) } };
  }
  const frame = rasterFrame(t);
  checkRasterSize(t, frame);
  if (rows !== frame.rows || cols !== frame.cols)
    throw new FormatError(`a ${describeGrid(t)} is ${frame.rows} x ${frame.cols} blocks, got ${rows} x ${cols}`, 1);
  const maze = new GridMaze(t);
  const blocked: number[] = [];
  let entry = -1;
  let exit = -1;
  const where = (index: number): [number, number] => [Math.floor(index / cols) + 1, (index % cols) + 1];
  for (let cell = 0; cell < t.size; cell++) {
    const index = frameCellBlock(t, frame, cell);
    const v = values[index];
    if (v === BLOCK.WALL || v === BLOCK.BORDER) blocked.push(cell);
    else if (v === BLOCK.START) entry = cell;
    else if (v === BLOCK.END) exit = cell;
    else if (v !== BLOCK.PATH) throw new FormatError(`a cell's block holds 0, 1, 2 or 3, got ${v}`, ...where(index));
  }
  const isMasked = new Uint8Array(t.size);
  for (const cell of blocked) isMasked[cell] = 1;
  const around = new Int32Array(t.maxDegree);
  for (let cell = 0; cell < t.size; cell++) {
    if (isMasked[cell]) continue;
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < cell || isMasked[next]) continue;
      let path = 0;
      let wall = 0;
      const probe = wallProbeBlocks(maze, frame, cell, s);
      for (const index of probe) {
        const v = values[index];
        if (v === BLOCK.PATH || v === BLOCK.START || v === BLOCK.END) path++;
        else if (v === BLOCK.WALL || v === BLOCK.BORDER) wall++;
        else throw new FormatError(`a wall's block holds 0, 1 or 8, got ${v}`, ...where(index));
      }
      if (path > 0 && wall === 0) maze.carve(cell, s);
      else if (path > 0 || probe.length === 0)
        throw new FormatError(
          `the wall between cells ${cellLabel(t, cell)} and ${cellLabel(t, next)} is neither open nor closed (${path} path and ${wall} wall blocks along it)`,
          ...where(probe[0] ?? 0),
        );
    }
  }
  for (const cell of blocked) maze.block(cell);
  return { maze, ...ends(entry, exit), square: null };
}

function ends(entry: number, exit: number): { entry?: number; exit?: number } {
  return { entry: entry < 0 ? undefined : entry, exit: exit < 0 ? undefined : exit };
}

/** A grid in words: "8x6 hex grid", "4-ring polar grid (first ring 6)", "5x5 square grid wrapped xy". */
export function describeGrid(t: Topology): string {
  const size = t.kind === 'polar' ? `${t.height}-ring polar grid (first ring ${t.width})` : `${t.width}x${t.height} ${t.kind} grid`;
  return t.wrap === 'none' ? size : `${size} wrapped ${t.wrap}`;
}

/** Reads block-matrix text (numbers separated by spaces or commas, one row per line) as numbers. */
export function parseBlockMatrix(text: string): BlockMatrix {
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
  return { rows, cols, values };
}

/** Reads block-matrix text (numbers separated by spaces or commas, one row per line): the maze on `topology`, or the plain square grid of its size. */
export function parseBlocks(text: string): SquareBlockMaze;
export function parseBlocks(text: string, topology?: Topology): BlockMaze;
export function parseBlocks(text: string, topology?: Topology): BlockMaze {
  return blocksToMaze(parseBlockMatrix(text), topology);
}
