import type { GridPlayGame } from 'mazegen';
import {
  PLAY_ARROWS,
  PLAY_DIRECTION_KEYS,
  PLAY_GRID_KEY_HELP,
  mazeOfTheDayShareLine,
  playSummary,
  type PlayOutcome,
  type PlayScore,
} from 'mazegen/play';
import { slotTowardPoint } from 'mazegen/internal';
import { byId } from './panel.js';
import { Shade, shadeColorsFor, type Scene } from './picture.js';
import type { MazeView } from './view.js';

/**
 * The viewer's Play mode: the library's game rules (mazegen play.ts, the same as
 * `a-maze-ing play`) on the canvas. The trail is drawn as the path line, the player's cell
 * tinted; a bar shows the moves and the clock; the exit opens the summary.
 */

/** A swipe shorter than this (CSS pixels) is a tap; one longer than RUN_SWIPE runs. */
export const MIN_SWIPE = 24;
export const RUN_SWIPE = 120;

export interface PlayHost {
  view: MazeView;
  setStatus(text: string): void;
  /** Called when play ends (left or closed after the summary): the page puts its own drawing back. */
  left(): void;
  /** The address of this maze and, for the Maze of the Day, its date (YYYY-MM-DD). */
  shareInfo(): { link: string; motdDate?: string };
}

export class PlayMode {
  /** The game on any grid: keys name the grid's directions (PLAY_DIRECTION_KEYS), swipes point at a neighbour. */
  private game: GridPlayGame | undefined;
  private scene: Scene | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private message = '';
  private readonly host: PlayHost;

  constructor(host: PlayHost) {
    this.host = host;
  }

  get active(): boolean {
    return this.game !== undefined;
  }

  /** The state for the test hook. */
  state(): { active: boolean; here: number; moves: number; solved: boolean; trail: number[]; summaryShown: boolean } {
    const g = this.game;
    return {
      active: g !== undefined,
      here: g?.here ?? -1,
      moves: g?.moves ?? 0,
      solved: g?.solved ?? false,
      trail: g ? [...g.trail] : [],
      summaryShown: !byId('play-summary').hidden,
    };
  }

  /** Starts a game on the maze drawn in `scene` (the solution is hidden while playing). */
  start(game: GridPlayGame, scene: Scene): void {
    this.game = game;
    this.scene = scene;
    scene.shade = undefined; // the page's tint (a distance theme's) gives way to the player's own
    this.message = '';
    byId('play-summary').hidden = true;
    byId('play-bar').hidden = false;
    byId('key-p').setAttribute('aria-pressed', 'true');
    this.paint(true);
    clearInterval(this.timer);
    this.timer = setInterval(() => this.writeBar(), 200);
    const kind = game.grid.topology.kind;
    const keys = kind === 'square' ? 'arrows, WASD or hjkl move' : PLAY_GRID_KEY_HELP[kind].map(([k, what]) => `${k}: ${what}`).join('; ');
    this.host.setStatus(`Play: ${keys}; Shift runs to the next junction; u undoes; swipe on a phone; q or Esc leaves.`);
  }

  /** Leaves play (the page redraws its own scene). */
  leave(): void {
    if (!this.game) return;
    this.game = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    byId('play-bar').hidden = true;
    byId('play-summary').hidden = true;
    byId('key-p').setAttribute('aria-pressed', 'false');
    if (this.scene) this.scene.shade = undefined;
    this.scene = undefined;
    this.host.setStatus('');
    this.host.left();
  }

  /** A key while playing; true when it was play's. */
  key(event: KeyboardEvent): boolean {
    if (!this.game) return false;
    if (!byId('play-summary').hidden) {
      if (event.key === 'Escape' || event.key === 'q') {
        event.preventDefault();
        this.leave();
        return true;
      }
      return false; // the dialog's buttons keep Tab and Enter
    }
    // The key names a direction of the grid (arrows, WASD and hjkl on every grid; the grid's own letters and digits); digits never run.
    const direction = PLAY_ARROWS[event.key] ?? PLAY_DIRECTION_KEYS[this.game.grid.topology.kind][event.key.toLowerCase()];
    if (direction !== undefined) {
      event.preventDefault();
      // Shift runs; a capital letter counts as Shift too (Caps Lock, or a key sent without the modifier).
      const run = !/^\d$/.test(event.key) && (event.shiftKey || (event.key.length === 1 && event.key !== event.key.toLowerCase()));
      this.play((game, now) => game.moveToward(direction, run, now));
      return true;
    }
    if (event.key === 'u' || event.key === 'U' || event.key === 'Backspace') {
      event.preventDefault();
      this.undo();
      return true;
    }
    if (event.key === 'q' || event.key === 'Q' || event.key === 'Escape') {
      event.preventDefault();
      this.leave();
      return true;
    }
    return false;
  }

