/**
 * The menu's and motd's pictures of a maze: the terminal's own drawing (the same fitting
 * and cells as the default command), in a library theme whose background and walls are
 * the menu's two colours (the C seed's options 4 and 5).
 */
import { resolveTheme, type Maze, type Point, type Theme } from 'mazegen';
import { COLORS, type ColorName } from 'mazegen/config';
import { describeClash, relativeLuminance, themeClashes, type ThemeName, type ThemeRole } from 'mazegen/render';
import { CYCLE_COLORS } from '../term/theme.js';
import type { ColorDepth } from '../term/color.js';
import { COLOR_MODES, renderLines, type DrawMode } from '../term/render.js';
import { fitDrawing, type Surface } from '../term/screen.js';

export interface MenuPicture {
  maze: Maze;
  entry: Point;
  exit: Point;
  path?: ArrayLike<number>;
}

/** Without colour the menu keeps the library's box-drawing text (a pipe reads it back), then the compact drawing. */
export const MENU_PLAIN_MODES: readonly DrawMode[] = ['unicode', 'compact'];

/** The roles the menu colours itself, in the order they are fixed when the user's two colours hide them. */
const MARK_ROLES: readonly ThemeRole[] = ['path', 'entry', 'exit', 'pattern'];

/**
 * The theme the menu's colours make: `base` (else light or dark after the background) with
 * its background and walls replaced; a path, mark or 42 colour that the two would hide is
 * replaced by the first of the 13 colours that clashes with nothing.
 */
export function menuTheme(background: ColorName, foreground: ColorName, base?: ThemeName): Theme {
  const name = base ?? (relativeLuminance(COLORS[background]) > 0.18 ? 'light' : 'dark');
  const theme = resolveTheme(name, { background, wall: foreground }, { check: false });
  const involves = (t: Theme, role: ThemeRole) => themeClashes(t).some((c) => c.roles.includes(role));
  for (const role of MARK_ROLES) {
    if (!involves(theme, role)) continue;
    const fits = CYCLE_COLORS.find((c) => !involves({ ...theme, [role]: COLORS[c] }, role));
    if (fits) theme[role] = COLORS[fits];
  }
  return theme;
}

/** Why a pair of menu colours would hide part of the maze (one line naming the two roles), or undefined. */
export function menuColorProblem(background: ColorName, foreground: ColorName, base?: ThemeName): string | undefined {
  const theme = menuTheme(background, foreground, base);
  const clash = themeClashes(theme)[0];
  return clash ? describeClash(theme, clash) : undefined;
}

export interface MenuDrawing {
  /** The drawing's lines, each ending in '\n'; undefined when it fits nowhere. */
  text?: string;
  /** Why it cannot be drawn. */
  problem?: string;
}

/** The picture at the best fit for `surface` with `extraRows` kept free. */
export function drawForMenu(picture: MenuPicture, theme: Theme, depth: ColorDepth, surface: Surface = {}, extraRows = 0): MenuDrawing {
  const color = depth > 1;
  const fit = fitDrawing(picture.maze.width, picture.maze.height, surface, color, extraRows, color ? COLOR_MODES : MENU_PLAIN_MODES);
  if (fit.problem !== undefined) return { problem: fit.problem };
  return {
    text: renderLines(picture, { mode: fit.mode, theme, depth })
      .map((line) => `${line}\n`)
      .join(''),
  };
}

/** A reader that closed the pipe (`| head`) ends the run quietly instead of crashing on EPIPE. */
export function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
