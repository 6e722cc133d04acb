import { FormatError, OptionError } from '../errors.js';
import { MAX_CELLS } from '../model-header.js';
import type { GridMaze } from '../maze.js';
import { didYouMean } from '../suggest.js';

/** Which cells are part of the maze, row by row: 1 = a cell, 0 = no cell. */
export interface MaskData {
  width: number;
  height: number;
  cells: Uint8Array;
}

/** The built-in outlines. */
export type OutlineName = 'circle' | 'hexagon' | 'triangle' | 'diamond' | 'heart';
export const OUTLINES: readonly OutlineName[] = ['circle', 'hexagon', 'triangle', 'diamond', 'heart'];

/**
 * A text mask: one character a cell, `X` or `#` for no cell, anything else a cell; a
 * line shorter than the longest is filled with cells (editors drop trailing spaces).
 * Blank lines at the end are ignored.
 */
export function parseTextMask(text: string): MaskData {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new FormatError('the mask is empty: one line of characters per row, X or # for no cell', 1);
  const rows = lines.map((line) => Array.from(line));
  // A loop, not Math.max(...): a spread of a long file's rows would overflow the stack.
  let width = 0;
  for (const row of rows) width = Math.max(width, row.length);
  if (width === 0) throw new FormatError('the mask has no characters: one character per cell, X or # for no cell', 1);
  const cells = new Uint8Array(width * rows.length).fill(1);
  rows.forEach((row, y) => row.forEach((ch, x) => (cells[y * width + x] = ch === 'X' || ch === 'x' || ch === '#' ? 0 : 1)));
  return { width, height: rows.length, cells };
}

/** An RGBA picture (a decoded PNG, a canvas's ImageData): 4 bytes a pixel, row by row. */
export interface MaskPicture {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/**
 * A picture as a mask: dark (luminance below half) or transparent (alpha below half) pixels
 * are no cell. Sampled at each cell's middle to `width` x `height` (the picture's own size
 * when they are left out): what MASK=FILE.png means on grids of columns and rows; the polar
 * grid takes the picture whole and reads it at each cell's centre (applyMask).
 */
export function maskFromPicture(image: MaskPicture, width = image.width, height = image.height): MaskData {
  if (!(image.width > 0 && image.height > 0) || image.data.length < image.width * image.height * 4)
    throw new FormatError(`the mask picture's pixels do not fill ${image.width}x${image.height}`, 1);
  for (const [key, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1)
      throw new OptionError(key, `a mask picture is sampled to a whole number of cells, at least 1; ${key} is ${value}`);
  }
  if (width * height > MAX_CELLS)
    throw new OptionError('width', `a mask of ${width}x${height} cells is more than a maze holds (${MAX_CELLS})`);
  const hole = (px: number, py: number): boolean => {
    const i = (py * image.width + px) * 4;
    const [r, g, b, a] = [image.data[i], image.data[i + 1], image.data[i + 2], image.data[i + 3]];
    return a < 128 || 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
  };
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const py = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const px = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / width));
      cells[y * width + x] = hole(px, py) ? 0 : 1;
    }
  }
  return { width, height, cells };
}

