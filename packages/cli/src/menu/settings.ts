/**
 * The menu's settings file (the C seed's data/settings.txt, as JSON): complexity,
 * colours, window dimensions, difficulty level, ends, and the last maze shown so `2` can solve it in a later run.
 */
import { existsSync, lstatSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { LEVELS, type Level } from 'mazegen';
import { COLOR_NAMES, COMPLEXITY_LEVELS, DIMENSIONS, MAX_CONFIG_BYTES, utcDateKey, type ColorName } from 'mazegen/config';
import { writeFileAtomic } from '../io.js';
import { readTextFile } from '../read-input.js';

const SETTINGS_VERSION = 1;

export type ComplexityName = (typeof COMPLEXITY_LEVELS)[number]['name'];
export type DimensionName = (typeof DIMENSIONS)[number]['name'];
/** The menu's difficulty level: a LEVEL, or 'none' for the seed's own maze. */
export type LevelChoice = 'none' | Level;
export const LEVEL_CHOICES: readonly LevelChoice[] = ['none', ...LEVELS];
/** Where the menu's mazes start and end: the bottom and top rows, EXIT=farthest, or ENTRY=EXIT=hardest. */
export type EndsRule = 'rows' | 'farthest' | 'hardest';
export const ENDS_RULES: readonly EndsRule[] = ['rows', 'farthest', 'hardest'];

/** The maze on screen: enough to draw it again. */
export interface LastMaze {
  kind: 'random' | 'motd';
  seed: string;
  width: number;
  height: number;
  /** The UTC date of a Maze of the Day. */
  date?: string;
  /** The level and ends a random maze was made with (absent: none, rows). */
  level?: Level;
  ends?: Exclude<EndsRule, 'rows'>;
}

export interface Settings {
  version: number;
  complexity: ComplexityName;
  background: ColorName;
  foreground: ColorName;
  dimensions: DimensionName;
  level: LevelChoice;
  ends: EndsRule;
  last: LastMaze | null;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  version: SETTINGS_VERSION,
  complexity: 'Medium',
  background: 'black',
  foreground: 'white',
  dimensions: 'Medium',
  level: 'none',
  ends: 'rows',
  last: null,
});

export function defaultSettings(): Settings {
  return { ...DEFAULT_SETTINGS };
}

/** The largest settings file read (as config files): anything bigger is damaged, not settings. */
export const MAX_SETTINGS_BYTES = MAX_CONFIG_BYTES;

/** Shown in a warning: a value, cut when long. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}... (${text.length} characters)` : text;
}

/** Sides of a maze the menu can have drawn (the smallest window at the largest cells is 6). */
const LAST_MAZE_SIDE = { min: 2, max: 1000 };

/** Why the saved last maze cannot be drawn again (undefined when it can). */
function lastMazeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `the last maze ${shown(value)} is not an object`;
  const l = value as Record<string, unknown>;
  if (l.kind === 'motd') {
    const date = l.date;
    if (
      typeof date !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
      utcDateKey(new Date(`${date}T00:00:00Z`)) !== date
    ) {
      return `the last Maze of the Day has the date ${shown(date)}, not a real YYYY-MM-DD`;
    }
    return undefined;
  }
  if (l.kind !== 'random') return `the last maze has the kind ${shown(l.kind)}, not "random" or "motd"`;
  if (typeof l.seed !== 'string' || l.seed === '') return `the last maze has the seed ${shown(l.seed)}, not a text`;
  for (const key of ['width', 'height'] as const) {
    const n = l[key];
    if (!Number.isInteger(n) || (n as number) < LAST_MAZE_SIDE.min || (n as number) > LAST_MAZE_SIDE.max) {
      return `the last maze's ${key} ${shown(n)} is not a whole number ${LAST_MAZE_SIDE.min}..${LAST_MAZE_SIDE.max}`;
    }
  }
  if (l.level !== undefined && !(LEVELS as readonly unknown[]).includes(l.level))
    return `the last maze has the level ${shown(l.level)}, not one of ${LEVELS.join(', ')}`;
  if (l.ends !== undefined && l.ends !== 'farthest' && l.ends !== 'hardest')
    return `the last maze has the ends ${shown(l.ends)}, not "farthest" or "hardest"`;
  return undefined;
}