  /** A swipe of (dx, dy) CSS pixels: one cell the way it went most, or a run when it was long. */
  swipe(dx: number, dy: number): boolean {
    if (!this.game || !byId('play-summary').hidden) return false;
    const length = Math.max(Math.abs(dx), Math.abs(dy));
    if (length < MIN_SWIPE) return false;
    // The side of the player's cell whose neighbour lies most nearly the way of the swipe.
    this.move(sideToward(this.game, dx, dy), length >= RUN_SWIPE);
    return true;
  }

  move(dir: number, run: boolean): void {
    this.play((game, now) => (dir > 0 ? game.move(dir, run, now) : 'no-side'));
  }

  /** Makes a move with the game and shows what came of it. */
  private play(make: (game: GridPlayGame, now: number) => PlayOutcome): void {
    const game = this.game;
    if (!game || game.solved) return;
    const before = game.moves;
    const outcome = make(game, performance.now());
    this.message = outcome === 'wall' ? 'a wall' : outcome === 'no-side' ? 'no side that way' : '';
    this.paint(false, before);
    if (outcome === 'solved') this.showSummary();
  }

  undo(): void {
    const game = this.game;
    if (!game || game.solved) return;
    const gone = game.here;
    const before = game.moves;
    game.undo();
    this.message = before === 0 ? 'at the start' : '';
    this.paint(false, game.moves, before === 0 ? -1 : gone);
  }

  /** The trail as the scene's path and the player's cell tinted; marks the changed cells (or all). */
  private paint(all: boolean, from = 0, gone = -1): void {
    const game = this.game;
    const scene = this.scene;
    const view = this.host.view;
    if (!game || !scene) return;
    const trail = Int32Array.from(game.trail);
    scene.path = trail;
    const size = game.grid.size;
    const shade = scene.shade && scene.shade.length === size ? scene.shade : new Uint8Array(size);
    const previous = shade.indexOf(Shade.Current);
    if (previous >= 0) shade[previous] = Shade.None;
    shade[game.here] = Shade.Current;
    scene.shade = shade;
    // The player's tint is the animation's "current" colour (a distance theme's bands are not shown while playing).
    scene.shadeColors = shadeColorsFor(scene.theme);
    const picture = view.picture;
    if (all || !picture) view.redrawAll();
    else {
      if (previous >= 0) picture.markCell(previous);
      if (gone >= 0) picture.markCell(gone);
      for (let i = Math.max(0, from - 1); i < trail.length; i++) picture.markCell(trail[i]);
    }
    this.follow();
    this.writeBar();
    view.requestFrame();
  }

  /** Pans so the player stays a few cells inside the canvas (a big maze is larger than the screen). */
  private follow(): void {
    const game = this.game;
    const view = this.host.view;
    if (!game || !view.picture) return;
    const p = view.placement();
    const centre = view.cellCentre(game.here);
    if (!centre) return;
    const { x, y } = centre;
    // Only when the player's cell is not wholly on the canvas: a maze that fits never moves.
    const half = p.cellPixels / 2;
    const { width, height } = view.canvas;
    const dx = x - half < 0 || x + half > width ? width / 2 - x : 0;
    const dy = y - half < 0 || y + half > height - view.reservedBand ? (height - view.reservedBand) / 2 - y : 0;
    if (dx !== 0 || dy !== 0) view.pan(dx, dy);
  }

  private writeBar(): void {
    const game = this.game;
    if (!game) return;
    byId('play-moves').textContent = String(game.moves);
    byId('play-time').textContent = `${game.seconds(performance.now()).toFixed(1)} s`;
    byId('play-message').textContent = this.message;
  }

  private showSummary(): void {
    const game = this.game;
    if (!game) return;
    clearInterval(this.timer);
    this.writeBar();
    const score: PlayScore = game.score(performance.now());
    const { link, motdDate } = this.host.shareInfo();
    byId('sum-moves').textContent = String(score.moves);
    byId('sum-shortest').textContent = String(score.shortest);
    byId('sum-optimality').textContent = `${score.optimality}%`;
    byId('sum-time').textContent = `${score.seconds.toFixed(1)} s`;
    const anchor = byId<HTMLAnchorElement>('sum-link');
    anchor.href = link;
    anchor.textContent = link;
    const share = byId<HTMLInputElement>('sum-share');
    byId('sum-share-row').hidden = motdDate === undefined;
    share.value = motdDate === undefined ? '' : mazeOfTheDayShareLine(motdDate, score, link);
    byId('play-summary').hidden = false;
    this.host.setStatus(playSummary(score));
    byId('play-again').focus();
  }
}

/** The wall bit of the player's side whose neighbour lies most nearly the way (dx, dy) on the picture, or 0. */
function sideToward(game: GridPlayGame, dx: number, dy: number): number {
  const slot = slotTowardPoint(game.grid.topology, game.here, dx, dy, 0.5);
  return slot < 0 ? 0 : 1 << slot;
}
