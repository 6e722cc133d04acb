/**
 * The default command's drawing of any maze: once into a pipe or a file, interactive on a
 * terminal; at the best fit for the terminal (fit.ts), in the config's theme, animated
 * where it can be (the plain square maze replays its generation).
 */
import { type Theme } from 'mazegen';
import { configTheme, type ConfigOptions } from 'mazegen/config';
import { colorDepth, type ColorDepth } from './color.js';
import { fittedLines } from './fit.js';
import { runInteractive, shownPicture, type ExtraKey, type Shown } from './interactive.js';
import { STATUS_ROWS, surfaceOf } from './screen.js';
import { chooseTheme, themeFlag } from './theme.js';

/** The colours a run draws with, settled before the maze is made so a clash fails before any file is written. */
export interface Look {
  depth: ColorDepth;
  theme: Theme;
  why: string;
}

/** The look for a config and the --theme / --no-color flags; a WALL_COLOR/PATTERN_COLOR/PATH_COLOR clash is a ConfigError on its line. */
export function lookFor(
  config: ConfigOptions,
  flags: { theme?: string; color: boolean },
  out: { isTTY?: boolean } = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): Look {
  const chosen = chooseTheme(themeFlag(flags.theme), config.theme, env);
  const flagged = flags.theme !== undefined && chosen.why === '--theme' ? { ...config, theme: chosen.name } : config;
  return { depth: colorDepth(out, env, flags.color), theme: configTheme(flagged, chosen.name), why: chosen.why };
}

export interface DisplayRequest {
  shown: Shown;
  look: Look;
  showPath: boolean;
  animate: boolean;
  /** Where to see a maze too big for the terminal. */
  hint: string;
  /** A line printed after a drawing into a pipe (where to watch it animate), if any. */
  footer?: string;
  regenerate(): { shown: Shown; message: string };
  /** More keys for the interactive display (a game, say). */
  extraKeys?: readonly ExtraKey[];
}

/** Draws the maze; returns when the user quits (terminal) or at once (pipe, file, or too big: a one-line note). */
export async function displayMaze(request: DisplayRequest): Promise<void> {
  const out = process.stdout;
  const { shown, look } = request;
  const interactive = process.stdin.isTTY === true && out.isTTY === true;
  const surface = surfaceOf(out, interactive);
  const drawn = fittedLines(shownPicture(shown, request.showPath), surface, look, interactive ? STATUS_ROWS : 0);
  if (drawn.problem !== undefined) {
    out.write(`${drawn.problem}; ${request.hint}\n`);
    return;
  }
  if (!interactive) {
    out.write(drawn.lines.map((line) => `${line}\n`).join(''));
    if (request.footer) out.write(`${request.footer}\n`);
    return;
  }
  await runInteractive({
    input: process.stdin,
    output: out,
    depth: look.depth,
    theme: look.theme,
    themeWhy: look.why,
    showPath: request.showPath,
    animate: request.animate,
    initial: shown,
    tooBigHint: request.hint,
    regenerate: request.regenerate,
    extraKeys: request.extraKeys,
  });
}
