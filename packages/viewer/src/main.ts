import {
  COMPLEXITY_LEVELS,
  DIMENSIONS,
  GENERATORS,
  Maze,
  SOLVERS,
  gridForWindow,
  mazeOfTheDayOptions,
  parseUtcDate,
  placePattern,
  randomSeed,
  utcDateKey,
  type Point,
} from 'mazegen';
import { TracePlayer, type Phase } from './animate.js';
import { download, hexText, pngBlob, svgText } from './export.js';
import { Panel, byId } from './panel.js';
import type { DoneMessage, GenerateRequest, RasterRequest, WorkerMessage } from './protocol.js';
import { Paint } from './raster.js';
import {
  DEFAULT_SETTINGS,
  MAX_VIEWER_CELLS,
  SPEEDS,
  WALL_CYCLE,
  colorsFor,
  fromConfig,
  fromParams,
  loadStored,
  store,
  toMazeOptions,
  toParams,
  type Settings,
} from './settings.js';
import { MazeView, paletteFrom } from './view.js';

/** The maze on screen and what the worker said about it. */
interface Shown {
  request: GenerateRequest;
  done: DoneMessage;
  maze: Maze;
}

const canvas = byId<HTMLCanvasElement>('maze');
const statusLine = byId<HTMLParagraphElement>('status');
const panel = new Panel();
const view = new MazeView(canvas);

let settings: Settings = { ...DEFAULT_SETTINGS };
let shown: Shown | undefined;
let paint: Uint8Array = new Uint8Array(0);
let basePaint: Uint8Array = new Uint8Array(0);
let palette = paletteFrom(paletteColors(settings));
let requestId = 0;
let pending: { request: GenerateRequest; generate: Uint32Array[]; solve: Uint32Array[]; fit: boolean } | undefined;
let player: TracePlayer | undefined;
let playing = false;
let animationMatched: boolean | undefined;
/** Path cells drawn so far when the path is revealed gradually. */
let pathShown = 0;
let userZoomed = false;
let placing: 'entry' | 'exit' | undefined;
let closed = false;
let servedByCli = false;
let pendingCellPixels: number | undefined;

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });

function paletteColors(s: Settings): string[] {
  const c = colorsFor(s);
  // In Paint order: background, wall, path, 42, entry, exit, frontier, visited, retreated.
  return [c.background, c.walls, c.path, c.pattern42, c.entry, c.exit, c.frontier, c.visited, c.retreated];
}

/** The canvas colour around the maze: the heatmap theme's grey, else the page's. */
function pageBackground(s: Settings): string {
  return s.theme === 'heatmap' ? '#e9e9e9' : '#f4f4f4';
}

function setStatus(text: string): void {
  statusLine.textContent = text;
}

// ---------------------------------------------------------------- settings flow

function saveSettings(): void {
  store(settings);
  history.replaceState(null, '', `?${toParams(settings).toString()}`);
}

function mazeKey(s: Settings): string {
  return JSON.stringify([toMazeOptions(s), s.solver]);
}

/** Keeps entry and exit inside the maze after a size change. */
function fitPoints(s: Settings): Settings {
  const inside = (p: Settings['entry']): boolean => typeof p === 'string' || (p.x < s.width && p.y < s.height);
  if (!inside(s.entry)) s.entry = { x: 0, y: 0 };
  if (!inside(s.exit)) s.exit = { x: s.width - 1, y: s.height - 1 };
  return s;
}

/** Applies new settings: regenerates when the maze changes, else repaints. */
function update(next: Settings, regenerate = true): void {
  next = fitPoints(next);
  const mazeChanged = mazeKey(next) !== mazeKey(settings);
  const colorsChanged = paletteColors(next).join() !== paletteColors(settings).join();
  const pathChanged = next.showPath !== settings.showPath;
  settings = next;
  panel.write(settings);
  updateKeyButtons();
  saveSettings();
  if (mazeChanged && regenerate) {
    generate(false);
    return;
  }
  if (colorsChanged) {
    palette.set(paletteFrom(paletteColors(settings)));
    view.pageBackground = pageBackground(settings);
    view.redrawAll();
  }
  if (pathChanged) showPath(settings.showPath);
}

