/**
 * The terminal picture of a maze. Its pixels are the block view of the 42 subject's
 * terminal render: a (2H+1) x (2W+1) grid where cell (x, y) is block (2y+1, 2x+1), the
 * blocks between cells are walls or passages and the blocks where lattice lines meet are
 * posts. Four densities draw those blocks: two columns a block ('blocks'), two blocks a
 * character cell ('half', with '▀'), four ('quarter', quadrant characters) or eight
 * ('braille'); without colour, 'blocks' in plain characters or the compact '_|' drawing.
 * Every coloured character has an explicit foreground and background from a library
 * theme, so no part of the maze takes the terminal's own colours. Pure: maze in, lines out.
 */
import { BLOCKED, EAST, NORTH, SOUTH, toUnicode, WEST, type Maze, type Point, type Theme } from 'mazegen';
import { distanceShading } from 'mazegen/render';
import { sgrColor, SGR_RESET, themeFor16Colors, type ColorDepth } from './color.js';

/** What a block shows. */
export const OPEN = 0;
export const WALL = 1;
export const PATTERN = 2;
export const PATH = 3;
export const ENTRY = 4;
export const EXIT = 5;
export const BORDER = 6;

/** Drawings from the densest-looking (largest) to the most compact. */
export type DrawMode = 'blocks' | 'half' | 'quarter' | 'braille' | 'unicode' | 'compact';
/** The modes tried with colour, largest first. */
export const COLOR_MODES: readonly DrawMode[] = ['blocks', 'half', 'quarter', 'braille'];
/** The modes tried without colour, largest first: each kind of block needs its own characters. */
export const PLAIN_MODES: readonly DrawMode[] = ['blocks', 'unicode', 'compact'];

export interface Picture {
  maze: Maze;
  entry: Point;
  exit: Point;
  /** Path cells from entry to exit; drawn when given (a prefix of one draws part of it). */
  path?: ArrayLike<number>;
}

export interface RenderOptions {
  mode: DrawMode;
  theme: Theme;
  /** 1 draws plain characters ('blocks', 'unicode' or 'compact'); more uses colours at that depth. */
  depth: ColorDepth;
}

/** Plain characters, one pair per block kind, all distinct without colour (marks as in the text formats). */
export const PLAIN_BLOCKS: readonly string[] = ['  ', '██', '▓▓', '··', 'S ', 'E ', '██'];

/** Columns and rows the drawing of a W x H maze takes in `mode`. */
export function drawingSize(width: number, height: number, mode: DrawMode): { columns: number; rows: number } {
  const cols = 2 * width + 1;
  const rows = 2 * height + 1;
  switch (mode) {
    case 'blocks':
      return { columns: 2 * cols, rows };
    case 'half':
      return { columns: cols, rows: Math.ceil(rows / 2) };
    case 'quarter':
      return { columns: Math.ceil(cols / 2), rows: Math.ceil(rows / 2) };
    case 'braille':
      return { columns: Math.ceil(cols / 2), rows: Math.ceil(rows / 4) };
    case 'unicode':
      return { columns: 3 * width + 1, rows };
    case 'compact':
      return { columns: cols, rows: height + 1 };
  }
}

/** The border side a cell on the border is entered from (north first, then south, west, east), or 0 inside. */
export function borderSide(p: Point, width: number, height: number): number {
  if (p.y === 0) return NORTH;
  if (p.y === height - 1) return SOUTH;
  if (p.x === 0) return WEST;
  if (p.x === width - 1) return EAST;
  return 0;
}

