import { FormatError, OptionError, SizeError } from '../errors.js';
import { ALL_WALLS, BLOCKED, Maze, type Point } from '../maze.js';
import { asciiText } from '../path.js';
import { patternCells } from '../pattern.js';

const HEX_UPPER = '0123456789ABCDEF';
/** The digit of any cell byte (its wall nibble), so encoding needs no mask whatever the flag and scratch bits hold. */
const HEX_OF_BYTE = new Uint8Array(256);
for (let i = 0; i < 256; i++) HEX_OF_BYTE[i] = HEX_UPPER.charCodeAt(i & ALL_WALLS);
const NEWLINE = 10;
/** The value of a hex digit's character code (either case), -1 for any other byte. */
const VALUE_OF_DIGIT = new Int8Array(256).fill(-1);
for (let d = 0; d < 16; d++) {
  VALUE_OF_DIGIT[HEX_UPPER.charCodeAt(d)] = d;
  VALUE_OF_DIGIT[HEX_UPPER.toLowerCase().charCodeAt(d)] = d;
}

/** What a hex file holds besides the walls. */
export interface HexFooter {
  entry: Point;
  exit: Point;
  /** The solution as N/E/S/W letters. */
  path: string;
}

/** The maze rows in the hex format (uppercase, one line per row, each ending in '\n') as bytes. */
export function encodeHexRows(maze: Maze, firstRow = 0, endRow = maze.height): Uint8Array {
  const out = new Uint8Array((endRow - firstRow) * (maze.width + 1));
  encodeHexRowsInto(maze, out, firstRow, endRow);
  return out;
}

/**
 * Encodes rows firstRow..endRow-1 into `out` from its start (it must hold
 * (endRow - firstRow) * (width + 1) bytes) and returns the byte count: a writer can
 * reuse one buffer for every chunk. Reads only the cells' wall nibbles.
 */
export function encodeHexRowsInto(maze: Maze, out: Uint8Array, firstRow: number, endRow: number): number {
  const { cells, width: w } = maze;
  const bytes = (endRow - firstRow) * (w + 1);
  if (out.length < bytes) throw new SizeError(`encodeHexRowsInto: ${bytes} bytes needed, the buffer holds ${out.length}`);
  let k = 0;
  for (let y = firstRow; y < endRow; y++) k = encodeHexCells(cells, y * w, w, out, k);
  return bytes;
}

/**
 * One row of the hex format: the wall digits of `count` cell bytes from cells[start],
 * then '\n', written into out[at..]. Returns the position after the newline. For rows
 * that do not live in a Maze (a stream's rows).
 */
export function encodeHexCells(cells: Uint8Array, start: number, count: number, out: Uint8Array, at: number): number {
  const end = start + count;
  for (let i = start; i < end; i++) out[at++] = HEX_OF_BYTE[cells[i]];
  out[at++] = NEWLINE;
  return at;
}

/**
 * The other way: `count` hex digits (either case) from text[at..] as wall nibbles into
 * cells[start..]. A byte that is not a hex digit is a FormatError naming `line` (the
 * row's line in the file, from 1) and its column.
 */
export function decodeHexCells(text: Uint8Array, at: number, count: number, cells: Uint8Array, start: number, line: number): void {
  for (let i = 0; i < count; i++) {
    const value = VALUE_OF_DIGIT[text[at + i]];
    if (value < 0) throw new FormatError(`expected a hex digit 0-9 or A-F, got byte ${text[at + i]}`, line, i + 1);
    cells[start + i] = value;
  }
}

/** The footer's lines before the path: a blank line, entry and exit. */
function footerHead(entry: Point, exit: Point): string {
  return `\n${entry.x},${entry.y}\n${exit.x},${exit.y}\n`;
}

/** The footer lines: a blank line, entry, exit and path, each ending in '\n'. */
export function hexFooter(footer: HexFooter): string {
  checkFooter(footer);
  return `${footerHead(footer.entry, footer.exit)}${footer.path}\n`;
}

/** Paths up to this length are checked letter by letter; longer ones (made by the library's solvers) by their start. */
const FULL_CHECK_LETTERS = 1 << 20;

