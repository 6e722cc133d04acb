import { ALL_WALLS, BLOCKED, type Maze, type Point } from './maze.js';

/** The "42" drawn in closed cells: 7 wide, 5 tall ('X' = closed). */
export const PATTERN_ROWS: readonly string[] = ['X...XXX', 'X.....X', 'XXX.XXX', '..X.X..', '..X.XXX'];
export const PATTERN_WIDTH = 7;
export const PATTERN_HEIGHT = 5;

/**
 * The pattern is drawn only with at least one free cell on every side of its box, so
 * that the free cells stay connected around it: width >= 9 and height >= 7.
 */
export const PATTERN_MIN_WIDTH = PATTERN_WIDTH + 2;
export const PATTERN_MIN_HEIGHT = PATTERN_HEIGHT + 2;

export function patternFits(width: number, height: number): boolean {
  return width >= PATTERN_MIN_WIDTH && height >= PATTERN_MIN_HEIGHT;
}

/**
 * Top-left cell of the pattern's box (0-based): x = floor(W/2) - 3, so the middle column
 * falls on the glyph's open gap for every width (games start the player at the middle
 * cell); for odd widths this is floor((W-7)/2), the subject's placement.
 */
export function patternOrigin(width: number, height: number): Point {
  return { x: Math.floor(width / 2) - 3, y: Math.floor((height - PATTERN_HEIGHT) / 2) };
}

/** Cell indices of the 18 pattern cells for a maze of this size, or [] where it does not fit. */
export function patternCells(width: number, height: number): number[] {
  if (!patternFits(width, height)) return [];
  const { x: x0, y: y0 } = patternOrigin(width, height);
  const cells: number[] = [];
  for (let dy = 0; dy < PATTERN_HEIGHT; dy++) {
    for (let dx = 0; dx < PATTERN_WIDTH; dx++) {
      if (PATTERN_ROWS[dy][dx] === 'X') cells.push((y0 + dy) * width + x0 + dx);
    }
  }
  return cells;
}

/** Why the pattern was left out, for the user. */
export function patternTooSmallMessage(width: number, height: number): string {
  return `the 42 pattern needs a maze of at least ${PATTERN_MIN_WIDTH}x${PATTERN_MIN_HEIGHT} cells; ${width}x${height} is too small, so it is left out`;
}

/** Marks the pattern cells closed and blocked. Returns false (and changes nothing) where it does not fit. */
export function placePattern(maze: Maze): boolean {
  const cells = patternCells(maze.width, maze.height);
  if (cells.length === 0) return false;
  for (const cell of cells) maze.cells[cell] = ALL_WALLS | BLOCKED;
  return true;
}

/** True when `cell` (x, y) is a pattern cell for a maze of this size. */
export function isPatternCell(width: number, height: number, x: number, y: number): boolean {
  if (!patternFits(width, height)) return false;
  const o = patternOrigin(width, height);
  const dx = x - o.x;
  const dy = y - o.y;
  return dx >= 0 && dy >= 0 && dx < PATTERN_WIDTH && dy < PATTERN_HEIGHT && PATTERN_ROWS[dy][dx] === 'X';
}
