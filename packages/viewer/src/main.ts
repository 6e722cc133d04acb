import {
  GENERATORS,
  GridMaze,
  GridPlayGame,
  Maze,
  PlayGame,
  SOLVERS,
  parseTextMask,
  randomSeed,
  resolveTheme,
  toGridSvg,
  toSvg,
  type MaskData,
  type Point,
  type Theme,
} from 'mazegen';
import { COLORS, COMPLEXITY_LEVELS, DIMENSIONS, gridForWindow, mazeOfTheDayOptions, parseUtcDate, utcDateKey } from 'mazegen/config';
import { distanceBand, distanceShading, gridDistanceShading, mazeFileFooter, parsePaper, sheetTitle, nextThemeColor } from 'mazegen/render';
import { shortestPath } from 'mazegen';
import { placePattern } from 'mazegen';
import { coordinatePair, DEFAULT_POLAR_FIRST_RING, slotTowardPoint, maskFromPicture, maskToText, type MaskPicture } from 'mazegen/internal';
import { TracePlayer, type Phase } from './animate.js';
import { PlayMode } from './play-mode.js';
import { download, exportCellSize, exportPath, exportTitle, hexText, pngBlobFromPixels, renderCommand } from './export.js';
import { Panel, byId } from './panel.js';
import { MazePicture, Shade, extendLinks, shadeColorsFor, type Scene } from './picture.js';
import { GridPicture, type GridScene } from './grid-picture.js';
import { gridExportCellSize, gridExportPath, gridExportTitle, gridFromWords, gridGraphText, gridWords } from './grid-export.js';
import type { DoneMessage, GenerateRequest, WorkerMessage } from './protocol.js';
import {
  DEFAULT_SETTINGS,
  cellLimitOf,
  endInside,
  endsForGrid,
  gridCells,
  isPlainSquare,
  toGridOptions,
  wrapsFor,
  SPEEDS,
  WALL_CYCLE,
  colorProblem,
  fromConfig,
  fromParams,
  loadStored,
  pointText,
  rescaleEnds,
  store,
  themeFor,
  toMazeOptions,
  toParams,
  type Settings,
} from './settings.js';
import { MazeView } from './view.js';
import { WorkerClient } from './worker-client.js';

/** The maze on screen, what the worker said about it, and the settings that made it. */
interface ShownBase {
  request: GenerateRequest;
  done: DoneMessage;
  settings: Settings;
}
/** A plain square maze (the 42 subject's: hex file, square drawing, Play mode). */
interface SquareShown extends ShownBase {
  grid?: undefined;
  maze: Maze;
}
/** A maze on another grid (hex, triangle, polar, a wrap, an outline or a mask). */
interface GridShown extends ShownBase {
  grid: GridMaze;
  maze?: undefined;
}
type Shown = SquareShown | GridShown;

/** Cells of the maze shown. */
function shownSize(s: Shown): number {
  return s.grid ? s.grid.size : s.maze.size;
}

/** A grid maze's entry and exit cell numbers (the worker sends them with its coordinates). */
function gridEnds(s: GridShown): { entry: number; exit: number } {
  return { entry: s.done.entryCell!, exit: s.done.exitCell! };
}

interface Pending {
  request: GenerateRequest;
  generate: Uint32Array[];
  solve: Uint32Array[];
  fit: boolean;
  /** Animate this run whatever the Animate setting says (Replay). */
  animate: boolean;
  settings: Settings;
  fraction: number;
  steps: number;
  phase: Phase;
  /** A big recorded run's instant maze, shown while its trace is made (the animation must end on it). */
  first?: Shown;
}

const canvas = byId<HTMLCanvasElement>('maze');
const statusLine = byId<HTMLParagraphElement>('status');
const panel = new Panel();
const view = new MazeView(canvas);
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

let settings: Settings = { ...DEFAULT_SETTINGS };
/** The colours drawn: the settings' theme when it hides nothing (a clashing choice is refused). */
let theme: Theme = themeFor(settings);
/** The colour choices `theme` was made from (a refused choice is not among them). */
let themeColors: Pick<Settings, 'background' | 'walls' | 'path' | 'pattern42'> = { background: '', walls: '', path: '', pattern42: '' };
let shown: Shown | undefined;
let scene: Scene | GridScene | undefined;
let requestId = 0;
let pending: Pending | undefined;
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
let progressTimer: ReturnType<typeof setTimeout> | undefined;

const worker = new WorkerClient(onGeneration, setStatus);

/** Walking the maze by hand (key p); the page's own drawing comes back when it ends. */
const playMode = new PlayMode({
  view,
  setStatus,
  left: () => {
    document.body.classList.remove('playing-maze');
    if (!shown || !scene) return;
    scene.shade = undefined;
    scene.path = undefined;
    scene.links = undefined;
    pathShown = 0;
    if (settings.showPath) revealPath(shown.done.path.length, false);
    view.redrawAll();
    applyDistance();
    updateKeyButtons();
  },
  shareInfo: () => ({ link: location.href, motdDate: motdDateOf(settings) }),
});

/** The UTC date when the settings make that day's Maze of the Day (its seed and every option), else undefined. */
function motdDateOf(s: Settings): string | undefined {
  const m = /^motd-(\d{4}-\d{2}-\d{2})$/.exec(s.seed);
  const date = m ? parseUtcDate(m[1]) : undefined;
  if (!m || !date) return undefined;
  return mazeKey(fromConfig({ options: mazeOfTheDayOptions(date), solver: s.solver }, s)) === mazeKey(s) ? m[1] : undefined;
}

/** Starts Play mode on the maze shown (an animation is finished first, the solution hidden). */
function startPlay(): void {
  if (!shown || !scene || pending) return;
  if (player) endAnimation();
  setPlacing(undefined);
  const { done } = shown;
  let game: GridPlayGame;
  if (shown.grid) {
    const { entry, exit } = gridEnds(shown);
    const shortest = gridExportPath(shown.grid, entry, exit, done.path, done.solverShortest).length - 1;
    game = new GridPlayGame(shown.grid, entry, exit, shortest);
  } else {
    const shortest = done.solverShortest ? done.path.length - 1 : shortestPath(shown.maze, done.entry, done.exit).cells.length - 1;
    game = new PlayGame(shown.maze, done.entry, done.exit, shortest);
  }
  if (game.shortest < 0) {
    setStatus('This maze has no way from the entry to the exit: nothing to play.');
    return;
  }
  document.body.classList.add('playing-maze');
  playMode.start(game, scene);
  canvas.focus();
  updateKeyButtons();
}

function togglePlayMode(): void {
  if (playMode.active) playMode.leave();
  else startPlay();
}

function setStatus(text: string): void {
  statusLine.textContent = text;
}

// ---------------------------------------------------------------- settings flow

/** Longest address the page writes (Chromium takes 2 MB; a big mask's '#' cells take 3 characters each). */
const MAX_LINK = 1_000_000;

function saveSettings(): void {
  store(settings);
  const query = toParams(settings).toString();
  // A mask too big for an address stays in the page (and in storage when it fits): the link then says so.
  const params = query.length <= MAX_LINK ? query : toParams({ ...settings, mask: '' }).toString();
  try {
    history.replaceState(null, '', `?${params}`);
  } catch {
    // A browser that refuses the address keeps the last one.
  }
  byId('copy-link').title = params === query ? '' : 'This mask is too big for a link: the link makes the maze without it';
}

