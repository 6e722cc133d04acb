import { findDeadEnds, isOpenBlock, reachableLoops } from './braid.js';
import { ALL_WALLS, BLOCKED, EAST, Maze, NORTH, OPPOSITE, SOUTH, WEST, type Point } from './maze.js';
import { walkPath } from './path.js';
import { PROGRESS_EVERY, spanReporter, type ProgressReporter } from './progress.js';
import { patternCells, patternFits } from './pattern.js';

/** One broken rule, with a sentence that says where. */
export interface Violation {
  rule: 'coherence' | 'border' | 'entry-exit' | 'pattern' | 'connectivity' | 'open-3x3' | 'perfect' | 'board' | 'path';
  message: string;
}

export interface ValidateOptions {
  entry?: Point;
  exit?: Point;
  /** true: a spanning tree is required; false: a Pac-Man board; undefined: either passes. */
  perfect?: boolean;
  /** BRAID of an imperfect maze; the dead-end limit applies only at 100 (the default). */
  braid?: number;
  /**
   * true: the 42 pattern must be there (where the size fits it); false: no cell is
   * exempt; undefined: it is recognised if its 18 cells are closed.
   */
  pattern?: boolean;
  /** The solution line to check (letters N E S W): a legal walk that is a shortest path. */
  path?: string;
  /** Hears of the checks' progress, in cells' worth of work, for a progress bar. */
  onProgress?: ProgressReporter;
}

const MAX_LISTED = 3;

function listCells(maze: Maze, cells: number[]): string {
  const shown = cells.slice(0, MAX_LISTED).map((c) => `(${c % maze.width},${Math.floor(c / maze.width)})`);
  const more = cells.length > MAX_LISTED ? ` and ${cells.length - MAX_LISTED} more` : '';
  return shown.join(', ') + more;
}

/** The cells exempt from connectivity because they form the 42 pattern. */
function resolvePatternCells(maze: Maze, pattern: boolean | undefined, out: Violation[]): Set<number> {
  if (pattern === false || !patternFits(maze.width, maze.height)) return new Set();
  const cells = patternCells(maze.width, maze.height);
  const notClosed = cells.filter((c) => (maze.cells[c] & ALL_WALLS) !== ALL_WALLS);
  if (notClosed.length === 0) return new Set(cells);
  if (pattern === true) {
    out.push({
      rule: 'pattern',
      message: `the 42 pattern is incomplete: ${notClosed.length} of its 18 cells are not fully closed, at ${listCells(maze, notClosed)}`,
    });
  }
  return new Set();
}

/**
 * Moves from `start` to every cell it can reach, -1 elsewhere. Stricter than the
 * solvers on purpose: a wall counts as open only when both sides say so and never at
 * the border, so a broken maze cannot look connected through a bad wall.
 */
function strictDistances(maze: Maze, start: number, onProgress?: ProgressReporter): Int32Array {
  const { cells, width: w, size } = maze;
  const dist = new Int32Array(size).fill(-1);
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  dist[start] = 0;
  queue[tail++] = start;
  let untilReport = onProgress ? PROGRESS_EVERY : -1;
  while (head < tail) {
    if (--untilReport === 0) {
      onProgress!(head, size);
      untilReport = PROGRESS_EVERY;
    }
    const cell = queue[head++];
    const c = cells[cell];
    const x = cell % w;
    const next = dist[cell] + 1;
    for (let k = 0; k < 4; k++) {
      const dir = 1 << k;
      if (c & dir) continue;
      const other =
        dir === NORTH
          ? cell >= w
            ? cell - w
            : -1
          : dir === EAST
            ? x + 1 < w
              ? cell + 1
              : -1
            : dir === SOUTH
              ? cell + w < size
                ? cell + w
                : -1
              : x > 0
                ? cell - 1
                : -1;
      if (other < 0 || cells[other] & OPPOSITE[dir] || dist[other] >= 0) continue;
      dist[other] = next;
      queue[tail++] = other;
    }
  }
  if (onProgress) onProgress(size, size);
  return dist;
}

/** Rows of the 3x3 scan between two reports. */
const VALIDATE_REPORT_ROWS = 256;

/**
 * Checks a maze against every rule of SPEC 4 (and the path of SPEC 5). Returns one
 * violation per broken rule; an empty list means the maze is valid.
 */
