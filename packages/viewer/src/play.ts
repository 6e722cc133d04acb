import { GridPlayGame } from 'mazegen';
import { motdDateOf } from './controls.js';
import { applyDistance } from './distance.js';
import { exportPath } from './export.js';
import { updateKeyButtons } from './figures.js';
import { setPlacing } from './placing.js';
import { PlayMode } from './play-mode.js';
import { endAnimation, revealPath } from './playback.js';
import { canvas, exportMazeOf, setStatus, state, view } from './state.js';

/** Play mode's place in the page: starting a game on the maze shown, and the page's own drawing back when it ends. */

export const playMode = new PlayMode({
  view,
  setStatus,
  left: () => {
    document.body.classList.remove('playing-maze');
    const { shown, scene } = state;
    if (!shown || !scene) return;
    scene.shade = undefined;
    scene.path = undefined;
    state.pathShown = 0;
    if (state.settings.showPath) revealPath(shown.done.path.length, false);
    view.redrawAll();
    applyDistance();
    updateKeyButtons();
  },
  shareInfo: () => ({ link: location.href, motdDate: motdDateOf(state.settings) }),
});

/** Starts Play mode on the maze shown (an animation is finished first, the solution hidden): the library's game on every grid. */
export function startPlay(): void {
  const { shown, scene } = state;
  if (!shown || !scene || state.pending) return;
  if (state.player) endAnimation();
  setPlacing(undefined);
  const { done } = shown;
  let shortest = -1;
  try {
    shortest = exportPath(exportMazeOf(shown), done.path, done.solverShortest).length - 1;
  } catch {
    // No path at all: said below.
  }
  if (shortest < 0) {
    setStatus('This maze has no way from the entry to the exit: nothing to play.');
    return;
  }
  document.body.classList.add('playing-maze');
  playMode.start(new GridPlayGame(shown.maze, shown.entry, shown.exit, shortest), scene);
  canvas.focus();
  updateKeyButtons();
}

export function togglePlayMode(): void {
  if (playMode.active) playMode.leave();
  else startPlay();
}