function mazeKey(s: Settings): string {
  return JSON.stringify([toMazeOptions(s), s.solver, s.grid, s.shape, s.wrap, s.mask]);
}

/** Keeps entry and exit inside the maze (a link or stored value may point outside). */
function fitPoints(s: Settings): Settings {
  const ends = endsForGrid(s);
  if (!endInside(s, s.entry)) s.entry = ends.entry;
  if (!endInside(s, s.exit)) s.exit = ends.exit;
  return s;
}

/** The grid's fields changed: the ends move to ones that fit it, the polar grid starts at its own sizes, an unavailable wrap goes. */
function fitGrid(previous: Settings, next: Settings): Settings {
  const gridChanged = next.grid !== previous.grid || next.shape !== previous.shape || next.mask !== previous.mask;
  if (!gridChanged) return next;
  const s = { ...next };
  if (s.grid === 'polar' && previous.grid !== 'polar') {
    s.width = DEFAULT_POLAR_FIRST_RING;
    s.height = Math.max(1, Math.min(previous.height, 12));
  } else if (s.grid !== 'polar' && previous.grid === 'polar') {
    s.width = DEFAULT_SETTINGS.width;
    s.height = DEFAULT_SETTINGS.height;
  }
  if (!wrapsFor(s.grid).includes(s.wrap)) s.wrap = 'none';
  const endsKept = pointText(next.entry) === pointText(previous.entry) && pointText(next.exit) === pointText(previous.exit);
  if (endsKept) Object.assign(s, endsForGrid(s));
  return s;
}

/** Applies new settings: regenerates when the maze changes, else repaints. `keepTyped` keeps refused text in the panel. */
function update(next: Settings, regenerate = true, keepTyped = false): void {
  next = fitGrid(settings, next);
  const sizeChanged = next.width !== settings.width || next.height !== settings.height;
  const endsKept = pointText(next.entry) === pointText(settings.entry) && pointText(next.exit) === pointText(settings.exit);
  if (sizeChanged && endsKept) next = rescaleEnds(settings, next);
  next = fitPoints(next);
  const problem = colorProblem(next);
  const mazeChanged = mazeKey(next) !== mazeKey(settings);
  const pathChanged = next.showPath !== settings.showPath;
  settings = next;
  panel.write(settings, keepTyped);
  panel.showColorError(problem);
  updateKeyButtons();
  saveSettings();
  if (!problem) applyTheme(themeFor(settings), settings);
  if (mazeChanged && regenerate) {
    generate(false);
    return;
  }
  if (pathChanged) showPath(settings.showPath);
}

/** Draws with `next` (made from the choices in `colors`) when it differs from the colours on screen. */
function applyTheme(next: Theme, colors: Pick<Settings, 'background' | 'walls' | 'path' | 'pattern42'>): void {
  themeColors = { background: colors.background, walls: colors.walls, path: colors.path, pattern42: colors.pattern42 };
  if (JSON.stringify(next) === JSON.stringify(theme)) return;
  theme = next;
  updateLegend();
  if (!scene) return;
  scene.theme = theme;
  scene.shadeColors = shadeColorsFor(theme);
  applyDistance();
  view.retheme();
}

// ---------------------------------------------------------------- distance theme

/** The flood being drawn: cells in order of distance from the entry, and how many are tinted. */
let flood:
  { distances: Int32Array; order: Int32Array; max: number; next: number; reached: number; shade: Uint8Array; colors: number } | undefined;

/** Cells in order of distance (a counting sort of the BFS distances; unreached cells left out). */
function floodOrder(distances: Int32Array, max: number): Int32Array {
  const counts = new Int32Array(max + 2);
  let reached = 0;
  for (const d of distances) {
    if (d < 0) continue;
    counts[d + 1]++;
    reached++;
  }
  for (let d = 1; d < counts.length; d++) counts[d] += counts[d - 1];
  const order = new Int32Array(reached);
  for (let cell = 0; cell < distances.length; cell++) if (distances[cell] >= 0) order[counts[distances[cell]]++] = cell;
  return order;
}

/**
 * The distance theme's tint on the maze shown (or none for other themes). With `animate`
 * (and motion welcome, on a maze drawn on the page), the colours flood out from the entry
 * over about a second and a half.
 */
function applyDistance(animate = false): void {
  flood = undefined;
  if (!shown || !scene || player || playMode.active) return updateDistanceControls(undefined);
  const shading = shown.grid
    ? gridDistanceShading(shown.grid, theme, gridEnds(shown).entry)
    : distanceShading(shown.maze, theme, shown.done.entry);
  if (!shading) {
    if (scene.shade) {
      scene.shade = undefined;
      scene.shadeColors = shadeColorsFor(theme);
      view.redrawAll();
    }
    return updateDistanceControls(undefined);
  }
  scene.shadeColors = shading.shadeColors;
  if (animate && !reducedMotion.matches && shownSize(shown) <= view.asyncCells) {
    const shade = new Uint8Array(shownSize(shown));
    flood = {
      distances: shading.distances,
      order: floodOrder(shading.distances, shading.max),
      max: shading.max,
      next: 0,
      reached: -1,
      shade,
      colors: shading.shadeColors.length,
    };
    scene.shade = shade;
  } else scene.shade = shading.shade;
  view.redrawAll();
  updateDistanceControls(shading.max);
}

/** One frame of the flood: the next rings of cells get their colour. */
function advanceFlood(): void {
  if (!flood || !view.picture) return;
  const f = flood;
  f.reached += Math.max(1, Math.ceil(f.max / 90));
  while (f.next < f.order.length && f.distances[f.order[f.next]] <= f.reached) {
    const cell = f.order[f.next++];
    f.shade[cell] = distanceBand(f.distances[cell], f.max, f.colors);
    view.picture.markCell(cell);
  }
  if (f.next >= f.order.length) flood = undefined;
  view.requestFrame();
}

/** The largest distance the legend shows, or undefined when the theme has none. */
let distanceMax: number | undefined;

function updateDistanceControls(max: number | undefined): void {
  distanceMax = max;
  byId('distance-legend').hidden = max === undefined;
  byId('flood').hidden = max === undefined;
  if (max === undefined) return;
  byId('distance-far').textContent = `far (${max.toLocaleString('en')} moves)`;
  const ramp = byId('distance-ramp');
  if (ramp.childElementCount !== theme.distance?.length) {
    ramp.replaceChildren(
      ...(theme.distance ?? []).map((color) => {
        const swatch = document.createElement('i');
        swatch.style.backgroundColor = color;
        return swatch;
      }),
    );
  }
}

function updateKeyButtons(): void {
  byId('key-2').setAttribute('aria-pressed', String(settings.showPath));
  byId('play').setAttribute('aria-pressed', String(playing));
  byId('play').textContent = playing ? 'Pause' : 'Play';
  for (const id of ['play', 'step', 'finish']) byId<HTMLButtonElement>(id).disabled = !player;
  byId<HTMLButtonElement>('replay').disabled = !shown || pending !== undefined;
  const grid = !isPlainSquare(settings);
  byId<HTMLButtonElement>('key-p').disabled = !shown || pending !== undefined;
  byId<HTMLButtonElement>('export-hex').disabled = grid;
  byId<HTMLButtonElement>('export-pdf').disabled = grid;
  byId('export-grid-note').hidden = !grid;
  byId('legend').hidden = !player;
  const algorithm = GENERATORS.find((g) => g.name === settings.generator);
  const solver = SOLVERS.find((s) => s.name === settings.solver);
  byId('algo-info').textContent = [
    algorithm?.description ?? '',
    solver ? `${solver.name}: ${solver.shortest ? 'always a shortest path' : 'a path, not always the shortest'}.` : '',
  ].join(' ');
}

