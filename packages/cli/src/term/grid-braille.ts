/**
 * The terminal picture of a maze on any grid (hex, triangle, polar, masked, wrapped): the
 * library's own drawing of it (drawGridMaze, the SVG's geometry) rasterised at the best
 * fit of the terminal, each character a 2x4 block of braille dots (U+2800..U+28FF). A
 * terminal cell is about twice as tall as wide, so a dot is about square and circles stay
 * round. Each character takes one colour: a mark's, else the path's where it runs, else
 * the walls'. The distance theme tints each character's background in the band of the
 * cell most of its dots lie in, walls and marks included (the library's bands, as in the
 * SVG and PNG). Pure: maze in, lines out.
 */
import { drawGridMaze, type GridMaze, type GridKind, type Theme } from 'mazegen';
import { fillGridCells, gridDistanceShading, gridLayout, RasterContext, type GridLayout } from 'mazegen/render';
import { sgrColor, SGR_RESET, themeFor16Colors, type ColorDepth } from './color.js';
import type { Surface } from './screen.js';

export interface GridPicture {
  maze: GridMaze;
  entry: number;
  exit: number;
  /** Path cells from entry to exit; drawn when given. */
  path?: ArrayLike<number>;
  /** A cell drawn as '@' over everything (the player of `play`). */
  player?: number;
}

/** Dots per drawing unit below which the cells run together (a hex's side, a triangle's side, a ring's depth). */
const MIN_DOTS: Readonly<Record<GridKind, number>> = { square: 3, hex: 3, triangle: 4, polar: 3 };
/** Dots per unit a small maze gets at most, so its walls still read as lines, not a few big strokes. */
const MAX_DOTS = 16;
/** Dots per unit outside a terminal (a pipe, a file), and the most columns drawn there. */
const UNMEASURED_DOTS = 4;
const MAX_UNMEASURED_COLUMNS = 400;
/** Dots around the drawing: the outer walls lie inside it. */
const MARGIN_DOTS = 1;

/** What a dot shows, encoded as the colour it is drawn in (its blue byte). */
const DOT_BACKGROUND = 0;
const DOT_WALL = 1;
const DOT_PATH = 2;
const DOT_ENTRY = 3;
const DOT_EXIT = 4;
const KIND_THEME = {
  background: '#000000',
  wall: '#000001',
  border: '#000001',
  path: '#000002',
  entry: '#000003',
  exit: '#000004',
  pattern: '#000001',
};

/** Braille dot bits by (column, row) in a 2x4 character cell. */
const BRAILLE_BITS: readonly (readonly number[])[] = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
];

/** The braille layout at `scale` dots per unit: one dot wide walls and path. */
function brailleLayout(maze: GridMaze, scale: number): GridLayout {
  const layout = gridLayout(maze, { wallRatio: 0 }, { cellSize: scale, margin: MARGIN_DOTS, wallWidth: 1, fractional: true });
  return { ...layout, pathWidth: 1, markRadius: Math.max(1, scale * 0.3) };
}

/** Columns and rows the braille drawing takes at `scale` dots per unit. */
export function gridBrailleSize(maze: GridMaze, scale: number): { columns: number; rows: number } {
  const { width, height } = brailleLayout(maze, scale);
  return { columns: Math.ceil(width / 2), rows: Math.ceil(height / 4) };
}

/** The scale to draw at, or why the maze does not fit. */
export type GridFit = { scale: number; problem?: undefined } | { scale?: undefined; problem: string };

/** The largest scale (dots per unit, at most MAX_DOTS) whose drawing fits `surface` with `extraRows` kept below it. */
export function fitGridBraille(maze: GridMaze, surface: Surface, extraRows = 0): GridFit {
  const t = maze.topology;
  const name = t.kind === 'polar' ? `${t.height}-ring polar maze` : `${t.width}x${t.height} ${t.kind} maze`;
  if (surface.columns === undefined) {
    const size = gridBrailleSize(maze, UNMEASURED_DOTS);
    if (size.columns > MAX_UNMEASURED_COLUMNS)
      return { problem: `a ${name} is too big to draw outside a terminal (${size.columns} columns; at most ${MAX_UNMEASURED_COLUMNS})` };
    return { scale: UNMEASURED_DOTS };
  }
  const dotsAcross = 2 * surface.columns - 2 * MARGIN_DOTS - 1;
  const dotsDown = surface.rows === undefined ? Infinity : 4 * (surface.rows - extraRows) - 2 * MARGIN_DOTS - 1;
  let scale = Math.min(MAX_DOTS, dotsAcross / t.extent.width, dotsDown / t.extent.height);
  // Rounding up to whole dots may cost a column or row: step down until it fits.
  while (scale >= MIN_DOTS[t.kind]) {
    const size = gridBrailleSize(maze, scale);
    if (size.columns <= surface.columns && (surface.rows === undefined || size.rows + extraRows <= surface.rows)) return { scale };
    scale *= 0.98;
  }
  const need = gridBrailleSize(maze, MIN_DOTS[t.kind]);
  const lackColumns = need.columns > surface.columns;
  return {
    problem: lackColumns
      ? `a ${name} needs ${need.columns} columns even in braille, the terminal has ${surface.columns}`
      : `a ${name} needs ${need.rows + extraRows} rows even in braille, the terminal has ${surface.rows}`,
  };
}

