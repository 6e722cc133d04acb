/** Which library theme a terminal face draws with: --theme, THEME, or auto (COLORFGBG, else dark). */
import { COLORS, type ColorName } from 'mazegen/config';
import { parseThemeName, THEME_NAMES, themeForColorFgBg, type ThemeName } from 'mazegen/render';
import { UsageError } from '../errors.js';

/** The theme auto picks, and why (shown in the status line and docs). */
export function autoTheme(env: NodeJS.ProcessEnv): { name: ThemeName; why: string } {
  const fromTerminal = themeForColorFgBg(env.COLORFGBG);
  if (fromTerminal) return { name: fromTerminal, why: `auto, COLORFGBG=${env.COLORFGBG}` };
  // Most terminals are dark; every colour is explicit, so a dark picture stays readable on a light terminal too.
  return { name: 'dark', why: 'auto, no COLORFGBG' };
}

/** A --theme value: undefined and 'auto' leave the choice to the config and the terminal. */
export function themeFlag(text: string | undefined): ThemeName | undefined {
  if (text === undefined || text.trim().toLowerCase() === 'auto') return undefined;
  const name = parseThemeName(text);
  if (!name) throw new UsageError(`--theme must be auto or one of ${THEME_NAMES.join(', ')}, got '${text}'`);
  return name;
}

/** The theme name to use: the flag, else the config's THEME, else auto; with the reason for the status line. */
export function chooseTheme(
  flag: ThemeName | undefined,
  configured: ThemeName | undefined,
  env: NodeJS.ProcessEnv,
): { name: ThemeName; why: string } {
  if (flag) return { name: flag, why: '--theme' };
  if (configured) return { name: configured, why: 'THEME' };
  return autoTheme(env);
}

/** The 13 colour names a key cycles through (the theme check skips those that would hide something). */
export const CYCLE_COLORS: readonly ColorName[] = Object.keys(COLORS) as ColorName[];

/** A colour as the status line shows it: its name where it has one, else #rrggbb. */
export function shortColorLabel(hex: string): string {
  return CYCLE_COLORS.find((name) => COLORS[name] === hex) ?? hex;
}