/** The legend's swatches in the colours the animation paints. */
function updateLegend(): void {
  const colors = shadeColorsFor(theme);
  const paint = (id: string, color: string): void => {
    byId(id).style.backgroundColor = color;
  };
  paint('swatch-frontier', colors[Shade.Frontier - 1]);
  paint('swatch-visited', colors[Shade.Visited - 1]);
  paint('swatch-deadend', colors[Shade.DeadEnd - 1]);
  paint('swatch-current', colors[Shade.Current - 1]);
  paint('swatch-path', theme.path);
}

// ---------------------------------------------------------------- generation

function generate(fit: boolean, animate = settings.animate): void {
  if (closed) return;
  const cells = gridCells(settings);
  if (cells !== undefined && cells > cellLimitOf(settings)) {
    const what = isPlainSquare(settings)
      ? `${settings.width}x${settings.height}`
      : `this ${settings.grid} grid (${cells.toLocaleString('en')} cells)`;
    setStatus(
      `The viewer draws at most ${cellLimitOf(settings).toLocaleString('en')} cells${isPlainSquare(settings) ? '' : ` on grids other than the plain square one`}; ${what} is too many.`,
    );
    return;
  }
  // A generation still running is stopped: the worker is busy until it ends, so it is replaced.
  if (pending || worker.busy) worker.restart('a new maze was asked for');
  if (playMode.active) playMode.leave();
  if (player) endAnimation();
  const request: GenerateRequest = {
    type: 'generate',
    id: ++requestId,
    options: toMazeOptions(settings),
    solver: settings.solver,
    record: animate,
  };
  if (!isPlainSquare(settings)) request.grid = toGridOptions(settings);
  pending = { request, generate: [], solve: [], fit, animate, settings: { ...settings }, fraction: 0, steps: 0, phase: 'generate' };
  showProgress();
  worker.generate(request);
  updateKeyButtons();
}

/** The progress line appears when a generation takes more than a moment. */
function showProgress(): void {
  clearTimeout(progressTimer);
  byId('progress').hidden = true;
  byId('progress-text').textContent = '';
  progressTimer = setTimeout(() => {
    if (pending) {
      byId('progress').hidden = false;
      writeProgress();
    }
  }, 250);
}

function writeProgress(): void {
  if (!pending) return;
  const percent = Math.round(pending.fraction * 100);
  const { width, height } = pending.settings;
  const steps = pending.steps > 0 ? ` (${pending.steps.toLocaleString('en')} steps)` : '';
  byId('progress-text').textContent =
    `${pending.phase === 'generate' ? 'Generating' : 'Solving'} ${width}x${height}: about ${percent}%${steps}`;
  byId<HTMLProgressElement>('progress-bar').value = percent;
}

function hideProgress(): void {
  clearTimeout(progressTimer);
  byId('progress').hidden = true;
}

/** Stops the running generation; the settings go back to the maze on screen. */
function cancelGeneration(): void {
  if (!pending) return;
  worker.restart('the generation was cancelled');
  pending = undefined;
  hideProgress();
  if (shown) {
    const back = shown.settings;
    settings = { ...settings, ...mazeFields(back) };
    panel.write(settings);
    saveSettings();
  }
  setStatus('Generation cancelled: the maze shown is the last one finished.');
  updateKeyButtons();
}

/** The fields of a settings object that make the maze. */
function mazeFields(s: Settings): Partial<Settings> {
  const {
    grid,
    shape,
    wrap,
    mask,
    width,
    height,
    seed,
    generator,
    variant,
    solver,
    perfect,
    braid,
    difficulty,
    entry,
    exit,
    level,
    pattern,
  } = s;
  return {
    grid,
    shape,
    wrap,
    mask,
    width,
    height,
    seed,
    generator,
    variant,
    solver,
    perfect,
    braid,
    difficulty,
    entry,
    exit,
    level,
    pattern,
  };
}

function onGeneration(message: WorkerMessage): void {
  if (!pending || message.id !== pending.request.id) return; // an answer to an older request
  if (message.type === 'progress') {
    pending.phase = message.phase;
    pending.fraction = message.fraction;
    pending.steps = message.steps;
    writeProgress();
  } else if (message.type === 'steps') {
    pending[message.phase].push(message.steps);
  } else if (message.type === 'error') {
    pending = undefined;
    hideProgress();
    setStatus(message.message);
    updateKeyButtons();
  } else if (message.type === 'done') {
    const { request, generate: genSteps, solve: solveSteps, fit, animate, settings: made, first } = pending;
    hideProgress();
    const made1: Shown = message.grid
      ? { request, done: message, grid: gridFromWords(message.grid, message.data), settings: made }
      : { request, done: message, maze: Maze.from(message.data), settings: made };
    if (message.traceNext) {
      // A big maze: shown now, animated when its trace has been made (asked after the picture, so the worker draws that first).
      pending.first = made1;
      pending.fit = false;
      show(made1, [], [], fit, false);
      setStatus(`Recording the animation of ${message.generator}: the maze is shown meanwhile.`);
      worker.generate({ ...request, traceNow: true });
      showProgress();
      updateKeyButtons();
      return;
    }
    pending = undefined;
    // The instant maze stays the one shown, so the animation is checked against it.
    const next: Shown = first ? { ...first, done: { ...message, data: first.done.data } } : made1;
    show(next, genSteps, solveSteps, fit, animate);
  }
}

/** Entry, exit and the 42 cells: what keeps its look through an animation. */
function fixedCells(maze: Maze, entry: Point, exit: Point): Uint8Array {
  const fixed = new Uint8Array(maze.size);
  const cells = maze.cells;
  for (let i = 0; i < fixed.length; i++) if (cells[i] & 16) fixed[i] = 1;
  fixed[entry.y * maze.width + entry.x] = 1;
  fixed[exit.y * maze.width + exit.x] = 1;
  return fixed;
}

/** A grid maze's masked cells, entry and exit: what keeps its look through an animation. */
function fixedGridCells(maze: GridMaze, entry: number, exit: number): Uint8Array {
  const fixed = new Uint8Array(maze.size);
  for (let i = 0; i < fixed.length; i++) if (maze.isBlocked(i)) fixed[i] = 1;
  fixed[entry] = fixed[exit] = 1;
  return fixed;
}

/** The grid an animation starts from: every wall closed and the masked cells blocked, as generateGridMaze starts. */
function closedGrid(maze: GridMaze): GridMaze {
  const work = new GridMaze(maze.topology);
  for (let cell = 0; cell < maze.size; cell++) if (maze.isBlocked(cell)) work.block(cell);
  return work;
}

/** What the shown maze's grid is (a different one refits the view). */
function shapeKeyOf(s: Shown): string {
  if (!s.grid) return `square ${s.maze.width}x${s.maze.height}`;
  const t = s.grid.topology;
  return `${t.kind} ${t.width}x${t.height} ${t.wrap}`;
}

let shownShapeKey = '';

