import { OptionError } from '../errors.js';
import { COLORS, parseColorName, type ColorName } from '../presets.js';
import { ownEntry } from '../own-entry.js';
import { didYouMean } from '../suggest.js';

/**
 * The one palette of the product: every face (terminal, menu, viewer, exports) draws a maze
 * with one of these themes, so a maze looks the same wherever it is shown.
 */

/** What a colour is for. `border` is the outer wall; the others are what a user tells apart. */
export const THEME_ROLES = ['background', 'wall', 'border', 'path', 'entry', 'exit', 'pattern'] as const;
export type ThemeRole = (typeof THEME_ROLES)[number];

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
  /**
   * When set, every cell is tinted by its distance from the entry with these colours, near
   * first (the distance theme; see distanceShading in render/distance.ts).
   */
  distance?: readonly string[];
}

/**
 * The distance theme's ramp, near the entry to far: pale yellow through orange and pink to
 * violet. Its luminance falls at every step (the order reads in grey too), and each colour
 * keeps the walls (black) and the path (pure blue, which black cannot be mistaken for) above 3:1, which distance.test.ts checks.
 */
export const DISTANCE_PALETTE: readonly string[] = [
  '#fff3b0',
  '#ffe08a',
  '#ffc870',
  '#ffad66',
  '#fc9272',
  '#f47b8e',
  '#e070ab',
  '#c870c6',
  '#a878d8',
  '#8a80e0',
];

/** Words a message uses for each role. */
export const ROLE_LABELS: Readonly<Record<ThemeRole, string>> = {
  background: 'background',
  wall: 'wall',
  border: 'border',
  path: 'path',
  entry: 'entry mark',
  exit: 'exit mark',
  pattern: "'42'",
};

/**
 * The named themes. Each keeps every role readable: at least 3:1 against the background and no
 * two roles alike (see themeClashes), which a test checks for every one of them.
 * - `default`: black walls on white paper, as the exports have always been drawn.
 * - `light`: softer ink on off-white, for light terminals and screens.
 * - `dark`: light walls on near-black, for dark terminals.
 * - `high-contrast`: pure white on black with saturated marks.
 * - `distance`: black on white with every cell tinted by its distance from the entry
 *   (DISTANCE_PALETTE, pale near, violet far), the flood of Mazes for Programmers.
 * - `matlab`: the MATLAB seed's heatmap of the block matrix (grey walls, blue passages, orange
 *   start and end), walls as thick as passages; its 42 is white so it stands apart from the marks.
 */
export const THEMES = {
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
  light: {
    name: 'light',
    background: '#fafaf7',
    wall: '#333333',
    border: '#333333',
    path: '#1f4fd6',
    entry: '#1f8a3a',
    exit: '#c0262d',
    pattern: '#8a6d3b',
    wallRatio: 0.125,
  },
  dark: {
    name: 'dark',
    background: '#1b1d23',
    wall: '#d4d4d4',
    border: '#d4d4d4',
    path: '#f5d90a',
    entry: '#3ddc84',
    exit: '#ff6b6b',
    pattern: '#00b7c7',
    wallRatio: 0.125,
  },
  'high-contrast': {
    name: 'high-contrast',
    background: '#000000',
    wall: '#ffffff',
    border: '#ffffff',
    path: '#ffff00',
    entry: '#00ff00',
    exit: '#ff40ff',
    pattern: '#00ffff',
    wallRatio: 0.125,
  },
  matlab: {
    name: 'matlab',
    background: '#2850a8',
    wall: '#b0b0b0',
    border: '#d8d8d8',
    path: '#ffe14d',
    entry: '#ff9933',
    exit: '#ff9933',
    pattern: '#ffffff',
    wallRatio: 0.5,
  },
  distance: {
    name: 'distance',
    background: COLORS.white,
    wall: COLORS.black,
    border: COLORS.black,
    path: '#0000cc',
    entry: '#1f8a3a',
    exit: '#c0262d',
    pattern: '#5a5a5a',
    wallRatio: 0.125,
    distance: DISTANCE_PALETTE,
  },
} as const satisfies Record<string, Theme>;

export type ThemeName = keyof typeof THEMES;
export const THEME_NAMES = Object.keys(THEMES) as ThemeName[];

/** Other spellings users reach for; keys are compared without case, spaces, '-' and '_'. */
const THEME_ALIASES: Readonly<Record<string, ThemeName>> = {
  classic: 'default',
  paper: 'default',
  highcontrast: 'high-contrast',
  contrast: 'high-contrast',
  hc: 'high-contrast',
  heatmap: 'matlab',
  distances: 'distance',
  flood: 'distance',
  blockmatrix: 'matlab',
};

/** The theme name for user text (case, spaces, '-' and '_' ignored; aliases accepted), or undefined. */
export function parseThemeName(text: string): ThemeName | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  for (const name of THEME_NAMES) if (name.replace(/-/g, '') === key) return name;
  return ownEntry(THEME_ALIASES, key);
}

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
export type ThemeOverrides = Partial<Record<ThemeRole, string>>;

/**
 * A theme by name with overrides applied. A wall colour also colours the border. When any
 * override is given, the result is checked (checkTheme): a choice that hides part of the maze
 * is an OptionError naming the two roles; `{ check: false }` leaves that to the caller.
 */