/** The block kinds, row by row: (2H+1) rows of (2W+1) values. Marks are drawn over the path, openings cut the border. */
export function blockGrid(picture: Picture): Uint8Array {
  const { width: w, height: h, cells } = picture.maze;
  const cols = 2 * w + 1;
  const rows = 2 * h + 1;
  const grid = new Uint8Array(rows * cols).fill(WALL);
  for (let c = 0; c < cols; c++) grid[c] = grid[(rows - 1) * cols + c] = BORDER;
  for (let r = 0; r < rows; r++) grid[r * cols] = grid[r * cols + cols - 1] = BORDER;
  const isPattern = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && (cells[y * w + x] & BLOCKED) !== 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = cells[y * w + x];
      const at = (2 * y + 1) * cols + 2 * x + 1;
      if (v & BLOCKED) {
        grid[at] = PATTERN;
        // Join neighbouring pattern cells so the digits read as solid strokes.
        if (isPattern(x + 1, y)) grid[at + 1] = PATTERN;
        if (isPattern(x, y + 1)) grid[at + cols] = PATTERN;
        if (isPattern(x + 1, y) && isPattern(x, y + 1) && isPattern(x + 1, y + 1)) grid[at + cols + 1] = PATTERN;
        continue;
      }
      grid[at] = OPEN;
      if (!(v & EAST) && x + 1 < w) grid[at + 1] = OPEN;
      if (!(v & SOUTH) && y + 1 < h) grid[at + cols] = OPEN;
      if (!(v & NORTH) && y > 0) grid[at - cols] = OPEN;
      if (!(v & WEST) && x > 0) grid[at - 1] = OPEN;
    }
  }
  // A post stays a wall unless all four walls meeting at it are open (an open 2x2 area).
  for (let r = 2; r < rows - 1; r += 2) {
    for (let c = 2; c < cols - 1; c += 2) {
      const at = r * cols + c;
      if (grid[at] === WALL && grid[at - 1] === OPEN && grid[at + 1] === OPEN && grid[at - cols] === OPEN && grid[at + cols] === OPEN)
        grid[at] = OPEN;
    }
  }
  const { path } = picture;
  if (path && path.length > 0) {
    for (let i = 0; i < path.length; i++) {
      const cell = path[i];
      const x = cell % w;
      const y = (cell - x) / w;
      grid[(2 * y + 1) * cols + 2 * x + 1] = PATH;
      if (i > 0) {
        const prev = path[i - 1];
        const px = prev % w;
        const py = (prev - px) / w;
        grid[(y + py + 1) * cols + x + px + 1] = PATH;
      }
    }
  }
  const mark = (p: Point, kind: number) => {
    if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h) return;
    const at = (2 * p.y + 1) * cols + 2 * p.x + 1;
    grid[at] = kind;
    // The way in and out: an opening in the border beside a mark on it.
    const side = borderSide(p, w, h);
    if (side === NORTH) grid[at - cols] = OPEN;
    else if (side === SOUTH) grid[at + cols] = OPEN;
    else if (side === WEST) grid[at - 1] = OPEN;
    else if (side === EAST) grid[at + 1] = OPEN;
  };
  mark(picture.entry, ENTRY);
  mark(picture.exit, EXIT);
  return grid;
}

/** The colour of each block kind in a theme. */
export function kindColors(theme: Theme): readonly string[] {
  return [theme.background, theme.wall, theme.pattern, theme.path, theme.entry, theme.exit, theme.border];
}

/**
 * The distance theme's tint of each passage block (the library's bands, as in the SVG and
 * PNG): a cell's block and the open blocks east and south of it take the nearer cell's
 * colour; undefined for other themes and for blocks that are not passages.
 */
export function blockTints(picture: Picture, theme: Theme, grid: Uint8Array): (string | undefined)[] | undefined {
  const shading = distanceShading(picture.maze, theme, picture.entry);
  if (!shading) return undefined;
  const { width: w, height: h } = picture.maze;
  const cols = 2 * w + 1;
  const tints: (string | undefined)[] = new Array<string | undefined>(grid.length);
  const colorOf = (k: number) => (k > 0 ? shading.shadeColors[k - 1] : undefined);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = shading.shade[y * w + x];
      if (k === 0) continue;
      const at = (2 * y + 1) * cols + 2 * x + 1;
      tints[at] = colorOf(k);
      const near = (other: number) => colorOf(Math.min(k, shading.shade[other]) || k);
      if (x + 1 < w) tints[at + 1] = near(y * w + x + 1);
      if (y + 1 < h) tints[at + cols] = near((y + 1) * w + x);
      tints[at + cols + 1] = colorOf(k); // a post opened between four passages
    }
  }
  for (let i = 0; i < grid.length; i++) if (grid[i] !== OPEN) tints[i] = undefined;
  return tints;
}

