import { FormatError, OptionError } from '../errors.js';
import { ALL_WALLS, BLOCKED, DIRECTION_LETTER, DIRECTIONS, Maze, type GridMaze, type Point } from '../maze.js';
import { patternCells } from '../pattern.js';
import { isPlainSquareMaze } from '../plain-square.js';
import { cellOfRef, type CellRef } from '../render/draw.js';
import { ChunkBuffer, DEFAULT_CHUNK_BYTES, joinChunks } from './chunks.js';
import { gridDocumentChunks, slotTo, type GridDocumentOptions } from './grid-json.js';

/** The library's version, written into JSON exports (kept equal to package.json by a test). */
export const MAZEGEN_VERSION = '1.0.0';
/** The `format` field's value: tells a maze JSON from any other JSON. */
export const JSON_FORMAT = 'a-maze-ing/maze';
/** Version of the JSON schema below; readers refuse newer ones. */
export const JSON_FORMAT_VERSION = 1;

/**
 * The JSON export (docs/formats.md):
 *
 *     { "format": "a-maze-ing/maze", "formatVersion": 1, "width": 3, "height": 2,
 *       "walls": ["957", "C56"], "pattern": false,
 *       "entry": { "x": 0, "y": 0 }, "exit": { "x": 2, "y": 1 },
 *       "solution": "ESE", "generator": "DFS", "seed": "42", "libraryVersion": "1.0.0" }
 *
 * `walls` holds one string per row, one hex digit per cell as in the hex file.
 * `pattern` is true when the 18 cells of the 42 (at their standard place) are pattern cells.
 * `solution`, `generator` and `seed` are null when unknown.
 */
export interface MazeJson {
  format: typeof JSON_FORMAT;
  formatVersion: number;
  width: number;
  height: number;
  walls: string[];
  pattern: boolean;
  /** The cells of the 42 pattern (closed, outside the maze), in row order; [] without it. Games take these instead of guessing from "value 15". */
  patternCells: Point[];
  entry: Point;
  exit: Point;
  solution: string | null;
  generator: string | null;
  seed: string | null;
  libraryVersion: string;
}

/** What the JSON holds besides the walls; `perfect` and `shape` go into formatVersion 2 only. */
export interface JsonOptions {
  /** The entry: a cell, or its (col, row) as a point ((index, ring) on the polar grid). */
  entry: CellRef;
  exit: CellRef;
  /** The solution: its cells, entry first (any grid), or N/E/S/W letters (the square grid). */
  solution?: string | ArrayLike<number> | null;
  perfect?: boolean;
  generator?: string;
  seed?: string;
  shape?: string;
}

/** The square document's fields: the ends as points, the solution as letters. */
interface SquareFields {
  entry: Point;
  exit: Point;
  solution?: string;
  generator?: string;
  seed?: string;
}

/** The square document's view of the options (a cell as its point, cells as the letters of their moves). */
function squareFields(maze: GridMaze, options: JsonOptions): SquareFields {
  const t = maze.topology;
  const point = (ref: CellRef): Point => (typeof ref === 'number' ? { x: ref % t.width, y: Math.floor(ref / t.width) } : ref);
  const solution = options.solution;
  let letters: string | undefined;
  if (typeof solution === 'string') letters = solution;
  else if (solution) {
    letters = '';
    for (let i = 1; i < solution.length; i++) letters += DIRECTION_LETTER[DIRECTIONS[slotTo(t, solution[i - 1], solution[i])]] ?? '?';
  }
  return { entry: point(options.entry), exit: point(options.exit), solution: letters, generator: options.generator, seed: options.seed };
}

/** The grid document's view of the options: the ends as cells, the solution as cells (letters walked on the square grid). */
function gridFields(maze: GridMaze, options: JsonOptions): GridDocumentOptions {
  const t = maze.topology;
  const cell = (ref: CellRef, name: string): number => {
    const at = cellOfRef(t, ref);
    if (at === undefined) throw new OptionError(name, `the ${name} is not a cell of this ${t.kind} grid`);
    return at;
  };
  const entry = cell(options.entry, 'entry');
  let solution = options.solution;
  if (typeof solution === 'string') {
    if (t.kind !== 'square')
      throw new OptionError(
        'solution',
        `a solution of N/E/S/W letters is for the square grid; give a ${t.kind} maze's solution as its cells`,
      );
    const cells = new Int32Array(solution.length + 1);
    cells[0] = entry;
    for (let i = 0; i < solution.length; i++) {
      const slot = 'NESW'.indexOf(solution[i]);
      cells[i + 1] = slot < 0 ? -1 : t.neighbour(cells[i], slot);
      if (cells[i + 1] < 0) throw new OptionError('solution', `the solution's move ${i + 1} ('${solution[i]}') leaves the maze`);
    }
    solution = cells;
  }
  return { ...options, entry, exit: cell(options.exit, 'exit'), solution };
}

const HEX = '0123456789ABCDEF';

