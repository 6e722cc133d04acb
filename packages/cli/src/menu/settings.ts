/**
 * The menu's settings file (the C seed's data/settings.txt, as JSON): complexity,
 * colours, window dimensions, and the last maze shown so `2` can solve it in a later run.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { COLOR_NAMES, COMPLEXITY_LEVELS, DIMENSIONS, type ColorName } from 'mazegen';
import { describeFsError, writeFileAtomic } from '../io.js';

const SETTINGS_VERSION = 1;

export type ComplexityName = (typeof COMPLEXITY_LEVELS)[number]['name'];
export type DimensionName = (typeof DIMENSIONS)[number]['name'];

/** The maze on screen: enough to draw it again. */
export interface LastMaze {
  kind: 'random' | 'motd';
  seed: string;
  width: number;
  height: number;
  /** The UTC date of a Maze of the Day. */
  date?: string;
}

export interface Settings {
  version: number;
  complexity: ComplexityName;
  background: ColorName;
  foreground: ColorName;
  dimensions: DimensionName;
  last: LastMaze | null;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  version: SETTINGS_VERSION,
  complexity: 'Medium',
  background: 'black',
  foreground: 'white',
  dimensions: 'Medium',
  last: null,
});

export function defaultSettings(): Settings {
  return { ...DEFAULT_SETTINGS };
}

/** `$XDG_CONFIG_HOME/a-maze-ing/settings.json`, else `~/.config/a-maze-ing/settings.json`. */
export function defaultSettingsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(env.HOME || homedir(), '.config');
  return join(base, 'a-maze-ing', 'settings.json');
}

/** Why `value` is not a valid settings object (undefined when it is). */
function problem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const s = value as Record<string, unknown>;
  if (s.version !== SETTINGS_VERSION) return `version ${JSON.stringify(s.version)} is not ${SETTINGS_VERSION}`;
  if (!COMPLEXITY_LEVELS.some((l) => l.name === s.complexity)) return `unknown complexity ${JSON.stringify(s.complexity)}`;
  if (!DIMENSIONS.some((d) => d.name === s.dimensions)) return `unknown dimensions ${JSON.stringify(s.dimensions)}`;
  for (const key of ['background', 'foreground'] as const) {
    if (!(COLOR_NAMES as readonly unknown[]).includes(s[key])) return `unknown ${key} colour ${JSON.stringify(s[key])}`;
  }
  if (s.last !== null && s.last !== undefined) {
    const l = s.last as Record<string, unknown>;
    const size = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 1000;
    if (typeof l !== 'object' || (l.kind !== 'random' && l.kind !== 'motd') || typeof l.seed !== 'string' || !size(l.width) || !size(l.height)) {
      return 'the last maze entry is malformed';
    }
  }
  return undefined;
}

export interface LoadedSettings {
  settings: Settings;
  /** One line for the user when the file could not be used (the defaults are used instead). */
  warning?: string;
}

/** Reads the settings; a missing file is the defaults, a bad one is the defaults plus a warning. */
export function loadSettings(path: string): LoadedSettings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: defaultSettings() };
    return { settings: defaultSettings(), warning: `cannot read settings file '${path}' (${describeFsError(error)}); using the defaults` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { settings: defaultSettings(), warning: `settings file '${path}' is not valid JSON; using the defaults and replacing it` };
  }
  const why = problem(value);
  if (why) return { settings: defaultSettings(), warning: `settings file '${path}' is unusable (${why}); using the defaults and replacing it` };
  const s = value as Settings;
  return { settings: { version: SETTINGS_VERSION, complexity: s.complexity, background: s.background, foreground: s.foreground, dimensions: s.dimensions, last: s.last ?? null } };
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
