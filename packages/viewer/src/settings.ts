import {
  LEVELS,
  OUTLINES,
  WRAPS,
  createTopology,
  parseTextMask,
  resolveTheme,
  type GridKind,
  type GridMazeRequest,
  type Level,
  type SquareMazeOptions,
  type OutlineName,
  type Theme,
  type Wrap,
} from 'mazegen';
import { COLOR_NAMES, isColorName, type ColorName } from 'mazegen/config';
import { THEME_NAMES, describeClash, parseThemeName, themeClashes, type ThemeName, type ThemeOverrides } from 'mazegen/render';
import { ENDPOINT_RULES, GRID_WRAPS, SIDES, gridKindOf, maskToText, type EndSpec, type GridSide, type Side } from 'mazegen/internal';

/** Everything the viewer shows; the URL and localStorage hold it as text. */
export interface Settings {
  /** The grid: square, hex, triangle or polar (polar: width is the first ring's count, height the rings). */
  grid: GridKind;
  /** A built-in outline, or '' for none. */
  shape: OutlineName | '';
  /** Joined edges (square and hex grids only). */
  wrap: Wrap;
  /** A mask as text ('#' no cell, '.' a cell, a line a row), or '' for none. */
  mask: string;
  width: number;
  height: number;
  seed: string;
  generator: string;
  variant: string;
  solver: string;
  perfect: boolean;
  braid: number;
  difficulty: number;
  entry: ViewerEnd;
  exit: ViewerEnd;
  /** LEVEL: keep a candidate whose difficulty score is in this level's band ('' for any maze). */
  level: Level | '';
  pattern: '42' | 'none';
  /** One of the library's themes. */
  theme: ThemeName;
  /** Colours over the theme's ('' keeps the theme's own). */
  background: ColorChoice;
  walls: ColorChoice;
  path: ColorChoice;
  pattern42: ColorChoice;
  showPath: boolean;
  animate: boolean;
  /** Steps played per frame. */
  speed: number;
}

/** An end as the panel takes it: a cell, a side, a rule, or on the polar grid its centre or outer ring. */
export type ViewerEnd = EndSpec | 'centre' | 'outer';

/** A colour by name, or '' for the theme's own. */
export type ColorChoice = ColorName | '';

/** The library's themes as the panel offers them, in plain words. */
export const THEME_LABELS: Readonly<Record<ThemeName, string>> = {
  default: 'Default (black on white)',
  light: 'Light (soft ink on off-white)',
  dark: 'Dark (light walls on near-black)',
  'high-contrast': 'High contrast (white on black)',
  matlab: 'Heatmap (thick grey walls on blue)',
  distance: 'Distance (each cell coloured by its distance from the entry)',
};
export const THEMES: readonly { name: ThemeName; label: string }[] = THEME_NAMES.map((name) => ({ name, label: THEME_LABELS[name] }));

/** The largest maze side the viewer accepts, and its cell budget (the pixel image stays below 64 MB). */
export const MAX_SIDE = 4000;
export const MAX_VIEWER_CELLS = 4_000_000;
/** Grids other than the plain square one are drawn from their geometry (each cell's polygon), a slower drawing: a smaller budget. */
export const MAX_GRID_VIEWER_CELLS = 1_000_000;

/** The cell budget of the settings' grid. */
export function cellLimitOf(s: Pick<Settings, 'grid' | 'shape' | 'wrap' | 'mask'>): number {
  return isPlainSquare(s) ? MAX_VIEWER_CELLS : MAX_GRID_VIEWER_CELLS;
}

/** True when the settings' grid is within the viewer's cell budget (a grid the library refuses counts as within: the worker gives its message). */
export function withinCellLimit(s: Pick<Settings, 'grid' | 'shape' | 'wrap' | 'mask' | 'width' | 'height'>): boolean {
  return (gridCells(s) ?? 0) <= cellLimitOf(s);
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  grid: 'square',
  shape: '',
  wrap: 'none',
  mask: '',
  width: 20,
  height: 15,
  seed: '42',
  generator: 'DFS',
  variant: '',
  solver: 'AStar',
  perfect: true,
  braid: 100,
  difficulty: 5,
  entry: { x: 0, y: 0 },
  exit: { x: 19, y: 14 },
  level: '',
  pattern: '42',
  theme: 'default',
  background: '',
  walls: '',
  path: '',
  pattern42: '',
  showPath: true,
  animate: false,
  speed: 20,
});

