/**
 * One `validate` for every grid: the entry chooses, in one place, between the 42 subject's
 * square kernel (its pattern and open-3x3 rules, its (x,y) wording, the hex file's checks
 * since 1.0) and the topology path every other grid takes (masked, wrapped, hex, triangle,
 * polar). Both kernels live here, one file for the one stage.
 */
import { countLoops, findDeadEnds, isOpenBlock, MIN_LOOPS, reachableLoops } from './braid.js';
import { OptionError } from './errors.js';
import { allWallsOf, cellLabel, type Topology } from './grid/topology.js';
import { ALL_WALLS, BLOCKED, EAST, Maze, NORTH, OPPOSITE, SOUTH, WEST, type GridMaze, type Point } from './maze.js';
import { walkPath } from './path.js';
import { PROGRESS_EVERY, spanReporter, type ProgressReporter } from './progress.js';
import { patternCells, patternFits } from './pattern.js';
import { distanceMap } from './solvers/bfs.js';

/** One broken rule, with a sentence that says where. */
export interface Violation {
  rule: 'coherence' | 'border' | 'entry-exit' | 'pattern' | 'connectivity' | 'open-3x3' | 'perfect' | 'board' | 'path';
  message: string;
}

export interface ValidateOptions {
  /** The ends: cells, or Points read through `topology.cellAt` ((x, y) on the square grid). */
  entry?: number | Point;
  exit?: number | Point;
  /** true: a spanning tree is required; false: a Pac-Man board; undefined: either passes. */
  perfect?: boolean;
  /** BRAID of an imperfect maze; the dead-end limit applies only at 100 (the default). */
  braid?: number;
  /**
   * The square grid's 42 pattern. true: it must be there (where the size fits it); false:
   * no cell is exempt; undefined: it is recognised if its 18 cells are closed. Other
   * grids have no pattern: their masked cells are exempt.
   */
  pattern?: boolean;
  /** The solution line to check (letters N E S W, the square grid's only): a legal walk that is a shortest path. */
  path?: string;
  /** The solution to check as cells, on any grid: a walk through open walls from entry to exit, and a shortest one. */
  solution?: ArrayLike<number> | null;
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
 * Checks a maze of any grid against every rule that applies, one violation per broken
 * rule; an empty list means the maze is valid. The 42 subject's square maze (the square
 * grid without wrap, no cell blocked but the 42 pattern's) is checked against every rule
 * of SPEC 4 and the path of SPEC 5 (`validateSquare`); any other maze against the rules
 * of every grid (`validateTopology`): walls agree on both sides, no passage leaves the
 * grid or enters a masked cell, the ends are free cells, every free cell is reached, a
 * perfect maze is a tree, a board has its loops and (at BRAID=100) at most 2 dead ends,
 * and the solution walks from entry to exit by a shortest way.
 */
export function validate(maze: GridMaze, options: ValidateOptions = {}): Violation[] {
  return isSubjectSquare(maze) ? validateSquare(maze.asMaze(), options) : validateTopology(maze, options);
}

/**
 * True for the 42 subject's maze: the square grid without wrap whose blocked cells (if
 * any) are the 42 pattern's. A mask or an outline blocks others; such a maze is checked
 * as any grid's, its masked cells exempt.
 */
function isSubjectSquare(maze: GridMaze): boolean {
  const t = maze.topology;
  if (t.kind !== 'square' || t.wrap !== 'none') return false;
  const pattern = new Set(patternFits(t.width, t.height) ? patternCells(t.width, t.height) : []);
  for (let cell = 0; cell < maze.size; cell++) if (maze.isBlocked(cell) && !pattern.has(cell)) return false;
  return true;
}

/** The square kernel: SPEC 4's rules (the 42 pattern, no open 3x3 area) and SPEC 5's path, worded with (x,y). */
export function validateSquare(maze: Maze, options: ValidateOptions): Violation[] {
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
  for (const [name, end] of [
    ['entry', entry],
    ['exit', exit],
  ] as const) {
    if (end === undefined) continue;
    if (typeof end === 'number' && !(Number.isInteger(end) && end >= 0 && end < size)) {
      problems.push(`${name} ${end} is not a cell of the ${w}x${h} maze`);
      continue;
    }
    const p = typeof end === 'number' ? maze.point(end) : end;
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
      out.push({
        rule: 'path',
        message: `the path ends at (${end % w},${Math.floor(end / w)}), not at the exit ${cellLabel(maze.topology, exitCell)}`,
      });
    else if (shortest >= 0 && options.path.length !== shortest)
      out.push({ rule: 'path', message: `the path has ${options.path.length} moves, a shortest one has ${shortest}` });
  }
  if (options.solution && entryCell >= 0 && exitCell >= 0) {
    const problem = solutionProblem(maze, options.solution, entryCell, exitCell);
    if (problem) out.push({ rule: 'path', message: problem });
  }
  return out;
}

function list(t: Topology, cells: number[]): string {
  const shown = cells.slice(0, MAX_LISTED).map((c) => cellLabel(t, c));
  return cells.length > MAX_LISTED ? `${shown.join(', ')} and ${cells.length - MAX_LISTED} more` : shown.join(', ');
}

/** The topology path: the rules of every grid, worded with each grid's (col,row) or (index,ring). */
export function validateTopology(maze: GridMaze, options: ValidateOptions): Violation[] {
  const t = maze.topology;
  const { cells, size } = maze;
  if (options.path !== undefined)
    throw new OptionError('path', `N/E/S/W letters name moves on the square grid only; give the ${t.kind} maze's solution as cells`);
  const report = options.onProgress;
  const out: Violation[] = [];
  const around = new Int32Array(t.maxDegree);
  const disagree: number[] = [];
  const border: number[] = [];
  const maskedOpen: number[] = [];
  for (let cell = 0; cell < size; cell++) {
    const degree = t.neighbours(cell, around);
    const word = cells[cell];
    const blocked = (word & t.blockedBit) !== 0;
    if (blocked && (word & allWallsOf(degree)) !== allWallsOf(degree)) maskedOpen.push(cell);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      const open = (word & (1 << s)) === 0;
      if (next < 0) {
        if (open) border.push(cell);
        continue;
      }
      if (next > cell && open !== ((cells[next] & (1 << t.backSlot(cell, s))) === 0)) disagree.push(cell);
    }
  }
  if (report) report(size, 3 * size);
  if (disagree.length) out.push({ rule: 'coherence', message: `walls differ on their two sides at ${list(t, disagree)}` });
  if (border.length) out.push({ rule: 'border', message: `the outer wall is open at ${list(t, border)}` });
  if (maskedOpen.length) out.push({ rule: 'pattern', message: `masked cells have open walls: ${list(t, maskedOpen)}` });
  // The ends as cells (a Point read through cellAt, -1 off the grid), each checked once.
  const endCell = (end: number | Point | undefined): number =>
    end === undefined || typeof end === 'number' ? (end ?? -1) : t.cellAt(end.x, end.y);
  const entry = endCell(options.entry);
  const exit = endCell(options.exit);
  for (const [key, end, cell] of [
    ['entry', options.entry, entry],
    ['exit', options.exit, exit],
  ] as const) {
    if (end === undefined) continue;
    if (!Number.isInteger(cell) || cell < 0 || cell >= size)
      out.push({
        rule: 'entry-exit',
        message: `the ${key} ${typeof end === 'number' ? end : `(${end.x},${end.y})`} is not a cell of the grid`,
      });
    else if (maze.isBlocked(cell)) out.push({ rule: 'entry-exit', message: `the ${key} ${cellLabel(t, cell)} is a masked cell` });
  }
  if (options.entry !== undefined && options.exit !== undefined && entry === exit && (typeof options.entry === 'number' || entry >= 0))
    out.push({ rule: 'entry-exit', message: 'the entry and the exit are the same cell' });