/** Which kind colours a character that shows several: marks, then the path, the 42, walls, passages. */
const PRIORITY: readonly number[] = [0, 2, 4, 5, 6, 6, 3];

/** One character with its two colours. */
interface Glyph {
  char: string;
  fg: string;
  bg: string;
}

/** A line of glyphs as text: an escape only where a colour changes, both colours set at the start, reset at the end. */
function colorLine(glyphs: readonly Glyph[], depth: ColorDepth): string {
  let line = '';
  let fg = '';
  let bg = '';
  for (const g of glyphs) {
    if (g.fg !== fg) line += sgrColor((fg = g.fg), 'fg', depth);
    if (g.bg !== bg) line += sgrColor((bg = g.bg), 'bg', depth);
    line += g.char;
  }
  return line + SGR_RESET;
}

const QUADRANTS = ' ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█';
/** Braille dot bits by (column, row) in a 2x4 character cell. */
const BRAILLE_BITS: readonly (readonly number[])[] = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
];

/** The maze as terminal lines (no newlines). */
export function renderLines(picture: Picture, options: RenderOptions): string[] {
  const { mode, depth } = options;
  if (mode === 'compact') return compactLines(picture);
  // The library's box-drawing text (S, E, '·' path, as `render -f unicode` writes it).
  if (mode === 'unicode') return toUnicode(picture.maze, picture).replace(/\n$/, '').split('\n');
  const grid = blockGrid(picture);
  const cols = 2 * picture.maze.width + 1;
  const rows = 2 * picture.maze.height + 1;
  const kindAt = (r: number, c: number) => (r < rows && c < cols ? grid[r * cols + c] : OPEN);
  const lines: string[] = [];
  if (depth === 1) {
    if (mode !== 'blocks') throw new Error(`plain characters draw 'blocks' or 'compact', not '${mode}'`);
    for (let r = 0; r < rows; r++) {
      let line = '';
      for (let c = 0; c < cols; c++) line += PLAIN_BLOCKS[grid[r * cols + c]];
      lines.push(line.trimEnd());
    }
    return lines;
  }
  // Sixteen colours are too few for nearest matches to stay apart: the theme is mapped as a whole.
  const theme = depth === 4 ? themeFor16Colors(options.theme) : options.theme;
  const color = kindColors(theme);
  const background = theme.background;
  const tints = blockTints(picture, options.theme, grid);
  const colorAt = (r: number, c: number) => (r < rows && c < cols ? (tints?.[r * cols + c] ?? color[grid[r * cols + c]]) : background);
  if (mode === 'blocks') {
    for (let r = 0; r < rows; r++) {
      const glyphs: Glyph[] = [];
      for (let c = 0; c < cols; c++) {
        const kind = grid[r * cols + c];
        // Marks carry their letter too (in the background's colour), for readers who cannot tell the colours apart.
        if (kind === ENTRY || kind === EXIT) {
          glyphs.push(
            { char: kind === ENTRY ? 'S' : 'E', fg: background, bg: color[kind] },
            { char: ' ', fg: background, bg: color[kind] },
          );
        } else glyphs.push({ char: '  ', fg: colorAt(r, c), bg: colorAt(r, c) });
      }
      lines.push(colorLine(glyphs, depth));
    }
    return lines;
  }
  if (mode === 'half') {
    for (let r = 0; r < rows; r += 2) {
      const glyphs: Glyph[] = [];
      for (let c = 0; c < cols; c++) glyphs.push({ char: '▀', fg: colorAt(r, c), bg: colorAt(r + 1, c) });
      lines.push(colorLine(glyphs, depth));
    }
    return lines;
  }
  // Quarter and braille: one foreground a character. Every non-passage pixel is set; a mark
  // colours its character, otherwise the kind with the most pixels does (ties to the more
  // important), so the path shows where it runs and the walls beside it stay walls.
  const tall = mode === 'braille' ? 4 : 2;
  const count = new Uint8Array(7);
  for (let r = 0; r < rows; r += tall) {
    const glyphs: Glyph[] = [];
    for (let c = 0; c < cols; c += 2) {
      let bits = 0;
      count.fill(0);
      for (let dx = 0; dx < 2; dx++) {
        for (let dy = 0; dy < tall; dy++) {
          const kind = kindAt(r + dy, c + dx);
          if (kind === OPEN) continue;
          bits |= mode === 'braille' ? BRAILLE_BITS[dx][dy] : 1 << (dy * 2 + dx);
          count[kind]++;
        }
      }
      let top = count[ENTRY] ? ENTRY : count[EXIT] ? EXIT : OPEN;
      if (top === OPEN)
        for (let kind = 1; kind < count.length; kind++)
          if (count[kind] > count[top] || (count[kind] === count[top] && count[kind] > 0 && PRIORITY[kind] > PRIORITY[top])) top = kind;
      const char = mode === 'braille' ? (bits === 0 ? ' ' : String.fromCharCode(0x2800 + bits)) : QUADRANTS[bits];
      // A distance picture tints the character's passages (its first tinted block) behind the dots.
      let behind = background;
      if (tints)
        for (let k = 0; k < 2 * tall && behind === background; k++) behind = tints[(r + (k >> 1)) * cols + c + (k & 1)] ?? background;
      glyphs.push({ char, fg: bits === 0 ? behind : color[top], bg: behind });
    }
    lines.push(colorLine(glyphs, depth));
  }
  return lines;
}

