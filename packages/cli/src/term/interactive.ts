/**
 * The interactive terminal display: raw-mode keys over a maze redrawn at the best fit
 * for the terminal's size (again on every resize). It animates the generation and then
 * the path (any key skips to the end). 1 new maze, 2 show/hide path, 3 next wall colour,
 * 5 next 42 colour, 4/q/Esc/Ctrl-C quit; extra keys (a game, say) plug in through `extraKeys`.
 * Every grid (hex, triangle, polar, a mask, an outline, a wrap) is drawn the same way
 * (fit.ts, render.ts) with the same keys; only the plain square maze replays its generation,
 * and only it has a 42 to colour (key 5 says so on the others).
 */
import { type GridMaze, type Maze, type SquareMazeOptions, type Point, type Theme } from 'mazegen';
import { COLORS } from 'mazegen/config';
import { nextThemeColor, type ThemeRole } from 'mazegen/render';
import { menuKey } from 'mazegen/internal';
import { FRAME_MS, GenerationReplay, recordWallSteps, stepsPerFrame } from './animate.js';
import type { ColorDepth } from './color.js';
import { fittedLines } from './fit.js';
import { termPictureOf, type Picture, type TermPicture } from './render.js';
import { CLEAR_SCREEN, CURSOR_HOME, fitChoice, fitLine, STATUS_ROWS, surfaceOf, wrapText, type Surface } from './screen.js';
import { CYCLE_COLORS, shortColorLabel } from './theme.js';

/** A plain square maze as the display shows it. */
export interface SquareShown {
  maze: Maze;
  grid?: undefined;
  entry: Point;
  exit: Point;
  path: Int32Array;
  seed: string;
  /** The options that make it again, for replaying its generation; undefined = no animation. */
  options?: SquareMazeOptions;
}

/** A maze on any other grid, or a masked, outlined or wrapped square one, as the display shows it; cells are the topology's numbers. */
export interface GridShown {
  grid: GridMaze;
  maze?: undefined;
  entry: number;
  exit: number;
  path: Int32Array;
  seed: string;
}

export type Shown = SquareShown | GridShown;

/** The picture of a shown maze (its path when `showPath`), the plain square maze's as every grid's. */
export function shownPicture(shown: Shown, showPath: boolean): TermPicture {
  if (shown.grid) return { maze: shown.grid, entry: shown.entry, exit: shown.exit, path: showPath ? shown.path : undefined };
  return termPictureOf({ maze: shown.maze, entry: shown.entry, exit: shown.exit, path: showPath ? shown.path : undefined });
}

/** The colours the display draws with now (key 3 and 5 change them), for a key that draws the maze itself. */
export interface LiveLook {
  theme: Theme;
  depth: ColorDepth;
}

/** A key the display does not know itself: while `run` works, the display leaves the terminal to it. */
export interface ExtraKey {
  key: string;
  /** Words for the key line ('p play'). */
  help: string;
  /** Returns a status message, or nothing. */
  run(shown: Shown, look: LiveLook): Promise<string | undefined> | string | undefined;
}

export interface InteractiveOptions {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
  depth: ColorDepth;
  theme: Theme;
  /** How the theme was chosen, for the status line ('auto: COLORFGBG unset'). */
  themeWhy: string;
  showPath: boolean;
  /** Replays the generation and the path when a maze is shown (off: --no-animation). */
  animate: boolean;
  initial: Shown;
  /** Makes (and saves) a maze with a new seed; returns it and a status message. Errors show in the status line. */
  regenerate(): { shown: Shown; message: string };
  /** What to tell the user when the maze does not fit the terminal. */
  tooBigHint: string;
  extraKeys?: readonly ExtraKey[];
}

/** The keys, as the status line shows them, from the fullest to the shortest. */
const KEY_HELP = ['1 new maze  2 path on/off  3 wall colour  5 42 colour  4/q quit', '1 new  2 path  3 walls  5 42  q quit', '1 2 3 5 q'];
/** The same without colours (NO_COLOR, --no-color, a dumb terminal): keys 3 and 5 change nothing there. */
const PLAIN_KEY_HELP = ['1 new maze  2 path on/off  4/q quit', '1 new  2 path  q quit', '1 2 q'];

