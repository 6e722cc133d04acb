/**
 * Walking a maze in the terminal: arrows, WASD or hjkl move one cell, Shift with them
 * runs to the next junction or dead end, u or Backspace takes the last move back, q or
 * Esc leaves. A move counter and a timer run in the status line. Every grid is drawn as
 * the display draws it (fit.ts, render.ts), in the theme's colours: the trail in the
 * path's colour, the exit marked, the player's cell filled in its own colour under the
 * walls. A maze too big to draw whole is shown in half blocks around the player, the view
 * following the player. The keys are the library's per grid (mazegen play-directions.ts).
 */
import { EAST, GridMaze, GridPlayGame, NORTH, PlayGame, SOUTH, WEST, type GridKind, type Maze, type Point, type Theme } from 'mazegen';
import {
  PLAY_DIRECTION_KEYS,
  PLAY_KEY_HELP,
  PLAY_LETTERS,
  playSummary,
  type PlayDirection,
  type PlayOutcome,
  type PlayScore,
} from 'mazegen/play';
import { roleRasterSize } from 'mazegen/render';
import type { ColorDepth } from './color.js';
import { fitPicture, mazeName, smallestFit } from './fit.js';
import type { ExtraKey } from './interactive.js';
import { cropRaster, pictureLines, pictureRaster, PIXELS_PER_CHARACTER, rasterLines, type DrawMode, type TermPicture } from './render.js';
import { CLEAR_SCREEN, CURSOR_HOME, fitChoice, fitLine, STATUS_ROWS, type Surface } from './screen.js';

export { playSummary };

/** A plain square maze, its ends as points. */
interface SquareBoard {
  maze: Maze;
  grid?: undefined;
  entry: Point;
  exit: Point;
}

/** A maze on any grid, its ends as cell numbers. */
interface GridBoard {
  grid: GridMaze;
  maze?: undefined;
  entry: number;
  exit: number;
}

export type PlayOptions = (SquareBoard | GridBoard) & {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
  /** Moves of a shortest path, for the summary. */
  shortest: number;
  seed: string;
  /** Milliseconds since some origin; a test may pass its own clock. */
  now?: () => number;
  /** Inside the interactive display (key p): leave raw mode and the input as they are, for the display to go on. */
  nested?: boolean;
  /** The colours: the display's (theme, and depth 1 for plain characters). */
  theme: Theme;
  depth: ColorDepth;
};

/** How a game ended (the library's score: the rules live in mazegen's play.ts, shared with the viewer). */
export type PlayResult = PlayScore;

/** The keys, for --help and the docs (Ctrl-C leaves too in a terminal). */
export const PLAY_KEYS: readonly (readonly [string, string])[] = PLAY_KEY_HELP.map(([keys, what]) =>
  keys === 'q, Esc' ? ['q, Esc, Ctrl-C', what] : [keys, what],
);

/** The arrow keys' escape sequences (plain, application mode, and with Shift), then the letters. */
const MOVES: Readonly<Record<string, { dir: number; run: boolean }>> = {
  '\x1b[A': { dir: NORTH, run: false },
  '\x1b[B': { dir: SOUTH, run: false },
  '\x1b[C': { dir: EAST, run: false },
  '\x1b[D': { dir: WEST, run: false },
  '\x1bOA': { dir: NORTH, run: false },
  '\x1bOB': { dir: SOUTH, run: false },
  '\x1bOC': { dir: EAST, run: false },
  '\x1bOD': { dir: WEST, run: false },
  '\x1b[1;2A': { dir: NORTH, run: true },
  '\x1b[1;2B': { dir: SOUTH, run: true },
  '\x1b[1;2C': { dir: EAST, run: true },
  '\x1b[1;2D': { dir: WEST, run: true },
  ...Object.fromEntries(
    Object.entries(PLAY_LETTERS).flatMap(([letter, dir]) => [
      [letter, { dir, run: false }],
      [letter.toUpperCase(), { dir, run: true }],
    ]),
  ),
};

/** The arrow keys' named directions (plain, application mode, with Shift) for the other grids. */
const ARROW_DIRECTIONS: Readonly<Record<string, { direction: PlayDirection; run: boolean }>> = Object.fromEntries(
  (['up', 'down', 'right', 'left'] as const).flatMap((direction, i) => {
    const letter = 'ABCD'[i];
    return [
      [`\x1b[${letter}`, { direction, run: false }],
      [`\x1bO${letter}`, { direction, run: false }],
      [`\x1b[1;2${letter}`, { direction, run: true }],
    ];
  }),
);

