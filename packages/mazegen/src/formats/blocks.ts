import { FormatError } from '../errors.js';
import { ALL_WALLS, BLOCKED, EAST, Maze, NORTH, SOUTH, WEST, type Point } from '../maze.js';

/** Values of the MATLAB seed's block matrix. */
export const BLOCK = { WALL: 0, PATH: 1, START: 2, END: 3, BORDER: 8 } as const;

/**
 * The block matrix: (2H + 1) rows of (2W + 1) values. Cell (x, y) is block
 * (2y + 1, 2x + 1); the block between two cells is their wall or passage; blocks where
 * only lattice lines meet are walls. The outer ring is border (8), 42 cells are walls.
 */
export interface BlockMatrix {
  rows: number;
  cols: number;
  /** rows * cols values, row by row. */
  values: Uint8Array;
}

export interface BlockOptions {
  entry?: Point;
  exit?: Point;
}

/** The maze as a block matrix (0 wall, 1 path, 2 start, 3 end, 8 border). */
export function toBlocks(maze: Maze, options: BlockOptions = {}): BlockMatrix {
  const { width: w, height: h, cells } = maze;
  const rows = 2 * h + 1;
  const cols = 2 * w + 1;
  const values = new Uint8Array(rows * cols); // 0 = wall
  for (let c = 0; c < cols; c++) {
    values[c] = BLOCK.BORDER;
    values[(rows - 1) * cols + c] = BLOCK.BORDER;
  }
  for (let r = 0; r < rows; r++) {
    values[r * cols] = BLOCK.BORDER;
    values[r * cols + cols - 1] = BLOCK.BORDER;
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = cells[y * w + x];
      const at = (2 * y + 1) * cols + 2 * x + 1;
      if (v & BLOCKED) continue;
      values[at] = BLOCK.PATH;
      // Each cell writes its east and south sides; the border ring opens only where a border wall is open.
      if (!(v & EAST)) values[at + 1] = BLOCK.PATH;
      if (!(v & SOUTH)) values[at + cols] = BLOCK.PATH;
      if (y === 0 && !(v & NORTH)) values[at - cols] = BLOCK.PATH;
      if (x === 0 && !(v & WEST)) values[at - 1] = BLOCK.PATH;
    }
  }
  if (options.entry) values[(2 * options.entry.y + 1) * cols + 2 * options.entry.x + 1] = BLOCK.START;
  if (options.exit) values[(2 * options.exit.y + 1) * cols + 2 * options.exit.x + 1] = BLOCK.END;
  return { rows, cols, values };
}

/** The matrix as text: one line per row, values separated by one space. */
export function blocksToText(matrix: BlockMatrix): string {
  const { rows, cols, values } = matrix;
  const lines = new Array<string>(rows);
  const row = new Array<number>(cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) row[c] = values[r * cols + c];
    lines[r] = row.join(' ');
  }
  return lines.join('\n') + '\n';
}

/** The maze as block-matrix text. */
export function toBlocksText(maze: Maze, options: BlockOptions = {}): string {
  return blocksToText(toBlocks(maze, options));
}

/** A block matrix read back. */
export interface BlockMaze {
  maze: Maze;
  entry?: Point;
  exit?: Point;
}

/** Reads a block matrix given as numbers. */
export function blocksToMaze(matrix: BlockMatrix): BlockMaze {
  const { rows, cols, values } = matrix;
  if (rows < 3 || cols < 3 || rows % 2 === 0 || cols % 2 === 0) {
    throw new FormatError(`a block matrix is (2H+1) x (2W+1): odd sizes of at least 3, got ${rows} x ${cols}`, 1);
  }
  const w = (cols - 1) / 2;
  const h = (rows - 1) / 2;
  const maze = new Maze(w, h);
  let entry: Point | undefined;
  let exit: Point | undefined;
  const open = (r: number, c: number): boolean => {
    const v = values[r * cols + c];
    if (v === BLOCK.PATH) return true;
    if (v === BLOCK.WALL || v === BLOCK.BORDER) return false;
    throw new FormatError(`a wall block holds 0, 1 or 8, got ${v}`, r + 1, c + 1);
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r = 2 * y + 1;
      const c = 2 * x + 1;
      const v = values[r * cols + c];
      let walls = 0;
      if (!open(r - 1, c)) walls |= NORTH;
      if (!open(r, c + 1)) walls |= EAST;
      if (!open(r + 1, c)) walls |= SOUTH;
      if (!open(r, c - 1)) walls |= WEST;
      if (v === BLOCK.WALL) {
        if (walls !== ALL_WALLS) throw new FormatError(`cell (${x},${y}) is a wall block but has an open side`, r + 1, c + 1);
        maze.cells[y * w + x] = ALL_WALLS | BLOCKED;
        continue;
      }
      if (v === BLOCK.START) entry = { x, y };
      else if (v === BLOCK.END) exit = { x, y };
      else if (v !== BLOCK.PATH) throw new FormatError(`a cell block holds 0, 1, 2 or 3, got ${v}`, r + 1, c + 1);
      maze.cells[y * w + x] = walls;
    }
  }
  return { maze, entry, exit };
}

/** Reads block-matrix text (numbers separated by spaces or commas, one row per line). */
export function parseBlocks(text: string): BlockMaze {
  const lines = text.split('\n').map((l) => l.trim()).filter((l, i, all) => l !== '' || all.slice(i).some((rest) => rest.trim() !== ''));
  if (lines.length === 0) throw new FormatError('expected rows of block values, found an empty text', 1);
  const rows = lines.length;
  const first = lines[0].split(/[\s,]+/);
  const cols = first.length;
  const values = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const parts = lines[r] === '' ? [] : lines[r].split(/[\s,]+/);
    if (parts.length !== cols) throw new FormatError(`row ${r + 1} has ${parts.length} values, the first row has ${cols}`, r + 1);
    for (let c = 0; c < cols; c++) {
      const p = parts[c];
      if (!/^[0-9]$/.test(p)) throw new FormatError(`expected a block value 0, 1, 2, 3 or 8, got '${p}'`, r + 1, c + 1);
      values[r * cols + c] = Number(p);
    }
  }
  return blocksToMaze({ rows, cols, values });
}
