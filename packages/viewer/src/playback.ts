import type { Phase, TracePlayer } from './animate.js';
import { advanceFlood, applyDistance } from './distance.js';
import { updateFigures, updateKeyButtons } from './figures.js';
import { generate } from './generation.js';
import { playMode } from './play.js';
import { reducedMotion, setStatus, state, view } from './state.js';

/** The animation: the frame loop that plays the recorded steps, the path drawn gradually, and the playback buttons. */

/** Milliseconds of work (steps and drawing) a frame aims at: well inside 1/30 s. */
const FRAME_WORK_MS = 20;
/** Steps played between two looks at the clock. */
const STEP_SLICE = 2048;

/**
 * Plays up to `steps` steps (the speed asked), fewer when the last frame's work ran over
 * budget: the allowance grows while frames stay light and halves when one runs long, so a
 * big maze at top speed keeps its frame rate (drawing what the steps changed costs more
 * than the steps).
 */
function playWithinBudget(p: TracePlayer, steps: number): void {
  if (state.lastFrameWork > FRAME_WORK_MS) state.stepAllowance = Math.max(64, state.stepAllowance >> 1);
  else if (state.lastFrameWork < FRAME_WORK_MS / 2) state.stepAllowance = Math.min(1 << 22, Math.ceil(state.stepAllowance * 1.25));
  const until = performance.now() + FRAME_WORK_MS / 2;
  let left = Math.min(steps, state.stepAllowance);
  while (left > 0 && !p.done) {
    const played = p.advance(Math.min(left, STEP_SLICE));
    if (played === 0) break;
    left -= played;
    if (performance.now() >= until) break;
  }
}

/** One animation frame: steps, the path drawn so far, the flood, then the canvas. */
export function frame(): void {
  if (state.closed) return;
  const workStart = performance.now();
  const { player, shown } = state;
  if (player && state.playing) {
    playWithinBudget(player, state.settings.speed);
    if (state.player?.done === false) updateFigures();
  } else if (shown && !player && !playMode.active && state.settings.showPath && state.pathShown < shown.done.path.length) {
    const path = shown.done.path;
    const atOnce = reducedMotion.matches || shown.maze.size > view.asyncCells;
    revealPath(atOnce ? path.length : state.pathShown + Math.max(1, Math.ceil(path.length / 90)));
  }
  if (state.flood) advanceFlood();
  view.frame();
  state.lastFrameWork = performance.now() - workStart;
  requestAnimationFrame(frame);
}

/** The player's call between the phases and at the end. */
export function phaseEnded(next: Phase | 'done'): void {
  const { shown, scene, player } = state;
  if (!shown || !scene) return;
  if (next === 'solve') {
    view.redrawAll(); // the maze is complete: the generator's tints are gone
    return;
  }
  if (player) {
    const work = player.cells;
    const cells = shown.maze.cells;
    state.animationMatched = work.length === cells.length && work.every((v, i) => v === cells[i]);
  }
  endAnimation();
  setStatus(
    state.animationMatched === false ? 'The animation ended on a different maze than the instant run (a bug: please report it).' : '',
  );
}

/** Back to the finished maze, path shown as the settings say. */
export function endAnimation(): void {
  state.player = undefined;
  state.playing = false;
  view.syncOnly = false;
  const { shown, scene } = state;
  if (shown && scene) {
    scene.maze = shown.maze;
    scene.shade = undefined;
    scene.path = undefined;
    state.pathShown = 0;
    if (state.settings.showPath) revealPath(shown.done.path.length, false);
    view.redrawAll();
  }
  applyDistance(true);
  updateKeyButtons();
  updateFigures();
}

/** Shows the first `count` cells of the path (marks its cells for drawing when `draw`). */
export function revealPath(count: number, draw = true): void {
  const { shown, scene } = state;
  if (!shown || !scene) return;
  const path = shown.done.path;
  const to = Math.min(count, path.length);
  if (to <= state.pathShown) return;
  const from = state.pathShown;
  state.pathShown = to;
  scene.path = path.subarray(0, to);
  if (!draw) return;
  // A big maze's picture is redrawn whole in the worker; a small one redraws the path's rows.
  if (shown.maze.size > view.asyncCells) view.redrawAll();
  else for (let i = Math.max(0, from - 1); i < to; i++) view.picture?.markCell(path[i]);
}

export function showPath(visible: boolean): void {
  const { shown, scene } = state;
  if (!shown || !scene || state.player || playMode.active) return;
  if (visible) {
    // Revealed gradually when animation is on (and motion is welcome), at once otherwise.
    if (!state.settings.animate || reducedMotion.matches) revealPath(shown.done.path.length);
  } else {
    scene.path = undefined;
    state.pathShown = 0;
    view.redrawAll();
  }
  view.requestFrame();
}

export function togglePlay(): void {
  if (!state.player) return;
  state.playing = !state.playing;
  updateKeyButtons();
}

export function stepOnce(): void {
  if (!state.player) return;
  state.playing = false;
  state.player.advance(1);
  if (state.player) updateFigures();
  updateKeyButtons();
}

export function finishNow(): void {
  if (state.player) state.player.finish();
  else if (state.shown && state.settings.showPath) revealPath(state.shown.done.path.length);
  updateFigures();
}

/** Plays the shown maze's generation and solving again (the same maze: same settings and seed). */
export function replay(): void {
  if (!state.shown || state.pending) return;
  generate(false, true);
}
