import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { BLOCKED, EAST, Maze, NORTH, SOUTH, WEST, type Point } from '../maze.js';
import { createRng } from '../rng.js';
import type { DrawContext } from '../render/context.js';
import { drawMaze, mazeLayout, pathLinks } from '../render/draw.js';
import { resolveTheme } from '../render/theme.js';
import { BLOCK, blocksToText, encodeBlocksChunks, toBlocks, toBlocksText, type BlockMatrix } from './blocks.js';
import { joinChunks, utf8Bytes } from './chunks.js';
import { encodeJsonChunks, toJson, toJsonObject, type JsonOptions } from './json.js';
import { toSvg, writeSvgChunks, type SvgOptions } from './svg.js';
import { encodeAsciiChunks, encodeUnicodeChunks, toAscii, toUnicode } from './text.js';

/** The square writers' options as they were (the ends as points): what the references below take. */
interface TextOptions {
  entry?: Point;
  exit?: Point;
  path?: ArrayLike<number>;
}
type BlockOptions = Omit<TextOptions, 'path'>;

/*
 * The chunked encoders against the string functions as they were before chunking
 * (copied here unchanged as the reference): the same bytes for every size, chunk size,
 * option and theme, and the string functions (which now join the chunks) too.
 */

// ---- reference: text.ts before chunking ----
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

const UP = 1;
const RIGHT = 2;
const DOWN = 4;
const LEFT = 8;

function legacyText(maze: Maze, options: TextOptions, g: Glyphs): string {
  const { width: w, height: h, cells } = maze;
  const links = options.path && options.path.length > 0 ? pathLinks(maze, options.path) : undefined;
  const onPath = new Uint8Array(links ? maze.size : 0);
  if (options.path) for (let i = 0; i < options.path.length; i++) onPath[options.path[i]] = 1;
  const entry = options.entry ? options.entry.y * w + options.entry.x : -1;
  const exit = options.exit ? options.exit.y * w + options.exit.x : -1;
  // Wall above cell (x, j) for lattice row j (j = h is the bottom border).
  const hWall = (x: number, j: number): boolean =>
    x >= 0 && x < w && (j < h ? (cells[j * w + x] & NORTH) !== 0 : (cells[(h - 1) * w + x] & SOUTH) !== 0);
  // Wall left of cell (i, y) for lattice column i (i = w is the right border).
  const vWall = (i: number, y: number): boolean =>
    y >= 0 && y < h && (i < w ? (cells[y * w + i] & WEST) !== 0 : (cells[y * w + w - 1] & EAST) !== 0);
  const lines: string[] = [];
  for (let j = 0; j <= h; j++) {
    let line = '';
    for (let i = 0; i <= w; i++) {
      const arms = (vWall(i, j - 1) ? UP : 0) | (hWall(i, j) ? RIGHT : 0) | (vWall(i, j) ? DOWN : 0) | (hWall(i - 1, j) ? LEFT : 0);
      line += g.corners[arms];
      if (i < w) {
        if (hWall(i, j)) line += g.horizontal;
        else if (links && j > 0 && j < h && links[j * w + i] & NORTH) line += g.pathMark + g.pathMark;
        else line += '  ';
      }
    }
    lines.push(line);
    if (j === h) break;
    line = '';
    for (let i = 0; i <= w; i++) {
      const cell = j * w + i;
      if (vWall(i, j)) line += g.vertical;
      else if (links && i > 0 && i < w && links[cell] & WEST) line += g.pathMark;
      else line += ' ';
      if (i === w) break;
      if (cells[cell] & BLOCKED) line += g.pattern;
      else if (cell === entry) line += 'S ';
      else if (cell === exit) line += 'E ';
      else if (links && onPath[cell]) line += g.pathMark + g.pathMark;
      else line += '  ';
    }
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}

// ---- reference: blocks.ts before chunking ----
/** The maze as a block matrix (0 wall, 1 path, 2 start, 3 end, 8 border). */
function legacyToBlocks(maze: Maze, options: BlockOptions = {}): BlockMatrix {
  const { width: w, height: h, cells } = maze;
  const rows = 2 * h + 1;
  const cols = 2 * w + 1;
  const values = new Uint8Array(rows * cols); // 0 = wall
  for (let c = 0; c < cols; c++) {
    values[c] = BLOCK.BORDER;
    values[(rows - 1) * cols + c] = BLOCK.BORDER;
  }
  for (let r = 0; r < rows; r++) {
    values[r * cols] = BLOCK.BORDER;
    values[r * cols + cols - 1] = BLOCK.BORDER;
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = cells[y * w + x];
      const at = (2 * y + 1) * cols + 2 * x + 1;
      if (v & BLOCKED) continue;
      values[at] = BLOCK.PATH;
      // Each cell writes its east and south sides; the border ring opens only where a border wall is open.
      if (!(v & EAST)) values[at + 1] = BLOCK.PATH;
      if (!(v & SOUTH)) values[at + cols] = BLOCK.PATH;
      if (y === 0 && !(v & NORTH)) values[at - cols] = BLOCK.PATH;
      if (x === 0 && !(v & WEST)) values[at - 1] = BLOCK.PATH;
    }
  }
  if (options.entry) values[(2 * options.entry.y + 1) * cols + 2 * options.entry.x + 1] = BLOCK.START;
  if (options.exit) values[(2 * options.exit.y + 1) * cols + 2 * options.exit.x + 1] = BLOCK.END;
  return { rows, cols, values };
}