/** The maze as terminal text, each line ending in '\n'. */
export function renderMaze(picture: Picture, options: RenderOptions): string {
  return renderLines(picture, options)
    .map((line) => `${line}\n`)
    .join('');
}

/** Underlines the character before it (the south wall under a mark or a path cell). */
const UNDERLINE = '\u0332';

/**
 * The compact plain drawing, one character per cell and wall: '_' south walls, '|' east and
 * west walls, 'S' and 'E' the marks, '·' the path, '#' the 42; a mark or path cell over a
 * south wall is underlined. (2W+1) x (H+1) characters.
 */
export function compactLines(picture: Picture): string[] {
  const { maze, entry, exit, path } = picture;
  const { width: w, height: h, cells } = maze;
  const onPath = new Uint8Array(w * h);
  const links = new Uint8Array(w * h);
  if (path) {
    for (let i = 0; i < path.length; i++) {
      onPath[path[i]] = 1;
      if (i > 0) {
        const [a, b] = [Math.min(path[i], path[i - 1]), Math.max(path[i], path[i - 1])];
        if (b === a + 1) links[a] |= EAST;
      }
    }
  }
  const entryCell = entry.y * w + entry.x;
  const exitCell = exit.y * w + exit.x;
  const opening = (cell: number, side: number) =>
    (cell === entryCell && borderSide(entry, w, h) === side) || (cell === exitCell && borderSide(exit, w, h) === side);
  const south = (cell: number) => (cells[cell] & SOUTH) !== 0 && !opening(cell, SOUTH);
  const lines: string[] = [];
  let top = ' ';
  for (let x = 0; x < w; x++) {
    const closed = (cells[x] & NORTH) !== 0 && !opening(x, NORTH);
    const nextClosed = x + 1 < w && (cells[x + 1] & NORTH) !== 0 && !opening(x + 1, NORTH);
    top += (closed ? '_' : ' ') + (closed && nextClosed ? '_' : ' ');
  }
  lines.push(top.trimEnd());
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let line = (cells[row] & WEST) !== 0 && !opening(row, WEST) ? '|' : ' ';
    for (let x = 0; x < w; x++) {
      const cell = row + x;
      const v = cells[cell];
      const under = south(cell) ? UNDERLINE : '';
      if (v & BLOCKED) line += '#';
      else if (cell === entryCell) line += `S${under}`;
      else if (cell === exitCell) line += `E${under}`;
      else if (onPath[cell]) line += `·${under}`;
      else line += south(cell) ? '_' : ' ';
      const last = x === w - 1;
      if (v & EAST && !(last && opening(cell, EAST))) line += '|';
      else if (!last && v & BLOCKED && cells[cell + 1] & BLOCKED) line += '#';
      else if (links[cell] & EAST) line += `·${south(cell) && south(cell + 1) ? UNDERLINE : ''}`;
      else line += !last && south(cell) && south(cell + 1) ? '_' : ' ';
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