export function validate(maze: Maze, options: ValidateOptions = {}): Violation[] {
  const out: Violation[] = [];
  const { width: w, height: h, cells, size } = maze;
  // Progress in cells' worth of work: the wall scan, the reachability search, the 3x3 scan, the dead ends of a board.
  const report = options.onProgress;
  const stages = options.perfect === false && (options.braid ?? 100) >= 100 ? 4 : 3;
  const stage = (k: number): ProgressReporter | undefined => spanReporter(report, k * size, size, stages * size);

  // 1. Shared walls agree on both sides.
  const mismatched: number[] = [];
  for (let from = 0; from < size; from += PROGRESS_EVERY) {
    const to = Math.min(size, from + PROGRESS_EVERY);
    for (let cell = from; cell < to; cell++) {
      const x = cell % w;
      if (x + 1 < w && ((cells[cell] & EAST) !== 0) !== ((cells[cell + 1] & WEST) !== 0)) mismatched.push(cell);
      else if (cell + w < size && ((cells[cell] & SOUTH) !== 0) !== ((cells[cell + w] & NORTH) !== 0)) mismatched.push(cell);
    }
    if (report) report(to, stages * size);
  }
  if (mismatched.length > 0) {
    out.push({
      rule: 'coherence',
      message: `${mismatched.length} cell(s) disagree with a neighbour about a shared wall, at ${listCells(maze, mismatched)}`,
    });
  }

  // 2. The outer border is closed.
  const openBorder: number[] = [];
  for (let x = 0; x < w; x++) {
    if (!(cells[x] & NORTH)) openBorder.push(x);
    if (!(cells[(h - 1) * w + x] & SOUTH)) openBorder.push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    if (!(cells[y * w] & WEST)) openBorder.push(y * w);
    if (!(cells[y * w + w - 1] & EAST)) openBorder.push(y * w + w - 1);
  }
  if (openBorder.length > 0) {
    out.push({ rule: 'border', message: `the outer border is open at ${listCells(maze, [...new Set(openBorder)])}` });
  }

  // 6. The 42 pattern, which also decides which cells are exempt from connectivity.
  const exempt = resolvePatternCells(maze, options.pattern, out);

  // 3. Entry and exit.
  const { entry, exit } = options;
  let entryCell = -1;
  let exitCell = -1;
  const problems: string[] = [];
  for (const [name, p] of [
    ['entry', entry],
    ['exit', exit],
  ] as const) {
    if (!p) continue;
    if (!maze.contains(p.x, p.y)) {
      problems.push(`${name} (${p.x},${p.y}) is outside the ${w}x${h} maze`);
      continue;
    }
    const cell = p.y * w + p.x;
    if (exempt.has(cell)) problems.push(`${name} (${p.x},${p.y}) is on the 42 pattern`);
    if (name === 'entry') entryCell = cell;
    else exitCell = cell;
  }
  if (entryCell >= 0 && entryCell === exitCell) problems.push('entry and exit are the same cell');
  if (problems.length > 0) out.push({ rule: 'entry-exit', message: problems.join('; ') });

  // 4. Every free cell is reachable from the entry (or from the first free cell).
  let from = entryCell;
  if (from < 0 || exempt.has(from)) {
    from = 0;
    while (from < size && exempt.has(from)) from++;
  }
  const dist = strictDistances(maze, from, stage(1));
  const unreachable: number[] = [];
  for (let cell = 0; cell < size; cell++) if (dist[cell] < 0 && !exempt.has(cell)) unreachable.push(cell);
  if (unreachable.length > 0) {
    out.push({
      rule: 'connectivity',
      message: `${unreachable.length} cell(s) cannot be reached from the entry, at ${listCells(maze, unreachable)}`,
    });
  }

  // 5. No fully open 3x3 area.
  const openBlocks: number[] = [];
  const scanning = stage(2);
  for (let y = 0; y + 3 <= h; y++) {
    if (scanning && y % VALIDATE_REPORT_ROWS === 0) scanning(y, h);
    for (let x = 0; x + 3 <= w; x++) if (isOpenBlock(maze, x, y)) openBlocks.push(y * w + x);
  }
  if (scanning) scanning(h, h);
  if (openBlocks.length > 0) {
    out.push({ rule: 'open-3x3', message: `${openBlocks.length} fully open 3x3 area(s), top-left at ${listCells(maze, openBlocks)}` });
  }

  // 7 and 8. Perfect (a spanning tree) or a Pac-Man board.
  const passages = maze.countPassages();
  const freeCells = size - exempt.size;
  if (options.perfect === true && unreachable.length === 0 && passages !== freeCells - 1) {
    out.push({
      rule: 'perfect',
      message: `a perfect maze of ${freeCells} cells has ${freeCells - 1} passages, this one has ${passages} (${passages - freeCells + 1} loop(s))`,
    });
  }
  if (options.perfect === false) {
    // Count on a copy whose BLOCKED flags are exactly the pattern found above: a maze
    // read from a file carries no flags, and a dead end facing only the 42 is not one.
    const board = Maze.fromWalls(w, h, cells);
    for (const cell of exempt) board.cells[cell] |= BLOCKED;
    const loops = Math.max(0, passages - (freeCells - 1));
    const boardProblems: string[] = [];
    const needed = reachableLoops(w, h);
    if (loops < needed) boardProblems.push(`it has ${loops} independent loop(s), at least ${needed} are needed`);
    if ((options.braid ?? 100) >= 100) {
      const deadEnds = findDeadEnds(board, stage(3));
      if (deadEnds.length > 2)
        boardProblems.push(`it has ${deadEnds.length} dead ends, at most 2 are allowed: ${listCells(maze, Array.from(deadEnds))}`);
    }
    if (boardProblems.length > 0) out.push({ rule: 'board', message: `not a Pac-Man board: ${boardProblems.join('; ')}` });
  }

  // The solution line: a legal walk from entry to exit, as short as any.
  if (options.path !== undefined && entryCell >= 0 && exitCell >= 0) {
    const walk = walkPath(maze, entryCell, options.path);
    const end = walk.cells[walk.cells.length - 1];
    // The reachability search above started at the entry whenever there is one.
    const shortest = (from === entryCell ? dist : strictDistances(maze, entryCell))[exitCell];
    if (walk.error) out.push({ rule: 'path', message: `the path is not a legal walk: ${walk.error}` });
    else if (end !== exitCell)
      out.push({ rule: 'path', message: `the path ends at (${end % w},${Math.floor(end / w)}), not at the exit (${exit!.x},${exit!.y})` });
    else if (shortest >= 0 && options.path.length !== shortest)
      out.push({ rule: 'path', message: `the path has ${options.path.length} moves, a shortest one has ${shortest}` });
  }
  return out;
}