function show(next: Shown, genSteps: Uint32Array[], solveSteps: Uint32Array[], fit: boolean, animate: boolean): void {
  shown = next;
  const { done } = next;
  animationMatched = undefined;
  const key = shapeKeyOf(next);
  const refit = fit || !view.picture || key !== shownShapeKey;
  shownShapeKey = key;
  if (settings.seed !== done.seed) {
    settings = { ...settings, seed: done.seed };
    panel.write(settings, true);
    saveSettings();
  }
  const notes = done.notes.length ? ` ${done.notes.join('; ')}.` : '';
  scene = next.grid
    ? { grid: next.grid, theme, ...gridEnds(next), shadeColors: shadeColorsFor(theme) }
    : { maze: next.maze, theme, entry: done.entry, exit: done.exit, shadeColors: shadeColorsFor(theme) };
  pathShown = 0;
  if (animate && genSteps.length + solveSteps.length > 0) {
    let work: Maze | GridMaze;
    let fixed: Uint8Array;
    if (next.grid) {
      work = closedGrid(next.grid);
      (scene as GridScene).grid = work;
      fixed = fixedGridCells(next.grid, gridEnds(next).entry, gridEnds(next).exit);
    } else {
      work = new Maze(next.maze.width, next.maze.height);
      if (done.patternPlaced) placePattern(work);
      (scene as Scene).maze = work;
      fixed = fixedCells(next.maze, done.entry, done.exit);
    }
    view.syncOnly = true; // the player changes the picture cell by cell
    view.setScene(scene, refit);
    applyPendingZoom();
    player = new TracePlayer(() => view.picture!, work, fixed, done.path, genSteps, solveSteps, phaseEnded);
    playing = true;
    setStatus(`Animating ${done.generator}, then ${done.solver}.${notes}`);
  } else {
    // The path is revealed over a second and a half, or drawn at once: with reduced motion, and
    // on mazes big enough to be drawn by the worker (a band redraw per frame would stall the page).
    if (settings.showPath && (reducedMotion.matches || shownSize(next) > view.asyncCells)) revealPath(done.path.length, false);
    view.syncOnly = false;
    view.setScene(scene, refit);
    applyPendingZoom();
    applyDistance(settings.animate);
    setStatus(notes.trim());
  }
  if (refit) userZoomed = pendingCellPixels !== undefined;
  pendingCellPixels = undefined;
  updateKeyButtons();
  updateFigures();
  describeMaze();
}

function applyPendingZoom(): void {
  if (pendingCellPixels !== undefined) view.setCellPixels(pendingCellPixels * (window.devicePixelRatio || 1));
}

function phaseEnded(next: Phase | 'done'): void {
  if (!shown || !scene) return;
  if (next === 'solve') {
    view.redrawAll(); // the maze is complete: the generator's tints are gone
    return;
  }
  if (player) {
    const work = player.cells;
    const cells = shown.grid ? shown.grid.cells : shown.maze.cells;
    animationMatched = work.length === cells.length && work.every((v, i) => v === cells[i]);
  }
  endAnimation();
  setStatus(animationMatched === false ? 'The animation ended on a different maze than the instant run (a bug: please report it).' : '');
}

/** Back to the finished maze, path shown as the settings say. */
function endAnimation(): void {
  player = undefined;
  playing = false;
  view.syncOnly = false;
  if (shown && scene) {
    if (shown.grid) (scene as GridScene).grid = shown.grid;
    else (scene as Scene).maze = shown.maze;
    scene.shade = undefined;
    scene.path = undefined;
    scene.links = undefined;
    pathShown = 0;
    if (settings.showPath) revealPath(shown.done.path.length, false);
    view.redrawAll();
  }
  applyDistance(true);
  updateKeyButtons();
  updateFigures();
}

/** Shows the first `count` cells of the path (marks its cells for drawing when `draw`). */
function revealPath(count: number, draw = true): void {
  if (!shown || !scene) return;
  const path = shown.done.path;
  const to = Math.min(count, path.length);
  if (to <= pathShown) return;
  // A square path's links are kept for the square drawing; another grid draws its path through the cells' centres.
  if (!shown.grid && !scene.grid) {
    scene.links ??= new Uint8Array(shown.maze.size);
    extendLinks(scene.links, shown.maze, path, pathShown, to);
  }
  const from = pathShown;
  pathShown = to;
  scene.path = path.subarray(0, to);
  if (!draw) return;
  // A big maze's picture is redrawn whole in the worker; a small one redraws the path's rows.
  if (shownSize(shown) > view.asyncCells) view.redrawAll();
  else for (let i = Math.max(0, from - 1); i < to; i++) view.picture?.markCell(path[i]);
}

function showPath(visible: boolean): void {
  if (!shown || !scene || player || playMode.active) return;
  if (visible) {
    // Revealed gradually when animation is on (and motion is welcome), at once otherwise.
    if (!settings.animate || reducedMotion.matches) revealPath(shown.done.path.length);
  } else {
    scene.path = undefined;
    scene.links = undefined;
    pathShown = 0;
    view.redrawAll();
  }
  view.requestFrame();
}

// ---------------------------------------------------------------- frame loop

/** Milliseconds of work (steps and drawing) a frame aims at: well inside 1/30 s. */
const FRAME_WORK_MS = 20;
/** Steps played between two looks at the clock. */
const STEP_SLICE = 2048;
/**
 * Steps the next frame may play: grows while frames stay light and halves when one runs
 * long, so a big maze at top speed keeps its frame rate (drawing what the steps changed
 * costs more than the steps).
 */
let stepAllowance = STEP_SLICE;
let lastFrameWork = 0;

/** Plays up to `steps` steps (the speed asked), fewer when the last frame's work ran over budget. */
function playWithinBudget(p: TracePlayer, steps: number): void {
  if (lastFrameWork > FRAME_WORK_MS) stepAllowance = Math.max(64, stepAllowance >> 1);
  else if (lastFrameWork < FRAME_WORK_MS / 2) stepAllowance = Math.min(1 << 22, Math.ceil(stepAllowance * 1.25));
  const until = performance.now() + FRAME_WORK_MS / 2;
  let left = Math.min(steps, stepAllowance);
  while (left > 0 && !p.done) {
    const played = p.advance(Math.min(left, STEP_SLICE));
    if (played === 0) break;
    left -= played;
    if (performance.now() >= until) break;
  }
}

function frame(): void {
  if (closed) return;
  const workStart = performance.now();
  if (player && playing) {
    playWithinBudget(player, settings.speed);
    if (player?.done === false) updateFigures();
  } else if (shown && !player && !playMode.active && settings.showPath && pathShown < shown.done.path.length) {
    const path = shown.done.path;
    const atOnce = reducedMotion.matches || shownSize(shown) > view.asyncCells;
    revealPath(atOnce ? path.length : pathShown + Math.max(1, Math.ceil(path.length / 90)));
  }
  if (flood) advanceFlood();
  view.frame();
  lastFrameWork = performance.now() - workStart;
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
    put(
      'fig-path',
      done.path.length > 0
        ? `${(done.path.length - 1).toLocaleString('en')} moves${done.solverShortest ? '' : ' (not always shortest)'}`
        : 'no path',
    );
    put(
      'fig-steps',
      done.generateSteps + done.solveSteps > 0 ? (done.generateSteps + done.solveSteps).toLocaleString('en') : 'not recorded',
    );
  }
  put('fig-deadends', done.deadEnds.toLocaleString('en'));
  const level = done.level;
  put(
    'fig-level',
    level
      ? `${level.level}: score ${level.score.toFixed(1)}, candidate ${level.candidate + 1} of ${level.candidates}${level.inBand ? '' : ' (none in the band: the nearest)'}`
      : 'any',
  );
  put('fig-time', `generate ${done.generateMs.toFixed(1)} ms, solve ${done.solveMs.toFixed(1)} ms`);
}