/** A key's direction on a grid of `kind`: letters run in upper case, digits never. */
function gridMove(kind: GridKind, key: string): { direction: PlayDirection; run: boolean } | undefined {
  const arrow = ARROW_DIRECTIONS[key];
  if (arrow) return arrow;
  const direction = PLAY_DIRECTION_KEYS[kind][key.toLowerCase()];
  return direction === undefined ? undefined : { direction, run: key !== key.toLowerCase() };
}

/** The key line of each grid, from the fullest to the shortest (80 columns take the second). */
const GRID_KEY_LINES: Readonly<Record<GridKind, readonly string[]>> = {
  square: ['arrows/wasd/hjkl move  Shift runs  u undo  q quit'],
  hex: [
    'w s up down  a d upper-left/right  z c lower-left/right (or arrows, hjkl bn, 789 123)  Shift runs  u undo  q quit',
    'w/s up/down  a/d upper-left/right  z/c lower-left/right  Shift runs  u undo  q',
    'w s N S  a d NW NE  z c SW SE  Shift runs  u undo  q quit',
  ],
  triangle: [
    'arrows/wasd/hjkl: left right across the slanted sides, up or down across the flat one  Shift runs  u undo  q quit',
    'arrows/wasd/hjkl move (up/down cross the flat side)  Shift runs  u undo  q quit',
    'arrows/wasd/hjkl  Shift runs  u undo  q quit',
  ],
  polar: [
    'up out  down in  left anticlockwise  right clockwise (or wasd, hjkl)  1-9 out to the n-th  Shift runs  u undo  q quit',
    'w/s out/in  a/d anticlockwise/clockwise  1-9 n-th out  Shift runs  u undo  q',
    'w/s out/in  a/d turn  1-9 n-th out  Shift runs  u undo  q quit',
  ],
};

/** The status line's word on a move that did not happen. */
function refusal(outcome: PlayOutcome): string {
  return outcome === 'wall' ? 'a wall' : outcome === 'no-side' ? 'no side that way' : '';
}

/** The density a maze too big to draw whole is played in, around the player: half blocks, or plain blocks without colour. */
const windowMode = (depth: ColorDepth): DrawMode => (depth > 1 ? 'half' : 'blocks');

/** Pixels of a grid's picture drawn on every move, at most (a larger maze would redraw too slowly): 4 million. */
const MAX_PLAY_PIXELS = 4_000_000;

/** Why a maze cannot be played in a terminal (its picture too large to redraw on every move), or undefined. */
export function playProblem(grid: GridMaze, depth: ColorDepth): string | undefined {
  const fit = smallestFit(grid, windowMode(depth));
  if (!fit.scale) return undefined; // the square lattice: a byte a block, as it always was
  const { width, height } = roleRasterSize(grid, { scale: fit.scale });
  if (width * height <= MAX_PLAY_PIXELS) return undefined;
  return `a ${mazeName(grid)} is too big to play in a terminal (its picture is ${Math.round((width * height) / 1e6)} million pixels, at most ${MAX_PLAY_PIXELS / 1e6} million)`;
}

/**
 * The picture of a game at the best fit of `surface` (status rows kept free), or when
 * nothing fits, the part of its smallest legible half-block drawing around the player.
 */
export function playLines(picture: TermPicture, surface: Required<Surface>, look: { theme: Theme; depth: ColorDepth }): string[] {
  const { theme, depth } = look;
  const fit = fitPicture(picture, surface, depth > 1, STATUS_ROWS);
  if (fit.problem === undefined) return pictureLines(picture, { mode: fit.mode, scale: fit.scale, theme, depth });
  const mode = windowMode(depth);
  const raster = pictureRaster(picture, depth > 1 ? theme : undefined, smallestFit(picture.maze, mode).scale);
  const { across, down } = PIXELS_PER_CHARACTER[mode as keyof typeof PIXELS_PER_CHARACTER];
  const width = Math.min(raster.width, Math.max(1, Math.floor(surface.columns * across)));
  const height = Math.min(raster.height, Math.max(down, (surface.rows - STATUS_ROWS) * down));
  const at = Math.max(0, raster.playerPixel);
  const [px, py] = [at % raster.width, Math.floor(at / raster.width)];
  const left = Math.max(0, Math.min(raster.width - width, px - Math.floor(width / 2)));
  // A whole character's pixels from the top, so a step does not shift what each character shows.
  let top = Math.max(0, Math.min(raster.height - height, py - Math.floor(height / 2)));
  top -= top % down;
  return rasterLines(cropRaster(raster, left, top, width, height), { mode, theme, depth });
}