/** A mask as the text parseTextMask reads: '.' for a cell, '#' for none, one line a row. */
export function maskToText(mask: MaskData): string {
  const lines: string[] = [];
  for (let y = 0; y < mask.height; y++) {
    let line = '';
    for (let x = 0; x < mask.width; x++) line += mask.cells[y * mask.width + x] ? '.' : '#';
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

/** The outline named by `name` (any case), or an OptionError listing them. */
export function resolveOutline(name: string): OutlineName {
  const text = name.trim().toLowerCase();
  if (!(OUTLINES as readonly string[]).includes(text))
    throw new OptionError('SHAPE', `SHAPE must be one of ${OUTLINES.join(', ')}, got '${name}'${didYouMean(name, OUTLINES)}`);
  return text as OutlineName;
}

/**
 * True when the point (X, Y), centred on the drawing and scaled so that the shorter side
 * spans -1..1 (Y down), is inside the outline.
 */
export function outlineContains(shape: OutlineName, X: number, Y: number): boolean {
  const e = 1e-9;
  switch (shape) {
    case 'circle':
      return X * X + Y * Y <= 1 + e;
    case 'diamond':
      return Math.abs(X) + Math.abs(Y) <= 1 + e;
    case 'hexagon':
      // Flat-topped: top and bottom edges at |Y| = sqrt(3)/2, corners at |X| = 1.
      return Math.abs(Y) <= Math.sqrt(3) / 2 + e && Math.sqrt(3) * Math.abs(X) + Math.abs(Y) <= Math.sqrt(3) + e;
    case 'triangle':
      // Apex up, base along the bottom.
      return Y <= 1 + e && Math.abs(X) <= (Y + 1) / 2 + e;
    case 'heart': {
      // (x^2 + y^2 - 1)^3 - x^2 y^3 <= 0, y up, fitted to -1..1.
      const x = X * 1.2;
      const y = -Y * 1.25 + 0.2;
      const a = x * x + y * y - 1;
      return a * a * a - x * x * y * y * y <= e;
    }
  }
}

/** Labels the connected regions of free cells (walls ignored): region count and a label per cell (-1 for blocked). */
export function freeRegions(maze: GridMaze): { count: number; label: Int32Array; sizes: number[] } {
  const t = maze.topology;
  const label = new Int32Array(t.size).fill(-1);
  const around = new Int32Array(t.maxDegree);
  const sizes: number[] = [];
  // Each cell is pushed once (labelled as it is): a typed stack of the cells' count, off the JavaScript heap.
  const stack = new Int32Array(t.size);
  for (let root = 0; root < t.size; root++) {
    if (label[root] >= 0 || maze.isBlocked(root)) continue;
    const id = sizes.length;
    let n = 0;
    label[root] = id;
    let top = 0;
    stack[top++] = root;
    while (top > 0) {
      const cell = stack[--top];
      n++;
      const degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next < 0 || label[next] >= 0 || maze.isBlocked(next)) continue;
        label[next] = id;
        stack[top++] = next;
      }
    }
    sizes.push(n);
  }
  return { count: sizes.length, label, sizes };
}

/** Blocks the cells of every region but the largest (the first of equal ones). */
export function keepLargestRegion(maze: GridMaze): void {
  const { count, label, sizes } = freeRegions(maze);
  if (count <= 1) return;
  let best = 0;
  for (let i = 1; i < count; i++) if (sizes[i] > sizes[best]) best = i;
  for (let cell = 0; cell < maze.size; cell++) if (label[cell] >= 0 && label[cell] !== best) maze.block(cell);
}

/**
 * Blocks the cells a mask leaves out. On grids of columns and rows the mask is read cell
 * for cell (it must be WIDTH x HEIGHT); on the polar grid it is laid over the drawing
 * and read at each cell's centre.
 */
export function applyMask(maze: GridMaze, mask: MaskData): void {
  const t = maze.topology;
  if (mask.cells.length !== mask.width * mask.height)
    throw new OptionError('MASK', `the mask's cells (${mask.cells.length}) do not fill ${mask.width}x${mask.height}`);
  if (t.kind === 'polar') {
    for (let cell = 0; cell < t.size; cell++) {
      const p = t.centre(cell);
      const x = Math.min(mask.width - 1, Math.floor((p.x / t.extent.width) * mask.width));
      const y = Math.min(mask.height - 1, Math.floor((p.y / t.extent.height) * mask.height));
      if (!mask.cells[y * mask.width + x]) maze.block(cell);
    }
    return;
  }
  if (mask.width !== t.width || mask.height !== t.height) {
    throw new OptionError(
      'MASK',
      `the mask is ${mask.width}x${mask.height} cells but the maze is ${t.width}x${t.height}; leave WIDTH and HEIGHT out to take the mask's size`,
    );
  }
  for (let cell = 0; cell < t.size; cell++) if (!mask.cells[cell]) maze.block(cell);
}

/** Blocks the cells whose centre lies outside the outline, then any the outline cut off from the largest part. */
export function applyOutline(maze: GridMaze, shape: OutlineName): void {
  const t = maze.topology;
  const scale = Math.min(t.extent.width, t.extent.height) / 2;
  for (let cell = 0; cell < t.size; cell++) {
    const p = t.centre(cell);
    if (!outlineContains(shape, (p.x - t.extent.width / 2) / scale, (p.y - t.extent.height / 2) / scale)) maze.block(cell);
  }
  keepLargestRegion(maze);
}