/** Where a cell lies, in words a listener can picture. */
function placeWords(p: Point, width: number, height: number): string {
  const col = p.x === 0 ? 'left' : p.x === width - 1 ? 'right' : '';
  const row = p.y === 0 ? 'top' : p.y === height - 1 ? 'bottom' : '';
  const where = row && col ? `${row}-${col} corner` : row ? `${row} edge` : col ? `${col} edge` : 'inside';
  return `${p.x},${p.y} (${where})`;
}

/** The canvas's description for screen readers: size, entry, exit, path length. */
function describeMaze(): void {
  if (!shown) return;
  const { done } = shown;
  const moves = done.path.length > 0 ? `the ${done.solver} path is ${done.path.length - 1} moves` : 'no path was found';
  if (shown.grid) {
    const t = shown.grid.topology;
    const polar = t.kind === 'polar';
    const size = polar ? `${t.height}-ring polar maze (${t.width} cells in the first ring)` : `${t.width} by ${t.height} ${t.kind} maze`;
    const extra = [
      t.wrap !== 'none' ? `wrapped ${t.wrap}` : '',
      done.shape ? `in a ${done.shape} outline` : '',
      shown.settings.mask ? 'masked' : '',
    ]
      .filter(Boolean)
      .join(', ');
    const at = (p: Point): string => (polar ? `index ${p.x} of ring ${p.y}` : `${p.x},${p.y}`);
    byId('maze-summary').textContent =
      `A ${size}${extra ? `, ${extra}` : ''}, ${shown.grid.countOpenCells()} cells, seed ${done.seed}, made by ${done.generator}. ` +
      `Entry at ${at(done.entry)}, exit at ${at(done.exit)}${polar ? ', counting rings from 0 at the centre and each ring clockwise from north' : ', counting col,row from 0 at the top-left cell'}; ${moves}${settings.showPath ? ', shown' : ', hidden'}.`;
    canvas.setAttribute(
      'aria-label',
      polar ? `Polar maze, ${t.height} rings` : `${t.kind[0].toUpperCase()}${t.kind.slice(1)} maze, ${t.width} by ${t.height}`,
    );
    return;
  }
  const { maze } = shown;
  const text =
    `A ${maze.width} by ${maze.height} maze, seed ${done.seed}, made by ${done.generator}. ` +
    `Entry at ${placeWords(done.entry, maze.width, maze.height)}, exit at ${placeWords(done.exit, maze.width, maze.height)}, counting x,y from 0 at the top-left cell; ` +
    `${moves}${settings.showPath ? ', shown' : ', hidden'}.`;
  byId('maze-summary').textContent = text;
  canvas.setAttribute('aria-label', `Maze, ${maze.width} by ${maze.height}`);
}

// ---------------------------------------------------------------- actions

function newSeed(): void {
  update({ ...settings, seed: randomSeed() });
}

function togglePath(): void {
  update({ ...settings, showPath: !settings.showPath });
  describeMaze();
}

/** Key 3 and 5: the next colour in the cycle that keeps every role readable. */
function cycleColor(role: 'wall' | 'pattern'): void {
  const field = role === 'wall' ? 'walls' : 'pattern42';
  // The colour in use, by name when it is one of the cycle's (the theme's own counts too).
  const current = settings[field] || WALL_CYCLE.find((name) => COLORS[name] === theme[role]);
  const next = nextThemeColor(theme, role, WALL_CYCLE, current);
  if (!next || next === current) {
    setStatus(`No other ${role === 'wall' ? 'wall' : '42'} colour keeps the maze readable in this theme.`);
    return;
  }
  update({ ...settings, [field]: next });
}

const quitDialog = byId('quit');
function askQuit(): void {
  if (closed) return;
  focusBeforeDialog = document.activeElement as HTMLElement | null;
  quitDialog.hidden = false;
  byId('quit-confirm').focus();
}
function closeQuit(): void {
  quitDialog.hidden = true;
  focusBeforeDialog?.focus();
}

