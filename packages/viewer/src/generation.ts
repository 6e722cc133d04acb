import { GridMaze, placePattern } from 'mazegen';
import { TracePlayer } from './animate.js';
import { applyPendingZoom, saveSettings } from './controls.js';
import { applyDistance } from './distance.js';
import { describeMaze, updateFigures, updateKeyButtons } from './figures.js';
import { byId } from './panel.js';
import { shadeColorsFor, type Scene } from './picture.js';
import { playMode } from './play.js';
import { endAnimation, phaseEnded, revealPath } from './playback.js';
import type { GenerateRequest, WorkerMessage } from './protocol.js';
import { cellLimitOf, gridCells, isPlainSquare, toGridOptions, toMazeOptions, type Settings } from './settings.js';
import { panel, reducedMotion, setStatus, state, view, type Shown } from './state.js';
import { WorkerClient } from './worker-client.js';

/** Generations: asking the worker for a maze, its progress and cancelling, and showing what it made. */

export const worker = new WorkerClient(onGeneration, setStatus);

export function generate(fit: boolean, animate = state.settings.animate): void {
  if (state.closed) return;
  const settings = state.settings;
  const cells = gridCells(settings);
  if (cells !== undefined && cells > cellLimitOf(settings)) {
    const square = isPlainSquare(settings);
    const what = square ? `${settings.width}x${settings.height}` : `this ${settings.grid} grid (${cells.toLocaleString('en')} cells)`;
    setStatus(
      `The viewer draws at most ${cellLimitOf(settings).toLocaleString('en')} cells${square ? '' : ` on grids other than the plain square one`}; ${what} is too many.`,
    );
    return;
  }
  // A generation still running is stopped: the worker is busy until it ends, so it is replaced.
  if (state.pending || worker.busy) worker.restart('a new maze was asked for');
  if (playMode.active) playMode.leave();
  if (state.player) endAnimation();
  const request: GenerateRequest = {
    type: 'generate',
    id: ++state.requestId,
    options: toMazeOptions(settings),
    solver: settings.solver,
    record: animate,
  };
  if (!isPlainSquare(settings)) request.grid = toGridOptions(settings);
  state.pending = { request, generate: [], solve: [], fit, animate, settings: { ...settings }, fraction: 0, steps: 0, phase: 'generate' };
  showProgress();
  worker.generate(request);
  updateKeyButtons();
}

/** The progress line appears when a generation takes more than a moment. */
function showProgress(): void {
  clearTimeout(state.progressTimer);
  byId('progress').hidden = true;
  byId('progress-text').textContent = '';
  state.progressTimer = setTimeout(() => {
    if (state.pending) {
      byId('progress').hidden = false;
      writeProgress();
    }
  }, 250);
}

function writeProgress(): void {
  const pending = state.pending;
  if (!pending) return;
  const percent = Math.round(pending.fraction * 100);
  const { width, height } = pending.settings;
  const steps = pending.steps > 0 ? ` (${pending.steps.toLocaleString('en')} steps)` : '';
  byId('progress-text').textContent =
    `${pending.phase === 'generate' ? 'Generating' : 'Solving'} ${width}x${height}: about ${percent}%${steps}`;
  byId<HTMLProgressElement>('progress-bar').value = percent;
}

function hideProgress(): void {
  clearTimeout(state.progressTimer);
  byId('progress').hidden = true;
}

/** The fields of a settings object that make the maze. */
const MAZE_FIELDS = [
  'grid',
  'shape',
  'wrap',
  'mask',
  'width',
  'height',
  'seed',
  'generator',
  'variant',
  'solver',
  'perfect',
  'braid',
  'difficulty',
  'entry',
  'exit',
  'level',
  'pattern',
] as const satisfies readonly (keyof Settings)[];

/** Stops the running generation; the settings go back to the maze on screen. */
export function cancelGeneration(): void {
  if (!state.pending) return;
  worker.restart('the generation was cancelled');
  state.pending = undefined;
  hideProgress();
  if (state.shown) {
    const back = state.shown.settings;
    state.settings = { ...state.settings, ...Object.fromEntries(MAZE_FIELDS.map((key) => [key, back[key]])) };
    panel.write(state.settings);
    saveSettings();
  }
  setStatus('Generation cancelled: the maze shown is the last one finished.');
  updateKeyButtons();
}