export interface GridRenderOptions {
  scale: number;
  theme: Theme;
  /** 1 draws the dots without colour (the path then dotted, every other dot); more uses colours at that depth. */
  depth: ColorDepth;
}

/** The maze as braille lines (no newlines), every character with an explicit foreground and background. */
export function gridBrailleLines(picture: GridPicture, options: GridRenderOptions): string[] {
  const { maze } = picture;
  const layout = brailleLayout(maze, options.scale);
  const ctx = new RasterContext(layout.width, layout.height);
  const plain = options.depth === 1;
  const shading = plain ? undefined : gridDistanceShading(maze, options.theme, picture.entry);
  drawGridMaze(ctx, maze, {
    layout,
    theme: { ...options.theme, ...KIND_THEME },
    entry: picture.entry,
    exit: picture.exit,
    path: picture.path,
  });
  // Which band each dot lies in (the distance tint), as its colour's blue byte: the cells' fills alone, under no wall or mark.
  let bandMap: RasterContext | undefined;
  if (shading) {
    bandMap = new RasterContext(layout.width, layout.height);
    fillGridCells(bandMap, maze, {
      layout,
      shade: shading.shade,
      shadeColors: shading.shadeColors.map((_, k) => `#0000${(k + 1).toString(16).padStart(2, '0')}`),
    });
  }
  const inside = (x: number, y: number): boolean => x < layout.width && y < layout.height;
  const kindAt = (x: number, y: number): number => (inside(x, y) ? ctx.pixels[(y * layout.width + x) * 3 + 2] : DOT_BACKGROUND);
  const bandAt = (x: number, y: number): number => (bandMap && inside(x, y) ? bandMap.pixels[(y * layout.width + x) * 3 + 2] : 0);
  // Sixteen colours are too few for nearest matches to stay apart: the theme is mapped as a whole.
  const theme = options.depth === 4 ? themeFor16Colors(options.theme) : options.theme;
  const colorOf = [theme.background, theme.wall, theme.path, theme.entry, theme.exit];
  const lines: string[] = [];
  const count = new Uint16Array(5);
  const mark = picture.player === undefined ? undefined : maze.topology.centre(picture.player);
  const markColumn = mark ? Math.floor((layout.margin + mark.x * layout.scale) / 2) : -1;
  const markRow = mark ? Math.floor((layout.margin + mark.y * layout.scale) / 4) : -1;
  const bands = new Uint8Array((shading?.shadeColors.length ?? 0) + 1);
  for (let y = 0; y < layout.height; y += 4) {
    let line = '';
    let fg = '';
    let bg = '';
    for (let x = 0; x < layout.width; x += 2) {
      let bits = 0;
      count.fill(0);
      bands.fill(0);
      for (let dx = 0; dx < 2; dx++) {
        for (let dy = 0; dy < 4; dy++) {
          bands[bandAt(x + dx, y + dy)]++;
          const kind = kindAt(x + dx, y + dy);
          if (kind === DOT_BACKGROUND) continue;
          if (plain && kind === DOT_PATH && (x + dx + y + dy) % 2 === 1) continue;
          bits |= BRAILLE_BITS[dx][dy];
          count[kind]++;
        }
      }
      const player = y / 4 === markRow && x / 2 === markColumn;
      const char = player ? '@' : bits === 0 ? ' ' : String.fromCharCode(0x2800 + bits);
      if (plain) {
        line += char;
        continue;
      }
      // A mark colours its character; the path does where it has at least as many dots as the walls (so a wall beside it mostly stays a wall).
      const kind = count[DOT_ENTRY]
        ? DOT_ENTRY
        : count[DOT_EXIT]
          ? DOT_EXIT
          : count[DOT_PATH] > 0 && count[DOT_PATH] >= count[DOT_WALL]
            ? DOT_PATH
            : count[DOT_WALL]
              ? DOT_WALL
              : DOT_PATH;
      let band = 0;
      for (let k = 1; k < bands.length; k++) if (bands[k] > 0 && (band === 0 || bands[k] > bands[band])) band = k;
      const behind = band > 0 ? shading!.shadeColors[band - 1] : theme.background;
      const want = player ? theme.exit : bits === 0 ? behind : colorOf[kind];
      if (want !== fg) line += sgrColor((fg = want), 'fg', options.depth);
      if (behind !== bg) line += sgrColor((bg = behind), 'bg', options.depth);
      line += char;
    }
    lines.push(plain ? line.trimEnd() : line + SGR_RESET);
  }
  return lines;
}
