import { COLOR_NAMES, COLORS, SIDES, THEMES as LIBRARY_THEMES, isColorName, type ColorName, type EndSpec, type MazeOptions, type Point, type Side } from 'mazegen';

/** Everything the viewer shows; the URL and localStorage hold it as text. */
export interface Settings {
  width: number;
  height: number;
  seed: string;
  generator: string;
  variant: string;
  solver: string;
  perfect: boolean;
  braid: number;
  difficulty: number;
  entry: EndSpec;
  exit: EndSpec;
  pattern: '42' | 'none';
  theme: ThemeName;
  background: ColorName;
  walls: ColorName;
  path: ColorName;
  pattern42: ColorName;
  showPath: boolean;
  animate: boolean;
  /** Steps played per frame. */
  speed: number;
}

export type ThemeName = 'classic' | 'heatmap';
export const THEMES: readonly { name: ThemeName; label: string }[] = [
  { name: 'classic', label: 'Classic (colours below)' },
  { name: 'heatmap', label: 'MATLAB heatmap' },
];

/** The largest maze side the viewer accepts, and its cell budget (the pixel image stays below 64 MB). */
export const MAX_SIDE = 4000;
export const MAX_VIEWER_CELLS = 4_000_000;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
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
  pattern: '42',
  theme: 'classic',
  background: 'white',
  walls: 'black',
  path: 'blue',
  pattern42: 'orange',
  showPath: true,
  animate: false,
  speed: 20,
});

/** Walls cycle through these on key 3 (all readable on white and on black). */
export const WALL_CYCLE: readonly ColorName[] = ['black', 'blue', 'red', 'green', 'magenta', 'darkgray', 'orange', 'cyan', 'yellow', 'white'];

/** Speeds offered by the slider, in steps per frame. */
export const SPEEDS: readonly number[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 200_000];

export function pointText(p: EndSpec): string {
  return typeof p === 'string' ? p : `${p.x},${p.y}`;
}

export function parsePoint(text: string | null | undefined): Point | Side | undefined {
  if (!text) return undefined;
  const t = text.trim().toLowerCase();
  if ((SIDES as readonly string[]).includes(t)) return t as Side;
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

function color(text: string | null | undefined): ColorName | undefined {
  const t = text?.trim().toLowerCase();
  return t && isColorName(t) ? t : undefined;
}

/** Short names used in the URL and in storage. */
const KEYS = {
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
  params.set(KEYS.pattern, s.pattern);
  params.set(KEYS.theme, s.theme);
  params.set(KEYS.background, s.background);
  params.set(KEYS.walls, s.walls);
  params.set(KEYS.path, s.path);
  params.set(KEYS.pattern42, s.pattern42);
  params.set(KEYS.showPath, s.showPath ? '1' : '0');
  params.set(KEYS.animate, s.animate ? '1' : '0');
  params.set(KEYS.speed, String(s.speed));
  return params;
}

/** Reads whatever valid values `params` holds over `base`; returns also whether any maze key was present. */
export function fromParams(params: URLSearchParams, base: Settings): { settings: Settings; hasMaze: boolean } {
  const s: Settings = { ...base };
  const get = (k: keyof typeof KEYS): string | null => params.get(KEYS[k]);
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
  const pattern = get('pattern');
  if (pattern === '42' || pattern === 'none') s.pattern = pattern;
  const theme = get('theme');
  if (theme === 'classic' || theme === 'heatmap') s.theme = theme;
  s.background = color(get('background')) ?? s.background;
  s.walls = color(get('walls')) ?? s.walls;
  s.path = color(get('path')) ?? s.path;
  s.pattern42 = color(get('pattern42')) ?? s.pattern42;
  s.showPath = bool(get('showPath')) ?? s.showPath;
  s.animate = bool(get('animate')) ?? s.animate;
  s.speed = intIn(get('speed'), 1, 1_000_000) ?? s.speed;
  if (s.width * s.height > MAX_VIEWER_CELLS) {
    s.width = base.width;
    s.height = base.height;
  }
  const hasMaze = [KEYS.width, KEYS.height, KEYS.seed, KEYS.generator].some((k) => params.has(k));
  return { settings: s, hasMaze };
}

/** Settings from the server's config (the CLI's `GET /api/config`), over `base`. */
export function fromConfig(config: { options?: Partial<MazeOptions>; solver?: string }, base: Settings): Settings {
  const s: Settings = { ...base };
  const o = config.options ?? {};
  if (typeof o.width === 'number' && typeof o.height === 'number' && o.width * o.height <= MAX_VIEWER_CELLS) {
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
  s.entry = o.entry ?? { x: 0, y: 0 };
  s.exit = o.exit ?? { x: s.width - 1, y: s.height - 1 };
  if (o.pattern === '42' || o.pattern === 'none') s.pattern = o.pattern;
  return s;
}

export function toMazeOptions(s: Settings): MazeOptions {
  return {
    width: s.width,
    height: s.height,
    seed: s.seed,
    generator: s.generator,
    variant: s.variant || undefined,
    perfect: s.perfect,
    braid: s.braid,
    difficulty: s.difficulty,
    entry: s.entry,
    exit: s.exit,
    pattern: s.pattern,
  };
}

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

/** Colours for each paint, by theme. */
export interface Colors {
  background: string;
  walls: string;
  path: string;
  pattern42: string;
  entry: string;
  exit: string;
  frontier: string;
  visited: string;
  retreated: string;
}

function mix(a: string, b: string, share: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    out |= Math.round(ca + (cb - ca) * share) << shift;
  }
  return `#${out.toString(16).padStart(6, '0')}`;
}

export function colorsFor(s: Settings): Colors {
  if (s.theme === 'heatmap') {
    // The MATLAB seed's imagesc look, in the library's heatmap colours (as the SVG and PNG exports draw it).
    const heat = LIBRARY_THEMES.matlab;
    return {
      background: heat.background,
      walls: heat.wall,
      path: heat.path,
      pattern42: COLORS[s.pattern42],
      entry: heat.entry,
      exit: heat.exit,
      frontier: '#6fd0e0',
      visited: '#4fb3a8',
      retreated: '#1d3f91',
    };
  }
  const bg = COLORS[s.background];
  const pathColor = COLORS[s.path];
  return {
    background: bg,
    walls: COLORS[s.walls],
    path: pathColor,
    pattern42: COLORS[s.pattern42],
    entry: '#1f9d3a',
    exit: '#d62828',
    frontier: mix(bg, COLORS.cyan, 0.55),
    visited: mix(bg, COLORS.yellow, 0.6),
    retreated: mix(bg, COLORS.gray, 0.35),
  };
}

export { COLOR_NAMES };