/** Walls cycle through these on key 3, and the 42 on key 5; a colour that would hide part of the maze is skipped. */
export const WALL_CYCLE: readonly ColorName[] = [
  'black',
  'blue',
  'red',
  'green',
  'magenta',
  'darkgray',
  'orange',
  'cyan',
  'yellow',
  'white',
];

/** Speeds offered by the slider, in steps per frame. */
export const SPEEDS: readonly number[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 200_000];

export function pointText(p: ViewerEnd): string {
  return typeof p === 'string' ? p : `${p.x},${p.y}`;
}

/** x,y, a side, or a rule (farthest, hardest): what ENTRY and EXIT take; on the polar grid also centre (center) and outer. */
export function parsePoint(text: string | null | undefined): ViewerEnd | undefined {
  if (!text) return undefined;
  const t = text.trim().toLowerCase();
  if ((SIDES as readonly string[]).includes(t)) return t as Side;
  if ((ENDPOINT_RULES as readonly string[]).includes(t)) return t as EndSpec;
  if (t === 'centre' || t === 'center') return 'centre';
  if (t === 'outer') return 'outer';
  const m = /^(\d+)\s*,\s*(\d+)$/.exec(t);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : undefined;
}

function intIn(text: string | null | undefined, min: number, max: number): number | undefined {
  if (text === null || text === undefined || !/^\s*-?\d+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function bool(text: string | null | undefined): boolean | undefined {
  if (text === null || text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(t)) return true;
  if (['0', 'false', 'no', 'off'].includes(t)) return false;
  return undefined;
}

function color(text: string | null | undefined): ColorChoice | undefined {
  const t = text?.trim().toLowerCase();
  if (t === '') return '';
  return t && isColorName(t) ? t : undefined;
}

/** Short names used in the URL and in storage. */
const KEYS = {
  grid: 'grid',
  shape: 'shape',
  wrap: 'wrap',
  mask: 'mask',
  width: 'w',
  height: 'h',
  seed: 'seed',
  generator: 'gen',
  variant: 'variant',
  solver: 'solver',
  perfect: 'perfect',
  braid: 'braid',
  difficulty: 'difficulty',
  entry: 'entry',
  exit: 'exit',
  level: 'level',
  pattern: 'pattern',
  theme: 'theme',
  background: 'bg',
  walls: 'walls',
  path: 'path',
  pattern42: 'c42',
  showPath: 'showpath',
  animate: 'animate',
  speed: 'speed',
} as const satisfies Record<keyof Settings, string>;

/** The settings as query parameters (every value, so a link reproduces the maze exactly). */
export function toParams(s: Settings): URLSearchParams {
  const params = new URLSearchParams();
  // The grid's keys only when they differ from the plain square grid, so square links stay as they were.
  if (s.grid !== 'square') params.set(KEYS.grid, s.grid);
  if (s.shape) params.set(KEYS.shape, s.shape);
  if (s.wrap !== 'none') params.set(KEYS.wrap, s.wrap);
  if (s.mask) params.set(KEYS.mask, s.mask);
  params.set(KEYS.width, String(s.width));
  params.set(KEYS.height, String(s.height));
  params.set(KEYS.seed, s.seed);
  params.set(KEYS.generator, s.generator);
  if (s.variant) params.set(KEYS.variant, s.variant);
  params.set(KEYS.solver, s.solver);
  params.set(KEYS.perfect, s.perfect ? '1' : '0');
  if (!s.perfect) params.set(KEYS.braid, String(s.braid));
  params.set(KEYS.difficulty, String(s.difficulty));
  params.set(KEYS.entry, pointText(s.entry));
  params.set(KEYS.exit, pointText(s.exit));
  if (s.level) params.set(KEYS.level, s.level);
  params.set(KEYS.pattern, s.pattern);
  params.set(KEYS.theme, s.theme);
  // Only the colours chosen over the theme: a link without them follows the theme.
  if (s.background) params.set(KEYS.background, s.background);
  if (s.walls) params.set(KEYS.walls, s.walls);
  if (s.path) params.set(KEYS.path, s.path);
  if (s.pattern42) params.set(KEYS.pattern42, s.pattern42);
  params.set(KEYS.showPath, s.showPath ? '1' : '0');
  params.set(KEYS.animate, s.animate ? '1' : '0');
  params.set(KEYS.speed, String(s.speed));
  return params;
}

/** Reads whatever valid values `params` holds over `base`; returns also whether any maze key was present. */
export function fromParams(params: URLSearchParams, base: Settings): { settings: Settings; hasMaze: boolean } {
  const s: Settings = { ...base };
  const get = (k: keyof typeof KEYS): string | null => params.get(KEYS[k]);
  // A link that names a size but no grid is a square one (links are complete: toParams writes the grid when it is not square).
  const sizeGiven = params.has(KEYS.width) || params.has(KEYS.height) || params.has(KEYS.seed);
  const grid = get('grid');
  s.grid = (grid !== null ? gridKindOf(grid) : undefined) ?? (sizeGiven ? 'square' : s.grid);
  const shape = get('shape')?.trim().toLowerCase();
  s.shape =
    shape !== undefined && (shape === '' || (OUTLINES as readonly string[]).includes(shape))
      ? (shape as Settings['shape'])
      : sizeGiven
        ? ''
        : s.shape;
  const wrap = get('wrap')?.trim().toLowerCase();
  s.wrap = wrap !== undefined && (WRAPS as readonly string[]).includes(wrap) ? (wrap as Wrap) : sizeGiven ? 'none' : s.wrap;
  const mask = get('mask');
  s.mask = mask !== null ? normalizeMask(mask) : sizeGiven ? '' : s.mask;
  s.width = intIn(get('width'), 1, MAX_SIDE) ?? s.width;
  s.height = intIn(get('height'), 1, MAX_SIDE) ?? s.height;
  const seed = get('seed');
  if (seed !== null && seed.trim() !== '') s.seed = seed.trim().slice(0, 200);
  s.generator = get('generator')?.trim() || s.generator;
  // A link that names a generator but no variant means its default, not a variant saved for another one.
  s.variant = get('variant')?.trim() ?? (get('generator') !== null ? '' : s.variant);
  s.solver = get('solver')?.trim() || s.solver;
  s.perfect = bool(get('perfect')) ?? s.perfect;
  s.braid = intIn(get('braid'), 0, 100) ?? s.braid;
  s.difficulty = intIn(get('difficulty'), 1, 10) ?? s.difficulty;
  s.entry = parsePoint(get('entry')) ?? s.entry;
  s.exit = parsePoint(get('exit')) ?? s.exit;
  const level = get('level')?.trim().toLowerCase();
  // A link that names no level means any maze (links are complete: toParams writes a level when there is one).
  s.level = level !== undefined && (LEVELS as readonly string[]).includes(level) ? (level as Level) : params.has(KEYS.seed) ? '' : s.level;
  const pattern = get('pattern');
  if (pattern === '42' || pattern === 'none') s.pattern = pattern;
  const theme = get('theme');
  const themeName = theme === null ? undefined : parseThemeName(theme);
  if (themeName) {
    // A link that names a theme shows it with only the colours the link itself names.
    s.theme = themeName;
    s.background = s.walls = s.path = s.pattern42 = '';
  }
  s.background = color(get('background')) ?? s.background;
  s.walls = color(get('walls')) ?? s.walls;
  s.path = color(get('path')) ?? s.path;
  s.pattern42 = color(get('pattern42')) ?? s.pattern42;
  s.showPath = bool(get('showPath')) ?? s.showPath;
  s.animate = bool(get('animate')) ?? s.animate;
  s.speed = intIn(get('speed'), 1, 1_000_000) ?? s.speed;
  if (!withinCellLimit(s)) {
    s.width = base.width;
    s.height = base.height;
  }
  // A new size without ends keeps the ends' places relative to the maze (corners stay corners).
  const ends = rescaleEnds(base, s);
  if (get('entry') === null) s.entry = ends.entry;
  if (get('exit') === null) s.exit = ends.exit;
  const hasMaze = [KEYS.width, KEYS.height, KEYS.seed, KEYS.generator, KEYS.grid].some((k) => params.has(k));
  return { settings: s, hasMaze };
}

/** Settings from the server's config (the CLI's `GET /api/config`), over `base`. */
export function fromConfig(config: { options?: Partial<SquareMazeOptions> & ConfigGridFields; solver?: string }, base: Settings): Settings {
  const s: Settings = { ...base };
  const o = config.options ?? {};
  s.grid = (typeof o.grid === 'string' ? gridKindOf(o.grid) : undefined) ?? 'square';
  s.shape = typeof o.shape === 'string' && (OUTLINES as readonly string[]).includes(o.shape) ? (o.shape as OutlineName) : '';
  s.wrap = typeof o.wrap === 'string' && (WRAPS as readonly string[]).includes(o.wrap) ? (o.wrap as Wrap) : 'none';
  s.mask = typeof o.maskText === 'string' ? normalizeMask(o.maskText) : '';
  if (typeof o.width === 'number' && typeof o.height === 'number' && withinCellLimit({ ...s, width: o.width, height: o.height })) {
    s.width = o.width;
    s.height = o.height;
  }
  if (o.seed !== undefined) s.seed = String(o.seed);
  if (typeof o.generator === 'string') s.generator = o.generator;
  s.variant = typeof o.variant === 'string' ? o.variant : '';
  if (typeof config.solver === 'string') s.solver = config.solver;
  if (typeof o.perfect === 'boolean') s.perfect = o.perfect;
  if (typeof o.braid === 'number') s.braid = o.braid;
  if (typeof o.difficulty === 'number') s.difficulty = o.difficulty;
  s.entry = (o.entry as ViewerEnd | undefined) ?? { x: 0, y: 0 };
  s.exit = (o.exit as ViewerEnd | undefined) ?? { x: s.width - 1, y: s.height - 1 };
  if (o.pattern === '42' || o.pattern === 'none') s.pattern = o.pattern;
  s.level = o.level !== undefined && LEVELS.includes(o.level) ? o.level : '';
  return s;
}

export function toMazeOptions(s: Settings): SquareMazeOptions {
  return {
    width: s.width,
    height: s.height,
    seed: s.seed,
    generator: s.generator,
    variant: s.variant || undefined,
    perfect: s.perfect,
    braid: s.braid,
    difficulty: s.difficulty,
    entry: s.entry as EndSpec,
    exit: s.exit as EndSpec,
    level: s.level || undefined,
    pattern: s.pattern,
  };
}

/** The fields of a grid config the server adds to SquareMazeOptions: the grid, its wrap and outline, and a mask as text. */
export interface ConfigGridFields {
  grid?: string;
  wrap?: string;
  shape?: string;
  maskText?: string;
}

/** True for the 42 subject's plain square grid (no wrap, outline or mask): the square engine, hex file and all. */
export function isPlainSquare(s: Pick<Settings, 'grid' | 'shape' | 'wrap' | 'mask'>): boolean {
  return s.grid === 'square' && s.shape === '' && s.wrap === 'none' && s.mask === '';
}

/** The library's options for a maze that is not a plain square one (generateMaze). */
export function toGridOptions(s: Settings): GridMazeRequest {
  return {
    ...toMazeOptions(s),
    // The 42 is drawn on the plain square grid only; the panel shows its menu unavailable elsewhere.
    pattern: 'none',
    grid: s.grid,
    wrap: s.wrap,
    shape: s.shape || undefined,
    mask: s.mask ? parseTextMask(s.mask) : undefined,
    entry: s.entry as GridMazeRequest['entry'],
    exit: s.exit as GridMazeRequest['exit'],
  };
}

/** A mask's text in the viewer's own form ('.' a cell, '#' none): what the URL and storage keep. */
export function normalizeMask(text: string): string {
  try {
    // The library's text form without its last newline.
    return maskToText(parseTextMask(text)).slice(0, -1);
  } catch {
    return '';
  }
}

/** Cells of the grid the settings describe, or undefined when the library would refuse the grid (the worker says why). */
export function gridCells(s: Pick<Settings, 'grid' | 'width' | 'height' | 'wrap'>): number | undefined {
  if (s.grid === 'square') return s.width * s.height;
  try {
    return createTopology({ grid: s.grid, width: s.width, height: s.height, wrap: s.wrap }).size;
  } catch {
    return undefined;
  }
}

/** True when the end names a cell of the grid (or is a side or rule, which the library resolves); unknown grids say yes and let the library answer. */
export function endInside(s: Pick<Settings, 'grid' | 'width' | 'height' | 'wrap'>, p: ViewerEnd): boolean {
  if (p === 'centre' || p === 'outer') return s.grid === 'polar';
  if (typeof p === 'string') return true;
  if (s.grid === 'square') return p.x < s.width && p.y < s.height;
  try {
    return createTopology({ grid: s.grid, width: s.width, height: s.height, wrap: s.wrap }).cellAt(p.x, p.y) >= 0;
  } catch {
    return true;
  }
}

/** The wraps the panel offers on a grid: the library's GRID_WRAPS. */
export function wrapsFor(grid: GridKind): readonly Wrap[] {
  return GRID_WRAPS[grid];
}

/** Ends that fit a new grid or outline: the polar centre and outer ring, a shape's top and bottom, else the corners. */
export function endsForGrid(s: Settings): Pick<Settings, 'entry' | 'exit'> {
  if (s.grid === 'polar') return { entry: 'centre', exit: 'outer' };
  if (s.shape || s.mask) return { entry: 'top', exit: 'bottom' };
  return { entry: { x: 0, y: 0 }, exit: { x: s.width - 1, y: s.height - 1 } };
}

export type { GridSide };

const STORAGE_KEY = 'a-maze-ing-viewer/v1';

export function loadStored(): URLSearchParams | undefined {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? new URLSearchParams(text) : undefined;
  } catch {
    return undefined; // storage disabled (private mode, file:// in some browsers)
  }
}

export function store(s: Settings): void {
  try {
    localStorage.setItem(STORAGE_KEY, toParams(s).toString());
  } catch {
    // Storage full or disabled: the URL still holds the state.
  }
}

/** The colours chosen over the theme, as the library's overrides. */
export function themeOverrides(s: Pick<Settings, 'background' | 'walls' | 'path' | 'pattern42'>): ThemeOverrides {
  const o: ThemeOverrides = {};
  if (s.background) o.background = s.background;
  if (s.walls) o.wall = s.walls;
  if (s.path) o.path = s.path;
  if (s.pattern42) o.pattern = s.pattern42;
  return o;
}

/** The library theme the settings draw with (unchecked: see colorProblem). */
export function themeFor(s: Settings): Theme {
  return resolveTheme(s.theme, themeOverrides(s), { check: false });
}

/** One line naming the two roles when the chosen colours would hide part of the maze, else undefined. */
export function colorProblem(s: Settings): string | undefined {
  const theme = themeFor(s);
  const clash = themeClashes(theme)[0];
  return clash ? describeClash(theme, clash) : undefined;
}

export { COLOR_NAMES };

/**
 * Entry and exit for a new size: a cell keeps its place relative to the maze (corners stay
 * corners, the middle stays the middle), clamped inside; sides and rules need nothing.
 */
export function rescaleEnds(previous: Pick<Settings, 'width' | 'height'>, next: Settings): Settings {
  // The polar grid's width and height are a ring count and rings: an index,ring end has no relative place to keep.
  if (next.grid === 'polar') return next;
  const move = (v: number, from: number, to: number): number =>
    from <= 1 ? Math.min(v, to - 1) : Math.max(0, Math.min(to - 1, Math.round((v * (to - 1)) / (from - 1))));
  const place = (p: ViewerEnd): ViewerEnd =>
    typeof p === 'string' ? p : { x: move(p.x, previous.width, next.width), y: move(p.y, previous.height, next.height) };
  return { ...next, entry: place(next.entry), exit: place(next.exit) };
}
