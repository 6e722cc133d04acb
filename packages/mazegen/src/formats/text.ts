import { FormatError } from '../errors.js';
import type { GridMaze } from '../maze.js';
import { ALL_WALLS, BLOCKED, EAST, Maze, NORTH, SOUTH, WEST, type Point } from '../maze.js';
import { RASTER_CODE, rasterGridBlocks } from '../render/block-raster.js';
import { cellOfRef, pathLinks, type CellRef } from '../render/draw.js';
import type { BlockMatrix } from './blocks.js';
import { ChunkBuffer, DEFAULT_CHUNK_BYTES, joinChunks, utf8Bytes } from './chunks.js';

/**
 * Plain-text mazes on one lattice: a line of corners and horizontal walls above each
 * row of cells, and a line of vertical walls and cell interiors for it. A cell is two
 * characters wide, so a W-wide maze has lines of 3W + 1 characters and 2H + 1 lines.
 *
 *     ascii (path)    unicode
 *     +--+--+--+      ┌────────┐
 *     |........|      │        │
 *     +..+--+..+      │  ╶──┐  │
 *     |S    |E |      │S    │E │
 *     +--+--+--+      └─────┴──┘
 */

export interface TextOptions {
  /** The entry: a cell, or its (col, row) as a point ((index, ring) on the polar grid). */
  entry?: CellRef;
  exit?: CellRef;
  /** Solution cells from entry to exit: a dotted trail through the cells and the gaps crossed (square), marks along it (blocks). */
  path?: ArrayLike<number> | null;
}

interface Glyphs {
  horizontal: string;
  vertical: string;
  /** Corner by its arms: up 1, right 2, down 4, left 8. */
  corners: readonly string[];
  pathMark: string;
  pattern: string;
}

const ASCII: Glyphs = {
  horizontal: '--',
  vertical: '|',
  corners: [' ', '+', '+', '+', '+', '+', '+', '+', '+', '+', '+', '+', '+', '+', '+', '+'],
  pathMark: '.',
  pattern: '##',
};

