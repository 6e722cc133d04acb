import { resolveTheme } from 'mazegen';
import { fitPoints, listenToPanel, mazeOfTheDay, newSeed, saveSettings, update } from './controls.js';
import { applyDistance } from './distance.js';
import { exportAs, preparePrint, printSheet } from './export-actions.js';
import { updateKeyButtons, updateLegend } from './figures.js';
import { cancelGeneration, generate, worker } from './generation.js';
import { MENU_KEYS, closeHelp, closeQuit, listenToKeys, openHelp, quit } from './keys.js';
import { byId } from './panel.js';
import { setPlacing } from './placing.js';
import { playMode, startPlay, togglePlayMode } from './play.js';
import { finishNow, frame, replay, stepOnce, togglePlay } from './playback.js';
import { fitView, listenToPointer, reserveControls, zoomBy } from './pointer.js';
import { DEFAULT_SETTINGS, colorProblem, fromConfig, fromParams, loadStored, themeFor, type Settings } from './settings.js';
import { panel, setStatus, state, view } from './state.js';

/**
 * The viewer page's entry: it wires the buttons, keys and pointer to the modules that do
 * each job (state.ts holds the state; controls, generation, playback, distance, placing,
 * play, export-actions, keys and pointer act on it) and starts with the settings from the
 * defaults, storage, the server's config and the URL, in that order.
 */

const clicks: Record<string, () => void> = {
  ...Object.fromEntries(Object.entries(MENU_KEYS).map(([key, action]) => [`key-${key}`, action])),
  'key-help': openHelp,
  'help-close': closeHelp,
  'quit-confirm': () => void quit(),
  'quit-cancel': closeQuit,
  'zoom-in': () => zoomBy(1.25),
  'zoom-out': () => zoomBy(0.8),
  'zoom-fit': fitView,
  play: togglePlay,
  step: stepOnce,
  finish: finishNow,
  replay,
  cancel: cancelGeneration,
  'new-seed': newSeed,
  'mask-clear': () => update({ ...state.settings, mask: '' }),
  motd: mazeOfTheDay,
  'move-entry': () => setPlacing('entry'),
  // The rules' pairs: EXIT=farthest keeps the entry (a cell, when the entry was hardest), hardest sets both.
  'exit-farthest': () =>
    update({
      ...state.settings,
      entry: state.settings.entry === 'hardest' ? (state.shown?.done.entry ?? { x: 0, y: 0 }) : state.settings.entry,
      exit: 'farthest',
    }),
  'ends-hardest': () => update({ ...state.settings, entry: 'hardest', exit: 'hardest' }),
  'move-exit': () => setPlacing('exit'),
  'key-p': togglePlayMode,
  flood: () => applyDistance(true),
  'play-undo': () => playMode.undo(),
  'play-leave': () => playMode.leave(),
  'play-again': startPlay,
  'play-close': () => playMode.leave(),
  'sum-share-copy': () => {
    const line = byId<HTMLInputElement>('sum-share').value;
    navigator.clipboard?.writeText(line).then(
      () => setStatus('Result copied: paste it anywhere.'),
      () => setStatus('Select the line and copy it.'),
    );
  },
  'export-hex': () => void exportAs('hex'),
  'export-svg': () => void exportAs('svg'),
  'export-png': () => void exportAs('png'),
  'export-graph': () => void exportAs('graph'),
  'export-pdf': () => void printSheet(),
  'copy-link': () => {
    navigator.clipboard?.writeText(location.href).then(
      () => setStatus('Link copied.'),
      () => setStatus('Copy the address bar: it holds this maze.'),
    );
  },
  'panel-toggle': () => {
    const open = byId('panel').classList.toggle('open');
    byId('panel-toggle').setAttribute('aria-expanded', String(open));
  },
};

/** Whole pictures of big mazes are drawn in the worker, from a copy of the maze's bytes (any grid). */
view.drawElsewhere = (drawn, pitch) =>
  worker.picture({
    data: drawn.maze.data.slice(0),
    square: drawn.square,
    entry: drawn.entry,
    exit: drawn.exit,
    path: drawn.path?.slice(),
    theme: drawn.theme,
    shade: drawn.shade?.slice(),
    shadeColors: drawn.shadeColors,
    pitch,
  });

async function start(): Promise<void> {
  for (const [id, action] of Object.entries(clicks)) byId(id).addEventListener('click', action);
  window.addEventListener('beforeprint', preparePrint);
  listenToPanel();
  listenToKeys();
  listenToPointer();
  view.resize();
  let base: Settings = { ...DEFAULT_SETTINGS };
  const stored = loadStored();
  if (stored) base = fromParams(stored, base).settings;
  try {
    const response = await fetch('./api/config', { cache: 'no-store' });
    if (response.ok && (response.headers.get('content-type') ?? '').includes('application/json')) {
      const config = (await response.json()) as { options?: Record<string, unknown>; solver?: string };
      state.servedByCli = true;
      if (config.options) base = fromConfig(config, base);
    }
  } catch {
    // A static host without the CLI's server: the page runs on its own.
  }
  const settings = fitPoints(fromParams(new URLSearchParams(location.search), base).settings);
  state.settings = settings;
  const problem = colorProblem(settings);
  state.theme = problem ? resolveTheme(settings.theme) : themeFor(settings);
  if (!problem)
    state.themeColors = { background: settings.background, walls: settings.walls, path: settings.path, pattern42: settings.pattern42 };
  panel.write(settings);
  panel.showColorError(problem);
  updateLegend();
  reserveControls();
  updateKeyButtons();
  saveSettings();
  generate(true);
  requestAnimationFrame(frame);
}

void start();
