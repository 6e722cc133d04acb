import { EAST, NORTH, SOUTH, WEST, type Maze, type Point } from './maze.js';

/**
 * The rules of walking a maze by hand, shared by the terminal (`a-maze-ing play`) and the
 * viewer's Play mode: one move is one cell; a run goes on through corridors and stops at a
 * junction, a dead end or the exit; undo takes the last cell walked back. The trail is the
 * walk itself (every cell stepped on, in order), so undo after a run takes back one cell.
 */

/** Letters that move the player (lower case one cell; upper case, i.e. Shift, runs). */
export const PLAY_LETTERS: Readonly<Record<string, number>> = { w: NORTH, a: WEST, s: SOUTH, d: EAST, k: NORTH, h: WEST, j: SOUTH, l: EAST };

/** The keys in words, for help screens and the docs (both faces show these). */
export const PLAY_KEY_HELP: readonly (readonly [string, string])[] = [
  ['arrows, w a s d, h j k l', 'move one cell (up, left, down, right)'],
  ['Shift + the same', 'run to the next junction or dead end'],
  ['u, Backspace', 'take the last move back'],
  ['q, Esc', 'leave'],
];

/** What one key did. */
export type PlayOutcome = 'moved' | 'wall' | 'undone' | 'at-start' | 'solved';

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

/** One game on one maze: the walk so far, moves, undo, the clock. Pure: the caller gives the time. */
export class PlayGame {
  readonly maze: Maze;
  readonly entryCell: number;
  readonly exitCell: number;
  /** Moves of a shortest way from entry to exit. */
  readonly shortest: number;
  /** Every cell walked, in order: the last is where the player is. */
  private readonly walk: number[];
  /** Milliseconds of the first move (the clock starts then), and of the end. */
  private startedAt: number | undefined;
  private endedAt: number | undefined;

  constructor(maze: Maze, entry: Point, exit: Point, shortest: number) {
    this.maze = maze;
    this.entryCell = entry.y * maze.width + entry.x;
    this.exitCell = exit.y * maze.width + exit.x;
    this.shortest = shortest;
    this.walk = [this.entryCell];
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

  /** The directions open from `cell` to a cell inside the maze. */
  openings(cell: number): number[] {
    const { maze } = this;
    return [NORTH, EAST, SOUTH, WEST].filter((dir) => maze.isOpen(cell, dir) && maze.neighbor(cell, dir) >= 0);
  }

  private step(dir: number, now: number): boolean {
    const next = this.maze.isOpen(this.here, dir) ? this.maze.neighbor(this.here, dir) : -1;
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
        const ways = this.openings(this.here).filter((d) => this.maze.neighbor(this.here, d) !== from);
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
    return { solved, moves: this.moves, shortest: this.shortest, optimality: solved ? playOptimality(this.shortest, this.moves) : 0, seconds: this.seconds(now) };
  }
}

/** The summary line after a game (the terminal's message; the viewer shows the same words). */
export function playSummary(result: PlayScore): string {
  const time = `${result.seconds.toFixed(1)} s`;
  if (!result.solved) return `left after ${result.moves} move${result.moves === 1 ? '' : 's'} and ${time} (the shortest way is ${result.shortest} moves)`;
  return `solved: ${result.moves} moves, shortest ${result.shortest}, optimality ${result.optimality}%, time ${time}`;
}

/** One line a player pastes to share a solved Maze of the Day (date as YYYY-MM-DD). */
export function mazeOfTheDayShareLine(date: string, result: PlayScore, link?: string): string {
  const line = `A-Maze-ing Maze of the Day ${date}: solved in ${result.moves} moves (shortest ${result.shortest}, ${result.optimality}%) in ${result.seconds.toFixed(1)} s`;
  return link ? `${line} ${link}` : line;
}