  // Reach from the first free cell through open walls between free cells.
  let free = 0;
  let first = -1;
  for (let cell = 0; cell < size; cell++) {
    if (maze.isBlocked(cell)) continue;
    free++;
    if (first < 0) first = cell;
  }
  if (first >= 0) {
    const dist = new Int32Array(size).fill(-1);
    const queue = new Int32Array(size);
    let head = 0;
    let tail = 0;
    dist[first] = 0;
    queue[tail++] = first;
    while (head < tail) {
      const cell = queue[head++];
      const degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next < 0 || cells[cell] & (1 << s) || dist[next] >= 0 || maze.isBlocked(next)) continue;
        dist[next] = dist[cell] + 1;
        queue[tail++] = next;
      }
    }
    const unreached: number[] = [];
    for (let cell = 0; cell < size; cell++) if (!maze.isBlocked(cell) && dist[cell] < 0) unreached.push(cell);
    if (unreached.length)
      out.push({
        rule: 'connectivity',
        message: `${unreached.length} cell${unreached.length === 1 ? ' is' : 's are'} cut off: ${list(t, unreached)}`,
      });
  }
  if (report) report(2 * size, 3 * size);
  const loops = countLoops(maze);
  if (options.perfect === true && loops > 0)
    out.push({
      rule: 'perfect',
      message: `the maze has ${loops} loop${loops === 1 ? '' : 's'}; a perfect maze has exactly one path between two cells`,
    });
  if (options.perfect === false) {
    let links = 0;
    for (let cell = 0; cell < size; cell++) {
      if (maze.isBlocked(cell)) continue;
      const degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) if (around[s] > cell && !maze.isBlocked(around[s])) links++;
    }
    const possible = Math.min(MIN_LOOPS, links - free + 1);
    if (loops < possible)
      out.push({ rule: 'board', message: `the board has ${loops} loop${loops === 1 ? '' : 's'}; it needs ${possible}` });
    // A masked square maze keeps the 42's no-open-3x3 braid, which may leave dead ends: their count is the square kernel's rule.
    const deadEnds = findDeadEnds(maze).length;
    if ((options.braid ?? 100) >= 100 && deadEnds > 2 && t.kind !== 'square')
      out.push({ rule: 'board', message: `the board has ${deadEnds} dead ends; BRAID=100 leaves at most 2` });
  }
  const path = options.solution;
  if (path && options.entry !== undefined && options.exit !== undefined) {
    const problem = solutionProblem(maze, path, entry, exit);
    if (problem) out.push({ rule: 'path', message: problem });
  }
  if (report) report(3 * size, 3 * size);
  return out;
}

/** What is wrong with `path` (cells) as a solution from `entry` to `exit`, or undefined: a walk through open walls, and a shortest one. */
function solutionProblem(maze: GridMaze, path: ArrayLike<number>, entry: number, exit: number): string | undefined {
  const t = maze.topology;
  if (path.length === 0 || path[0] !== entry) return 'the solution does not start at the entry';
  if (path[path.length - 1] !== exit) return 'the solution does not end at the exit';
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1];
    const b = path[i];
    let slot = -1;
    for (let s = 0; s < t.degree(a); s++) if (t.neighbour(a, s) === b) slot = s;
    if (slot < 0) return `the solution jumps from ${cellLabel(t, a)} to ${cellLabel(t, b)}, which are not neighbours`;
    if (!maze.isOpen(a, slot)) return `the solution walks through the wall between ${cellLabel(t, a)} and ${cellLabel(t, b)}`;
  }
  // Shortest: a breadth-first search from the entry.
  const shortest = distanceMap(maze, entry)[exit];
  if (shortest !== path.length - 1) return `the solution takes ${path.length - 1} moves; the shortest way takes ${shortest}`;
  return undefined;
}
