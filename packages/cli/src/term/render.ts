/**
 * The terminal picture of a maze on any grid. Its pixels are the library's role raster
 * (mazegen role-raster.ts): on the square grid the block view of the 42 subject's
 * terminal render, a (2H+1) x (2W+1) lattice where cell (x, y) is pixel (2x+1, 2y+1), the
 * pixels between cells walls or passages and the pixels where they meet posts; on hex,
 * triangle and polar grids each cell's shape as the SVG draws it, at the scale the
 * terminal gives (fit.ts). Four densities draw the pixels: two columns a pixel ('blocks'),
 * two pixels a character cell ('half', with '▀'), four ('quarter', quadrant characters) or
 * eight ('braille'); without colour, 'blocks' in plain characters, braille dots, or (the
 * plain square maze) the box-drawing text and the compact '_|' drawing. Every coloured
 * character has an explicit foreground and background from a library theme, so no part
 * of the maze takes the terminal's own colours. Pure: maze in, lines out.
 */
import { BLOCKED, EAST, GridMaze, NORTH, SOUTH, toUnicode, WEST, type Maze, type Point, type Theme } from 'mazegen';
import { playerColor } from 'mazegen/play';
import {
  distanceShading,
  ROLE_BORDER,
  ROLE_ENTRY,
  ROLE_EXIT,
  ROLE_OPEN,
  ROLE_PATH,
  ROLE_PATTERN,
  ROLE_PLAYER,
  ROLE_WALL,
  roleRaster,
  type RoleRaster,
  type RoleScale,
} from 'mazegen/render';
import { sgrColor, SGR_RESET, themeFor16Colors, type ColorDepth } from './color.js';

/** What a pixel shows (the library's roles). */
export const OPEN = ROLE_OPEN;
export const WALL = ROLE_WALL;
export const PATTERN = ROLE_PATTERN;
export const PATH = ROLE_PATH;
export const ENTRY = ROLE_ENTRY;
export const EXIT = ROLE_EXIT;
export const BORDER = ROLE_BORDER;
export const PLAYER = ROLE_PLAYER;

/** Drawings from the largest to the most compact. */
export type DrawMode = 'blocks' | 'half' | 'quarter' | 'braille' | 'unicode' | 'compact';
/** The modes tried with colour, largest first. */
export const COLOR_MODES: readonly DrawMode[] = ['blocks', 'half', 'quarter', 'braille'];
/** The modes tried without colour on the plain square maze, largest first: each kind of block needs its own characters. */
export const PLAIN_MODES: readonly DrawMode[] = ['blocks', 'unicode', 'compact'];
/** The modes tried without colour on any other maze: plain blocks, then braille dots (the path dotted). */
export const PLAIN_GRID_MODES: readonly DrawMode[] = ['blocks', 'braille'];

/** A plain square maze (the 42 subject's), its ends as points. */
export interface Picture {
  maze: Maze;
  entry: Point;
  exit: Point;
  /** Path cells from entry to exit; drawn when given (a prefix of one draws part of it). */
  path?: ArrayLike<number>;
}

/** A maze on any grid as the terminal draws it; cells are the topology's numbers. */
export interface TermPicture {
  maze: GridMaze;
  entry: number;
  exit: number;
  /** Path cells (a solution or a prefix of one, a player's trail), drawn through the cells' centres. */
  path?: ArrayLike<number>;
  /** The player's cell (play), filled in its own colour under the walls. */
  player?: number;
  /** The plain square maze itself, when this is one: its blocked cells are the 42 pattern, and it has the box-drawing and compact forms. */
  plain?: Maze;
}

export interface RenderOptions {
  mode: DrawMode;
  theme: Theme;
  /** 1 draws plain characters ('blocks', 'braille', or the plain square maze's 'unicode' and 'compact'); more uses colours at that depth. */
  depth: ColorDepth;
  /** Pixels a drawing unit across and down, for a grid drawn from its cells' shapes (undefined: the square lattice). */
  scale?: RoleScale;
}

/** Plain characters, one pair per pixel kind, all distinct without colour (marks as in the text formats). */
export const PLAIN_BLOCKS: readonly string[] = ['  ', '██', '▓▓', '··', 'S ', 'E ', '██', '@@'];

