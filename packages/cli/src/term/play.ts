/**
 * Walking a maze in the terminal: arrows, WASD or hjkl move one cell, Shift with them
 * runs to the next junction or dead end, u or Backspace takes the last move back, q or
 * Esc leaves. The trail stays drawn; a move counter and a timer run in the status line.
 * The view follows the player, so any maze plays in an 80x24 terminal.
 */
import { EAST, NORTH, SOUTH, WEST, type Maze, type Point } from 'mazegen';
import type { ExtraKey } from './interactive.js';
import { blockGrid, PLAIN_BLOCKS } from './render.js';
import { CLEAR_SCREEN, CURSOR_HOME, fitLine } from './screen.js';

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

/** How a game ended. */
export interface PlayResult {
  solved: boolean;
  moves: number;
  shortest: number;
  /** shortest / moves as a whole percentage (100 = a shortest way); 0 when not solved. */
  optimality: number;
  seconds: number;
}

/** The keys, for --help and the docs. */
export const PLAY_KEYS: readonly [string, string][] = [
  ['arrows, w a s d, h j k l', 'move one cell (up, left, down, right)'],
  ['Shift + the same', 'run to the next junction or dead end'],
  ['u, Backspace', 'take the last move back'],
  ['q, Esc, Ctrl-C', 'leave'],
];

const MOVES: Readonly<Record<string, { dir: number; run: boolean }>> = {
  '\x1b[A': { dir: NORTH, run: false }, '\x1b[B': { dir: SOUTH, run: false }, '\x1b[C': { dir: EAST, run: false }, '\x1b[D': { dir: WEST, run: false },
  '\x1bOA': { dir: NORTH, run: false }, '\x1bOB': { dir: SOUTH, run: false }, '\x1bOC': { dir: EAST, run: false }, '\x1bOD': { dir: WEST, run: false },
  '\x1b[1;2A': { dir: NORTH, run: true }, '\x1b[1;2B': { dir: SOUTH, run: true }, '\x1b[1;2C': { dir: EAST, run: true }, '\x1b[1;2D': { dir: WEST, run: true },
  w: { dir: NORTH, run: false }, s: { dir: SOUTH, run: false }, d: { dir: EAST, run: false }, a: { dir: WEST, run: false },
  W: { dir: NORTH, run: true }, S: { dir: SOUTH, run: true }, D: { dir: EAST, run: true }, A: { dir: WEST, run: true },
  k: { dir: NORTH, run: false }, j: { dir: SOUTH, run: false }, l: { dir: EAST, run: false }, h: { dir: WEST, run: false },
  K: { dir: NORTH, run: true }, J: { dir: SOUTH, run: true }, L: { dir: EAST, run: true }, H: { dir: WEST, run: true },
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

/** Open ways out of a cell. */
function openings(maze: Maze, cell: number): number[] {
  return [NORTH, EAST, SOUTH, WEST].filter((dir) => maze.isOpen(cell, dir) && maze.neighbor(cell, dir) >= 0);
}

const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';
const PLAYER = '@@';

/** Plays until the exit is reached or the player leaves; the terminal is restored on every way out. */
export function runPlay(options: PlayOptions): Promise<PlayResult> {
  const { input, output, maze, exit } = options;
  const now = options.now ?? (() => Date.now());
  const w = maze.width;
  const exitCell = exit.y * w + exit.x;
  // Every step walked, in order: the last is where the player is; undo pops one.
  const history: number[] = [options.entry.y * w + options.entry.x];
  let started: number | undefined;
  let message = '';

  const elapsed = () => (started === undefined ? 0 : (now() - started) / 1000);
  const here = () => history[history.length - 1];

  const step = (dir: number): boolean => {
    const cell = here();
    if (!maze.isOpen(cell, dir)) return false;
    const next = maze.neighbor(cell, dir);
    if (next < 0) return false;
    started ??= now();
    history.push(next);
    return true;
  };

  const move = (dir: number, run: boolean): void => {
    if (!step(dir)) {
      message = 'a wall';
      return;
    }
    message = '';
    if (!run) return;
    // On through corridors: stop at a junction, a dead end or the exit.
    let from = history[history.length - 2];
    while (here() !== exitCell) {
      const ways = openings(maze, here()).filter((d) => maze.neighbor(here(), d) !== from);
      if (ways.length !== 1) break;
      from = here();
      step(ways[0]);
    }
  };

  const draw = (): void => {
    const columns = output.columns ?? 80;
    const rows = output.rows ?? 24;
    const trail = Int32Array.from(new Set(history));
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
    const moves = history.length - 1;
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
      if (started !== undefined) draw();
    }, 1000);
    const finish = (solved: boolean) => {
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
      const moves = history.length - 1;
      resolve({ solved, moves, shortest: options.shortest, optimality: solved && moves > 0 ? Math.round((100 * options.shortest) / moves) : 0, seconds: elapsed() });
    };
    const quit = () => finish(false);
    const onData = (chunk: Buffer | string) => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      for (const key of splitKeys(text)) {
        if (done) return;
        if (key === 'q' || key === 'Q' || key === '\x1b' || key === '\x03' || key === '\x04') return quit();
        const wanted = MOVES[key];
        if (wanted) move(wanted.dir, wanted.run);
        else if (key === 'u' || key === '\x7f' || key === '\b') {
          if (history.length > 1) history.pop();
          message = history.length > 1 ? '' : 'at the start';
        }
        if (here() === exitCell) {
          draw();
          return finish(true);
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

/** The summary line after a game. */
export function playSummary(result: PlayResult): string {
  const time = `${result.seconds.toFixed(1)} s`;
  if (!result.solved) return `left after ${result.moves} move${result.moves === 1 ? '' : 's'} and ${time} (the shortest way is ${result.shortest} moves)`;
  return `solved: ${result.moves} moves, shortest ${result.shortest}, optimality ${result.optimality}%, time ${time}`;
}
