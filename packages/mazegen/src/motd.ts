import type { SquareMazeOptions } from './generate-options.js';
import { COMPLEXITY_LEVELS, DIMENSIONS, gridForWindow, mazeOfTheDaySeed } from './presets.js';

/**
 * The Maze of the Day is the same maze for everyone on a UTC date, so its size does not
 * follow anyone's settings: Medium complexity in the Medium window (24x24), start on
 * the bottom row and end on the top row (the MATLAB seed), cells picked from the seed.
 */
export function mazeOfTheDayOptions(date: Date): SquareMazeOptions {
  const medium = COMPLEXITY_LEVELS[2].cellSize;
  const { width, height } = gridForWindow(DIMENSIONS[1].pixels, medium);
  // Every option spelled out, so a face that keeps other settings (the viewer) replaces them all.
  return {
    width,
    height,
    seed: mazeOfTheDaySeed(date),
    generator: 'DFS',
    difficulty: 5,
    pattern: '42',
    entry: 'bottom',
    exit: 'top',
    perfect: true,
  };
}

/** A YYYY-MM-DD text as a UTC date, or undefined when it is not a real calendar date. */
export function parseUtcDate(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text.trim() ? date : undefined;
}
