import { FormatError } from '../errors.js';
import { createTopology } from '../grid/create.js';
import { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import { allWallsOf, GRID_KINDS, WRAPS, type GridCoordinates, type Topology, type Wrap } from '../grid/topology.js';
import { DIRECTION_LETTER, DIRECTIONS } from '../maze.js';
import { ChunkBuffer, DEFAULT_CHUNK_BYTES } from './chunks.js';
import { JSON_FORMAT, JSON_FORMAT_VERSION, MAZEGEN_VERSION, parseJsonObject, readSquareDocument, type SquareJsonView } from './json.js';

/** The maze JSON's version for a maze of any grid (1, the square document, stays what it was). */
export const GRID_JSON_FORMAT_VERSION = 2;

/**
 * The maze JSON of any grid (docs/formats.md; toJson in json.ts chooses). A plain square maze
 * (isPlainSquareMaze) is the square document of formatVersion 1, byte for byte; any other is
 * formatVersion 2, what version 1 holds with the grid that reads it back:
 *
 *     { "format": "a-maze-ing/maze", "formatVersion": 2, "grid": "hex", "width": 8, "height": 6,
 *       "wrap": "none", "shape": null, "cellDigits": 2, "blockedBit": 64,
 *       "walls": ["5B3F...", ...], "entry": { "col": 0, "row": 0 }, "exit": { "col": 7, "row": 5 },
 *       "solution": "2231...", "perfect": true, "generator": "DFS", "seed": "42", "libraryVersion": "1.0.0" }
 *
 * `walls` holds one string per row (polar: per ring, the centre first), each cell's word in
 * `cellDigits` hex digits: bit s a closed wall in slot s (docs/grids.md numbers the slots),
 * `blockedBit` a cell outside the maze. `entry` and `exit` are the topology's coordinates
 * ({ col, row } or { ring, index }); `solution` is one hex digit a move, the slot it leaves by.
 */
export interface GridDocumentOptions {
  entry: number;
  exit: number;
  /** Cells of a solution, entry first. */
  solution?: ArrayLike<number> | null;
  perfect?: boolean;
  generator?: string;
  seed?: string;
  shape?: string;
}

/**
 * A maze JSON of either version read back (parseJson): the maze of its grid, its ends and
 * solution as cells on every grid. The square document (formatVersion 1) also keeps its own
 * form in `square`: the maze as a `Maze` (the same object as `maze`), the ends as Points and
 * the solution as N/E/S/W letters, as it was written; null for formatVersion 2.
 */
export interface JsonMaze {
  maze: GridMaze;
  entry: number;
  exit: number;
  /** The solution's cells, entry first, or null. */
  solution: Int32Array | null;
  formatVersion: number;
  perfect: boolean | null;
  generator: string | null;
  seed: string | null;
  shape: string | null;
  libraryVersion: string;
  square: SquareJsonView | null;
}

/** Hex digits a cell's word takes: its wall bits and the blocked bit. */
export function cellDigits(t: Topology): number {
  return Math.ceil((t.maxDegree + 1) / 4);
}

/** The rows of `walls`: [first cell, cell count] of each row (polar: each ring). */
function wallRows(t: Topology): [number, number][] {
  if (t.kind === 'polar') {
    const polar = t as PolarTopology;
    return Array.from({ length: polar.height + 1 }, (_, r) => [polar.ringStart[r], polar.ringCount[r]]);
  }
  return Array.from({ length: t.height }, (_, r) => [r * t.width, t.width]);
}

/** The slot of `from` that leads to `to`, or -1 (two cells in a row of a path are neighbours). */
export function slotTo(t: Topology, from: number, to: number): number {
  const degree = t.degree(from);
  for (let s = 0; s < degree; s++) if (t.neighbour(from, s) === to) return s;
  return -1;
}

const HEX = '0123456789ABCDEF';

/**
 * The document of formatVersion 2 (toJson's plug-in for every maze but the plain square one)
 * as UTF-8 chunks of about `chunkBytes` (rows and the solution written as they go). Re-iterable.
 */
export function gridDocumentChunks(maze: GridMaze, options: GridDocumentOptions, chunkBytes = DEFAULT_CHUNK_BYTES): Iterable<Uint8Array> {
  const t = maze.topology;
  return {
    *[Symbol.iterator]() {
      const buffer = new ChunkBuffer(chunkBytes);
      const value = (v: unknown): string => JSON.stringify(v);
      const digits = cellDigits(t);
      buffer.utf8(
        `{\n  "format": ${value(JSON_FORMAT)},\n  "formatVersion": ${GRID_JSON_FORMAT_VERSION},\n  "grid": ${value(t.kind)},\n` +
          `  "width": ${t.width},\n  "height": ${t.height},\n  "wrap": ${value(t.wrap)},\n  "shape": ${value(options.shape ?? null)},\n` +
          `  "cellDigits": ${digits},\n  "blockedBit": ${t.blockedBit},\n  "walls": [`,
      );
      const rows = wallRows(t);
      rows.forEach(([first, count], r) => {
        buffer.reserve(count * digits + 8);
        const out = buffer.bytes;
        let k = buffer.length;
        out[k++] = r > 0 ? 44 : 10; // ',' ends the row before; the first row starts a line
        if (r > 0) out[k++] = 10;
        for (let i = 0; i < 4; i++) out[k++] = 32;
        out[k++] = 34;
        for (let cell = first; cell < first + count; cell++) {
          const word = maze.cells[cell];
          for (let d = digits - 1; d >= 0; d--) out[k++] = HEX.charCodeAt((word >> (4 * d)) & 15);
        }
        out[k++] = 34;
        buffer.length = k;
      });
      const at = (cell: number) => {
        const c: GridCoordinates = t.coordinates(cell);
        return 'col' in c ? `{\n    "col": ${c.col},\n    "row": ${c.row}\n  }` : `{\n    "ring": ${c.ring},\n    "index": ${c.index}\n  }`;
      };
      buffer.ascii(`\n  ],\n  "entry": ${at(options.entry)},\n  "exit": ${at(options.exit)},\n  "solution": `);
      const solution = options.solution;
      if (!solution) buffer.ascii('null');
      else {
        buffer.ascii('"');
        for (let i = 1; i < solution.length; i++) {
          const slot = slotTo(t, solution[i - 1], solution[i]);
          if (slot < 0) throw new FormatError(`the solution's cells ${solution[i - 1]} and ${solution[i]} are not neighbours`, 1);
          buffer.reserve(1);
          buffer.bytes[buffer.length++] = HEX.charCodeAt(slot);
          if (buffer.full) yield buffer.take();
        }
        buffer.ascii('"');
      }
      buffer.utf8(
        `,\n  "perfect": ${value(options.perfect ?? null)},\n  "generator": ${value(options.generator ?? null)},\n` +
          `  "seed": ${value(options.seed ?? null)},\n  "libraryVersion": ${value(MAZEGEN_VERSION)}\n}\n`,
      );
      yield buffer.take();
    },
  };
}

function fail(detail: string): never {
  throw new FormatError(detail, 1);
}

function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') fail(`"${name}" must be a string or null, got ${typeof value}`);
  return value;
}