const UNICODE: Glyphs = {
  horizontal: '──',
  vertical: '│',
  corners: [' ', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼'],
  pathMark: '·',
  pattern: '██',
};

/** The glyphs as UTF-8 bytes, so a row is copied byte by byte into the chunk. */
interface GlyphBytes {
  horizontal: Uint8Array;
  vertical: Uint8Array;
  corners: Uint8Array[];
  pathMark: Uint8Array;
  pathGap: Uint8Array;
  pattern: Uint8Array;
  blank: Uint8Array;
  space: Uint8Array;
  entry: Uint8Array;
  exit: Uint8Array;
  /** Bytes a lattice or cell line of one cell can take at most. */
  perCell: number;
}

function glyphBytes(g: Glyphs): GlyphBytes {
  const bytes = {
    horizontal: utf8Bytes(g.horizontal),
    vertical: utf8Bytes(g.vertical),
    corners: g.corners.map(utf8Bytes),
    pathMark: utf8Bytes(g.pathMark),
    pathGap: utf8Bytes(g.pathMark + g.pathMark),
    pattern: utf8Bytes(g.pattern),
    blank: utf8Bytes('  '),
    space: utf8Bytes(' '),
    entry: utf8Bytes('S '),
    exit: utf8Bytes('E '),
  };
  const corner = Math.max(...bytes.corners.map((c) => c.length));
  const side = Math.max(bytes.vertical.length, bytes.pathMark.length, 1);
  const inside = Math.max(bytes.horizontal.length, bytes.pathGap.length, bytes.pattern.length, 2);
  return { ...bytes, perCell: Math.max(corner, side) + inside };
}

const ASCII_BYTES = glyphBytes(ASCII);
const UNICODE_BYTES = glyphBytes(UNICODE);

const UP = 1;
const RIGHT = 2;
const DOWN = 4;
const LEFT = 8;
/** A bit above the four link bits: the cell is on the path. */
const ON_PATH = 32;

/** Copies `glyph` into `out` at `k`; returns the end. */
function put(out: Uint8Array, k: number, glyph: Uint8Array): number {
  for (let b = 0; b < glyph.length; b++) out[k++] = glyph[b];
  return k;
}

/** What the lattice text reads of a square maze: its size and one wall byte a cell (a Maze, or a square GridMaze's words). */
interface SquareCells {
  width: number;
  height: number;
  size: number;
  cells: Uint8Array;
}

/**
 * The text maze as chunks of whole lines (about `chunkBytes` each, UTF-8): a maze of any
 * size is written without ever being one string. Re-iterable. A wrapped square grid
 * draws each joined edge on both sides (its first and last wall lines).
 */
function latticeTextChunks(
  maze: SquareCells,
  options: { entry: number; exit: number; path?: ArrayLike<number> | null },
  g: GlyphBytes,
  chunkBytes: number,
): Iterable<Uint8Array> {
  return {
    *[Symbol.iterator]() {
      const { width: w, height: h, cells } = maze;
      let links: Uint8Array | undefined;
      if (options.path && options.path.length > 0) {
        // One byte per cell: the path's links (N/E/S/W) and whether the cell is on it.
        links = pathLinks(maze, options.path);
        for (let i = 0; i < options.path.length; i++) links[options.path[i]] |= ON_PATH;
      }
      const { entry, exit } = options;
      const lineBytes = (w + 1) * g.perCell + 1;
      const buffer = new ChunkBuffer(chunkBytes);
      for (let j = 0; j <= h; j++) {
        buffer.reserve(lineBytes);
        let out = buffer.bytes;
        let k = buffer.length;
        // Lattice line j: corners join the vertical walls of the cell rows above and below
        // (the last column is the east border) and the horizontal walls left and right
        // (the north sides of row j; below the last row, its south sides).
        const above = (j - 1) * w;
        const below = j * w;
        const wallRow = j < h ? below : (h - 1) * w;
        const wallBit = j < h ? NORTH : SOUTH;
        let left = 0;
        for (let i = 0; i <= w; i++) {
          const right = i < w ? cells[wallRow + i] & wallBit : 0;
          let arms = (right ? RIGHT : 0) | (left ? LEFT : 0);
          if (j > 0 && (i < w ? cells[above + i] & WEST : cells[above + w - 1] & EAST)) arms |= UP;
          if (j < h && (i < w ? cells[below + i] & WEST : cells[below + w - 1] & EAST)) arms |= DOWN;
          k = put(out, k, g.corners[arms]);
          if (i < w) {
            if (right) k = put(out, k, g.horizontal);
            else if (links && j > 0 && j < h && links[below + i] & NORTH) k = put(out, k, g.pathGap);
            else k = put(out, k, g.blank);
          }
          left = right;
        }
        out[k++] = NEWLINE;
        buffer.length = k;
        if (j === h) break;
        buffer.reserve(lineBytes);
        out = buffer.bytes;
        k = buffer.length;
        // Cell line j: each cell's west wall (or the path crossing it), then its inside; the east border last.
        for (let i = 0; i < w; i++) {
          const cell = below + i;
          const v = cells[cell];
          if (v & WEST) k = put(out, k, g.vertical);
          else if (links && i > 0 && links[cell] & WEST) k = put(out, k, g.pathMark);
          else k = put(out, k, g.space);
          if (v & BLOCKED) k = put(out, k, g.pattern);
          else if (cell === entry) k = put(out, k, g.entry);
          else if (cell === exit) k = put(out, k, g.exit);
          else if (links && links[cell] & ON_PATH) k = put(out, k, g.pathGap);
          else k = put(out, k, g.blank);
        }
        k = put(out, k, cells[below + w - 1] & EAST ? g.vertical : g.space);
        out[k++] = NEWLINE;
        buffer.length = k;
        if (buffer.full) yield buffer.take();
      }
      if (buffer.length > 0) yield buffer.take();
    },
  };
}

const NEWLINE = 10;

/** Two characters a block (a block is then about square in a terminal), by RASTER_CODE. */
interface BlockGlyphs {
  wall: string;
  path: string;
  start: string;
  end: string;
  solution: string;
}

const ASCII_BLOCKS: BlockGlyphs = { wall: '##', path: '  ', start: 'S ', end: 'E ', solution: '..' };
const UNICODE_BLOCKS: BlockGlyphs = { wall: '██', path: '  ', start: 'S ', end: 'E ', solution: '··' };

/** Each code's glyph as UTF-8 bytes. */
function blockGlyphBytes(g: BlockGlyphs): Uint8Array[] {
  const bytes: Uint8Array[] = [];
  bytes[RASTER_CODE.WALL] = utf8Bytes(g.wall);
  bytes[RASTER_CODE.BORDER] = utf8Bytes(g.wall);
  bytes[RASTER_CODE.PATH] = utf8Bytes(g.path);
  bytes[RASTER_CODE.START] = utf8Bytes(g.start);
  bytes[RASTER_CODE.END] = utf8Bytes(g.end);
  bytes[RASTER_CODE.SOLUTION] = utf8Bytes(g.solution);
  return bytes;
}

const ASCII_BLOCK_BYTES = blockGlyphBytes(ASCII_BLOCKS);
const UNICODE_BLOCK_BYTES = blockGlyphBytes(UNICODE_BLOCKS);

/**
 * Any grid maze's text, one writer with two plug-ins, chosen here: the square grid (wraps and
 * masks included) is its lattice (one `+--+` cell three characters wide: the established
 * bytes of every square text file, which parseTextMaze reads back), every other grid its
 * block raster (render/block-raster.ts) two characters a block (gridTextToBlocks reads it
 * back). Re-iterable; the raster is made when the chunks are first asked for.
 */
function textChunks(
  maze: GridMaze,
  options: TextOptions,
  lattice: GlyphBytes,
  blocks: Uint8Array[],
  chunkBytes: number,
): Iterable<Uint8Array> {
  const t = maze.topology;
  const entry = cellOfRef(t, options.entry) ?? -1;
  const exit = cellOfRef(t, options.exit) ?? -1;
  if (t.kind === 'square') {
    const cells = { width: t.width, height: t.height, size: t.size, cells: maze.cells as Uint8Array };
    return latticeTextChunks(cells, { entry, exit, path: options.path }, lattice, chunkBytes);
  }
  return {
    *[Symbol.iterator]() {
      const { rows, cols, codes } = rasterGridBlocks(maze, { entry, exit, path: options.path });
      const widest = Math.max(...blocks.filter(Boolean).map((b) => b.length));
      const buffer = new ChunkBuffer(chunkBytes);
      for (let r = 0; r < rows; r++) {
        buffer.reserve(cols * widest + 1);
        const out = buffer.bytes;
        let k = buffer.length;
        for (let i = r * cols, end = i + cols; i < end; i++) k = put(out, k, blocks[codes[i]]);
        out[k++] = NEWLINE;
        buffer.length = k;
        if (buffer.full) yield buffer.take();
      }
      if (buffer.length > 0) yield buffer.take();
    },
  };
}

/** A maze of any grid in ASCII as UTF-8 chunks of whole lines: the square `+--+` lattice, or blocks as '##', '  ', 'S ', 'E ' and '..' on the path. */
export function encodeAsciiChunks(maze: GridMaze, options: TextOptions = {}, chunkBytes = DEFAULT_CHUNK_BYTES): Iterable<Uint8Array> {
  return textChunks(maze, options, ASCII_BYTES, ASCII_BLOCK_BYTES, chunkBytes);
}

/** A maze of any grid in Unicode as UTF-8 chunks of whole lines: the square box-drawing lattice, or blocks as '██', '  ', 'S ', 'E ' and '··' on the path. */
export function encodeUnicodeChunks(maze: GridMaze, options: TextOptions = {}, chunkBytes = DEFAULT_CHUNK_BYTES): Iterable<Uint8Array> {
  return textChunks(maze, options, UNICODE_BYTES, UNICODE_BLOCK_BYTES, chunkBytes);
}

/** A maze of any grid in ASCII (encodeAsciiChunks); on the square grid entry S, exit E, path dots, 42 cells '##'. */
export function toAscii(maze: GridMaze, options: TextOptions = {}): string {
  return joinChunks(encodeAsciiChunks(maze, options));
}

/** A maze of any grid in Unicode (encodeUnicodeChunks); on the square grid box-drawing characters, path '·', 42 cells '██'. */
export function toUnicode(maze: GridMaze, options: TextOptions = {}): string {
  return joinChunks(encodeUnicodeChunks(maze, options));
}

/** The block each glyph pair of the raster text stands for (path marks read as path). */
const BLOCK_OF_GLYPH = new Map<string, number>([
  ['##', RASTER_CODE.WALL],
  ['██', RASTER_CODE.WALL],
  ['  ', RASTER_CODE.PATH],
  ['..', RASTER_CODE.PATH],
  ['··', RASTER_CODE.PATH],
  ['S ', RASTER_CODE.START],
  ['E ', RASTER_CODE.END],
]);

/**
 * Reads the block text of a hex, triangle or polar maze (toAscii, toUnicode) back
 * into its block matrix, for `blocksToMaze` with the maze's grid. Lines may have lost
 * their trailing spaces.
 */
export function gridTextToBlocks(text: string): BlockMatrix {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length === 0) throw new FormatError('expected lines of blocks, two characters each, found an empty text', 1);
  const longest = lines.reduce((n, l) => Math.max(n, l.length), 0);
  const cols = Math.ceil(longest / 2);
  const rows = lines.length;
  const values = new Uint8Array(rows * cols);
  lines.forEach((line, r) => {
    const padded = line.padEnd(2 * cols, ' ');
    for (let c = 0; c < cols; c++) {
      const pair = padded.slice(2 * c, 2 * c + 2);
      const code = BLOCK_OF_GLYPH.get(pair);
      if (code === undefined)
        throw new FormatError(`expected a block ('##', '██', '  ', '..', 'S ' or 'E '), got '${pair}'`, r + 1, 2 * c + 1);
      values[r * cols + c] = code;
    }
  });
  return { rows, cols, values };
}