/**
 * A footer the writer would turn into a file parseHex rejects is an OptionError: cell
 * indices or another type in place of the N/E/S/W letters, or ends that are not points.
 */
function checkFooter(footer: HexFooter | undefined): void {
  if (typeof footer !== 'object' || footer === null)
    throw new OptionError('footer', `the hex footer must be { entry, exit, path }, got ${describeValue(footer)}`);
  for (const name of ['entry', 'exit'] as const) {
    const p = footer[name] as unknown as { x?: unknown; y?: unknown } | undefined;
    if (
      typeof p !== 'object' ||
      p === null ||
      !Number.isInteger(p.x) ||
      !Number.isInteger(p.y) ||
      (p.x as number) < 0 ||
      (p.y as number) < 0
    ) {
      throw new OptionError(name, `the footer's ${name} must be a point { x, y } of whole numbers from 0, got ${describeValue(p)}`);
    }
  }
  const path: unknown = footer.path;
  if (typeof path !== 'string') {
    const hint =
      Array.isArray(path) || ArrayBuffer.isView(path) ? " (cells? pass the solution's directions, e.g. shortestPath(...).directions)" : '';
    throw new OptionError('path', `the footer's path must be a string of N, E, S, W letters, got ${describeValue(path)}${hint}`);
  }
  const checked = path.length <= FULL_CHECK_LETTERS ? path : path.slice(0, 4096);
  const bad = /[^NESW]/.exec(checked);
  if (bad)
    throw new OptionError('path', `the footer's path must hold only the letters N, E, S, W, got '${bad[0]}' at position ${bad.index + 1}`);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (typeof value === 'string') return `the string '${value.length > 40 ? `${value.slice(0, 40)}...` : value}'`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** The same footer as bytes, for a path held as N/E/S/W letter codes (never made a string). */
export function hexFooterBytes(entry: Point, exit: Point, letters: Uint8Array): Uint8Array {
  const head = footerHead(entry, exit);
  const out = new Uint8Array(head.length + letters.length + 1);
  for (let i = 0; i < head.length; i++) out[i] = head.charCodeAt(i);
  out.set(letters, head.length);
  out[out.length - 1] = NEWLINE;
  return out;
}

/** The whole file as bytes (rows, blank line, entry, exit, path). */
export function encodeHex(maze: Maze, footer: HexFooter): Uint8Array {
  const rows = encodeHexRows(maze);
  const tail = hexFooter(footer);
  const out = new Uint8Array(rows.length + tail.length);
  out.set(rows);
  for (let i = 0; i < tail.length; i++) out[rows.length + i] = tail.charCodeAt(i);
  return out;
}

/**
 * The whole file as a re-iterable sequence of byte chunks of about `chunkBytes` (whole
 * rows, then the footer), for writing a large maze without holding its text at once.
 */
export function encodeHexChunks(maze: Maze, footer: HexFooter, chunkBytes = 1 << 22): Iterable<Uint8Array> {
  const rowsPerChunk = Math.max(1, Math.floor(chunkBytes / (maze.width + 1)));
  return {
    *[Symbol.iterator]() {
      for (let y = 0; y < maze.height; y += rowsPerChunk) yield encodeHexRows(maze, y, Math.min(maze.height, y + rowsPerChunk));
      const tail = hexFooter(footer);
      const bytes = new Uint8Array(tail.length);
      for (let i = 0; i < tail.length; i++) bytes[i] = tail.charCodeAt(i);
      yield bytes;
    },
  };
}

/** The whole file as text. */
export function toHex(maze: Maze, footer: HexFooter): string {
  const bytes = encodeHex(maze, footer);
  return asciiText(bytes);
}

/** A parsed hex file. */
export interface HexFile extends HexFooter {
  maze: Maze;
}

function hexValue(code: number): number {
  return code < 256 ? VALUE_OF_DIGIT[code] : -1;
}

function describeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code === 0xfffd) return 'bytes that are not UTF-8 text (a binary file?)';
  if (code >= 0xa0) return `'${String.fromCodePoint(ch.codePointAt(0)!)}' (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  return code >= 32 && code < 127 ? `'${ch}'` : `byte 0x${code.toString(16).padStart(2, '0')}`;
}

/** A long line cut short for a message. */
function excerpt(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

function parsePoint(text: string, lineNo: number, name: string, maze: Maze): Point {
  const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text);
  if (!m) throw new FormatError(`expected the ${name} as x,y (for example 0,0), got '${excerpt(text)}'`, lineNo);
  // '+ 0' turns a written '-0' into 0, so the point reads back as it is written out.
  const p = { x: Number(m[1]) + 0, y: Number(m[2]) + 0 };
  if (!maze.contains(p.x, p.y)) {
    throw new FormatError(
      `the ${name} (${p.x},${p.y}) is outside the ${maze.width}x${maze.height} maze (x 0..${maze.width - 1}, y 0..${maze.height - 1})`,
      lineNo,
    );
  }
  return p;
}

/**
 * Reads a hex maze file: hex digits in either case, '\n' or '\r\n' line ends, a final
 * newline optional. Any other deviation throws a FormatError with line and column.
 */
export function parseHex(text: string): HexFile {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.length > 0 && lines[lines.length - 1] === '' && text.endsWith('\n')) lines.pop();
  if (lines.length === 0 || lines[0] === '') throw new FormatError('expected a row of hex digits, found an empty line or an empty file', 1);
  const width = lines[0].length;
  // The first row sets the width, so junk there (a binary file) is named before any row-length complaint.
  for (let x = 0; x < width; x++) {
    if (hexValue(lines[0].charCodeAt(x)) < 0)
      throw new FormatError(`expected a hex digit 0-9 or A-F, got ${describeChar(lines[0][x])}`, 1, x + 1);
  }
  let height = 0;
  while (height < lines.length && lines[height] !== '') height++;
  for (let y = 0; y < height; y++) {
    if (y > 0 && lines[y].includes(',')) throw new FormatError('expected a blank line between the last row and the entry line', y + 1);
    if (lines[y].length !== width) {
      throw new FormatError(
        `row ${y} has ${lines[y].length} cell${lines[y].length === 1 ? '' : 's'}, the first row has ${width}`,
        y + 1,
        Math.min(lines[y].length, width) + 1,
      );
    }
  }
  const maze = new Maze(width, height);
  const { cells } = maze;
  for (let y = 0; y < height; y++) {
    const line = lines[y];
    for (let x = 0; x < width; x++) {
      const v = hexValue(line.charCodeAt(x));
      if (v < 0) throw new FormatError(`expected a hex digit 0-9 or A-F, got ${describeChar(line[x])}`, y + 1, x + 1);
      cells[y * width + x] = v;
    }
  }
  const footerStart = height + 1;
  if (lines.length < footerStart + 3) {
    const missing = ['a blank line after the rows', 'the entry line (x,y)', 'the exit line (x,y)', 'the path line (N/E/S/W letters)'][
      Math.max(0, lines.length - height)
    ];
    throw new FormatError(`the file ends early: expected ${missing}`, lines.length + 1);
  }
  const entry = parsePoint(lines[footerStart], footerStart + 1, 'entry', maze);
  const exit = parsePoint(lines[footerStart + 1], footerStart + 2, 'exit', maze);
  const pathLine = lines[footerStart + 2];
  const path = pathLine.trim();
  const bad = /[^NESW]/.exec(path);
  if (bad) {
    const column = pathLine.indexOf(path) + bad.index + 1;
    throw new FormatError(`the path may hold only the letters N, E, S, W, got ${describeChar(bad[0])}`, footerStart + 3, column);
  }
  for (let i = footerStart + 3; i < lines.length; i++) {
    if (lines[i].trim() !== '') throw new FormatError('unexpected text after the path line', i + 1);
  }
  markPattern(maze);
  return { maze, entry, exit, path };
}

/**
 * The file has no flag for the 42, so a pattern is recognised where all 18 of its cells
 * are fully closed (F) at its place: they get BLOCKED again, as in a generated maze, so
 * that a maze read back equals the one written and dead ends next to it count right.
 */
function markPattern(maze: Maze): void {
  const cells = patternCells(maze.width, maze.height);
  for (const cell of cells) if (maze.cells[cell] !== ALL_WALLS) return;
  for (const cell of cells) maze.cells[cell] = ALL_WALLS | BLOCKED;
}
