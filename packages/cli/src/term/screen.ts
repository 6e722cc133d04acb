/** What the terminal can show: colour or not, and whether a maze's drawing fits. */
import { drawingSize } from './render.js';

/** Without a terminal to measure (a pipe, a file, CI), mazes up to this many cells a side are drawn. */
const MAX_UNMEASURED_CELLS = 200;

/** Lines below the drawing in interactive mode (status and keys). */
export const STATUS_ROWS = 2;

/** Colour on a terminal (or with FORCE_COLOR), unless NO_COLOR is non-empty (no-color.org), TERM is dumb, or --no-color. */
export function wantsColor(env: NodeJS.ProcessEnv, flag: boolean | undefined, isTTY: boolean): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  // FORCE_COLOR (non-empty, not 0) keeps colours in a pipe, e.g. for `less -R` or a screenshot.
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return isTTY && env.TERM !== 'dumb';
}

/** Where the drawing goes: a measured terminal, or an unmeasured stream. */
export interface Surface {
  columns?: number;
  rows?: number;
}

/** Why the maze cannot be drawn on `surface` (undefined when it fits). `extraRows` is room kept below it. */
export function fitProblem(width: number, height: number, surface: Surface, extraRows = 0): string | undefined {
  const need = drawingSize(width, height);
  if (surface.columns === undefined) {
    if (width > MAX_UNMEASURED_CELLS || height > MAX_UNMEASURED_CELLS) {
      return `a ${width}x${height} maze is too big to draw outside a terminal (at most ${MAX_UNMEASURED_CELLS} cells a side)`;
    }
    return undefined;
  }
  if (need.columns > surface.columns) {
    return `a ${width}x${height} maze needs ${need.columns} columns to draw, the terminal has ${surface.columns}`;
  }
  if (surface.rows !== undefined && need.rows + extraRows > surface.rows) {
    return `a ${width}x${height} maze needs ${need.rows + extraRows} rows to draw, the terminal has ${surface.rows}`;
  }
  return undefined;
}