/** A plain square maze's JSON document (formatVersion 1) as an object. */
export function toJsonObject(maze: Maze, json: JsonOptions): MazeJson {
  const options = squareFields(maze, json);
  const { width: w, height: h, cells } = maze;
  const walls = new Array<string>(h);
  const blocked: Point[] = [];
  for (let y = 0; y < h; y++) {
    let row = '';
    for (let x = 0; x < w; x++) {
      row += HEX[cells[y * w + x] & ALL_WALLS];
      if (cells[y * w + x] & BLOCKED) blocked.push({ x, y });
    }
    walls[y] = row;
  }
  const pattern = blocked.length > 0;
  return {
    format: JSON_FORMAT,
    formatVersion: JSON_FORMAT_VERSION,
    width: w,
    height: h,
    walls,
    pattern,
    patternCells: blocked,
    entry: { x: options.entry.x, y: options.entry.y },
    exit: { x: options.exit.x, y: options.exit.y },
    solution: options.solution ?? null,
    generator: options.generator ?? null,
    seed: options.seed ?? null,
    libraryVersion: MAZEGEN_VERSION,
  };
}

const HEX_CODES = new Uint8Array(16).map((_, i) => HEX.charCodeAt(i));
/** The solution is written in slices of this many letters, so it is never copied whole. */
const SOLUTION_SLICE = 1 << 20;

/**
 * The JSON of a maze of any grid as UTF-8 chunks of about `chunkBytes` (re-iterable), one
 * writer with two plug-ins chosen here: the plain square grid (isPlainSquareMaze) keeps the
 * square document, formatVersion 1, byte for byte (every square JSON file and reader has
 * it); every other maze is the document of formatVersion 2 (grid-json.ts). parseJson
 * reads both back.
 */
export function encodeJsonChunks(maze: GridMaze, options: JsonOptions, chunkBytes = DEFAULT_CHUNK_BYTES): Iterable<Uint8Array> {
  if (isPlainSquareMaze(maze)) return squareDocumentChunks(maze.asMaze(), squareFields(maze, options), chunkBytes);
  return gridDocumentChunks(maze, gridFields(maze, options), chunkBytes);
}

/**
 * The square document as chunks: the rows of `walls` are written from the maze in whole
 * rows and the solution in slices, so no part of a big maze is held twice.
 */
function squareDocumentChunks(maze: Maze, options: SquareFields, chunkBytes: number): Iterable<Uint8Array> {
  return {
    *[Symbol.iterator]() {
      const { width: w, height: h, cells } = maze;
      const buffer = new ChunkBuffer(chunkBytes);
      const value = (v: unknown): string => JSON.stringify(v);
      buffer.ascii(
        `{\n  "format": ${value(JSON_FORMAT)},\n  "formatVersion": ${value(JSON_FORMAT_VERSION)},\n  "width": ${value(w)},\n  "height": ${value(h)},\n  "walls": [`,
      );
      const blocked: number[] = [];
      for (let y = 0; y < h; y++) {
        buffer.reserve(w + 8);
        const out = buffer.bytes;
        let k = buffer.length;
        out[k++] = y > 0 ? 44 : 10; // ',' ends the row before; the first row starts a line
        if (y > 0) out[k++] = 10;
        for (let i = 0; i < 4; i++) out[k++] = 32;
        out[k++] = 34;
        for (let i = y * w, end = i + w; i < end; i++) {
          const cell = cells[i];
          out[k++] = HEX_CODES[cell & ALL_WALLS];
          if (cell & BLOCKED) blocked.push(i);
        }
        out[k++] = 34;
        buffer.length = k;
        if (buffer.full) yield buffer.take();
      }
      buffer.ascii(h > 0 ? '\n  ],\n' : '],\n');
      const point = (p: Point): string => `{\n    "x": ${value(p.x)},\n    "y": ${value(p.y)}\n  }`;
      // As JSON.stringify(object, null, 2) lays them out, so both writers agree byte for byte.
      const listed = blocked.map((cell) => `\n    {\n      "x": ${cell % w},\n      "y": ${Math.floor(cell / w)}\n    }`).join(',');
      buffer.ascii(
        `  "pattern": ${value(blocked.length > 0)},\n  "patternCells": [${listed}${blocked.length > 0 ? '\n  ' : ''}],\n  "entry": ${point(options.entry)},\n  "exit": ${point(options.exit)},\n  "solution": `,
      );
      const solution = options.solution;
      if (solution === undefined) buffer.ascii('null');
      else {
        buffer.ascii('"');
        for (let start = 0; start < solution.length;) {
          let end = Math.min(solution.length, start + SOLUTION_SLICE);
          // A slice never splits a surrogate pair (JSON.stringify escapes a lone half).
          const last = solution.charCodeAt(end - 1);
          if (end < solution.length && last >= 0xd800 && last <= 0xdbff) end++;
          buffer.utf8(value(solution.slice(start, end)).slice(1, -1));
          if (buffer.full) yield buffer.take();
          start = end;
        }
        buffer.ascii('"');
      }
      buffer.utf8(
        `,\n  "generator": ${value(options.generator ?? null)},\n  "seed": ${value(options.seed ?? null)},\n  "libraryVersion": ${value(MAZEGEN_VERSION)}\n}\n`,
      );
      yield buffer.take();
    },
  };
}