function updateKeyButtons(): void {
  byId('key-2').setAttribute('aria-pressed', String(settings.showPath));
  byId('play').setAttribute('aria-pressed', String(playing));
  byId('play').textContent = playing ? 'Pause' : 'Play';
  const algorithm = GENERATORS.find((g) => g.name === settings.generator);
  const solver = SOLVERS.find((s) => s.name === settings.solver);
  byId('algo-info').textContent = [
    algorithm?.description ?? '',
    solver ? `${solver.name}: ${solver.shortest ? 'always a shortest path' : 'a path, not always the shortest'}.` : '',
  ].join(' ');
}

// ---------------------------------------------------------------- generation

function generate(fit: boolean): void {
  if (closed) return;
  if (settings.width * settings.height > MAX_VIEWER_CELLS) {
    setStatus(`The viewer draws at most ${MAX_VIEWER_CELLS.toLocaleString('en')} cells; ${settings.width}x${settings.height} is too many.`);
    return;
  }
  player = undefined;
  playing = false;
  view.syncOnly = false;
  const request: GenerateRequest = {
    type: 'generate',
    id: ++requestId,
    options: toMazeOptions(settings),
    solver: settings.solver,
    record: settings.animate,
  };
  pending = { request, generate: [], solve: [], fit };
  setStatus(`Generating ${settings.width}x${settings.height}…`);
  worker.postMessage(request);
}

/** Whole-image draws sent to the worker, by (negative) request id. */
const rasterWaiters = new Map<number, { resolve: (pixels: ArrayBuffer) => void; reject: (error: Error) => void }>();
let rasterCount = 0;
view.rasterElsewhere = (width, height, pitch, cells, paint, palette) =>
  new Promise((resolve, reject) => {
    const id = -++rasterCount;
    rasterWaiters.set(id, { resolve, reject });
    const request: RasterRequest = { type: 'raster', id, width, height, pitch, cells, paint, palette };
    worker.postMessage(request, [cells.buffer, paint.buffer, palette.buffer]);
  });

worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
  const message = event.data;
  if (message.id < 0) {
    const waiter = rasterWaiters.get(message.id);
    rasterWaiters.delete(message.id);
    if (message.type === 'raster') waiter?.resolve(message.pixels);
    else if (message.type === 'error') waiter?.reject(new Error(message.message));
    return;
  }
  if (message.type === 'raster') return;
  if (!pending || message.id !== pending.request.id) return; // an answer to an older request
  if (message.type === 'steps') {
    pending[message.phase].push(message.steps);
  } else if (message.type === 'error') {
    pending = undefined;
    setStatus(message.message);
  } else {
    const { request, generate: genSteps, solve: solveSteps, fit } = pending;
    pending = undefined;
    show({ request, done: message, maze: Maze.from(message.data) }, genSteps, solveSteps, fit);
  }
};

worker.onerror = (event) => {
  setStatus(`The maze worker failed: ${event.message}`);
};

/** Entry, exit and the 42 cells: the paints a maze has before any path or animation. */
function makeBasePaint(maze: Maze, entry: Point, exit: Point): Uint8Array {
  const base = new Uint8Array(maze.size);
  const cells = maze.cells;
  for (let i = 0; i < base.length; i++) if (cells[i] & 16) base[i] = Paint.Pattern;
  base[entry.y * maze.width + entry.x] = Paint.Entry;
  base[exit.y * maze.width + exit.x] = Paint.Exit;
  return base;
}