const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';

/** The display's state as one line; without colours it names none. */
function stateLine(shown: Shown, showPath: boolean, theme: Theme, why: string, colours: boolean): string {
  if (!colours) return `seed ${shown.seed} | path ${showPath ? 'shown' : 'hidden'}`;
  const pattern = shown.grid ? '' : ` | 42 ${shortColorLabel(theme.pattern)}`;
  // The distance theme's legend, in words (every grid's drawing is tinted).
  const legend = theme.distance ? ' (pale near, violet far)' : '';
  return `seed ${shown.seed} | path ${showPath ? 'shown' : 'hidden'} | walls ${shortColorLabel(theme.wall)}${pattern} | theme ${theme.name}${legend} (${why})`;
}

/** Runs until the user quits; the terminal is restored on every way out. */
export function runInteractive(options: InteractiveOptions): Promise<void> {
  const { input, output, depth } = options;
  let shown = options.initial;
  let showPath = options.showPath;
  const theme: Theme = { ...options.theme };
  let message = '';
  const extra = new Map((options.extraKeys ?? []).map((k) => [k.key, k]));
  const withExtra = (lines: readonly string[]) =>
    lines.map((line, i) => (i === 0 && extra.size > 0 ? `${line}  ${[...extra.values()].map((k) => k.help).join('  ')}` : line));
  // Depth 1 is no colour at all: the status line and the keys leave colours out.
  const colours = depth > 1;
  const keyHelp = withExtra(colours ? KEY_HELP : PLAIN_KEY_HELP);
  /** The animation under way: the maze as carved so far and how much of the path is drawn. */
  let frame: { replay?: GenerationReplay; pathShown: number; timer?: NodeJS.Timeout } | undefined;
  let busy = false;

  const picture = (shown: SquareShown): Picture => {
    if (!frame) return { maze: shown.maze, entry: shown.entry, exit: shown.exit, path: showPath ? shown.path : undefined };
    const maze = frame.replay && !frame.replay.finished ? frame.replay.maze : shown.maze;
    return {
      maze,
      entry: shown.entry,
      exit: shown.exit,
      path: showPath && frame.pathShown > 0 ? shown.path.subarray(0, frame.pathShown) : undefined,
    };
  };

  /** The drawing's lines at the best fit of `surface`, or why it does not fit. */
  const drawing = (surface: Surface): { lines: string[]; problem?: undefined } | { problem: string } =>
    fittedLines(shown.grid ? shownPicture(shown, showPath) : termPictureOf(picture(shown)), surface, { theme, depth }, STATUS_ROWS);

  const draw = (home = false) => {
    const surface = surfaceOf(output);
    const shownDrawing = drawing(surface);
    let screen = home ? CURSOR_HOME : CLEAR_SCREEN;
    if (shownDrawing.problem !== undefined) {
      // The note may take the rows the drawing would have had.
      const note = wrapText(`${shownDrawing.problem}; ${options.tooBigHint}`, surface.columns);
      const room = surface.rows === undefined ? note.length : Math.max(1, surface.rows - STATUS_ROWS);
      screen += note
        .slice(0, room)
        .map((line) => `${line}\n`)
        .join('');
    } else screen += shownDrawing.lines.join('\n') + '\n';
    const state = stateLine(shown, showPath, theme, options.themeWhy, colours);
    screen += `${fitLine(message ? `${message} | ${state}` : state, surface.columns)}\n${fitChoice(keyHelp, surface.columns)}`;
    output.write(screen);
  };

  const stopAnimation = () => {
    if (frame?.timer) clearInterval(frame.timer);
    frame = undefined;
  };

  /** Replays the shown maze's generation, then draws its path step by step. */
  const startAnimation = () => {
    stopAnimation();
    if (!options.animate || shown.grid || !shown.options) return;
    const square = shown;
    let replay: GenerationReplay;
    try {
      replay = new GenerationReplay(square.maze, recordWallSteps(square.options!));
    } catch {
      return; // a maze that cannot be replayed is simply shown whole
    }
    const current: NonNullable<typeof frame> = { replay, pathShown: 0 };
    frame = current;
    const carveStep = stepsPerFrame(replay.total, 'generation');
    const pathStep = stepsPerFrame(shown.path.length, 'path');
    current.timer = setInterval(() => {
      if (!replay.finished) replay.advance(carveStep);
      else if (showPath && current.pathShown < shown.path.length)
        current.pathShown = Math.min(shown.path.length, current.pathShown + pathStep);
      else {
        stopAnimation();
        draw(true);
        return;
      }
      draw(true);
    }, FRAME_MS);
  };

  return new Promise<void>((resolve) => {
    let finished = false;
    const restore = () => {
      if (input.isTTY) input.setRawMode(false);
      output.write(`${SHOW_CURSOR}\n`);
    };
    const onResize = () => draw();
    const finish = () => {
      if (finished) return;
      finished = true;
      stopAnimation();
      input.off('data', onData);
      input.off('end', finish);
      output.off('resize', onResize);
      process.off('SIGTERM', finish);
      process.off('SIGHUP', finish);
      process.off('exit', restore);
      restore();
      input.pause();
      resolve();
    };
    const cycle = (role: ThemeRole) => {
      const current = CYCLE_COLORS.find((name) => COLORS[name] === theme[role]);
      const next = nextThemeColor(theme, role, CYCLE_COLORS, current);
      if (!next) return;
      theme[role] = COLORS[next];
      if (role === 'wall') theme.border = theme.wall;
    };
    const onData = (chunk: Buffer | string) => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (busy) return;
      // An escape sequence (arrow keys, function keys) is not a command; a lone Esc quits.
      if (text.length > 1 && text.startsWith('\x1b')) return;
      for (const typed of text) {
        if (finished) return;
        // The AZERTY digit row's & é " ' ( are 1-5, as in the seed's window.
        const key = menuKey(typed);
        const quits = key === '4' || key === 'q' || key === 'Q' || key === '\x03' || key === '\x04' || key === '\x1b';
        // A message (a new maze, a plug-in's answer) lasts until the next key: the status line is whole again.
        message = '';
        // A key during the animation skips to its end, and still does what it does: it is never swallowed.
        const skipped = frame !== undefined && !quits;
        if (skipped) stopAnimation();
        const plugged = extra.get(key);
        if (plugged) {
          stopAnimation();
          busy = true;
          void Promise.resolve()
            .then(() => plugged.run(shown, { theme: { ...theme }, depth }))
            .then(
              (said) => (message = said ?? ''),
              (error: unknown) => (message = `${plugged.help}: ${error instanceof Error ? error.message : String(error)}`),
            )
            .finally(() => {
              busy = false;
              if (!finished) draw();
            });
          return;
        }
        switch (key) {
          case '1':
            try {
              const made = options.regenerate();
              shown = made.shown;
              message = made.message;
              startAnimation();
            } catch (error) {
              message = `could not make a new maze: ${error instanceof Error ? error.message : String(error)}`;
            }
            break;
          case '2':
            showPath = !showPath;
            break;
          case '3':
          case '5':
            if (!colours) message = 'colours are off (NO_COLOR, --no-color or the terminal): keys 3 and 5 change nothing';
            else if (key === '3') cycle('wall');
            else if (shown.grid)
              message = `this ${shown.grid.topology.kind} maze has no 42 pattern to colour (only the plain square grid has one)`;
            else cycle('pattern');
            break;
          default:
            if (quits) {
              finish();
              return;
            }
            if (skipped) break;
            continue;
        }
        draw();
      }
    };
    if (input.isTTY) input.setRawMode(true);
    process.on('exit', restore);
    process.on('SIGTERM', finish);
    process.on('SIGHUP', finish);
    output.on('resize', onResize);
    input.on('data', onData);
    input.on('end', finish);
    input.resume();
    output.write(HIDE_CURSOR);
    startAnimation();
    draw();
  });
}
