/** What the terminal can show: which drawing of a maze fits, and lines cut to its width. */
import { COLOR_MODES, drawingSize, PLAIN_MODES, type DrawMode } from './render.js';

/** Without a terminal to measure (a pipe, a file, CI), mazes up to this many cells a side are drawn. */
const MAX_UNMEASURED_CELLS = 200;

/** Lines below the drawing in interactive mode (status and keys). */
export const STATUS_ROWS = 2;

/** Where the drawing goes: a measured terminal, or an unmeasured stream. */
export interface Surface {
  columns?: number;
  rows?: number;
}

/** The surface of an output stream: measured when it is a terminal that reports a size (some ptys say 0). */
export function surfaceOf(stream: { isTTY?: boolean; columns?: number; rows?: number }, measureRows = true): Surface {
  if (stream.isTTY !== true || !stream.columns || stream.columns <= 0) return {};
  return { columns: stream.columns, rows: measureRows && stream.rows && stream.rows > 0 ? stream.rows : undefined };
}

/** The drawing to use, or why none fits. */
export type Fit = { mode: DrawMode; problem?: undefined } | { mode?: undefined; problem: string };

/**
 * The largest drawing of a W x H maze that fits `surface` with `extraRows` kept below it
 * (colour: blocks, half blocks, quarter blocks, braille; plain: blocks, box drawing, compact). An
 * unmeasured stream gets the first of `modes` up to MAX_UNMEASURED_CELLS cells a side.
 */
export function fitDrawing(
  width: number,
  height: number,
  surface: Surface,
  color: boolean,
  extraRows = 0,
  modes: readonly DrawMode[] = color ? COLOR_MODES : PLAIN_MODES,
): Fit {
  if (surface.columns === undefined) {
    if (width > MAX_UNMEASURED_CELLS || height > MAX_UNMEASURED_CELLS) {
      return { problem: `a ${width}x${height} maze is too big to draw outside a terminal (at most ${MAX_UNMEASURED_CELLS} cells a side)` };
    }
    return { mode: modes[0] };
  }
  for (const mode of modes) {
    const need = drawingSize(width, height, mode);
    if (need.columns <= surface.columns && (surface.rows === undefined || need.rows + extraRows <= surface.rows)) return { mode };
  }
  const smallest = drawingSize(width, height, modes[modes.length - 1]);
  const rows = smallest.rows + extraRows;
  const lack = smallest.columns > surface.columns ? `${smallest.columns} columns` : `${rows} rows`;
  const has = smallest.columns > surface.columns ? `${surface.columns}` : `${surface.rows}`;
  return { problem: `a ${width}x${height} maze needs ${lack} even in its smallest drawing, the terminal has ${has}` };
}

/** Visible width of terminal text: escapes take none, combining marks none. */
export function visibleWidth(text: string): number {
  // eslint-disable-next-line no-control-regex -- escapes are what is removed
  return [...text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/[\u0300-\u036f]/g, '')].length;
}

/** A plain line cut to `columns` characters ('…' at the end when cut); undefined columns keeps it. */
export function fitLine(text: string, columns: number | undefined): string {
  if (columns === undefined || [...text].length <= columns) return text;
  if (columns <= 1) return [...text].slice(0, Math.max(0, columns)).join('');
  return [...text].slice(0, columns - 1).join('') + '…';
}

/** The first of `choices` that fits in `columns` (the last one cut to fit when none does). */
export function fitChoice(choices: readonly string[], columns: number | undefined): string {
  if (columns === undefined) return choices[0];
  return choices.find((c) => [...c].length <= columns) ?? fitLine(choices[choices.length - 1], columns);
}

/** Text wrapped at spaces to `columns` (undefined keeps it), as lines without newlines. */
export function wrapText(text: string, columns: number | undefined): string[] {
  if (columns === undefined || text.length <= columns) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (next.length <= columns) line = next;
    else {
      if (line !== '') lines.push(line);
      line = word;
      while (line.length > columns) {
        lines.push(line.slice(0, columns));
        line = line.slice(columns);
      }
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Clears the screen and puts the cursor home (before each redraw on a terminal). */
export const CLEAR_SCREEN = '\x1b[H\x1b[2J';
/** Cursor home without clearing (between animation frames, which overwrite the same area). */
export const CURSOR_HOME = '\x1b[H';