function show(next: Shown, genSteps: Uint32Array[], solveSteps: Uint32Array[], fit: boolean): void {
  shown = next;
  const { maze, done } = next;
  basePaint = makeBasePaint(maze, done.entry, done.exit);
  paint = basePaint.slice();
  animationMatched = undefined;
  const refit = fit || !view.raster || view.raster.width !== maze.width || view.raster.height !== maze.height;
  if (settings.seed !== done.seed) {
    settings = { ...settings, seed: done.seed };
    panel.write(settings);
    saveSettings();
  }
  const notes = done.notes.length ? ` ${done.notes.join('; ')}.` : '';
  if (settings.animate && genSteps.length + solveSteps.length > 0) {
    const initial = new Maze(maze.width, maze.height);
    if (done.patternPlaced) placePattern(initial);
    view.syncOnly = true; // the player paints cell by cell into the image
    view.setMaze(maze.width, maze.height, initial.cells, paint, palette, refit);
    applyPendingZoom();
    player = new TracePlayer(() => view.raster!, initial.cells, basePaint, genSteps, solveSteps, phaseEnded);
    playing = true;
    pathShown = 0;
    setStatus(`Animating ${done.generator}, then ${done.solver}.${notes}`);
  } else {
    pathShown = settings.showPath ? done.path.length : 0;
    paintPath(pathShown, 0, false); // the new image is drawn whole below
    view.setMaze(maze.width, maze.height, maze.cells, paint, palette, refit);
    applyPendingZoom();
    setStatus(notes.trim());
  }
  if (refit) userZoomed = pendingCellPixels !== undefined;
  pendingCellPixels = undefined;
  updateKeyButtons();
  updateFigures();
}

function applyPendingZoom(): void {
  if (pendingCellPixels !== undefined) view.setCellPixels(pendingCellPixels * (window.devicePixelRatio || 1));
}

function phaseEnded(next: Phase | 'done'): void {
  if (!shown) return;
  if (next === 'solve') {
    // The maze is complete: clear the generator's tints before the solver paints.
    paint.set(basePaint);
    view.redrawAll();
    return;
  }
  const raster = view.raster;
  if (player && raster) {
    const work = player.cells;
    const cells = shown.maze.cells;
    animationMatched = work.length === cells.length && work.every((v, i) => v === cells[i]);
    raster.cells = cells;
  }
  player = undefined;
  playing = false;
  view.syncOnly = false;
  pathShown = settings.showPath ? shown.done.path.length : 0;
  paint.set(basePaint);
  paintPath(pathShown);
  view.redrawAll();
  setStatus(animationMatched === false ? 'The animation ended on a different maze than the instant run (a bug: please report it).' : '');
  updateKeyButtons();
}

/** Paints the first `count` cells of the path (entry and exit keep their own colour). */
function paintPath(count: number, from = 0, draw = true): void {
  if (!shown) return;
  const path = shown.done.path;
  for (let i = from; i < Math.min(count, path.length); i++) {
    const cell = path[i];
    if (basePaint[cell] === Paint.Background) {
      paint[cell] = Paint.Path;
      if (draw) view.raster?.drawCell(cell);
    }
  }
}

function showPath(visible: boolean): void {
  if (!shown || player) return;
  if (visible) {
    // Drawn gradually when animation is on, at once otherwise.
    const target = shown.done.path.length;
    if (!settings.animate) {
      paintPath(target, pathShown);
      pathShown = target;
    }
  } else {
    paint.set(basePaint);
    pathShown = 0;
    view.redrawAll();
  }
  view.requestFrame();
}

// ---------------------------------------------------------------- frame loop

function frame(): void {
  if (closed) return;
  if (player && playing) {
    player.advance(settings.speed);
    if (player?.done === false) updateFigures();
  } else if (shown && !player && settings.showPath && pathShown < shown.done.path.length) {
    const path = shown.done.path;
    const next = Math.min(path.length, pathShown + Math.max(1, Math.ceil(path.length / 90)));
    paintPath(next, pathShown);
    pathShown = next;
  }
  view.frame();
  requestAnimationFrame(frame);
}

function updateFigures(): void {
  const put = (id: string, text: string): void => {
    byId(id).textContent = text;
  };
  if (!shown) return;
  const { done } = shown;
  if (player) {
    const p = player.progress();
    put('fig-visited', p.visited.toLocaleString('en'));
    put('fig-frontier', p.frontier.toLocaleString('en'));
    put('fig-path', p.phase === 'solve' ? p.pathLength.toLocaleString('en') : '–');
    put('fig-steps', `${p.phase}: ${p.played.toLocaleString('en')} / ${p.total.toLocaleString('en')}`);
  } else {
    put('fig-visited', done.visited.toLocaleString('en'));
    put('fig-frontier', '0');
    put('fig-path', done.path.length > 0 ? `${(done.path.length - 1).toLocaleString('en')} moves${done.solverShortest ? '' : ' (not always shortest)'}` : 'no path');
    put('fig-steps', done.generateSteps + done.solveSteps > 0 ? (done.generateSteps + done.solveSteps).toLocaleString('en') : 'not recorded');
  }
  put('fig-deadends', done.deadEnds.toLocaleString('en'));
  put('fig-time', `generate ${done.generateMs.toFixed(1)} ms, solve ${done.solveMs.toFixed(1)} ms`);
}