export interface LoadedSettings {
  settings: Settings;
  /** One line for the user when the file could not be used whole (the defaults replace what is damaged). */
  warning?: string;
  /** The file is not the menu's (not a JSON object: another program's settings, say): never written over. */
  leaveAlone?: boolean;
}

/**
 * Reads the settings; a missing file is the defaults. A damaged file is never fatal:
 * every damaged field is named in one warning and replaced by its default, the good
 * fields are kept, and the file is rewritten.
 */
export function loadSettings(path: string): LoadedSettings {
  let text: string;
  try {
    if (!existsSync(path) && !lstatExists(path)) return { settings: defaultSettings() };
    text = readTextFile(path, { what: 'settings file', maxBytes: MAX_SETTINGS_BYTES, expected: 'the JSON the menu writes' });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { settings: defaultSettings(), warning: `${message}; using the defaults for this run only`, leaveAlone: true };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { settings: defaultSettings(), warning: notOurs(path, 'is not JSON'), leaveAlone: true };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { settings: defaultSettings(), warning: notOurs(path, 'is JSON but not an object'), leaveAlone: true };
  }
  const s = value as Record<string, unknown>;
  const settings = defaultSettings();
  const damaged: string[] = [];
  if (s.version !== SETTINGS_VERSION) damaged.push(`version ${shown(s.version)} is not ${SETTINGS_VERSION}`);
  if (COMPLEXITY_LEVELS.some((l) => l.name === s.complexity)) settings.complexity = s.complexity as ComplexityName;
  else damaged.push(`unknown complexity ${shown(s.complexity)}`);
  if (DIMENSIONS.some((d) => d.name === s.dimensions)) settings.dimensions = s.dimensions as DimensionName;
  else damaged.push(`unknown dimensions ${shown(s.dimensions)}`);
  // Absent in files written before the menu had them: the defaults, without a warning.
  if ((LEVEL_CHOICES as readonly unknown[]).includes(s.level)) settings.level = s.level as LevelChoice;
  else if (s.level !== undefined) damaged.push(`unknown level ${shown(s.level)}`);
  if ((ENDS_RULES as readonly unknown[]).includes(s.ends)) settings.ends = s.ends as EndsRule;
  else if (s.ends !== undefined) damaged.push(`unknown ends ${shown(s.ends)}`);
  for (const key of ['background', 'foreground'] as const) {
    if ((COLOR_NAMES as readonly unknown[]).includes(s[key])) settings[key] = s[key] as ColorName;
    else damaged.push(`unknown ${key} colour ${shown(s[key])}`);
  }
  // The same colour twice would draw nothing visible.
  if (settings.background === settings.foreground) {
    damaged.push(`background and foreground are both ${settings.background}`);
    settings.background = DEFAULT_SETTINGS.background;
    settings.foreground = DEFAULT_SETTINGS.foreground;
  }
  if (s.last !== null && s.last !== undefined) {
    const why = lastMazeProblem(s.last);
    if (why) damaged.push(why);
    else {
      const l = s.last as LastMaze;
      const made = l.kind === 'motd' ? { date: l.date } : { ...(l.level ? { level: l.level } : {}), ...(l.ends ? { ends: l.ends } : {}) };
      settings.last = { kind: l.kind, seed: String(l.seed), width: l.width, height: l.height, ...made };
    }
  }
  if (damaged.length === 0) return { settings };
  return {
    settings,
    warning: `settings file '${path}': ${damaged.join('; ')}; using the defaults for ${damaged.length === 1 ? 'that field' : 'those fields'} (the file is mended at your next change)`,
  };
}

/** The warning for a file that is not the menu's settings at all. */
function notOurs(path: string, what: string): string {
  return `settings file '${path}' ${what}, so it is not the menu's; it is left as it is, and these settings last for this run only`;
}

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Writes the settings atomically, creating the directory; returns a warning instead of throwing. */
export function saveSettings(path: string, settings: Settings): string | undefined {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, JSON.stringify(settings, null, 2) + '\n', 'settings file');
    return undefined;
  } catch (error) {
    return error instanceof Error ? `${error.message}; settings are kept for this run only` : String(error);
  }
}