/** The cell at a `{ col, row }` or `{ ring, index }` of the grid, or a FormatError naming the field. */
function cellOf(t: Topology, value: unknown, name: string): number {
  const p = value as Record<string, unknown> | null;
  const polar = t.kind === 'polar';
  const [a, b] = polar ? ['index', 'ring'] : ['col', 'row'];
  if (typeof p !== 'object' || p === null || !Number.isInteger(p[a]) || !Number.isInteger(p[b]))
    fail(`"${name}" must be an object {"${polar ? 'ring' : 'col'}": <integer>, "${polar ? 'index' : 'row'}": <integer>}`);
  const cell = t.cellAt(p[a] as number, p[b] as number);
  if (cell < 0) fail(`"${name}" (${String(p[a])},${String(p[b])}) is not a cell of this ${t.kind} grid`);
  return cell;
}

/**
 * The one reader of the maze JSON, of either version `toJson` writes: the square document
 * (formatVersion 1) as a `Maze` with its square view, or the document of any grid
 * (formatVersion 2). The structure is checked here (the grid it names, each row's digits,
 * the words' bits, the solution's moves); the maze's rules are `validate`'s. Anything
 * malformed throws a FormatError saying what was expected.
 */
export function parseJson(text: string): JsonMaze {
  const d = parseJsonObject(text);
  if (d.formatVersion === JSON_FORMAT_VERSION) {
    const square = readSquareDocument(d);
    const maze = square.maze;
    const w = square.maze.width;
    const entry = square.entry.y * w + square.entry.x;
    let solution: Int32Array | null = null;
    if (square.solution !== null) {
      solution = new Int32Array(square.solution.length + 1);
      solution[0] = entry;
      for (let i = 0; i < square.solution.length; i++) {
        const next = maze.topology.neighbour(solution[i], DIRECTIONS.indexOf(letterDirection(square.solution[i])));
        if (next < 0) fail(`"solution" move ${i + 1} (${square.solution[i]}) leaves the maze`);
        solution[i + 1] = next;
      }
    }
    return {
      maze,
      entry,
      exit: square.exit.y * w + square.exit.x,
      solution,
      formatVersion: JSON_FORMAT_VERSION,
      perfect: null,
      generator: square.generator,
      seed: square.seed,
      shape: null,
      libraryVersion: square.libraryVersion,
      square: { maze, entry: square.entry, exit: square.exit, solution: square.solution },
    };
  }
  if (d.formatVersion !== GRID_JSON_FORMAT_VERSION)
    fail(
      `got maze JSON version ${JSON.stringify(d.formatVersion)}, this library (${MAZEGEN_VERSION}) reads versions ${JSON_FORMAT_VERSION} and ${GRID_JSON_FORMAT_VERSION}`,
    );
  if (!(GRID_KINDS as readonly unknown[]).includes(d.grid))
    fail(`"grid" must be one of ${GRID_KINDS.join(', ')}, got ${JSON.stringify(d.grid)}`);
  if (!(WRAPS as readonly unknown[]).includes(d.wrap)) fail(`"wrap" must be one of ${WRAPS.join(', ')}, got ${JSON.stringify(d.wrap)}`);
  if (!Number.isInteger(d.width) || !Number.isInteger(d.height) || (d.width as number) < 1 || (d.height as number) < 1)
    fail(`"width" and "height" must be integers >= 1, got ${JSON.stringify(d.width)} and ${JSON.stringify(d.height)}`);
  let t: Topology;
  try {
    t = createTopology({ grid: d.grid as string, width: d.width as number, height: d.height as number, wrap: d.wrap as Wrap });
  } catch (error) {
    return fail(`the maze's grid is not one this library makes: ${(error as Error).message}`);
  }
  const digits = cellDigits(t);
  if (d.cellDigits !== digits) fail(`"cellDigits" of a ${t.kind} grid of this size is ${digits}, got ${JSON.stringify(d.cellDigits)}`);
  if (d.blockedBit !== t.blockedBit)
    fail(`"blockedBit" of a ${t.kind} grid of this size is ${t.blockedBit}, got ${JSON.stringify(d.blockedBit)}`);
  const rows = wallRows(t);
  if (!Array.isArray(d.walls) || d.walls.length !== rows.length)
    fail(`"walls" must be an array of ${rows.length} strings (one a ${t.kind === 'polar' ? 'ring, the centre first' : 'row'})`);
  const maze = new GridMaze(t);
  (d.walls as unknown[]).forEach((row, r) => {
    const [first, count] = rows[r];
    if (typeof row !== 'string' || row.length !== count * digits)
      fail(`"walls" row ${r} must be a string of ${count} cells, ${digits} hex digit${digits === 1 ? '' : 's'} each`);
    for (let i = 0; i < count; i++) {
      const cell = first + i;
      const text = row.slice(i * digits, (i + 1) * digits);
      if (!/^[0-9A-Fa-f]+$/.test(text)) fail(`"walls" row ${r}, cell ${i}: expected ${digits} hex digits, got '${text}'`);
      const word = parseInt(text, 16);
      if (word & ~(allWallsOf(t.degree(cell)) | t.blockedBit))
        fail(
          `"walls" row ${r}, cell ${i}: ${word.toString(16).toUpperCase()} has bits past the cell's ${t.degree(cell)} walls and the blocked bit`,
        );
      maze.cells[cell] = word;
    }
  });
  const entry = cellOf(t, d.entry, 'entry');
  const exit = cellOf(t, d.exit, 'exit');
  const moves = optionalString(d.solution, 'solution');
  let solution: Int32Array | null = null;
  if (moves !== null) {
    solution = new Int32Array(moves.length + 1);
    solution[0] = entry;
    for (let i = 0; i < moves.length; i++) {
      const slot = parseInt(moves[i], 16);
      const next = Number.isNaN(slot) || slot >= t.degree(solution[i]) ? -1 : t.neighbour(solution[i], slot);
      if (next < 0) fail(`"solution" move ${i + 1} ('${moves[i]}') is not a slot of its cell with a neighbour`);
      solution[i + 1] = next;
    }
  }
  if (d.perfect !== undefined && d.perfect !== null && typeof d.perfect !== 'boolean') fail('"perfect" must be true, false or null');
  return {
    maze,
    entry,
    exit,
    solution,
    formatVersion: GRID_JSON_FORMAT_VERSION,
    perfect: (d.perfect as boolean | null | undefined) ?? null,
    generator: optionalString(d.generator, 'generator'),
    seed: optionalString(d.seed, 'seed'),
    shape: optionalString(d.shape, 'shape'),
    libraryVersion: optionalString(d.libraryVersion, 'libraryVersion') ?? 'unknown',
    square: null,
  };
}

/** The square direction of a solution letter (parseJson has checked it is one of N, E, S, W). */
function letterDirection(letter: string): number {
  return DIRECTIONS.find((dir) => DIRECTION_LETTER[dir] === letter) ?? 0;
}