// ---------------------------------------------------------------- actions

function newSeed(): void {
  update({ ...settings, seed: randomSeed() });
}

function togglePath(): void {
  update({ ...settings, showPath: !settings.showPath });
}

function cycleWalls(): void {
  const choices = WALL_CYCLE.filter((c) => c !== settings.background);
  const at = choices.indexOf(settings.walls);
  update({ ...settings, theme: 'classic', walls: choices[(at + 1) % choices.length] });
}

function cycle42(): void {
  const choices = WALL_CYCLE.filter((c) => c !== settings.background && c !== settings.walls);
  const at = choices.indexOf(settings.pattern42);
  update({ ...settings, pattern42: choices[(at + 1) % choices.length] });
}

async function quit(): Promise<void> {
  if (closed) return;
  closed = true;
  worker.terminate();
  let detail = 'The server has stopped. You can close this tab.';
  try {
    const response = await fetch('./api/quit', { method: 'POST' });
    if (!response.ok) throw new Error(String(response.status));
  } catch {
    detail = servedByCli ? 'The server did not answer; it may have stopped already. You can close this tab.' : 'No a-maze-ing server serves this page, so there is nothing to stop. Reload to start again.';
  }
  byId('closed-detail').textContent = detail;
  byId('closed').hidden = false;
  document.title = 'A-Maze-ing viewer (closed)';
}

function togglePlay(): void {
  if (!player) return;
  playing = !playing;
  updateKeyButtons();
}

function stepOnce(): void {
  if (!player) return;
  playing = false;
  player.advance(1);
  if (player) updateFigures();
  updateKeyButtons();
}

function finishNow(): void {
  if (player) player.finish();
  else if (shown && settings.showPath && pathShown < shown.done.path.length) {
    paintPath(shown.done.path.length, pathShown);
    pathShown = shown.done.path.length;
  }
  updateFigures();
}

/** The Maze of the Day for the chosen UTC date: the library's options (size, seed, sides, generator), the same maze as `a-maze-ing motd`. */
function mazeOfTheDay(): void {
  const dateInput = byId<HTMLInputElement>('motd-date');
  const date = parseUtcDate(dateInput.value) ?? new Date();
  dateInput.value = utcDateKey(date);
  update(fromConfig({ options: mazeOfTheDayOptions(date), solver: settings.solver }, settings));
}

function changeSpeed(delta: number): void {
  const at = SPEEDS.indexOf(settings.speed);
  const index = Math.max(0, Math.min(SPEEDS.length - 1, (at < 0 ? 4 : at) + delta));
  update({ ...settings, speed: SPEEDS[index] });
}

const help = byId('help');
let focusBeforeHelp: HTMLElement | null = null;
function openHelp(): void {
  focusBeforeHelp = document.activeElement as HTMLElement | null;
  help.hidden = false;
  byId('help-close').focus();
}
function closeHelp(): void {
  help.hidden = true;
  focusBeforeHelp?.focus();
}

function setPlacing(which: 'entry' | 'exit' | undefined): void {
  placing = placing === which ? undefined : which;
  byId('move-entry').setAttribute('aria-pressed', String(placing === 'entry'));
  byId('move-exit').setAttribute('aria-pressed', String(placing === 'exit'));
  canvas.classList.toggle('placing', placing !== undefined);
  if (placing) setStatus(`Click the cell for the ${placing}.`);
}

function placeAt(cell: number): void {
  if (!placing || cell < 0 || !shown) return;
  const w = shown.maze.width;
  const point = { x: cell % w, y: Math.floor(cell / w) };
  const which = placing;
  setPlacing(undefined);
  update({ ...settings, [which]: point });
}