/** A text maze read back. */
export interface TextMaze {
  maze: Maze;
  entry?: Point;
  exit?: Point;
  /** Cells marked as on the path (in row order, not path order). */
  pathCells: number[];
}

const H_WALL = new Set(['-', '─', '━', '═']);
const V_WALL = new Set(['|', '│', '┃', '║']);
const OPEN = new Set([' ', '.', '•', '·', '*']);

/**
 * Reads an ASCII or Unicode text maze (as written by toAscii/toUnicode) back to walls,
 * entry, exit and 42 cells. Lines may have lost trailing spaces.
 */
export function parseTextMaze(text: string): TextMaze {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  // A line is indexed by character: as the string itself (one unit a character, as every
  // glyph here is), or, when it holds a surrogate pair, as an array of characters. An
  // array of one-character strings per line would take 8 bytes a character of a big maze.
  let chars: (string | string[])[] = lines.map((l) => (/[\uD800-\uDFFF]/.test(l) ? Array.from(l) : l));
  const longest = chars.reduce((n, l) => Math.max(n, l.length), 0);
  if (lines.length < 3 || lines.length % 2 === 0) {
    throw new FormatError(
      `a text maze has an odd number of lines (2 per row plus 1), at least 3; got ${lines.length}`,
      Math.max(1, lines.length),
    );
  }
  if (longest < 4 || (longest - 1) % 3 !== 0) {
    throw new FormatError(`a text maze's lines are 3 characters per cell plus 1; the longest line has ${longest}`, 1);
  }
  const w = (longest - 1) / 3;
  const h = (lines.length - 1) / 2;
  chars = chars.map((row) =>
    row.length === longest ? row : typeof row === 'string' ? row.padEnd(longest, ' ') : [...row, ...' '.repeat(longest - row.length)],
  );
  const maze = new Maze(w, h);
  const { cells } = maze;
  cells.fill(0);
  let entry: Point | undefined;
  let exit: Point | undefined;
  const pathCells: number[] = [];
  const wallAt = (row: number, col: number, walls: Set<string>): boolean => {
    const ch = chars[row][col];
    if (walls.has(ch)) return true;
    if (OPEN.has(ch)) return false;
    throw new FormatError(`expected a wall or a space here, got '${ch}'`, row + 1, col + 1);
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const cell = y * w + x;
      const top = 2 * y;
      const mid = 2 * y + 1;
      const col = 3 * x;
      if (wallAt(top, col + 1, H_WALL) || wallAt(top, col + 2, H_WALL)) cells[cell] |= NORTH;
      if (wallAt(top + 2, col + 1, H_WALL) || wallAt(top + 2, col + 2, H_WALL)) cells[cell] |= SOUTH;
      if (wallAt(mid, col, V_WALL)) cells[cell] |= WEST;
      if (wallAt(mid, col + 3, V_WALL)) cells[cell] |= EAST;
      const inside = chars[mid][col + 1] + chars[mid][col + 2];
      if (inside === '##' || inside === '██') cells[cell] = ALL_WALLS | BLOCKED;
      else if (inside[0] === 'S') entry = { x, y };
      else if (inside[0] === 'E') exit = { x, y };
      else if (inside[0] !== ' ') {
        if (!OPEN.has(inside[0])) throw new FormatError(`unexpected '${inside[0]}' inside a cell`, mid + 1, col + 2);
        pathCells.push(cell);
      }
    }
  }
  return { maze, entry, exit, pathCells };
}