/** Columns and rows the drawing of a W x H square maze takes in `mode`. */
export function drawingSize(width: number, height: number, mode: DrawMode): { columns: number; rows: number } {
  const cols = 2 * width + 1;
  const rows = 2 * height + 1;
  switch (mode) {
    case 'unicode':
      return { columns: 3 * width + 1, rows };
    case 'compact':
      return { columns: cols, rows: height + 1 };
    default:
      return charactersFor(cols, rows, mode);
  }
}

/** Pixels a character cell holds across and down in each density. */
export const PIXELS_PER_CHARACTER: Readonly<Record<'blocks' | 'half' | 'quarter' | 'braille', { across: number; down: number }>> = {
  blocks: { across: 0.5, down: 1 },
  half: { across: 1, down: 2 },
  quarter: { across: 2, down: 2 },
  braille: { across: 2, down: 4 },
};

/** Columns and rows a raster of `width` x `height` pixels takes in a density. */
export function charactersFor(width: number, height: number, mode: DrawMode): { columns: number; rows: number } {
  if (mode === 'unicode' || mode === 'compact') throw new RangeError(`'${mode}' is a text drawing, not a density of pixels`);
  const { across, down } = PIXELS_PER_CHARACTER[mode];
  return { columns: Math.ceil(width / across), rows: Math.ceil(height / down) };
}

/** The border side a cell on the border is entered from (north first, then south, west, east), or 0 inside. */
export function borderSide(p: Point, width: number, height: number): number {
  if (p.y === 0) return NORTH;
  if (p.y === height - 1) return SOUTH;
  if (p.x === 0) return WEST;
  if (p.x === width - 1) return EAST;
  return 0;
}

/** A plain square maze as the picture every grid has. */
export function termPictureOf(picture: Picture): TermPicture {
  const { maze } = picture;
  const cellOf = (p: Point) => (p.x >= 0 && p.y >= 0 && p.x < maze.width && p.y < maze.height ? p.y * maze.width + p.x : -1);
  return { maze: GridMaze.fromMaze(maze), entry: cellOf(picture.entry), exit: cellOf(picture.exit), path: picture.path, plain: maze };
}

/** The picture's raster: the lattice on the square grid, else the cells' shapes at `scale`; tinted when the theme has a distance palette. */
export function pictureRaster(picture: TermPicture, theme: Theme | undefined, scale?: RoleScale): RoleRaster {
  const { maze } = picture;
  const shading = theme ? distanceShading(maze, theme, picture.entry) : undefined;
  const lattice = maze.topology.kind === 'square';
  if (!lattice && !scale) throw new RangeError(`a ${maze.topology.kind} maze is drawn from its cells' shapes: give a scale`);
  return roleRaster(
    {
      maze,
      entry: picture.entry,
      exit: picture.exit,
      path: picture.path,
      player: picture.player,
      blocked: picture.plain ? 'pattern' : 'outside',
      shade: shading?.shade,
    },
    lattice ? { lattice: true } : { scale: scale! },
  );
}

/** The pixel kinds of a plain square maze, row by row: (2H+1) rows of (2W+1) values. Marks are drawn over the path, openings cut the border. */
export function blockGrid(picture: Picture): Uint8Array {
  return pictureRaster(termPictureOf(picture), undefined).roles;
}

/** The part of a raster at [left, left + width) x [top, top + height): the view of a maze larger than the terminal. */
export function cropRaster(raster: RoleRaster, left: number, top: number, width: number, height: number): RoleRaster {
  const roles = new Uint8Array(width * height);
  const bands = raster.bands ? new Uint8Array(width * height) : undefined;
  for (let y = 0; y < height; y++) {
    const from = (top + y) * raster.width + left;
    roles.set(raster.roles.subarray(from, from + width), y * width);
    bands?.set(raster.bands!.subarray(from, from + width), y * width);
  }
  const moved = (at: number) => {
    if (at < 0) return -1;
    const [x, y] = [(at % raster.width) - left, Math.floor(at / raster.width) - top];
    return x >= 0 && y >= 0 && x < width && y < height ? y * width + x : -1;
  };
  return {
    width,
    height,
    roles,
    bands,
    entryPixel: moved(raster.entryPixel),
    exitPixel: moved(raster.exitPixel),
    playerPixel: moved(raster.playerPixel),
  };
}

