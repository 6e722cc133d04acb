import { GridMaze } from './maze.js';
import { EAST, NORTH, SOUTH, WEST, type Maze, type Point } from './maze.js';
import { slotToward, type PlayDirection } from './play-directions.js';

/**
 * The rules of walking a maze by hand, shared by the terminal (`a-maze-ing play`) and the
 * viewer's Play mode, on every grid: one move is one cell; a run goes on through corridors and stops at a
 * junction, a dead end or the exit; undo takes the last cell walked back. The trail is the
 * walk itself (every cell stepped on, in order), so undo after a run takes back one cell.
 */

/** Letters that move the player (lower case one cell; upper case, i.e. Shift, runs). */
export const PLAY_LETTERS: Readonly<Record<string, number>> = {
  w: NORTH,
  a: WEST,
  s: SOUTH,
  d: EAST,
  k: NORTH,
  h: WEST,
  j: SOUTH,
  l: EAST,
};

/** The keys in words, for help screens and the docs (both faces show these). */
export const PLAY_KEY_HELP: readonly (readonly [string, string])[] = [
  ['arrows, w a s d, h j k l', 'move one cell (up, left, down, right)'],
  ['Shift + the same', 'run to the next junction or dead end'],
  ['u, Backspace', 'take the last move back'],
  ['q, Esc', 'leave'],
];

/** What one key did ('no-side': the cell has no side that way, as up from a triangle pointing up). */
export type PlayOutcome = 'moved' | 'wall' | 'no-side' | 'undone' | 'at-start' | 'solved';

/** How a game stands or ended. */
export interface PlayScore {
  solved: boolean;
  moves: number;
  shortest: number;
  /** shortest / moves as a whole percentage (100 = a shortest way); 0 when not solved. */
  optimality: number;
  seconds: number;
}

/** shortest / taken as a whole percentage; 0 before any move. */
export function playOptimality(shortest: number, moves: number): number {
  return moves > 0 ? Math.round((100 * shortest) / moves) : 0;
}

/**
 * One game on a maze of any grid (square, hex, triangle, polar; masked or wrapped): the walk
 * so far, moves, undo, the clock. Cells are the topology's numbers. A direction is the wall
 * bit of a slot (1 << slot), so on the square grid it is NORTH, EAST, SOUTH or WEST; the keys'
 * named directions (play-directions.ts) resolve to slots per cell. Pure: the caller gives the time.
 */
export class GridPlayGame {
  readonly grid: GridMaze;
  readonly entryCell: number;
  readonly exitCell: number;
  /** Moves of a shortest way from entry to exit. */
  readonly shortest: number;
  /** Every cell walked, in order: the last is where the player is. */
  private readonly walk: number[];
  /** Milliseconds of the first move (the clock starts then), and of the end. */
  private startedAt: number | undefined;
  private endedAt: number | undefined;

  constructor(grid: GridMaze, entryCell: number, exitCell: number, shortest: number) {
    this.grid = grid;
    this.entryCell = entryCell;
    this.exitCell = exitCell;
    this.shortest = shortest;
    this.walk = [entryCell];
  }

  get here(): number {
    return this.walk[this.walk.length - 1];
  }

  get moves(): number {
    return this.walk.length - 1;
  }

  get solved(): boolean {
    return this.here === this.exitCell;
  }

  /** The cells walked, entry first (a cell walked twice appears twice). */
  get trail(): readonly number[] {
    return this.walk;
  }

  /** The directions (wall bits of slots) open from `cell` to a cell inside the maze, in slot order. */
  openings(cell: number): number[] {
    const { grid } = this;
    const t = grid.topology;
    const open: number[] = [];
    for (let slot = 0; slot < t.degree(cell); slot++) if (grid.isOpen(cell, slot) && t.neighbour(cell, slot) >= 0) open.push(1 << slot);
    return open;
  }

  /** The cell across direction `dir` of `cell` (-1 past the border). */
  private across(cell: number, dir: number): number {
    return this.grid.topology.neighbour(cell, 31 - Math.clz32(dir));
  }

