import { parseTextMask, randomSeed, type MaskData, type Theme } from 'mazegen';
import { COLORS, COMPLEXITY_LEVELS, DIMENSIONS, gridForWindow, mazeOfTheDayOptions, parseUtcDate, utcDateKey } from 'mazegen/config';
import { nextThemeColor } from 'mazegen/render';
import { maskFromPicture, maskToText, type MaskPicture } from 'mazegen/internal';
import { applyDistance } from './distance.js';
import { describeMaze, updateKeyButtons, updateLegend } from './figures.js';
import { generate } from './generation.js';
import { fitGrid } from './grid-switch.js';
import { byId } from './panel.js';
import { shadeColorsFor } from './picture.js';
import { showPath } from './playback.js';
import {
  SPEEDS,
  WALL_CYCLE,
  colorProblem,
  endInside,
  endsForGrid,
  fromConfig,
  pointText,
  rescaleEnds,
  store,
  themeFor,
  toMazeOptions,
  toParams,
  type Settings,
} from './settings.js';
import { panel, setStatus, state, view, type ThemeColors } from './state.js';

/** The settings flow: the panel and the keys change the settings here, which regenerates or repaints. */

/** Longest address the page writes (Chromium takes 2 MB; a big mask's '#' cells take 3 characters each). */
const MAX_LINK = 1_000_000;

