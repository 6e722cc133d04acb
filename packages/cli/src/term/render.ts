/**
 * The terminal picture of a maze, as in the 42 subject's terminal render: a
 * (2H+1) x (2W+1) grid of blocks, each two characters wide. Cell (x, y) is block
 * (2y+1, 2x+1); the blocks between cells are their walls or passages; the blocks where
 * four lattice lines meet are posts. Pure: maze and options in, a string out.
 */
import { BLOCKED, COLORS, EAST, NORTH, SOUTH, WEST, type ColorName, type Maze, type Point } from 'mazegen';

export interface Palette {
  wall: ColorName;
  pattern: ColorName;
  path: ColorName;
  entry: ColorName;
  exit: ColorName;
}

export interface RenderOptions {
  entry: Point;
  exit: Point;
  /** Path cells from entry to exit; drawn when given. */
  path?: ArrayLike<number>;
  /** ANSI colours (true) or plain characters (false, for NO_COLOR). */
  color: boolean;
  palette: Palette;
}

/** What a block shows. */
const OPEN = 0;
const WALL = 1;
const PATTERN = 2;
const PATH = 3;
const ENTRY = 4;
const EXIT = 5;

/** Plain characters, one pair per block kind, all distinct without colour. */
export const PLAIN_BLOCKS: readonly string[] = ['  ', '██', '▓▓', '··', 'EN', 'EX'];

/** Columns and rows the drawing of a maze takes. */
export function drawingSize(width: number, height: number): { columns: number; rows: number } {
  return { columns: 2 * (2 * width + 1), rows: 2 * height + 1 };
}

/** The xterm 256-colour index nearest to a #rrggbb colour (the 6x6x6 cube or the grey ramp). */
export function ansi256(hex: string): number {
  const r = parseInt(hex.slice(1, 3), 16);
  const g = parseInt(hex.slice(3, 5), 16);
  const b = parseInt(hex.slice(5, 7), 16);
  const levels = [0, 95, 135, 175, 215, 255];
  const nearestLevel = (v: number) => {
    let best = 0;
    for (let i = 1; i < levels.length; i++) if (Math.abs(levels[i] - v) < Math.abs(levels[best] - v)) best = i;
    return best;
  };
  const [ri, gi, bi] = [nearestLevel(r), nearestLevel(g), nearestLevel(b)];
  const cubeError = (levels[ri] - r) ** 2 + (levels[gi] - g) ** 2 + (levels[bi] - b) ** 2;
  const grey = Math.round((r + g + b) / 3);
  const greyIndex = Math.max(0, Math.min(23, Math.round((grey - 8) / 10)));
  const greyValue = 8 + 10 * greyIndex;
  const greyError = (greyValue - r) ** 2 + (greyValue - g) ** 2 + (greyValue - b) ** 2;
  return greyError < cubeError ? 232 + greyIndex : 16 + 36 * ri + 6 * gi + bi;
}

/** The block kinds, row by row: (2H+1) rows of (2W+1) values. */
export function blockGrid(maze: Maze, options: Pick<RenderOptions, 'entry' | 'exit' | 'path'>): Uint8Array {
  const { width: w, height: h, cells } = maze;
  const cols = 2 * w + 1;
  const rows = 2 * h + 1;
  const grid = new Uint8Array(rows * cols).fill(WALL);
  const isPattern = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && (cells[y * w + x] & BLOCKED) !== 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = cells[y * w + x];
      const at = (2 * y + 1) * cols + 2 * x + 1;
      if (v & BLOCKED) {
        grid[at] = PATTERN;
        // Join neighbouring pattern cells so the digits read as solid strokes.
        if (isPattern(x + 1, y)) grid[at + 1] = PATTERN;
        if (isPattern(x, y + 1)) grid[at + cols] = PATTERN;
        if (isPattern(x + 1, y) && isPattern(x, y + 1) && isPattern(x + 1, y + 1)) grid[at + cols + 1] = PATTERN;
        continue;
      }
      grid[at] = OPEN;
      if (!(v & EAST)) grid[at + 1] = OPEN;
      if (!(v & SOUTH)) grid[at + cols] = OPEN;
      if (!(v & NORTH)) grid[at - cols] = OPEN;
      if (!(v & WEST)) grid[at - 1] = OPEN;
    }
  }
  // A post stays a wall unless all four walls meeting at it are open (an open 2x2 area).
  for (let r = 2; r < rows - 1; r += 2) {
    for (let c = 2; c < cols - 1; c += 2) {
      const at = r * cols + c;
      if (grid[at] === WALL && grid[at - 1] === OPEN && grid[at + 1] === OPEN && grid[at - cols] === OPEN && grid[at + cols] === OPEN) grid[at] = OPEN;
    }
  }
  const { path } = options;
  if (path && path.length > 0) {
    for (let i = 0; i < path.length; i++) {
      const cell = path[i];
      const x = cell % w;
      const y = (cell - x) / w;
      const at = (2 * y + 1) * cols + 2 * x + 1;
      grid[at] = PATH;
      if (i > 0) {
        const prev = path[i - 1];
        const px = prev % w;
        const py = (prev - px) / w;
        grid[(y + py + 1) * cols + x + px + 1] = PATH;
      }
    }
  }
  const mark = (p: Point, kind: number) => {
    if (p.x >= 0 && p.y >= 0 && p.x < w && p.y < h) grid[(2 * p.y + 1) * cols + 2 * p.x + 1] = kind;
  };
  mark(options.entry, ENTRY);
  mark(options.exit, EXIT);
  return grid;
}

/**
 * The maze as terminal text: one line per block row, each ending in '\n'. With colour,
 * each block is two spaces on an ANSI 256-colour background (runs share one escape);
 * without, each kind has its own characters (PLAIN_BLOCKS).
 */
export function renderMaze(maze: Maze, options: RenderOptions): string {
  const grid = blockGrid(maze, options);
  const cols = 2 * maze.width + 1;
  const rows = 2 * maze.height + 1;
  const { palette } = options;
  const background = [
    '',
    `\x1b[48;5;${ansi256(COLORS[palette.wall])}m`,
    `\x1b[48;5;${ansi256(COLORS[palette.pattern])}m`,
    `\x1b[48;5;${ansi256(COLORS[palette.path])}m`,
    `\x1b[48;5;${ansi256(COLORS[palette.entry])}m`,
    `\x1b[48;5;${ansi256(COLORS[palette.exit])}m`,
  ];
  const reset = '\x1b[0m';
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    let current = -1;
    for (let c = 0; c < cols; c++) {
      const kind = grid[r * cols + c];
      if (!options.color) {
        line += PLAIN_BLOCKS[kind];
        continue;
      }
      if (kind !== current) {
        line += kind === OPEN ? reset : background[kind];
        current = kind;
      }
      line += '  ';
    }
    if (options.color && current !== OPEN) line += reset;
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}

/** The wall colours `3` cycles through, and the 42 colours `5` cycles through (black would vanish). */
export const CYCLE_COLORS: readonly ColorName[] = ['white', 'lightgray', 'gray', 'blue', 'cyan', 'green', 'yellow', 'orange', 'red', 'pink', 'magenta', 'darkgray'];

/** The colour after `current` in the cycle, skipping `avoid` (so walls and 42 never match). */
export function nextColor(current: ColorName, avoid?: ColorName): ColorName {
  let i = CYCLE_COLORS.indexOf(current);
  do i = (i + 1) % CYCLE_COLORS.length;
  while (CYCLE_COLORS[i] === avoid);
  return CYCLE_COLORS[i];
}

