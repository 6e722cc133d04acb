/**
 * Named settings shared by every face (menu, terminal, viewer): the C seed's colours,
 * complexity levels and window dimensions, and the Maze of the Day seed.
 */

/** The C seed's 13 colour names, with the RGB each face draws them in. */
export const COLOR_NAMES = [
  'black',
  'blue',
  'cyan',
  'darkgray',
  'gray',
  'green',
  'lightgray',
  'magenta',
  'orange',
  'pink',
  'red',
  'white',
  'yellow',
] as const;
export type ColorName = (typeof COLOR_NAMES)[number];

export const COLORS: Readonly<Record<ColorName, string>> = {
  black: '#000000',
  blue: '#1f4fd6',
  cyan: '#00b7c7',
  darkgray: '#555555',
  gray: '#808080',
  green: '#1f9d3a',
  lightgray: '#c8c8c8',
  magenta: '#c2169f',
  orange: '#f28c18',
  pink: '#ff8fc3',
  red: '#d62828',
  white: '#ffffff',
  yellow: '#f5d90a',
};

/** True when `name` is exactly one of the colour names (lower case); see parseColorName for user text. */
export function isColorName(name: string): name is ColorName {
  return (COLOR_NAMES as readonly string[]).includes(name);
}

/** The colour name for user text (case and spaces ignored, 'grey' accepted), or undefined. */
export function parseColorName(text: string): ColorName | undefined {
  const key = text.trim().toLowerCase().replace(/\s+/g, '').replace(/grey/g, 'gray');
  return isColorName(key) ? key : undefined;
}

/** The C seed's complexity levels: the cell size in pixels sets how many cells fit. */
export const COMPLEXITY_LEVELS = [
  { name: 'Very Easy', cellSize: 30 },
  { name: 'Easy', cellSize: 20 },
  { name: 'Medium', cellSize: 15 },
  { name: 'Hard', cellSize: 10 },
  { name: 'Very Hard', cellSize: 6 },
  { name: 'Impossible', cellSize: 4 },
] as const;

/** The C seed's window dimensions, in pixels (square). */
export const DIMENSIONS = [
  { name: 'Small', pixels: 180 },
  { name: 'Medium', pixels: 360 },
  { name: 'Large', pixels: 540 },
] as const;

/** Grid size for a window of `pixels` at a cell size: Medium (360) at Medium (15) is 24x24. */
export function gridForWindow(pixels: number, cellSize: number): { width: number; height: number } {
  const n = Math.max(1, Math.floor(pixels / cellSize));
  return { width: n, height: n };
}

/** UTC calendar date as YYYY-MM-DD. */
export function utcDateKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The Maze of the Day's seed: the same for everyone on a UTC date, new the next day. */
export function mazeOfTheDaySeed(date: Date): string {
  return `motd-${utcDateKey(date)}`;
}