export function saveSettings(): void {
  const { settings } = state;
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

/** What makes the maze: settings with the same key make the same maze. */
export function mazeKey(s: Settings): string {
  return JSON.stringify([toMazeOptions(s), s.solver, s.grid, s.shape, s.wrap, s.mask]);
}

/** Keeps entry and exit inside the maze (a link or stored value may point outside). */
export function fitPoints(s: Settings): Settings {
  const ends = endsForGrid(s);
  if (!endInside(s, s.entry)) s.entry = ends.entry;
  if (!endInside(s, s.exit)) s.exit = ends.exit;
  return s;
}

/** Applies new settings: regenerates when the maze changes, else repaints. `keepTyped` keeps refused text in the panel. */
export function update(next: Settings, regenerate = true, keepTyped = false): void {
  const previous = state.settings;
  next = fitGrid(previous, next, state.gridMemory);
  const sizeChanged = next.width !== previous.width || next.height !== previous.height;
  const endsKept = pointText(next.entry) === pointText(previous.entry) && pointText(next.exit) === pointText(previous.exit);
  if (sizeChanged && endsKept && next.grid === previous.grid) next = rescaleEnds(previous, next);
  next = fitPoints(next);
  const problem = colorProblem(next);
  const mazeChanged = mazeKey(next) !== mazeKey(previous);
  const pathChanged = next.showPath !== previous.showPath;
  state.settings = next;
  panel.write(next, keepTyped);
  panel.showColorError(problem);
  updateKeyButtons();
  saveSettings();
  if (!problem) applyTheme(themeFor(next), next);
  if (mazeChanged && regenerate) {
    generate(false);
    return;
  }
  if (pathChanged) showPath(next.showPath);
}

/** Draws with `next` (made from the choices in `colors`) when it differs from the colours on screen. */
export function applyTheme(next: Theme, colors: ThemeColors): void {
  state.themeColors = { background: colors.background, walls: colors.walls, path: colors.path, pattern42: colors.pattern42 };
  if (JSON.stringify(next) === JSON.stringify(state.theme)) return;
  state.theme = next;
  updateLegend();
  const scene = state.scene;
  if (!scene) return;
  scene.theme = next;
  scene.shadeColors = shadeColorsFor(next);
  applyDistance();
  view.retheme();
}

/** Reads the panel: valid fields apply, refused ones keep the user's text and get a message. */
export function readPanel(): void {
  const { settings: next, errors } = panel.read(state.settings);
  // A new theme starts from its own colours.
  if (next.theme !== state.settings.theme) next.background = next.walls = next.path = next.pattern42 = '';
  panel.showErrors(errors);
  update(next, true, true);
}

export function newSeed(): void {
  update({ ...state.settings, seed: randomSeed() });
}

export function togglePath(): void {
  update({ ...state.settings, showPath: !state.settings.showPath });
  describeMaze();
}

/** Key 3 and 5: the next colour in the cycle that keeps every role readable. */
export function cycleColor(role: 'wall' | 'pattern'): void {
  const { settings, theme } = state;
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

export function changeSpeed(delta: number): void {
  const at = SPEEDS.indexOf(state.settings.speed);
  const index = Math.max(0, Math.min(SPEEDS.length - 1, (at < 0 ? 4 : at) + delta));
  update({ ...state.settings, speed: SPEEDS[index] });
}

/** The Maze of the Day for the chosen UTC date: the library's options (size, seed, sides, generator), the same maze as `a-maze-ing motd`. */
export function mazeOfTheDay(): void {
  const dateInput = byId<HTMLInputElement>('motd-date');
  const date = parseUtcDate(dateInput.value) ?? new Date();
  dateInput.value = utcDateKey(date);
  update(fromConfig({ options: mazeOfTheDayOptions(date), solver: state.settings.solver }, state.settings));
}

/** The UTC date when the settings make that day's Maze of the Day (its seed and every option), else undefined. */
export function motdDateOf(s: Settings): string | undefined {
  const m = /^motd-(\d{4}-\d{2}-\d{2})$/.exec(s.seed);
  const date = m ? parseUtcDate(m[1]) : undefined;
  if (!m || !date) return undefined;
  return mazeKey(fromConfig({ options: mazeOfTheDayOptions(date), solver: s.solver }, s)) === mazeKey(s) ? m[1] : undefined;
}

export function applyPendingZoom(): void {
  if (state.pendingCellPixels !== undefined) view.setCellPixels(state.pendingCellPixels * (window.devicePixelRatio || 1));
}

/** The console menu's presets: a complexity level's cell size and a window's size set the grid (gridForWindow). */
function applyPreset(): void {
  const level = COMPLEXITY_LEVELS[Number(panel.complexity.value)];
  const dims = DIMENSIONS[Number(panel.dimensions.value)];
  if (!level || !dims) return;
  const grid = gridForWindow(dims.pixels, level.cellSize);
  // The preset's window: that many cells drawn at the level's cell size.
  state.pendingCellPixels = level.cellSize;
  update({ ...state.settings, width: grid.width, height: grid.height });
  if (!state.pending) {
    applyPendingZoom();
    state.pendingCellPixels = undefined;
  }
}

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

/** The panel's listeners: fields as they are typed, the presets, the mask file. */
export function listenToPanel(): void {
  panel.form.addEventListener('submit', (event) => event.preventDefault());
  panel.form.addEventListener('input', (event) => {
    const target = event.target;
    // Text and number fields wait for a pause in typing; menus and switches apply at once.
    const delay = target instanceof HTMLInputElement && (target.type === 'text' || target.type === 'number') ? 500 : 0;
    clearTimeout(state.typingTimer);
    state.typingTimer = setTimeout(readPanel, delay);
  });
  for (const select of [panel.complexity, panel.dimensions]) {
    select.addEventListener('change', (event) => {
      event.stopPropagation();
      applyPreset();
    });
    select.addEventListener('input', (event) => event.stopPropagation());
  }
  const maskFile = byId<HTMLInputElement>('mask-file');
  maskFile.addEventListener('input', (event) => event.stopPropagation());
  maskFile.addEventListener('change', (event) => {
    event.stopPropagation();
    const file = maskFile.files?.[0];
    if (!file) return;
    const png = /\.png$/i.test(file.name) || file.type === 'image/png';
    void readMaskFile(file, state.settings).then(
      (mask) => {
        maskFile.value = '';
        const next = { ...state.settings, mask: maskToText(mask).trimEnd() };
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
  byId<HTMLInputElement>('motd-date').value = utcDateKey(new Date());
}
