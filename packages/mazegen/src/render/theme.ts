import { OptionError } from '../errors.js';
import { COLORS, parseColorName } from '../presets.js';

/** The colours of a maze picture, each '#rrggbb'. */
export interface Theme {
  name: string;
  /** Passages and the margin. */
  background: string;
  /** Inner walls. */
  wall: string;
  /** The outer border. */
  border: string;
  /** The solution line. */
  path: string;
  entry: string;
  exit: string;
  /** The cells of the 42 pattern. */
  pattern: string;
  /** Wall thickness as a share of the cell size (at least one pixel is drawn). */
  wallRatio: number;
}

/**
 * `default`: dark walls on white. `heatmap`: the MATLAB seed's heatmap of the block
 * matrix: grey walls, blue paths, orange start and end, with walls as thick as the
 * passages so the picture is the matrix itself.
 */
export const THEMES: Readonly<Record<'default' | 'heatmap', Theme>> = {
  default: {
    name: 'default',
    background: COLORS.white,
    wall: COLORS.black,
    border: COLORS.black,
    path: COLORS.red,
    entry: COLORS.green,
    exit: COLORS.blue,
    pattern: COLORS.gray,
    wallRatio: 0.125,
  },
  heatmap: {
    name: 'heatmap',
    background: COLORS.blue,
    wall: COLORS.gray,
    border: COLORS.darkgray,
    path: COLORS.yellow,
    entry: COLORS.orange,
    exit: COLORS.orange,
    pattern: COLORS.lightgray,
    wallRatio: 0.5,
  },
};

export type ThemeName = keyof typeof THEMES;
export const THEME_NAMES = Object.keys(THEMES) as ThemeName[];

/** A colour given by one of the 13 names or as #rrggbb / #rgb, as '#rrggbb'. */
export function resolveColor(text: string, key = 'colour'): string {
  const name = parseColorName(text);
  if (name) return COLORS[name];
  const hex = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^#[0-9a-f]{3}$/.test(hex)) return `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`;
  throw new OptionError(key, `${key} must be a colour name (${Object.keys(COLORS).join(', ')}) or #rrggbb, got '${text}'`);
}

/** Colour overrides by name or #rrggbb; unset ones keep the theme's colour. */
export type ThemeOverrides = Partial<Record<'background' | 'wall' | 'border' | 'path' | 'entry' | 'exit' | 'pattern', string>>;

/** A theme by name with overrides applied. A wall colour also colours the border. */
export function resolveTheme(name: string = 'default', overrides: ThemeOverrides = {}): Theme {
  const key = name.trim().toLowerCase();
  if (!(THEME_NAMES as string[]).includes(key)) {
    throw new OptionError('theme', `theme must be one of ${THEME_NAMES.join(', ')}, got '${name}'`);
  }
  const theme: Theme = { ...THEMES[key as ThemeName] };
  for (const [field, value] of Object.entries(overrides) as [keyof ThemeOverrides, string | undefined][]) {
    if (value === undefined) continue;
    theme[field] = resolveColor(value, field === 'background' ? 'background' : `${field} colour`);
    if (field === 'wall' && overrides.border === undefined) theme.border = theme[field];
  }
  return theme;
}