export function resolveTheme(name: string = 'default', overrides: ThemeOverrides = {}, options: { check?: boolean } = {}): Theme {
  const key = parseThemeName(name);
  if (!key) throw new OptionError('theme', `theme must be one of ${THEME_NAMES.join(', ')}, got '${name}'${didYouMean(name, THEME_NAMES)}`);
  const theme: Theme = { ...THEMES[key] };
  let overridden = false;
  for (const [field, value] of Object.entries(overrides) as [ThemeRole, string | undefined][]) {
    if (value === undefined) continue;
    theme[field] = resolveColor(value, field === 'background' ? 'background' : `${field} colour`);
    if (field === 'wall' && overrides.border === undefined) theme.border = theme[field];
    overridden = true;
  }
  if (overridden && options.check !== false) checkTheme(theme);
  return theme;
}

/** WCAG relative luminance of '#rrggbb', from 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const channel = (at: number): number => {
    const v = parseInt(hex.slice(at, at + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two '#rrggbb' colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The least contrast a role needs against the background (WCAG's bar for graphics). */
export const MIN_CONTRAST = 3;

/** Two roles a user could not tell apart. */
export interface ThemeClash {
  roles: readonly [ThemeRole, ThemeRole];
  /** 'contrast': the first role is too faint on the background; 'same': both have one colour. */
  kind: 'contrast' | 'same';
  /** The contrast ratio of the two colours. */
  ratio: number;
}

/** Roles that must stand out from the background and from each other. */
const FOREGROUND_ROLES: readonly ThemeRole[] = ['wall', 'path', 'entry', 'exit', 'pattern'];

/** Pairs allowed one colour: the border is a wall; entry and exit are both "a mark". */
function mayShare(a: ThemeRole, b: ThemeRole): boolean {
  const pair = [a, b].sort().join(' ');
  return pair === 'border wall' || pair === 'entry exit';
}

/**
 * Every pair of roles that would hide part of the maze: a role below MIN_CONTRAST against
 * the background, or two roles with the same colour (other than wall/border and entry/exit).
 */
export function themeClashes(theme: Theme): ThemeClash[] {
  const clashes: ThemeClash[] = [];
  for (const role of [...FOREGROUND_ROLES, 'border' as const]) {
    const ratio = contrastRatio(theme[role], theme.background);
    if (ratio < MIN_CONTRAST) clashes.push({ roles: [role, 'background'], kind: 'contrast', ratio });
  }
  for (let i = 0; i < FOREGROUND_ROLES.length; i++) {
    for (let j = i + 1; j < FOREGROUND_ROLES.length; j++) {
      const [a, b] = [FOREGROUND_ROLES[i], FOREGROUND_ROLES[j]];
      if (theme[a] === theme[b] && !mayShare(a, b)) clashes.push({ roles: [a, b], kind: 'same', ratio: 1 });
    }
  }
  return clashes;
}

/** A colour as a user named it: its name where it is one of the 13, else its hex. */
export function colorLabel(hex: string): string {
  const name = (Object.keys(COLORS) as ColorName[]).find((n) => COLORS[n] === hex);
  return name ? `${name} (${hex})` : hex;
}

/** One line that says why a clash hides the maze. */
export function describeClash(theme: Theme, clash: ThemeClash): string {
  const [a, b] = clash.roles;
  if (clash.kind === 'same') {
    return `the ${ROLE_LABELS[a]} and ${ROLE_LABELS[b]} colours are both ${colorLabel(theme[a])}: choose another for one of them`;
  }
  return (
    `the ${ROLE_LABELS[a]} colour ${colorLabel(theme[a])} is too faint on the ${ROLE_LABELS[b]} ${colorLabel(theme[b])} ` +
    `(contrast ${clash.ratio.toFixed(2)}:1, at least ${MIN_CONTRAST}:1 needed)`
  );
}

/** Throws an OptionError (key 'theme') naming the first two roles that clash; otherwise returns. */
export function checkTheme(theme: Theme): void {
  const clash = themeClashes(theme)[0];
  if (clash) throw new OptionError('theme', describeClash(theme, clash));
}

/**
 * The next colour for `role` after `current` in `cycle` that keeps the theme free of clashes
 * (key cycles skip colours that would hide something); `current` itself when none other fits.
 */
export function nextThemeColor(theme: Theme, role: ThemeRole, cycle: readonly ColorName[], current?: ColorName): ColorName | undefined {
  const start = current === undefined ? -1 : cycle.indexOf(current);
  for (let step = 1; step <= cycle.length; step++) {
    const candidate = cycle[(start + step + cycle.length) % cycle.length];
    const trial: Theme = { ...theme, [role]: COLORS[candidate] };
    if (role === 'wall') trial.border = COLORS[candidate];
    if (themeClashes(trial).length === 0) return candidate;
  }
  return current;
}

/**
 * Light or dark from the COLORFGBG variable some terminals set ("fg;bg" or "fg;x;bg"): a
 * background of colour 7 or 9..15 is light, 0..6 or 8 dark; undefined when absent or unreadable.
 */
export function themeForColorFgBg(value: string | undefined): 'light' | 'dark' | undefined {
  if (!value) return undefined;
  const last = value.split(';').pop()?.trim() ?? '';
  if (!/^\d{1,2}$/.test(last)) return undefined;
  const bg = Number(last);
  if (bg > 15) return undefined;
  return bg === 7 || bg >= 9 ? 'light' : 'dark';
}
