/**
 * Walking a maze in the terminal: arrows, WASD or hjkl move one cell, Shift with them
 * runs to the next junction or dead end, u or Backspace takes the last move back, q or
 * Esc leaves. The trail stays drawn; a move counter and a timer run in the status line.
 * A plain square maze is drawn in blocks and the view follows the player, so any of them
 * plays in an 80x24 terminal; a maze on another grid is drawn whole in braille
 * (grid-braille.ts) and its keys are the library's per grid (mazegen play-directions.ts).
 */
import {
  EAST,
  GridPlayGame,
  NORTH,
  PlayGame,
  resolveTheme,
  SOUTH,
  WEST,
  type GridKind,
  type GridMaze,
  type Maze,
  type Point,
} from 'mazegen';
import {
  PLAY_DIRECTION_KEYS,
  PLAY_KEY_HELP,
  PLAY_LETTERS,
  playSummary,
  type PlayDirection,
  type PlayOutcome,
  type PlayScore,
} from 'mazegen/play';
import { fitGridBraille, gridBrailleLines } from './grid-braille.js';
import type { ExtraKey } from './interactive.js';
import { blockGrid, PLAIN_BLOCKS } from './render.js';
import { CLEAR_SCREEN, CURSOR_HOME, fitChoice, fitLine, STATUS_ROWS, surfaceOf } from './screen.js';

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

/** Why `grid` cannot be played in a terminal of `columns` x `rows` (the braille drawing does not fit), or undefined. */
export function gridPlayProblem(grid: GridMaze, columns: number | undefined, rows: number | undefined): string | undefined {
  return fitGridBraille(grid, { columns, rows }, STATUS_ROWS).problem;
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
const PLAYER = '@@';
/** Another grid's drawing is plain braille (as the square's blocks are plain): the theme gives only the geometry's ratios. */
const GRID_THEME = resolveTheme('default');

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

  /** The square drawing: a window of blocks around the player, two characters a block. */
  const squareLines = (maze: Maze, entry: Point, exit: Point, columns: number, rows: number): string[] => {
    const w = maze.width;
    const trail = Int32Array.from(new Set(game.trail));
    const grid = blockGrid({ maze, entry, exit, path: trail });
    const cols = 2 * w + 1;
    const gridRows = 2 * maze.height + 1;
    const viewCols = Math.max(3, Math.min(cols, Math.floor(columns / 2)));
    const viewRows = Math.max(3, Math.min(gridRows, rows - 3));
    const pr = 2 * Math.floor(here() / w) + 1;
    const pc = 2 * (here() % w) + 1;
    const top = Math.max(0, Math.min(gridRows - viewRows, pr - Math.floor(viewRows / 2)));
    const left = Math.max(0, Math.min(cols - viewCols, pc - Math.floor(viewCols / 2)));
    const lines: string[] = [];
    for (let r = top; r < top + viewRows; r++) {
      let line = '';
      for (let c = left; c < left + viewCols; c++) line += r === pr && c === pc ? PLAYER : PLAIN_BLOCKS[grid[r * cols + c]];
      lines.push(line);
    }
    return lines;
  };

  /** Another grid's drawing: the whole maze in braille at the terminal's best fit, the trail as its path, the player an '@'. */
  const gridLines = (grid: GridMaze, entry: number, exit: number): string[] => {
    const fit = fitGridBraille(grid, surfaceOf(output), STATUS_ROWS);
    if (fit.problem !== undefined) return [`${fit.problem}; make the terminal larger (or press q)`];
    return gridBrailleLines(
      { maze: grid, entry, exit, path: game.trail, player: game.here },
      { scale: fit.scale, theme: GRID_THEME, depth: 1 },
    );
  };

  const draw = (): void => {
    const columns = output.columns ?? 80;
    const rows = output.rows ?? 24;
    const lines = options.grid
      ? gridLines(options.grid, options.entry, options.exit)
      : squareLines(options.maze, options.entry, options.exit, columns, rows);
    const moves = game.moves;
    const status = `moves ${moves}  time ${Math.floor(elapsed())} s  seed ${options.seed}${message ? `  (${message})` : ''}`;
    const keys = fitChoice(GRID_KEY_LINES[options.grid ? options.grid.topology.kind : 'square'], columns);
    // A braille drawing may be shorter than the last one (a resize): the rest of the screen is cleared.
    output.write(
      `${CURSOR_HOME}${lines.map((l) => `${fitLine(l, columns)}\x1b[K`).join('\n')}\n${fitLine(status, columns)}\x1b[K\n${fitLine(keys, columns)}\x1b[K${options.grid ? '\x1b[J' : ''}`,
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
  async run(shown) {
    const common = { input: process.stdin, output: process.stdout, shortest: shown.path.length - 1, seed: shown.seed, nested: true };
    const result = await runPlay(
      shown.grid
        ? { ...common, grid: shown.grid, entry: shown.entry, exit: shown.exit }
        : { ...common, maze: shown.maze, entry: shown.entry, exit: shown.exit },
    );
    return playSummary(result);
  },
};