/** The colour of each pixel kind in a theme. */
export function kindColors(theme: Theme): readonly string[] {
  return [theme.background, theme.wall, theme.pattern, theme.path, theme.entry, theme.exit, theme.border, playerColor(theme)];
}

/**
 * The distance theme's tint of each pixel (the library's bands, as in the SVG and PNG):
 * passages only; undefined for other themes.
 */
export function pixelTints(raster: RoleRaster, theme: Theme): (string | undefined)[] | undefined {
  const { bands } = raster;
  const colors = theme.distance;
  if (!bands || !colors) return undefined;
  return Array.from(bands, (k) => (k > 0 ? colors[k - 1] : undefined));
}

/** Which kind colours a character that shows several: marks, then the path, the 42, walls, passages. */
const PRIORITY: readonly number[] = [0, 2, 4, 5, 6, 6, 3, 0];

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

/** Sixteen colours are too few for nearest matches to stay apart: the theme is mapped as a whole, the player's colour with it. */
function depthColors(theme: Theme, depth: ColorDepth): readonly string[] {
  if (depth !== 4) return kindColors(theme);
  const mapped = themeFor16Colors({ ...theme, player: playerColor(theme) });
  return [...kindColors(mapped).slice(0, PLAYER), mapped.player];
}

/** A raster as terminal lines (no newlines) in one of the densities. */
export function rasterLines(raster: RoleRaster, options: RenderOptions): string[] {
  const { mode, depth } = options;
  const { width: cols, height: rows, roles } = raster;
  const kindAt = (r: number, c: number) => (r < rows && c < cols ? roles[r * cols + c] : OPEN);
  const letterAt = new Map<number, string>();
  if (raster.entryPixel >= 0) letterAt.set(raster.entryPixel, 'S');
  if (raster.exitPixel >= 0) letterAt.set(raster.exitPixel, 'E');
  if (raster.playerPixel >= 0) letterAt.set(raster.playerPixel, '@');
  const lines: string[] = [];
  if (depth === 1) {
    if (mode === 'blocks') {
      for (let r = 0; r < rows; r++) {
        let line = '';
        for (let c = 0; c < cols; c++) {
          const at = r * cols + c;
          // A mark's own pixel carries its letter; the rest of a disc or a player's cell is drawn as passage.
          const kind = roles[at];
          const marked = letterAt.get(at);
          line += marked
            ? `${marked}${marked === '@' ? '@' : ' '}`
            : kind === ENTRY || kind === EXIT || kind === PLAYER
              ? '  '
              : PLAIN_BLOCKS[kind];
        }
        lines.push(line.trimEnd());
      }
      return lines;
    }
    if (mode !== 'braille') throw new Error(`plain characters draw 'blocks' or 'braille', not '${mode}'`);
    // Dots without colour: the path every other dot, so it reads apart from the walls; the player an '@'.
    const playerRow = raster.playerPixel >= 0 ? Math.floor(Math.floor(raster.playerPixel / cols) / 4) : -1;
    const playerColumn = raster.playerPixel >= 0 ? Math.floor((raster.playerPixel % cols) / 2) : -1;
    for (let r = 0; r < rows; r += 4) {
      let line = '';
      for (let c = 0; c < cols; c += 2) {
        if (r / 4 === playerRow && c / 2 === playerColumn) {
          line += '@';
          continue;
        }
        let bits = 0;
        for (let dx = 0; dx < 2; dx++)
          for (let dy = 0; dy < 4; dy++) {
            const kind = kindAt(r + dy, c + dx);
            if (kind === OPEN || kind === PLAYER || (kind === PATH && (c + dx + r + dy) % 2 === 1)) continue;
            bits |= BRAILLE_BITS[dx][dy];
          }
        line += bits === 0 ? ' ' : String.fromCharCode(0x2800 + bits);
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }
  const color = depthColors(options.theme, depth);
  const background = color[OPEN];
  const tints = pixelTints(raster, options.theme);
  const colorAt = (r: number, c: number) => (r < rows && c < cols ? (tints?.[r * cols + c] ?? color[roles[r * cols + c]]) : background);
  if (mode === 'blocks') {
    for (let r = 0; r < rows; r++) {
      const glyphs: Glyph[] = [];
      for (let c = 0; c < cols; c++) {
        const at = r * cols + c;
        const marked = letterAt.get(at);
        // Marks carry their letter too (in the background's colour), for readers who cannot tell the colours apart.
        if (marked) {
          const bg = color[roles[at]];
          glyphs.push({ char: marked, fg: background, bg }, { char: ' ', fg: background, bg });
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
  if (mode !== 'quarter' && mode !== 'braille') throw new Error(`'${mode}' is not a density of pixels`);
  // Quarter and braille: one foreground a character. Every pixel of a wall, the path, the 42 or
  // a mark is set; a mark colours its character, otherwise the kind with the most pixels does
  // (ties to the more important), so the path shows where it runs and the walls beside it stay
  // walls. The player's cell is the character's background, under the walls' dots.
  const tall = mode === 'braille' ? 4 : 2;
  const count = new Uint8Array(PLAYER + 1);
  for (let r = 0; r < rows; r += tall) {
    const glyphs: Glyph[] = [];
    for (let c = 0; c < cols; c += 2) {
      let bits = 0;
      count.fill(0);
      for (let dx = 0; dx < 2; dx++) {
        for (let dy = 0; dy < tall; dy++) {
          const kind = kindAt(r + dy, c + dx);
          if (kind === OPEN) continue;
          count[kind]++;
          if (kind === PLAYER) continue;
          bits |= mode === 'braille' ? BRAILLE_BITS[dx][dy] : 1 << (dy * 2 + dx);
        }
      }
      let top = count[ENTRY] ? ENTRY : count[EXIT] ? EXIT : OPEN;
      if (top === OPEN)
        for (let kind = 1; kind < PLAYER; kind++)
          if (count[kind] > count[top] || (count[kind] === count[top] && count[kind] > 0 && PRIORITY[kind] > PRIORITY[top])) top = kind;
      const char = mode === 'braille' ? (bits === 0 ? ' ' : String.fromCharCode(0x2800 + bits)) : QUADRANTS[bits];
      // A distance picture tints the character's passages (its first tinted pixel) behind the dots.
      let behind = background;
      if (count[PLAYER]) behind = color[PLAYER];
      else if (tints)
        for (let k = 0; k < 2 * tall && behind === background; k++) behind = tints[(r + (k >> 1)) * cols + c + (k & 1)] ?? background;
      glyphs.push({ char, fg: bits === 0 ? behind : color[top], bg: behind });
    }
    lines.push(colorLine(glyphs, depth));
  }
  return lines;
}

/** A maze on any grid as terminal lines (no newlines): the box-drawing and compact forms of the plain square maze, else its raster. */
export function pictureLines(picture: TermPicture, options: RenderOptions): string[] {
  const { mode } = options;
  if (mode === 'compact' || mode === 'unicode') {
    const plain = picture.plain;
    if (!plain) throw new Error(`only the plain square maze has the '${mode}' drawing`);
    const w = plain.width;
    const pointOf = (cell: number): Point => (cell < 0 ? { x: -1, y: -1 } : { x: cell % w, y: Math.floor(cell / w) });
    const square = { maze: plain, entry: pointOf(picture.entry), exit: pointOf(picture.exit), path: picture.path };
    if (mode === 'compact') return compactLines(square);
    // The library's box-drawing text (S, E, '·' path, as `render -f unicode` writes it).
    return toUnicode(plain, square).replace(/\n$/, '').split('\n');
  }
  return rasterLines(pictureRaster(picture, options.depth > 1 ? options.theme : undefined, options.scale), options);
}

/** The plain square maze as terminal lines (no newlines). */
export function renderLines(picture: Picture, options: RenderOptions): string[] {
  return pictureLines(termPictureOf(picture), options);
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