  private step(dir: number, now: number): boolean {
    const slot = 31 - Math.clz32(dir);
    const next =
      dir > 0 && slot < this.grid.topology.degree(this.here) && this.grid.isOpen(this.here, slot)
        ? this.grid.topology.neighbour(this.here, slot)
        : -1;
    if (next < 0) return false;
    this.startedAt ??= now;
    this.walk.push(next);
    return true;
  }

  /** One cell towards `dir`, or with `run` on through corridors to a junction, a dead end or the exit. */
  move(dir: number, run: boolean, now: number): PlayOutcome {
    if (this.solved) return 'solved';
    if (!this.step(dir, now)) return 'wall';
    if (run) {
      let from = this.walk[this.walk.length - 2];
      while (!this.solved) {
        const ways = this.openings(this.here).filter((d) => this.across(this.here, d) !== from);
        if (ways.length !== 1) break;
        from = this.here;
        this.step(ways[0], now);
      }
    }
    if (this.solved) {
      this.endedAt = now;
      return 'solved';
    }
    return 'moved';
  }

  /** A move by a key's named direction ('up', 'down-left', 'out-2'...): 'no-side' when this cell has no side that way. */
  moveToward(direction: PlayDirection, run: boolean, now: number): PlayOutcome {
    if (this.solved) return 'solved';
    const slot = slotToward(this.grid, this.here, direction);
    return slot < 0 ? 'no-side' : this.move(1 << slot, run, now);
  }

  /** Takes the last cell walked back (not after the exit is reached). */
  undo(): PlayOutcome {
    if (this.solved) return 'solved';
    if (this.walk.length <= 1) return 'at-start';
    this.walk.pop();
    return this.walk.length > 1 ? 'undone' : 'at-start';
  }

  /** Seconds since the first move (to the exit once solved); 0 before it. */
  seconds(now: number): number {
    if (this.startedAt === undefined) return 0;
    return ((this.endedAt ?? now) - this.startedAt) / 1000;
  }

  score(now: number): PlayScore {
    const solved = this.solved;
    return {
      solved,
      moves: this.moves,
      shortest: this.shortest,
      optimality: solved ? playOptimality(this.shortest, this.moves) : 0,
      seconds: this.seconds(now),
    };
  }
}

/** A game on a plain square maze, its ends as points (the viewer's and the square terminal's game). */
export class PlayGame extends GridPlayGame {
  readonly maze: Maze;

  constructor(maze: Maze, entry: Point, exit: Point, shortest: number) {
    super(GridMaze.fromMaze(maze), entry.y * maze.width + entry.x, exit.y * maze.width + exit.x, shortest);
    this.maze = maze;
  }
}

/** The summary line after a game (the terminal's message; the viewer shows the same words). */
export function playSummary(result: PlayScore): string {
  const time = `${result.seconds.toFixed(1)} s`;
  if (!result.solved)
    return `left after ${result.moves} move${result.moves === 1 ? '' : 's'} and ${time} (the shortest way is ${result.shortest} moves)`;
  return `solved: ${result.moves} moves, shortest ${result.shortest}, optimality ${result.optimality}%, time ${time}`;
}

/** One line a player pastes to share a solved Maze of the Day (date as YYYY-MM-DD). */
export function mazeOfTheDayShareLine(date: string, result: PlayScore, link?: string): string {
  const line = `A-Maze-ing Maze of the Day ${date}: solved in ${result.moves} moves (shortest ${result.shortest}, ${result.optimality}%) in ${result.seconds.toFixed(1)} s`;
  return link ? `${line} ${link}` : line;
}

/** The player's hue: the viewer's "current cell" magenta. */
const PLAYER_HUE = '#c2169f';

/**
 * The colour of the cell the player stands on in a theme: the player's hue 85% over the
 * background, so it stands apart from the passages, the walls drawn over it, the trail
 * (the theme's path colour) and the marks.
 */
export function playerColor(theme: { background: string }): string {
  const a = Number.parseInt(theme.background.slice(1, 7), 16);
  const b = Number.parseInt(PLAYER_HUE.slice(1), 16);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const ca = (a >> shift) & 255;
    out |= Math.round(ca + (((b >> shift) & 255) - ca) * 0.85) << shift;
  }
  return `#${out.toString(16).padStart(6, '0')}`;
}