/** Splits what one read brought into keys: escape sequences whole, other characters one by one. */
export function splitKeys(text: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < text.length;) {
    // eslint-disable-next-line no-control-regex -- escape sequences are what the keys send
    const m = /^\x1b(\[1;2[ABCD]|\[[ABCD]|O[ABCD])/.exec(text.slice(i));
    const key = m ? m[0] : text[i];
    keys.push(key);
    i += key.length;
  }
  return keys;
}

const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';

/** Plays until the exit is reached or the player leaves; the terminal is restored on every way out. */
export function runPlay(options: PlayOptions): Promise<PlayResult> {
  const { input, output } = options;
  const now = options.now ?? (() => Date.now());
  const game: GridPlayGame = options.grid
    ? new GridPlayGame(options.grid, options.entry, options.exit, options.shortest)
    : new PlayGame(options.maze, options.entry, options.exit, options.shortest);
  let message = '';

  const elapsed = () => game.seconds(now());
  const here = () => game.here;

  const move = (dir: number, run: boolean): void => {
    message = refusal(game.move(dir, run, now()));
  };

  const grid = options.grid ?? GridMaze.fromMaze(options.maze);
  const entryCell = options.grid ? options.entry : options.entry.y * options.maze.width + options.entry.x;
  const exitCell = options.grid ? options.exit : options.exit.y * options.maze.width + options.exit.x;

  const draw = (): void => {
    const columns = output.columns ?? 80;
    const rows = output.rows ?? 24;
    const picture: TermPicture = { maze: grid, entry: entryCell, exit: exitCell, path: game.trail, player: here(), plain: options.maze };
    const lines = playLines(picture, { columns, rows }, options);
    const moves = game.moves;
    const status = `moves ${moves}  time ${Math.floor(elapsed())} s  seed ${options.seed}${message ? `  (${message})` : ''}`;
    const keys = fitChoice(GRID_KEY_LINES[grid.topology.kind], columns);
    // The drawing fits the width; it may be shorter than the last one (a resize): the rest of the screen is cleared.
    output.write(
      `${CURSOR_HOME}${lines.map((l) => `${l}\x1b[K`).join('\n')}\n${fitLine(status, columns)}\x1b[K\n${fitLine(keys, columns)}\x1b[K\x1b[J`,
    );
  };

  return new Promise<PlayResult>((resolve) => {
    let done = false;
    const restore = () => {
      if (options.nested) {
        output.write(CLEAR_SCREEN);
        return;
      }
      if (input.isTTY) input.setRawMode(false);
      output.write(`${SHOW_CURSOR}\n`);
    };
    const timer = setInterval(() => {
      if (game.seconds(now()) > 0) draw();
    }, 1000);
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(timer);
      input.off('data', onData);
      input.off('end', quit);
      output.off('resize', draw);
      process.off('SIGTERM', quit);
      process.off('SIGHUP', quit);
      process.off('exit', restore);
      restore();
      if (!options.nested) input.pause();
      resolve(game.score(now()));
    };
    const quit = () => finish();
    const onData = (chunk: Buffer | string) => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      for (const key of splitKeys(text)) {
        if (done) return;
        if (key === 'q' || key === 'Q' || key === '\x1b' || key === '\x03' || key === '\x04') return quit();
        const wanted = options.grid ? undefined : MOVES[key];
        const toward = options.grid ? gridMove(options.grid.topology.kind, key) : undefined;
        if (wanted) move(wanted.dir, wanted.run);
        else if (toward) message = refusal(game.moveToward(toward.direction, toward.run, now()));
        else if (key === 'u' || key === '\x7f' || key === '\b') message = game.undo() === 'at-start' ? 'at the start' : '';
        if (game.solved) {
          draw();
          return finish();
        }
      }
      draw();
    };
    if (input.isTTY) input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    input.on('data', onData);
    input.on('end', quit);
    output.on('resize', draw);
    process.on('SIGTERM', quit);
    process.on('SIGHUP', quit);
    process.on('exit', restore);
    output.write(`${HIDE_CURSOR}${CLEAR_SCREEN}`);
    draw();
  });
}

/** Key p of the interactive display: play the maze shown, then back to the display with the summary as its message. */
export const PLAY_KEY: ExtraKey = {
  key: 'p',
  help: 'p play',
  async run(shown, look) {
    const common = {
      input: process.stdin,
      output: process.stdout,
      shortest: shown.path.length - 1,
      seed: shown.seed,
      nested: true,
      theme: look.theme,
      depth: look.depth,
    };
    const result = await runPlay(
      shown.grid
        ? { ...common, grid: shown.grid, entry: shown.entry, exit: shown.exit }
        : { ...common, maze: shown.maze, entry: shown.entry, exit: shown.exit },
    );
    return playSummary(result);
  },
};
