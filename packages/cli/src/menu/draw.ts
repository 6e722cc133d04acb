/**
 * The menu's picture of a maze in the terminal: the block view (walls one block thick,
 * as the C seed's window draws them) rasterised by the library, two blocks per character
 * cell with the upper half block '▀' (foreground = upper block, background = lower).
 * Truecolor where the terminal says so (COLORTERM), else the 256-colour palette.
 */
import { COLORS, RasterContext, drawMaze, mazeLayout, resolveTheme, toUnicode, type ColorName, type Maze, type Point } from 'mazegen';
import { ansi256 } from '../term/render.js';

export interface MenuPicture {
  maze: Maze;
  entry: Point;
  exit: Point;
  path?: ArrayLike<number>;
  background: ColorName;
  foreground: ColorName;
}

/** How colours reach the terminal. */
export type ColorMode = 'truecolor' | '256' | 'none';

export function colorMode(env: NodeJS.ProcessEnv, flag: boolean | undefined): ColorMode {
  if (flag === false || (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || env.TERM === 'dumb') return 'none';
  return env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit' ? 'truecolor' : '256';
}

/** The first colour of `choices` that is neither background nor foreground, so marks stay visible. */
function contrasting(choices: readonly ColorName[], avoid: readonly ColorName[]): ColorName {
  return choices.find((c) => !avoid.includes(c)) ?? choices[0];
}

/** Colours of the marks, chosen to stand out from the user's two colours. */
function markColors(background: ColorName, foreground: ColorName): { path: ColorName; ends: ColorName; pattern: ColorName } {
  const ends = contrasting(['orange', 'green', 'yellow', 'cyan'], [background, foreground]);
  const path = contrasting(['red', 'magenta', 'blue', 'cyan'], [background, foreground, ends]);
  const pattern = contrasting(['gray', 'darkgray', 'lightgray', 'pink'], [background, foreground]);
  return { path, ends, pattern };
}

function sgr(hex: string, layer: 'fg' | 'bg', mode: ColorMode): string {
  const code = layer === 'fg' ? 38 : 48;
  if (mode === 'truecolor') {
    const v = parseInt(hex.slice(1), 16);
    return `\x1b[${code};2;${(v >> 16) & 255};${(v >> 8) & 255};${v & 255}m`;
  }
  return `\x1b[${code};5;${ansi256(hex)}m`;
}

/** The maze as terminal lines (each ending in '\n'); without colour, Unicode box drawing. */
export function drawForMenu(picture: MenuPicture, mode: ColorMode): string {
  const { maze, entry, exit, path } = picture;
  if (mode === 'none') return toUnicode(maze, { entry, exit, path });
  const marks = markColors(picture.background, picture.foreground);
  const theme = resolveTheme('default', {
    background: picture.background,
    wall: picture.foreground,
    path: marks.path,
    entry: marks.ends,
    exit: marks.ends,
    pattern: marks.pattern,
  }, { check: false });
  // Cell size 2 with 1-pixel walls: one pixel per block of the (2H+1) x (2W+1) block view.
  const layout = mazeLayout(maze, theme, { cellSize: 2, wallWidth: 1, margin: 0 });
  const raster = new RasterContext(layout.width, layout.height);
  drawMaze(raster, maze, { layout, theme, entry, exit, path });
  const hex = (x: number, y: number): string => {
    const [r, g, b] = raster.pixel(x, y);
    return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
  };
  const lines: string[] = [];
  for (let y = 0; y < layout.height; y += 2) {
    let line = '';
    let fg = '';
    let bg = '';
    for (let x = 0; x < layout.width; x++) {
      const upper = hex(x, y);
      const lower = y + 1 < layout.height ? hex(x, y + 1) : COLORS[picture.background];
      if (upper !== fg) line += sgr((fg = upper), 'fg', mode);
      if (lower !== bg) line += sgr((bg = lower), 'bg', mode);
      line += '▀';
    }
    lines.push(`${line}\x1b[0m`);
  }
  return lines.join('\n') + '\n';
}

/** A reader that closed the pipe (`| head`) ends the run quietly instead of crashing on EPIPE. */
export function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