function onGeneration(message: WorkerMessage): void {
  const pending = state.pending;
  if (!pending || message.id !== pending.request.id) return; // an answer to an older request
  if (message.type === 'progress') {
    pending.phase = message.phase;
    pending.fraction = message.fraction;
    pending.steps = message.steps;
    writeProgress();
  } else if (message.type === 'steps') {
    pending[message.phase].push(message.steps);
  } else if (message.type === 'error') {
    state.pending = undefined;
    hideProgress();
    setStatus(message.message);
    updateKeyButtons();
  } else if (message.type === 'done') {
    const { request, generate: genSteps, solve: solveSteps, fit, animate, settings: made, first } = pending;
    hideProgress();
    // Any grid's bytes come back whole (header and cells): the page rebuilds the maze from them.
    const maze = GridMaze.from(message.data);
    const shown: Shown = {
      request,
      done: message,
      settings: made,
      maze,
      square: request.grid === undefined,
      entry: message.entryCell,
      exit: message.exitCell,
    };
    if (message.traceNext) {
      // A big maze: shown now, animated when its trace has been made (asked after the picture, so the worker draws that first).
      pending.first = shown;
      pending.fit = false;
      show(shown, [], [], fit, false);
      setStatus(`Recording the animation of ${message.generator}: the maze is shown meanwhile.`);
      worker.generate({ ...request, traceNow: true });
      showProgress();
      updateKeyButtons();
      return;
    }
    state.pending = undefined;
    // The instant maze stays the one shown, so the animation is checked against it.
    show(first ? { ...first, done: { ...message, data: first.done.data } } : shown, genSteps, solveSteps, fit, animate);
  }
}

/** The masked cells (and the 42's), the entry and the exit: what keeps its look through an animation. */
function fixedCells(maze: GridMaze, entry: number, exit: number): Uint8Array {
  const fixed = new Uint8Array(maze.size);
  for (let i = 0; i < fixed.length; i++) if (maze.isBlocked(i)) fixed[i] = 1;
  fixed[entry] = fixed[exit] = 1;
  return fixed;
}

/** The maze an animation starts from: every wall closed, and the masked cells or the 42 in place, as the generators start. */
function closedMaze(shown: Shown): GridMaze {
  const work = new GridMaze(shown.maze.topology);
  if (shown.square) {
    // The square engine places the 42 first (its cells blocked, all walls closed).
    if (shown.done.patternPlaced) placePattern(work.asMaze());
  } else for (let cell = 0; cell < shown.maze.size; cell++) if (shown.maze.isBlocked(cell)) work.block(cell);
  return work;
}

function show(next: Shown, genSteps: Uint32Array[], solveSteps: Uint32Array[], fit: boolean, animate: boolean): void {
  state.shown = next;
  const { done } = next;
  state.animationMatched = undefined;
  const t = next.maze.topology;
  const key = `${t.kind} ${t.width}x${t.height} ${t.wrap}`;
  const refit = fit || !view.picture || key !== state.shownShapeKey;
  state.shownShapeKey = key;
  if (state.settings.seed !== done.seed) {
    state.settings = { ...state.settings, seed: done.seed };
    panel.write(state.settings, true);
    saveSettings();
  }
  const notes = done.notes.length ? ` ${done.notes.join('; ')}.` : '';
  const scene: Scene = {
    maze: next.maze,
    square: next.square,
    theme: state.theme,
    entry: next.entry,
    exit: next.exit,
    shadeColors: shadeColorsFor(state.theme),
  };
  state.scene = scene;
  state.pathShown = 0;
  if (animate && genSteps.length + solveSteps.length > 0) {
    const work = closedMaze(next);
    scene.maze = work;
    view.syncOnly = true; // the player changes the picture cell by cell
    view.setScene(scene, refit);
    applyPendingZoom();
    const fixed = fixedCells(next.maze, next.entry, next.exit);
    state.player = new TracePlayer(() => view.picture!, work, fixed, done.path, genSteps, solveSteps, phaseEnded);
    state.playing = true;
    setStatus(`Animating ${done.generator}, then ${done.solver}.${notes}`);
  } else {
    // The path is revealed over a second and a half, or drawn at once: with reduced motion, and
    // on mazes big enough to be drawn by the worker (a band redraw per frame would stall the page).
    if (state.settings.showPath && (reducedMotion.matches || next.maze.size > view.asyncCells)) revealPath(done.path.length, false);
    view.syncOnly = false;
    view.setScene(scene, refit);
    applyPendingZoom();
    applyDistance(state.settings.animate);
    setStatus(notes.trim());
  }
  if (refit) state.userZoomed = state.pendingCellPixels !== undefined;
  state.pendingCellPixels = undefined;
  updateKeyButtons();
  updateFigures();
  describeMaze();
}
