/**
 * Walking a maze in the terminal: arrows, WASD or hjkl move one cell, Shift with them
 * runs to the next junction or dead end, u or Backspace takes the last move back, q or
 * Esc leaves. The trail stays drawn; a move counter and a timer run in the status line.
 * The view follows the player, so any maze plays in an 80x24 terminal.
 */
import { EAST, NORTH, PLAY_KEY_HELP, PLAY_LETTERS, PlayGame, SOUTH, WEST, playSummary, type Maze, type PlayScore, type Point } from 'mazegen';
import type { ExtraKey } from './interactive.js';
import { blockGrid, PLAIN_BLOCKS } from './render.js';
import { CLEAR_SCREEN, CURSOR_HOME, fitLine } from './screen.js';

export { playSummary };

export interface PlayOptions {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
  maze: Maze;
  entry: Point;
  exit: Point;
  /** Moves of a shortest path, for the summary. */
  shortest: number;
  seed: string;
  /** Milliseconds since some origin; a test may pass its own clock. */
  now?: () => number;
  /** Inside the interactive display (key p): leave raw mode and the input as they are, for the display to go on. */
  nested?: boolean;
}

/** How a game ended (the library's score: the rules live in mazegen's play.ts, shared with the viewer). */
export type PlayResult = PlayScore;

/** The keys, for --help and the docs (Ctrl-C leaves too in a terminal). */
export const PLAY_KEYS: readonly (readonly [string, string])[] = PLAY_KEY_HELP.map(([keys, what]) => (keys === 'q, Esc' ? ['q, Esc, Ctrl-C', what] : [keys, what]));

/** The arrow keys' escape sequences (plain, application mode, and with Shift), then the letters. */
const MOVES: Readonly<Record<string, { dir: number; run: boolean }>> = {
  '\x1b[A': { dir: NORTH, run: false }, '\x1b[B': { dir: SOUTH, run: false }, '\x1b[C': { dir: EAST, run: false }, '\x1b[D': { dir: WEST, run: false },
  '\x1bOA': { dir: NORTH, run: false }, '\x1bOB': { dir: SOUTH, run: false }, '\x1bOC': { dir: EAST, run: false }, '\x1bOD': { dir: WEST, run: false },
  '\x1b[1;2A': { dir: NORTH, run: true }, '\x1b[1;2B': { dir: SOUTH, run: true }, '\x1b[1;2C': { dir: EAST, run: true }, '\x1b[1;2D': { dir: WEST, run: true },
  ...Object.fromEntries(Object.entries(PLAY_LETTERS).flatMap(([letter, dir]) => [[letter, { dir, run: false }], [letter.toUpperCase(), { dir, run: true }]])),
};

/** Splits what one read brought into keys: escape sequences whole, other characters one by one. */
export function splitKeys(text: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < text.length; ) {
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

/** Plays until the exit is reached or the player leaves; the terminal is restored on every way out. */
export function runPlay(options: PlayOptions): Promise<PlayResult> {
  const { input, output, maze, exit } = options;
  const now = options.now ?? (() => Date.now());
  const w = maze.width;
  const game = new PlayGame(maze, options.entry, exit, options.shortest);
  let message = '';

  const elapsed = () => game.seconds(now());
  const here = () => game.here;

  const move = (dir: number, run: boolean): void => {
    message = game.move(dir, run, now()) === 'wall' ? 'a wall' : '';
  };

  const draw = (): void => {
    const columns = output.columns ?? 80;
    const rows = output.rows ?? 24;
    const trail = Int32Array.from(new Set(game.trail));
    const grid = blockGrid({ maze, entry: options.entry, exit, path: trail });
    const cols = 2 * w + 1;
    const gridRows = 2 * maze.height + 1;
    // The window of the drawing around the player: two characters a block.
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
    const moves = game.moves;
    const status = `moves ${moves}  time ${Math.floor(elapsed())} s  seed ${options.seed}${message ? `  (${message})` : ''}`;
    const keys = 'arrows/wasd/hjkl move  Shift runs  u undo  q quit';
    output.write(`${CURSOR_HOME}${lines.map((l) => `${fitLine(l, columns)}\x1b[K`).join('\n')}\n${fitLine(status, columns)}\x1b[K\n${fitLine(keys, columns)}\x1b[K`);
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
        const wanted = MOVES[key];
        if (wanted) move(wanted.dir, wanted.run);
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
    if (shown.grid) return `play is for square mazes for now; this is a ${shown.grid.topology.kind === 'square' ? 'masked or wrapped square' : shown.grid.topology.kind} maze`;
    const result = await runPlay({ input: process.stdin, output: process.stdout, maze: shown.maze, entry: shown.entry, exit: shown.exit, shortest: shown.path.length - 1, seed: shown.seed, nested: true });
    return playSummary(result);
  },
};