async function quit(): Promise<void> {
  if (closed) return;
  closed = true;
  quitDialog.hidden = true;
  worker.terminate();
  let detail = 'The server has stopped. You can close this tab.';
  try {
    const response = await fetch('./api/quit', { method: 'POST' });
    if (!response.ok) throw new Error(String(response.status));
  } catch {
    detail = servedByCli
      ? 'The server did not answer; it may have stopped already. You can close this tab.'
      : 'No a-maze-ing server serves this page, so there is nothing to stop. Reload to start again.';
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
  else if (shown && settings.showPath) revealPath(shown.done.path.length);
  updateFigures();
}

/** Plays the shown maze's generation and solving again (the same maze: same settings and seed). */
function replay(): void {
  if (!shown || pending) return;
  generate(false, true);
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
let focusBeforeDialog: HTMLElement | null = null;
function openHelp(): void {
  focusBeforeDialog = document.activeElement as HTMLElement | null;
  help.hidden = false;
  byId('help-close').focus();
}
function closeHelp(): void {
  help.hidden = true;
  focusBeforeDialog?.focus();
}

// ---------------------------------------------------------------- entry and exit by pointer or keyboard

function setPlacing(which: 'entry' | 'exit' | undefined): void {
  placing = placing === which ? undefined : which;
  byId('move-entry').setAttribute('aria-pressed', String(placing === 'entry'));
  byId('move-exit').setAttribute('aria-pressed', String(placing === 'exit'));
  canvas.classList.toggle('placing', placing !== undefined);
  if (placing && shown) {
    if (shown.grid) view.cursor = placing === 'entry' ? gridEnds(shown).entry : gridEnds(shown).exit;
    else {
      const at = placing === 'entry' ? shown.done.entry : shown.done.exit;
      view.cursor = at.y * shown.maze.width + at.x;
    }
    announceCursor();
  } else {
    view.cursor = -1;
  }
  view.requestFrame();
}

/** A grid cell's coordinates as the panel writes them (col,row; polar index,ring). */
function gridPoint(maze: GridMaze, cell: number): Point {
  const [x, y] = coordinatePair(maze.topology, cell);
  return { x, y };
}

function announceCursor(): void {
  if (!placing || !shown || view.cursor < 0) return;
  if (shown.grid) {
    const p = gridPoint(shown.grid, view.cursor);
    const where = shown.grid.topology.kind === 'polar' ? `index ${p.x} of ring ${p.y}` : `${p.x},${p.y}`;
    setStatus(
      `Move the ${placing}: cursor on ${where}. Arrow keys move it to the neighbour that way, Enter places the ${placing}, Esc stops. Or click a cell.`,
    );
    return;
  }
  const w = shown.maze.width;
  const p = { x: view.cursor % w, y: Math.floor(view.cursor / w) };
  setStatus(
    `Move the ${placing}: cursor on ${placeWords(p, w, shown.maze.height)}. Arrow keys move it, Enter places the ${placing}, Esc stops. Or click a cell.`,
  );
}

/** The free neighbour of `cell` most nearly in the direction (dx, dy) on the picture, or the cell itself. */
function gridNeighbourToward(maze: GridMaze, cell: number, dx: number, dy: number): number {
  const slot = slotTowardPoint(maze.topology, cell, dx, dy, 0.3, (next) => !maze.isBlocked(next));
  return slot < 0 ? cell : maze.topology.neighbour(cell, slot);
}

function moveCursor(dx: number, dy: number): void {
  if (!shown || view.cursor < 0) return;
  if (shown.grid) {
    view.cursor = gridNeighbourToward(shown.grid, view.cursor, dx, dy);
    view.requestFrame();
    announceCursor();
    return;
  }
  const { width: w, height: h } = shown.maze;
  const x = Math.max(0, Math.min(w - 1, (view.cursor % w) + dx));
  const y = Math.max(0, Math.min(h - 1, Math.floor(view.cursor / w) + dy));
  view.cursor = y * w + x;
  view.requestFrame();
  announceCursor();
}

function placeAt(cell: number): void {
  if (!placing || cell < 0 || !shown) return;
  const point = shown.grid ? gridPoint(shown.grid, cell) : { x: cell % shown.maze.width, y: Math.floor(cell / shown.maze.width) };
  const which = placing;
  setPlacing(undefined);
  update({ ...settings, [which]: point });
}

// ---------------------------------------------------------------- exports and print

/** The file name of a grid maze's exports. */
function gridExportName(maze: GridMaze, seed: string): string {
  const t = maze.topology;
  return `maze-${t.kind}-${t.width}x${t.height}-${seed}`;
}

/** A grid maze's exports: the graph JSON (render --format graph), and its SVG and PNG (render of that graph file). */
async function exportGrid(current: GridShown, kind: 'hex' | 'svg' | 'png' | 'graph'): Promise<void> {
  const { grid, done } = current;
  const { entry, exit } = gridEnds(current);
  const name = gridExportName(grid, done.seed);
  if (kind === 'hex') {
    setStatus('The hex file holds plain square mazes only: export this maze as graph JSON.');
    return;
  }
  const solution = gridExportPath(grid, entry, exit, done.path, done.solverShortest);
  try {
    if (kind === 'graph') {
      const text = gridGraphText(grid, {
        entry,
        exit,
        solution,
        perfect: done.perfect,
        generator: done.generator,
        seed: done.seed,
        shape: done.shape,
      });
      download(new Blob([text], { type: 'application/json' }), `${name}.json`);
      byId('export-command').textContent =
        `The same file from a config: a-maze-ing render CONFIG --format graph (this maze's settings: GRID=${grid.topology.kind}, SEED=${done.seed})`;
      setStatus('Saved the graph JSON.');
      return;
    }
    const cellSize = gridExportCellSize(grid);
    const path = settings.showPath ? solution : undefined;
    setStatus(`Making the ${kind.toUpperCase()}…`);
    const words = gridWords(grid);
    const answer = await worker.export({
      kind,
      data: words.data,
      grid: words.shape,
      entryCell: entry,
      exitCell: exit,
      path: path?.slice(),
      theme,
      cellSize,
      title: gridExportTitle(grid, done.seed),
    });
    const blob = answer.blob ?? (await pngBlobFromPixels(answer.width, answer.height, answer.pixels!));
    download(blob, `${name}.${kind}`);
    const command = renderCommand(`${name}.json`, `${name}.${kind}`, kind === 'svg' ? undefined : cellSize, path !== undefined, {
      theme: theme.name,
      wall: themeColors.walls || undefined,
      background: themeColors.background || undefined,
      path: themeColors.path || undefined,
      pattern: themeColors.pattern42 || undefined,
    });
    byId('export-command').textContent = `The same picture from the graph file (Export graph JSON): ${command}`;
    setStatus(`Saved ${kind.toUpperCase()}.`);
  } catch (error) {
    setStatus(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function exportAs(kind: 'hex' | 'svg' | 'png' | 'graph'): Promise<void> {
  if (!shown) return;
  if (shown.grid) return exportGrid(shown, kind);
  if (kind === 'graph') return exportSquareGraph(shown);
  const { maze, done } = shown;
  const name = `maze-${maze.width}x${maze.height}-${done.seed}`;
  try {
    if (kind === 'hex') {
      download(new Blob([hexText(maze, done.entry, done.exit)], { type: 'text/plain' }), `${name}.txt`);
    } else {
      const cellSize = exportCellSize(maze.width, maze.height);
      const path = settings.showPath ? exportPath(maze, done.entry, done.exit) : undefined;
      setStatus(`Making the ${kind.toUpperCase()}…`);
      const answer = await worker.export({
        kind,
        data: maze.data.slice(0),
        entry: done.entry,
        exit: done.exit,
        path,
        theme,
        cellSize,
        title: exportTitle(maze),
      });
      const blob = answer.blob ?? (await pngBlobFromPixels(answer.width, answer.height, answer.pixels!));
      download(blob, `${name}.${kind}`);
      // The colours drawn, not a refused choice still showing in the panel.
      const command = renderCommand(`${name}.txt`, `${name}.${kind}`, cellSize, path !== undefined, {
        theme: theme.name,
        wall: themeColors.walls || undefined,
        background: themeColors.background || undefined,
        path: themeColors.path || undefined,
        pattern: themeColors.pattern42 || undefined,
      });
      byId('export-command').textContent = `The same picture from the hex file: ${command}`;
    }
    setStatus(`Saved ${kind.toUpperCase()}.`);
  } catch (error) {
    setStatus(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A square maze's graph JSON (render --format graph of its hex file: the hex file's shortest path). */
function exportSquareGraph(current: SquareShown): void {
  const { maze, done } = current;
  const name = `maze-${maze.width}x${maze.height}-${done.seed}`;
  const grid = GridMaze.fromMaze(maze);
  const w = maze.width;
  const text = gridGraphText(grid, {
    entry: done.entry.y * w + done.entry.x,
    exit: done.exit.y * w + done.exit.x,
    solution: exportPath(maze, done.entry, done.exit),
    generator: done.generator,
    seed: done.seed,
  });
  download(new Blob([text], { type: 'application/json' }), `${name}.json`);
  byId('export-command').textContent = `The same file from a config with these settings: a-maze-ing render CONFIG --format graph`;
  setStatus('Saved the graph JSON.');
}

/** The Print button: the puzzle sheet `a-maze-ing render maze-WxH-SEED.txt --format pdf` makes of this maze's hex file. */
async function printSheet(): Promise<void> {
  if (!shown) return;
  if (shown.grid) {
    setStatus('The puzzle sheet is laid out for square mazes only; export the SVG or PNG of this maze instead.');
    return;
  }
  const { maze, done } = shown;
  const name = `maze-${maze.width}x${maze.height}-${done.seed}`;
  const paper = parsePaper(byId<HTMLSelectElement>('paper').value) ?? 'a4';
  setStatus('Making the puzzle sheet…');
  try {
    // pdf-lib comes with this module, fetched the first time Print is pressed.
    const { puzzleSheetPdf } = await import('./print-pdf.js');
    const sheet = { maze, entry: done.entry, exit: done.exit, path: exportPath(maze, done.entry, done.exit) };
    const bytes = await puzzleSheetPdf([sheet], {
      paper,
      perPage: 1,
      footer: mazeFileFooter(maze, `${name}.txt`, paper),
      title: sheetTitle(maze),
    });
    download(new Blob([bytes.slice().buffer], { type: 'application/pdf' }), `${name}.pdf`);
    byId('export-command').textContent = `The same sheet from the hex file: a-maze-ing render ${name}.txt --format pdf --paper ${paper}`;
    setStatus(`Saved the ${paper === 'a4' ? 'A4' : 'Letter'} puzzle sheet: the maze on page 1, the solution on page 2.`);
  } catch (error) {
    setStatus(`The sheet could not be made: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Printing shows the maze alone, in black on white (the default theme), sized to the page. */
function preparePrint(): void {
  const holder = byId('print');
  if (!shown) {
    holder.replaceChildren();
    return;
  }
  let svg: string;
  if (shown.grid) {
    const { entry, exit } = gridEnds(shown);
    const path = settings.showPath ? gridExportPath(shown.grid, entry, exit, shown.done.path, shown.done.solverShortest) : undefined;
    svg = toGridSvg(shown.grid, { entry, exit, path, theme: resolveTheme('default'), title: gridExportTitle(shown.grid, shown.done.seed) });
  } else svg = squarePrintSvg(shown);
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  holder.replaceChildren(document.importNode(doc.documentElement, true));
}

function squarePrintSvg(current: SquareShown): string {
  const { maze, done } = current;
  const path = settings.showPath ? exportPath(maze, done.entry, done.exit) : undefined;
  return toSvg(maze, {
    entry: done.entry,
    exit: done.exit,
    path,
    theme: resolveTheme('default'),
    cellSize: exportCellSize(maze.width, maze.height),
    title: exportTitle(maze),
  });
}
window.addEventListener('beforeprint', preparePrint);

// ---------------------------------------------------------------- input

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement
    ? !['checkbox', 'range', 'button'].includes(target.type)
    : target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** The console menu's keys 1-5, typed or clicked on their on-screen buttons (#key-1 .. #key-5). */
const MENU_KEYS: Record<string, () => void> = {
  '1': newSeed,
  '2': togglePath,
  '3': () => cycleColor('wall'),
  '4': askQuit,
  '5': () => cycleColor('pattern'),
};

/** Keys inside an open dialog: Esc closes it, Tab stays inside, Enter confirms a quit. */
function dialogKey(event: KeyboardEvent): boolean {
  const dialog = !quitDialog.hidden ? quitDialog : !help.hidden ? help : undefined;
  if (!dialog) return false;
  if (event.key === 'Escape' || (dialog === help && event.key === '?')) {
    event.preventDefault();
    if (dialog === quitDialog) closeQuit();
    else closeHelp();
  } else if (event.key === 'Enter' && dialog === quitDialog && document.activeElement !== byId('quit-cancel')) {
    event.preventDefault();
    void quit();
  } else if (event.key === 'Tab') {
    const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    event.preventDefault();
    buttons[(at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length].focus();
  }
  return true;
}

document.addEventListener('keydown', (event) => {
  if (closed || event.ctrlKey || event.metaKey || event.altKey) return;
  if (dialogKey(event)) return;
  if (event.key === 'Escape' && pending) {
    event.preventDefault();
    cancelGeneration();
    return;
  }
  if (isTyping(event.target)) return;
  if (playMode.key(event)) return;
  if (placing && (event.target === canvas || event.target === document.body)) {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[event.key]) {
      event.preventDefault();
      moveCursor(...moves[event.key]);
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      placeAt(view.cursor);
      return;
    }
  }
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
    r: replay,
    '[': () => changeSpeed(-1),
    ']': () => changeSpeed(1),
    a: () => update({ ...settings, animate: !settings.animate }, false),
    p: togglePlayMode,
    Escape: () => setPlacing(undefined),
  };
  const action = actions[event.key];
  if (!action) return;
  // Space and arrows on a focused button or checkbox keep their usual meaning.
  if (
    (event.key === ' ' || event.key.startsWith('Arrow')) &&
    event.target instanceof HTMLElement &&
    event.target !== canvas &&
    event.target !== document.body
  )
    return;
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

let drag: { x: number; y: number; startX: number; startY: number; moved: number; id: number } | undefined;
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
  drag = { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY, moved: 0, id: event.pointerId };
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
  // While playing, a drag is a swipe (it moves the player when the finger lifts), not a pan.
  if (drag.moved > 4 && !playMode.active) {
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
  const swipe = { dx: event.clientX - drag.startX, dy: event.clientY - drag.startY };
  drag = undefined;
  if (playMode.active) {
    playMode.swipe(swipe.dx, swipe.dy);
    return;
  }
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
  if (view.resize() && !userZoomed && view.picture) view.fit();
}).observe(canvas);

/** Reads the panel: valid fields apply, refused ones keep the user's text and get a message. */
function readPanel(): void {
  const { settings: next, errors } = panel.read(settings);
  // A new theme starts from its own colours.
  if (next.theme !== settings.theme) next.background = next.walls = next.path = next.pattern42 = '';
  panel.showErrors(errors);
  update(next, true, true);
}

panel.form.addEventListener('submit', (event) => event.preventDefault());
let typingTimer: ReturnType<typeof setTimeout> | undefined;
panel.form.addEventListener('input', (event) => {
  const target = event.target;
  // Text and number fields wait for a pause in typing; menus and switches apply at once.
  const delay = target instanceof HTMLInputElement && (target.type === 'text' || target.type === 'number') ? 500 : 0;
  clearTimeout(typingTimer);
  typingTimer = setTimeout(readPanel, delay);
});
function applyPreset(): void {
  const level = COMPLEXITY_LEVELS[Number(panel.complexity.value)];
  const dims = DIMENSIONS[Number(panel.dimensions.value)];
  if (!level || !dims) return;
  const grid = gridForWindow(dims.pixels, level.cellSize);
  // The preset's window: that many cells drawn at the level's cell size.
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

/** The longest side a PNG mask keeps on the polar grid (it is laid over the drawing, so a finer one adds nothing but length to the link). */
const POLAR_MASK_SIDE = 200;

/** A picked PNG's pixels (decoded by the browser), as the library's mask picture. */
async function pngPicture(file: File): Promise<MaskPicture> {
  const bitmap = await createImageBitmap(file, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('this browser cannot read the picture');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * A mask from a file: a text mask (its cells; on grids of columns and rows its size too), or
 * a PNG (dark or transparent pixels no cell, the library's maskFromPicture), sampled to the
 * maze's width and height as MASK=FILE.png with WIDTH and HEIGHT, or on the polar grid kept
 * whole (at most POLAR_MASK_SIDE a side).
 */
async function readMaskFile(file: File, s: Settings): Promise<MaskData> {
  if (file.type === 'image/png' || /\.png$/i.test(file.name)) {
    const image = await pngPicture(file);
    if (s.grid !== 'polar') return maskFromPicture(image, s.width, s.height);
    const shrink = Math.min(1, POLAR_MASK_SIDE / Math.max(image.width, image.height));
    return maskFromPicture(image, Math.max(1, Math.round(image.width * shrink)), Math.max(1, Math.round(image.height * shrink)));
  }
  return parseTextMask(await file.text());
}

const maskFile = byId<HTMLInputElement>('mask-file');
maskFile.addEventListener('input', (event) => event.stopPropagation());
maskFile.addEventListener('change', (event) => {
  event.stopPropagation();
  const file = maskFile.files?.[0];
  if (!file) return;
  const png = /\.png$/i.test(file.name) || file.type === 'image/png';
  void readMaskFile(file, settings).then(
    (mask) => {
      maskFile.value = '';
      const next = { ...settings, mask: maskToText(mask).trimEnd() };
      // On grids of columns and rows a text mask is read cell for cell, so it sets the size; the polar grid lays a mask over its drawing.
      if (next.grid !== 'polar' && !png) Object.assign(next, { width: mask.width, height: mask.height });
      update(next);
    },
    (error: unknown) => {
      maskFile.value = '';
      setStatus(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
});

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
  'mask-clear': () => update({ ...settings, mask: '' }),
  motd: mazeOfTheDay,
  'move-entry': () => setPlacing('entry'),
  // The rules' pairs: EXIT=farthest keeps the entry (a cell, when the entry was hardest), hardest sets both.
  'exit-farthest': () =>
    update({ ...settings, entry: settings.entry === 'hardest' ? (shown?.done.entry ?? { x: 0, y: 0 }) : settings.entry, exit: 'farthest' }),
  'ends-hardest': () => update({ ...settings, entry: 'hardest', exit: 'hardest' }),
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
for (const [id, action] of Object.entries(clicks)) byId(id).addEventListener('click', action);

view.drawElsewhere = (drawn, pitch) => {
  if (drawn.grid) {
    const words = gridWords(drawn.grid);
    return worker.picture({
      data: words.data,
      grid: words.shape,
      entryCell: drawn.entry,
      exitCell: drawn.exit,
      path: drawn.path?.slice(),
      theme: drawn.theme,
      shade: drawn.shade?.slice(),
      shadeColors: drawn.shadeColors,
      pitch,
    });
  }
  return worker.picture({
    data: drawn.maze.data.slice(0),
    entry: drawn.entry,
    exit: drawn.exit,
    path: drawn.path?.slice(),
    theme: drawn.theme,
    shade: drawn.shade?.slice(),
    shadeColors: drawn.shadeColors,
    pitch,
  });
};

// ---------------------------------------------------------------- test hook

function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Read-only state for the browser tests (documented in docs/viewer.md). */
const hook = {
  get ready(): boolean {
    return (
      shown !== undefined &&
      pending === undefined &&
      player === undefined &&
      flood === undefined &&
      !view.pendingImage &&
      !view.framePending
    );
  },
  get requestId(): number {
    return requestId;
  },
  get settings(): Settings {
    return { ...settings };
  },
  get theme(): Theme {
    return { ...theme };
  },
  get animationMatched(): boolean | undefined {
    return animationMatched;
  },
  get animating(): boolean {
    return player !== undefined;
  },
  get generating(): boolean {
    return pending !== undefined;
  },
  /** Path cells drawn so far. */
  get pathShown(): number {
    return pathShown;
  },
  /** The cell the animation works on, or -1. */
  get current(): number {
    return player ? player.progress().current : -1;
  },
  get cursor(): number {
    return view.cursor;
  },
  /** The distance theme: the largest distance shown (undefined for other themes) and whether the flood is still drawing. */
  distance(): { max: number | undefined; flooding: boolean } {
    return { max: distanceMax, flooding: flood !== undefined };
  },
  /** Play mode: where the player is, the moves, the walk, whether the summary shows. */
  play(): ReturnType<PlayMode['state']> {
    return playMode.state();
  },
  maze():
    | {
        width: number;
        height: number;
        seed: string;
        entry: Point;
        exit: Point;
        cells: number[];
        path: number[];
        grid: string;
        wrap: string;
        entryCell: number;
        exitCell: number;
      }
    | undefined {
    if (!shown) return undefined;
    const { done } = shown;
    if (shown.grid) {
      const t = shown.grid.topology;
      return {
        width: t.width,
        height: t.height,
        seed: done.seed,
        entry: done.entry,
        exit: done.exit,
        cells: Array.from(shown.grid.cells),
        path: Array.from(done.path),
        grid: t.kind,
        wrap: t.wrap,
        ...{ entryCell: gridEnds(shown).entry, exitCell: gridEnds(shown).exit },
      };
    }
    const { maze } = shown;
    const w = maze.width;
    return {
      width: maze.width,
      height: maze.height,
      seed: done.seed,
      entry: done.entry,
      exit: done.exit,
      cells: Array.from(maze.cells),
      path: Array.from(done.path),
      grid: 'square',
      wrap: 'none',
      entryCell: done.entry.y * w + done.entry.x,
      exitCell: done.exit.y * w + done.exit.x,
    };
  },
  /** FNV-1a of the maze bytes (cheaper to compare than the bytes of a 2000x2000 maze). */
  cellsHash(): string | undefined {
    if (!shown) return undefined;
    return fnv1a(
      shown.grid ? new Uint8Array(shown.grid.cells.buffer, shown.grid.cells.byteOffset, shown.grid.cells.byteLength) : shown.maze.cells,
    );
  },
  /** Where a grid maze's cell centres are on the canvas (canvas pixels), or undefined on the square grid (see geometry()). */
  gridCentres(): { x: number; y: number }[] | undefined {
    const picture = view.picture;
    if (!shown?.grid || !picture || !('cells' in picture)) return undefined;
    const { originX, originY, scale } = view.placement();
    const { scale: unit, margin } = picture.layout;
    const t = shown.grid.topology;
    return Array.from({ length: t.size }, (_, cell) => {
      const p = t.centre(cell);
      return { x: originX + (margin + p.x * unit) * scale, y: originY + (margin + p.y * unit) * scale };
    });
  },
  /** Where cells are on the canvas: see the geometry comment in picture.ts. */
  geometry():
    | { originX: number; originY: number; scale: number; pitch: number; wall: number; canvasWidth: number; canvasHeight: number }
    | undefined {
    const picture = view.picture;
    if (!picture) return undefined;
    const p = view.placement();
    return {
      originX: p.originX,
      originY: p.originY,
      scale: p.scale,
      pitch: picture.layout.cellSize,
      wall: picture.layout.wallWidth,
      canvasWidth: canvas.width,
      canvasHeight: canvas.height,
    };
  },
  /** Pixels where the image on screen (its partial redraws flushed) differs from a whole fresh drawing of the same scene: 0 when partial redraws are exact. */
  redrawDiff(): number {
    const picture = view.picture;
    if (!picture) return -1;
    picture.flush();
    const pitch = picture.layout.cellSize;
    const fresh = picture instanceof GridPicture ? new GridPicture(picture.scene, pitch) : new MazePicture(picture.scene, pitch);
    fresh.drawAll();
    let differing = 0;
    for (let i = 0; i < fresh.pixels.length; i++) if (fresh.pixels[i] !== picture.pixels[i]) differing++;
    return differing;
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
  const problem = colorProblem(settings);
  theme = problem ? resolveTheme(settings.theme) : themeFor(settings);
  if (!problem)
    themeColors = { background: settings.background, walls: settings.walls, path: settings.path, pattern42: settings.pattern42 };
  panel.write(settings);
  panel.showColorError(problem);
  updateLegend();
  byId<HTMLInputElement>('motd-date').value = utcDateKey(new Date());
  reserveControls();
  updateKeyButtons();
  saveSettings();
  generate(true);
  requestAnimationFrame(frame);
}

void start();