async function exportAs(kind: 'hex' | 'svg' | 'png'): Promise<void> {
  if (!shown) return;
  const { maze, done } = shown;
  const name = `maze-${maze.width}x${maze.height}-${done.seed}`;
  try {
    if (kind === 'hex') download(new Blob([hexText(maze, done.entry, done.exit)], { type: 'text/plain' }), `${name}.txt`);
    else if (kind === 'svg') {
      const c = colorsFor(settings);
      const heatmap = settings.theme === 'heatmap';
      // The heatmap is the library's theme as it stands (its darker border included); classic takes the chosen colours.
      const colors = heatmap ? { pattern: c.pattern42 } : { background: c.background, wall: c.walls, border: c.walls, path: c.path, pattern: c.pattern42, entry: c.entry, exit: c.exit };
      const text = svgText(maze, done.entry, done.exit, heatmap ? 'heatmap' : 'default', colors, settings.showPath ? done.path : undefined);
      download(new Blob([text], { type: 'image/svg+xml' }), `${name}.svg`);
    } else {
      const finalPaint = basePaint.slice();
      if (settings.showPath) for (const cell of done.path) if (finalPaint[cell] === Paint.Background) finalPaint[cell] = Paint.Path;
      download(await pngBlob(maze.width, maze.height, maze.cells, finalPaint, palette), `${name}.png`);
    }
    setStatus(`Saved ${kind.toUpperCase()}.`);
  } catch (error) {
    setStatus(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ---------------------------------------------------------------- input

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement ? !['checkbox', 'range', 'button'].includes(target.type) : target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** The console menu's keys 1-5, typed or clicked on their on-screen buttons (#key-1 .. #key-5). */
const MENU_KEYS: Record<string, () => void> = {
  '1': newSeed,
  '2': togglePath,
  '3': cycleWalls,
  '4': () => void quit(),
  '5': cycle42,
};

document.addEventListener('keydown', (event) => {
  if (closed || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!help.hidden) {
    if (event.key === 'Escape' || event.key === '?') {
      event.preventDefault();
      closeHelp();
    } else if (event.key === 'Tab') {
      event.preventDefault(); // one button in the dialog: focus stays on it
    }
    return;
  }
  if (isTyping(event.target)) return;
  const panStep = 40 * (window.devicePixelRatio || 1);
  const actions: Record<string, () => void> = {
    ...MENU_KEYS,
    '?': openHelp,
    '+': () => zoomBy(1.25),
    '=': () => zoomBy(1.25),
    '-': () => zoomBy(0.8),
    '0': fitView,
    ArrowLeft: () => view.pan(panStep, 0),
    ArrowRight: () => view.pan(-panStep, 0),
    ArrowUp: () => view.pan(0, panStep),
    ArrowDown: () => view.pan(0, -panStep),
    ' ': togglePlay,
    '.': stepOnce,
    f: finishNow,
    '[': () => changeSpeed(-1),
    ']': () => changeSpeed(1),
    a: () => update({ ...settings, animate: !settings.animate }, false),
    Escape: () => setPlacing(undefined),
  };
  if (event.key === 'Enter' && event.target === canvas && placing) {
    placeAt(view.cellAt(canvas.width / 2, canvas.height / 2));
    event.preventDefault();
    return;
  }
  const action = actions[event.key];
  if (!action) return;
  // Space and arrows on a focused button or checkbox keep their usual meaning.
  if ((event.key === ' ' || event.key.startsWith('Arrow')) && event.target instanceof HTMLElement && event.target !== canvas && event.target !== document.body) return;
  event.preventDefault();
  action();
});

function zoomBy(factor: number, cx?: number, cy?: number): void {
  userZoomed = true;
  view.zoom(factor, cx, cy);
}

function fitView(): void {
  userZoomed = false;
  view.fit();
}

let drag: { x: number; y: number; moved: number; id: number } | undefined;
/** Touch points on the canvas; two of them pinch-zoom around their midpoint. */
const touches = new Map<number, { x: number; y: number }>();
let pinch: { distance: number; cellPixels: number } | undefined;

function canvasPoint(clientX: number, clientY: number): [number, number] {
  const rect = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  return [(clientX - rect.left) * ratio, (clientY - rect.top) * ratio];
}

function pinchSpan(): { distance: number; x: number; y: number } {
  const [a, b] = [...touches.values()];
  return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

canvas.addEventListener('pointerdown', (event) => {
  touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (touches.size === 2) {
    drag = undefined; // a second finger turns the drag into a pinch
    pinch = { distance: Math.max(1, pinchSpan().distance), cellPixels: view.placement().cellPixels };
    return;
  }
  drag = { x: event.clientX, y: event.clientY, moved: 0, id: event.pointerId };
  try {
    canvas.setPointerCapture(event.pointerId);
  } catch {
    // A pointer the browser no longer tracks cannot be captured; dragging still works inside the canvas.
  }
});
canvas.addEventListener('pointermove', (event) => {
  if (touches.has(event.pointerId)) touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pinch && touches.size === 2) {
    const span = pinchSpan();
    const target = (pinch.cellPixels * span.distance) / pinch.distance;
    const current = view.placement().cellPixels;
    // Zoom steps are whole pixels per cell from 2 up, so wait until the fingers ask for one.
    if (Math.abs(target - current) >= (current >= 2 ? 1 : current * 0.1)) zoomBy(target / current, ...canvasPoint(span.x, span.y));
    return;
  }
  if (!drag || drag.id !== event.pointerId) return;
  const ratio = window.devicePixelRatio || 1;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  drag.moved += Math.abs(dx) + Math.abs(dy);
  drag.x = event.clientX;
  drag.y = event.clientY;
  if (drag.moved > 4) {
    userZoomed = true;
    view.pan(dx * ratio, dy * ratio);
  }
});
function pointerGone(event: PointerEvent): void {
  touches.delete(event.pointerId);
  if (touches.size < 2) pinch = undefined;
}
canvas.addEventListener('pointerup', (event) => {
  pointerGone(event);
  if (!drag || drag.id !== event.pointerId) return;
  const click = drag.moved <= 4;
  drag = undefined;
  if (click && placing) placeAt(view.cellAt(...canvasPoint(event.clientX, event.clientY)));
});
canvas.addEventListener('pointercancel', (event) => {
  pointerGone(event);
  drag = undefined;
});
canvas.addEventListener(
  'wheel',
  (event) => {
    event.preventDefault();
    zoomBy(event.deltaY < 0 ? 1.25 : 0.8, ...canvasPoint(event.clientX, event.clientY));
  },
  { passive: false },
);

/** A fitted maze keeps clear of the zoom and playback buttons along the canvas's bottom edge. */
function reserveControls(): void {
  const controls = document.querySelector<HTMLElement>('.stage-controls');
  view.reservedBand = controls ? (controls.offsetHeight + 8) * (window.devicePixelRatio || 1) : 0;
}

new ResizeObserver(() => {
  reserveControls();
  if (view.resize() && !userZoomed && view.raster) view.fit();
}).observe(canvas);

panel.form.addEventListener('submit', (event) => event.preventDefault());
let typingTimer: ReturnType<typeof setTimeout> | undefined;
panel.form.addEventListener('input', (event) => {
  const target = event.target;
  // Text and number fields wait for a pause in typing; menus and switches apply at once.
  const delay = target instanceof HTMLInputElement && (target.type === 'text' || target.type === 'number') ? 500 : 0;
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => update(panel.read(settings)), delay);
});
function applyPreset(): void {
  const level = COMPLEXITY_LEVELS[Number(panel.complexity.value)];
  const dims = DIMENSIONS[Number(panel.dimensions.value)];
  if (!level || !dims) return;
  const grid = gridForWindow(dims.pixels, level.cellSize);
  // The C seed's window: that many cells drawn at the level's cell size.
  pendingCellPixels = level.cellSize;
  update({ ...settings, width: grid.width, height: grid.height });
  if (!pending) {
    applyPendingZoom();
    pendingCellPixels = undefined;
  }
}
panel.complexity.addEventListener('change', (event) => {
  event.stopPropagation();
  applyPreset();
});
panel.dimensions.addEventListener('change', (event) => {
  event.stopPropagation();
  applyPreset();
});
for (const select of [panel.complexity, panel.dimensions]) select.addEventListener('input', (event) => event.stopPropagation());

const clicks: Record<string, () => void> = {
  ...Object.fromEntries(Object.entries(MENU_KEYS).map(([key, action]) => [`key-${key}`, action])),
  'key-help': openHelp,
  'help-close': closeHelp,
  'zoom-in': () => zoomBy(1.25),
  'zoom-out': () => zoomBy(0.8),
  'zoom-fit': fitView,
  play: togglePlay,
  step: stepOnce,
  finish: finishNow,
  'new-seed': newSeed,
  motd: mazeOfTheDay,
  'move-entry': () => setPlacing('entry'),
  'move-exit': () => setPlacing('exit'),
  'export-hex': () => void exportAs('hex'),
  'export-svg': () => void exportAs('svg'),
  'export-png': () => void exportAs('png'),
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
for (const [id, action] of Object.entries(clicks)) byId(id).addEventListener('click', action);

// ---------------------------------------------------------------- test hook

function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Read-only state for the browser tests (documented in docs/viewer.md). */
const hook = {
  get ready(): boolean {
    return shown !== undefined && pending === undefined && player === undefined && !view.pendingImage && !view.framePending;
  },
  get requestId(): number {
    return requestId;
  },
  get settings(): Settings {
    return { ...settings };
  },
  get animationMatched(): boolean | undefined {
    return animationMatched;
  },
  get animating(): boolean {
    return player !== undefined;
  },
  maze(): { width: number; height: number; seed: string; entry: Point; exit: Point; cells: number[]; path: number[] } | undefined {
    if (!shown) return undefined;
    const { maze, done } = shown;
    return { width: maze.width, height: maze.height, seed: done.seed, entry: done.entry, exit: done.exit, cells: Array.from(maze.cells), path: Array.from(done.path) };
  },
  /** FNV-1a of the maze bytes (cheaper to compare than the bytes of a 2000x2000 maze). */
  cellsHash(): string | undefined {
    if (!shown) return undefined;
    return fnv1a(shown.maze.cells);
  },
  /** Where cells are on the canvas: see the geometry comment in raster.ts. */
  geometry(): { originX: number; originY: number; scale: number; pitch: number; wall: number; canvasWidth: number; canvasHeight: number } | undefined {
    const raster = view.raster;
    if (!raster) return undefined;
    const p = view.placement();
    return { originX: p.originX, originY: p.originY, scale: p.scale, pitch: raster.geometry.pitch, wall: raster.geometry.wall, canvasWidth: canvas.width, canvasHeight: canvas.height };
  },
  /** Forces a draw now (tests read pixels right after). */
  draw(): void {
    view.requestFrame();
    view.frame();
  },
};
(window as unknown as { __viewer: typeof hook }).__viewer = hook;

// ---------------------------------------------------------------- start

async function start(): Promise<void> {
  view.resize();
  let base: Settings = { ...DEFAULT_SETTINGS };
  const stored = loadStored();
  if (stored) base = fromParams(stored, base).settings;
  try {
    const response = await fetch('./api/config', { cache: 'no-store' });
    if (response.ok && (response.headers.get('content-type') ?? '').includes('application/json')) {
      const config = (await response.json()) as { options?: Record<string, unknown>; solver?: string };
      servedByCli = true;
      if (config.options) base = fromConfig(config, base);
    }
  } catch {
    // A static host without the CLI's server: the page runs on its own.
  }
  const fromUrl = fromParams(new URLSearchParams(location.search), base);
  settings = fitPoints(fromUrl.settings);
  palette = paletteFrom(paletteColors(settings));
  view.pageBackground = pageBackground(settings);
  panel.write(settings);
  byId<HTMLInputElement>('motd-date').value = utcDateKey(new Date());
  reserveControls();
  updateKeyButtons();
  saveSettings();
  generate(true);
  requestAnimationFrame(frame);
}

void start();
