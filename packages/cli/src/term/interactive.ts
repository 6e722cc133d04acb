/**
 * The interactive terminal display: raw-mode keys over a redrawn maze.
 * 1 new maze, 2 show/hide path, 3 next wall colour, 5 next 42 colour, 4/q/Esc/Ctrl-C quit.
 */
import type { Maze, Point } from 'mazegen';
import { nextColor, renderMaze, type Palette } from './render.js';
import { fitProblem, STATUS_ROWS } from './screen.js';

/** A maze as the display shows it. */
export interface Shown {
  maze: Maze;
  entry: Point;
  exit: Point;
  path: Int32Array;
  seed: string;
}

export interface InteractiveOptions {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
  color: boolean;
  palette: Palette;
  showPath: boolean;
  initial: Shown;
  /** Makes (and saves) a maze with a new seed; returns it and a status message. Errors show in the status line. */
  regenerate(): { shown: Shown; message: string };
  /** What to tell the user when the maze does not fit the terminal. */
  tooBigHint: string;
}

/** The keys, as the status line shows them. */
const KEY_HELP = '1 new maze  2 path on/off  3 wall colour  5 42 colour  4/q quit';

/** The keys in full, for --help and the docs. */
export const KEY_BINDINGS: readonly [string, string][] = [
  ['1', 'new maze with a new random seed (shows the seed, rewrites OUTPUT_FILE atomically)'],
  ['2', 'show or hide the shortest path'],
  ['3', 'next wall colour'],
  ['5', "next colour of the '42' cells"],
  ['4, q, Esc, Ctrl-C', 'quit (the terminal is restored)'],
];

const CLEAR = '\x1b[H\x1b[2J';
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';

/** Runs until the user quits; the terminal is restored on every way out. */
export function runInteractive(options: InteractiveOptions): Promise<void> {
  const { input, output } = options;
  let shown = options.initial;
  let showPath = options.showPath;
  const palette: Palette = { ...options.palette };
  let message = '';

  const draw = () => {
    const problem = fitProblem(shown.maze.width, shown.maze.height, output.columns > 0 ? { columns: output.columns, rows: output.rows > 0 ? output.rows : undefined } : {}, STATUS_ROWS);
    let screen = CLEAR;
    if (problem) screen += `${problem}; ${options.tooBigHint}\n`;
    else screen += renderMaze(shown.maze, { entry: shown.entry, exit: shown.exit, path: showPath ? shown.path : undefined, color: options.color, palette });
    const state = `seed ${shown.seed} | path ${showPath ? 'shown' : 'hidden'} | walls ${palette.wall} | 42 ${palette.pattern}`;
    screen += `${message ? `${message} | ${state}` : state}\n${KEY_HELP}`;
    output.write(screen);
  };

  return new Promise<void>((resolve) => {
    let finished = false;
    const restore = () => {
      if (input.isTTY) input.setRawMode(false);
      output.write(`${SHOW_CURSOR}\n`);
    };
    const finish = () => {
      if (finished) return;
      finished = true;
      input.off('data', onData);
      input.off('end', finish);
      output.off('resize', draw);
      process.off('SIGTERM', finish);
      process.off('SIGHUP', finish);
      process.off('exit', restore);
      restore();
      input.pause();
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      // An escape sequence (arrow keys, function keys) is not a command; a lone Esc quits.
      if (text.length > 1 && text.startsWith('\x1b')) return;
      for (const key of text) {
        if (finished) return;
        switch (key) {
          case '1':
            try {
              const made = options.regenerate();
              shown = made.shown;
              message = made.message;
            } catch (error) {
              message = `could not make a new maze: ${error instanceof Error ? error.message : String(error)}`;
            }
            break;
          case '2':
            showPath = !showPath;
            break;
          case '3':
            palette.wall = nextColor(palette.wall, palette.pattern);
            break;
          case '5':
            palette.pattern = nextColor(palette.pattern, palette.wall);
            break;
          case '4':
          case 'q':
          case 'Q':
          case '\x03': // Ctrl-C
          case '\x04': // Ctrl-D
          case '\x1b': // Esc
            finish();
            return;
          default:
            continue;
        }
        draw();
      }
    };
    if (input.isTTY) input.setRawMode(true);
    process.on('exit', restore);
    process.on('SIGTERM', finish);
    process.on('SIGHUP', finish);
    output.on('resize', draw);
    input.on('data', onData);
    input.on('end', finish);
    input.resume();
    output.write(HIDE_CURSOR);
    draw();
  });
}