/** The JSON text of a maze of any grid (encodeJsonChunks: two-space indented, rows one per line, ending in a newline). */
export function toJson(maze: GridMaze, options: JsonOptions): string {
  return joinChunks(encodeJsonChunks(maze, options));
}

/** The square document (formatVersion 1) as it is written: its maze, its ends as Points, its solution as N/E/S/W letters. */
export interface SquareJsonView {
  maze: Maze;
  entry: Point;
  exit: Point;
  solution: string | null;
}

/** Line and column (1-based) of a character offset. */
function locate(text: string, offset: number): [number, number] {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return [line, offset - lineStart + 1];
}

function fail(detail: string): never {
  throw new FormatError(detail, 1);
}

function point(value: unknown, name: string, w: number, h: number): Point {
  const p = value as { x?: unknown; y?: unknown } | null;
  if (typeof p !== 'object' || p === null || !Number.isInteger(p.x) || !Number.isInteger(p.y)) {
    fail(`"${name}" must be an object {"x": <integer>, "y": <integer>}`);
  }
  const x = p.x as number;
  const y = p.y as number;
  if (x < 0 || y < 0 || x >= w || y >= h) fail(`"${name}" (${x},${y}) is outside the ${w}x${h} maze (x 0..${w - 1}, y 0..${h - 1})`);
  return { x, y };
}

function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') fail(`"${name}" must be a string or null, got ${typeof value}`);
  return value;
}

/** A maze JSON's text as its object, checked to be a maze JSON (`format`); bad syntax says its line and column. */
export function parseJsonObject(text: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    const [line, column] = at ? locate(text, Number(at[1])) : [1, 1];
    throw new FormatError(`not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`, line, column);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) fail('expected a JSON object describing a maze');
  const d = doc as Record<string, unknown>;
  if (d.format !== JSON_FORMAT) fail(`"format" must be "${JSON_FORMAT}", got ${JSON.stringify(d.format) ?? 'nothing'}`);
  return d;
}

/** The square document's fields (formatVersion 1, checked by the caller), for parseJson; anything malformed throws a FormatError. */
export function readSquareDocument(
  d: Record<string, unknown>,
): SquareJsonView & { generator: string | null; seed: string | null; libraryVersion: string } {
  const w = d.width;
  const h = d.height;
  if (!Number.isInteger(w) || (w as number) < 1 || !Number.isInteger(h) || (h as number) < 1) {
    fail(`"width" and "height" must be integers >= 1, got ${JSON.stringify(w)} and ${JSON.stringify(h)}`);
  }
  const width = w as number;
  const height = h as number;
  if (!Array.isArray(d.walls) || d.walls.length !== height) fail(`"walls" must be an array of ${height} row strings`);
  const maze = new Maze(width, height);
  (d.walls as unknown[]).forEach((row, y) => {
    if (typeof row !== 'string' || row.length !== width) fail(`"walls" row ${y} must be a string of ${width} hex digits`);
    for (let x = 0; x < width; x++) {
      const v = parseInt(row[x], 16);
      if (Number.isNaN(v)) fail(`"walls" row ${y}, cell ${x}: expected a hex digit 0-9 or A-F, got '${row[x]}'`);
      maze.cells[y * width + x] = v;
    }
  });
  if (d.pattern !== undefined && typeof d.pattern !== 'boolean') fail('"pattern" must be true or false');
  if (d.pattern === true) {
    const cells = patternCells(width, height);
    if (cells.length === 0) fail(`"pattern" is true but the 42 does not fit a ${width}x${height} maze`);
    for (const cell of cells) {
      if (maze.cells[cell] !== ALL_WALLS)
        fail(`"pattern" is true but 42 cell (${cell % width},${Math.floor(cell / width)}) is not closed (F)`);
      maze.cells[cell] |= BLOCKED;
    }
  }
  if (d.patternCells !== undefined) {
    const want = [...maze.cells.keys()]
      .filter((cell) => maze.cells[cell] & BLOCKED)
      .map((cell) => `${cell % width},${Math.floor(cell / width)}`);
    const listed = Array.isArray(d.patternCells) ? d.patternCells.map((p) => `${(p as Point | null)?.x},${(p as Point | null)?.y}`) : null;
    if (listed === null || listed.join(' ') !== want.join(' ')) {
      fail(
        `"patternCells" must list the ${want.length} cells of the 42 pattern in row order as { "x", "y" }${want.length === 0 ? ' (none: "pattern" is false)' : ''}`,
      );
    }
  }
  const entry = point(d.entry, 'entry', width, height);
  const exit = point(d.exit, 'exit', width, height);
  const solution = optionalString(d.solution, 'solution');
  if (solution !== null && /[^NESW]/.test(solution)) fail('"solution" may hold only the letters N, E, S, W');
  return {
    maze,
    entry,
    exit,
    solution,
    generator: optionalString(d.generator, 'generator'),
    seed: optionalString(d.seed, 'seed'),
    libraryVersion: optionalString(d.libraryVersion, 'libraryVersion') ?? 'unknown',
  };
}