/** The matrix as text: one line per row, values separated by one space. */
function legacyBlocksToText(matrix: BlockMatrix): string {
  const { rows, cols, values } = matrix;
  const lines = new Array<string>(rows);
  const row = new Array<number>(cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) row[c] = values[r * cols + c];
    lines[r] = row.join(' ');
  }
  return lines.join('\n') + '\n';
}

// ---- reference: svg.ts before chunking ----
/** Numbers as short as SVG allows: at most two decimals, no trailing zeros. */
function num(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/**
 * Builds SVG elements from drawing calls: each fillRect is a <rect>, each stroke one
 * <path> whose data uses H/V for the axis-aligned runs.
 */
class LegacySvgContext implements DrawContext {
  readonly parts: string[] = [];
  private d = '';
  private penX = 0;
  private penY = 0;

  fillRect(x: number, y: number, width: number, height: number, color: string, role?: string): void {
    const cls = role ? ` class="${role}"` : '';
    this.parts.push(`<rect${cls} x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="${color}"/>`);
  }

  beginPath(): void {
    this.d = '';
  }

  moveTo(x: number, y: number): void {
    this.d += `M${num(x)} ${num(y)}`;
    this.penX = x;
    this.penY = y;
  }

  lineTo(x: number, y: number): void {
    if (y === this.penY) this.d += `H${num(x)}`;
    else if (x === this.penX) this.d += `V${num(y)}`;
    else this.d += `L${num(x)} ${num(y)}`;
    this.penX = x;
    this.penY = y;
  }

  stroke(color: string, lineWidth: number, role?: string): void {
    if (this.d === '') return;
    const cls = role ? ` class="${role}"` : '';
    this.parts.push(
      `<path${cls} d="${this.d}" fill="none" stroke="${color}" stroke-width="${num(lineWidth)}" stroke-linecap="square" stroke-linejoin="miter"/>`,
    );
    this.d = '';
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The maze as a standalone SVG document (walls as joined path runs, optional solution layer). */
function legacyToSvg(maze: Maze, options: SvgOptions = {}): string {
  const theme = typeof options.theme === 'object' ? options.theme : resolveTheme(options.theme, options.colors);
  const layout = mazeLayout(maze, theme, options);
  const ctx = new LegacySvgContext();
  drawMaze(ctx, maze, { layout, theme, entry: options.entry, exit: options.exit, path: options.path });
  const title = options.title ?? `${maze.width}x${maze.height} maze`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" shape-rendering="crispEdges">\n` +
    `<title>${escapeXml(title)}</title>\n` +
    ctx.parts.join('\n') +
    '\n</svg>\n'
  );
}

// ---- reference: json.ts before chunking ----
function legacyToJson(maze: Maze, options: JsonOptions): string {
  return JSON.stringify(toJsonObject(maze, options), null, 2) + '\n';
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The chunks joined as bytes; also checks each is non-empty and (for line formats) ends a line. */
function concat(chunks: Iterable<Uint8Array>, wholeLines: boolean): Uint8Array {
  const list = [...chunks];
  const total = list.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let k = 0;
  for (const c of list) {
    expect(c.length).toBeGreaterThan(0);
    if (wholeLines) expect(c[c.length - 1]).toBe(10);
    out.set(c, k);
    k += c.length;
  }
  return out;
}

function expectBytes(actual: Uint8Array, expected: string): void {
  // Compared as bytes: a string comparison would hide an encoding difference.
  expect(Buffer.from(actual).equals(Buffer.from(utf8(expected)))).toBe(true);
}

/** A maze whose cell bytes are random (walls that disagree between neighbours, open borders, 42 cells). */
function scrambled(width: number, height: number, seed: number): Maze {
  const rng = createRng(seed);
  const maze = new Maze(width, height);
  for (let i = 0; i < maze.size; i++) maze.cells[i] = rng.int(32);
  return maze;
}

interface Case {
  name: string;
  maze: Maze;
  entry?: Point;
  exit?: Point;
  path?: ArrayLike<number>;
}

function cases(): Case[] {
  const out: Case[] = [];
  const sizes: [number, number][] = [
    [2, 1],
    [1, 6],
    [6, 1],
    [2, 2],
    [7, 5],
    [20, 15],
    [33, 21],
  ];
  for (const [width, height] of sizes) {
    for (const seed of [1, 7]) {
      for (const perfect of [true, false]) {
        const g = generateMaze({ width, height, seed, perfect, generator: seed === 1 ? 'DFS' : 'Kruskal' });
        const best = shortestPath(g.maze, g.entry, g.exit);
        const name = `${width}x${height} seed ${seed}${perfect ? '' : ' braided'}`;
        out.push({ name, maze: g.maze, entry: g.entry, exit: g.exit, path: best.cells });
        out.push({ name: `${name} no path`, maze: g.maze, entry: g.entry, exit: g.exit });
      }
    }
  }
  out.push({ name: 'bare 4x3', maze: generateMaze({ width: 4, height: 3, seed: 3 }).maze });
  for (const seed of [11, 12, 13]) {
    const maze = scrambled(9, 6, seed);
    out.push({ name: `scrambled ${seed}`, maze, entry: { x: 0, y: 0 }, exit: { x: 8, y: 5 }, path: [0, 1, 10, 11, 12, 3] });
  }
  out.push({ name: 'one-cell path', maze: generateMaze({ width: 3, height: 3, seed: 4 }).maze, path: [4] });
  return out;
}

const CHUNK_SIZES = [1, 50, 1000, undefined];

describe('chunked text encoders', () => {
  for (const c of cases()) {
    it(`ascii and unicode, ${c.name}: chunks === the former string`, () => {
      const options: TextOptions = { entry: c.entry, exit: c.exit, path: c.path };
      const ascii = legacyText(c.maze, options, ASCII);
      const unicode = legacyText(c.maze, options, UNICODE);
      for (const size of CHUNK_SIZES) {
        expectBytes(concat(encodeAsciiChunks(c.maze, options, size), true), ascii);
        expectBytes(concat(encodeUnicodeChunks(c.maze, options, size), true), unicode);
      }
      expect(toAscii(c.maze, options)).toBe(ascii);
      expect(toUnicode(c.maze, options)).toBe(unicode);
    });
  }

  it('a small chunk size gives one chunk per lattice-and-cell line pair', () => {
    const maze = generateMaze({ width: 5, height: 4, seed: 2 }).maze;
    expect([...encodeAsciiChunks(maze, {}, 1)].length).toBe(4 + 1);
    // Re-iterable: a second pass gives the same bytes.
    const chunks = encodeUnicodeChunks(maze);
    expect(joinChunks(chunks)).toBe(joinChunks(chunks));
  });
});

describe('chunked block matrix', () => {
  for (const c of cases()) {
    it(`${c.name}: chunks === the former text, toBlocks === the former matrix`, () => {
      const options: BlockOptions = { entry: c.entry, exit: c.exit };
      const matrix = legacyToBlocks(c.maze, options);
      const text = legacyBlocksToText(matrix);
      expect(toBlocks(c.maze, options)).toEqual(matrix);
      for (const size of CHUNK_SIZES) expectBytes(concat(encodeBlocksChunks(c.maze, options, size), true), text);
      expect(toBlocksText(c.maze, options)).toBe(text);
    });
  }

  it('writes any matrix value, not just single digits', () => {
    const matrix: BlockMatrix = { rows: 2, cols: 3, values: Uint8Array.from([0, 9, 10, 99, 100, 255]) };
    expect(blocksToText(matrix)).toBe(legacyBlocksToText(matrix));
  });
});

describe('chunked SVG', () => {
  const optionSets: SvgOptions[] = [
    {},
    { theme: 'heatmap' },
    { cellSize: 5, margin: 0 },
    { cellSize: 7, margin: 3, wallWidth: 3 },
    { cellSize: 3, wallWidth: 1 },
    { theme: 'default', colors: { wall: 'red', background: '#102030', path: 'orange', exit: 'cyan' }, cellSize: 11 },
    { title: 'a <"big"> & odd title: \u00e9 \u{1F600} \ud800' },
  ];
  for (const c of cases()) {
    it(`${c.name}: chunks === the former document for every option set`, () => {
      for (const extra of optionSets) {
        const options: SvgOptions = { ...extra, entry: c.entry, exit: c.exit, path: c.path };
        const expected = legacyToSvg(c.maze, options);
        for (const size of CHUNK_SIZES) {
          const chunks: Uint8Array[] = [];
          writeSvgChunks(c.maze, options, (chunk) => chunks.push(chunk), size);
          expectBytes(concat(chunks, false), expected);
          // Chunks stay near the asked size: a chunk only ends once it holds that much.
          if (size !== undefined) for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(size);
        }
        // As bytes: a lone surrogate in the title is U+FFFD in the file either way (the string now holds it so too).
        expectBytes(utf8(toSvg(c.maze, options)), expected);
      }
    });
  }
});

describe('chunked JSON', () => {
  const extras: Partial<JsonOptions>[] = [
    {},
    { solution: 'ESSW', generator: 'DFS', seed: '42' },
    { solution: '', generator: 'Kruskal "quoted" \\ \n', seed: '\u00e9\u{1F600}\ud800x' },
    { solution: 'N'.repeat(3000) + '\u{1F600}'.repeat(700) },
  ];
  for (const c of cases()) {
    it(`${c.name}: chunks === JSON.stringify of the object`, () => {
      for (const extra of extras) {
        const options: JsonOptions = { entry: c.entry ?? { x: 0, y: 0 }, exit: c.exit ?? { x: 0, y: 0 }, ...extra };
        const expected = legacyToJson(c.maze, options);
        for (const size of CHUNK_SIZES) expectBytes(concat(encodeJsonChunks(c.maze, options, size), false), expected);
        expect(toJson(c.maze, options)).toBe(expected);
      }
    });
  }
});

describe('utf8Bytes', () => {
  it('encodes like TextEncoder, lone surrogates as U+FFFD', () => {
    for (const text of ['', 'abc', '\u00e9\u20ac', '\u{1F600}', '\ud800', 'a\udc00b', '\ud83d\ud83d\ude00']) {
      expect(Buffer.from(utf8Bytes(text)).equals(Buffer.from(utf8(text)))).toBe(true);
    }
  });
});
