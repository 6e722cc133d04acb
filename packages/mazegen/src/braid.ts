import { BLOCKED, EAST, NORTH, SOUTH, WEST, type Maze } from './maze.js';
import { shuffle, type Rng } from './rng.js';
import { PROGRESS_EVERY, spanReporter, type ProgressReporter } from './progress.js';
import { Step, type StepReporter } from './steps.js';

/** True when the 3x3 block with top-left (x0, y0) has all 12 inner walls open. */
export function isOpenBlock(maze: Maze, x0: number, y0: number): boolean {
  const { cells, width: w } = maze;
  if (x0 < 0 || y0 < 0 || x0 + 3 > w || y0 + 3 > maze.height) return false;
  for (let dy = 0; dy < 3; dy++) {
    const row = (y0 + dy) * w + x0;
    if (cells[row] & EAST || cells[row + 1] & EAST) return false;
    if (dy < 2 && (cells[row] & SOUTH || cells[row + 1] & SOUTH || cells[row + 2] & SOUTH)) return false;
  }
  return true;
}

/** True when opening the wall of `cell` towards `dir` would leave a fully open 3x3 area. */
export function wouldOpenBlock(maze: Maze, cell: number, dir: number): boolean {
  const other = maze.neighbor(cell, dir);
  if (other < 0) return false;
  const saved = maze.cells[cell];
  const savedOther = maze.cells[other];
  maze.carvePassage(cell, dir);
  const x = cell % maze.width;
  const y = Math.floor(cell / maze.width);
  const x1 = dir === EAST ? x + 1 : x;
  const y1 = dir === SOUTH ? y + 1 : y;
  const xStart = dir === WEST ? x - 3 : x - 2;
  const yStart = dir === NORTH ? y - 3 : y - 2;
  let open = false;
  for (let by = yStart; by <= y1 && !open; by++) {
    for (let bx = xStart; bx <= x1 && !open; bx++) open = isOpenBlock(maze, bx, by);
  }
  maze.cells[cell] = saved;
  maze.cells[other] = savedOther;
  return open;
}

/**
 * A dead end as the subject's checker counts it: a free cell with exactly one opening,
 * at least one of whose closed walls faces a free cell (not the border, not the 42).
 */
export function isDeadEnd(maze: Maze, cell: number): boolean {
  const c = maze.cells[cell];
  if (c & BLOCKED) return false;
  let openings = 0;
  let facesFree = false;
  for (let dir = 1; dir <= 8; dir <<= 1) {
    const other = maze.neighbor(cell, dir);
    if ((c & dir) === 0) openings++;
    else if (other >= 0 && (maze.cells[other] & BLOCKED) === 0) facesFree = true;
  }
  return openings === 1 && facesFree;
}

/** All counted dead ends, in cell order; `onProgress` hears of the cells scanned. */
export function findDeadEnds(maze: Maze, onProgress?: ProgressReporter): Int32Array {
  const found: number[] = [];
  const size = maze.size;
  for (let from = 0; from < size; from += PROGRESS_EVERY) {
    const to = Math.min(size, from + PROGRESS_EVERY);
    for (let cell = from; cell < to; cell++) if (isDeadEnd(maze, cell)) found.push(cell);
    if (onProgress) onProgress(to, size);
  }
  return Int32Array.from(found);
}

/** Independent loops of the free cells' graph: passages - cells + components (here 1). */
export function countLoops(maze: Maze): number {
  return Math.max(0, maze.countPassages() - (maze.countOpenCells() - 1));
}

export interface BraidReport {
  /** Dead ends in the perfect maze. */
  deadEndsBefore: number;
  /** Dead ends left. */
  deadEndsAfter: number;
  /** Independent loops after braiding. */
  loops: number;
  /** Sentences for the user where the board falls short of what was asked. */
  notes: string[];
}

/** The loops a Pac-Man board must have at least (SPEC 4.8). */
export const MIN_LOOPS = 2;

/** Loops a board of this size can have without a fully open 3x3 area, capped at MIN_LOOPS. */
export function reachableLoops(width: number, height: number): number {
  if (width === 1 || height === 1) return 0;
  if (width === 2 && height === 2) return 1;
  return MIN_LOOPS;
}

/** Dead ends joined between two reports (each costs a few hundred cell reads). */
const BRAID_PROGRESS_EVERY = 1 << 14;

function openRandomWall(maze: Maze, cell: number, rng: Rng, preferDeadEnds: boolean): number {
  const candidates: number[] = [];
  const preferred: number[] = [];
  for (let dir = 1; dir <= 8; dir <<= 1) {
    if (!maze.hasWall(cell, dir)) continue;
    const other = maze.neighbor(cell, dir);
    if (other < 0 || maze.isBlocked(other) || wouldOpenBlock(maze, cell, dir)) continue;
    candidates.push(dir);
    if (preferDeadEnds && isDeadEnd(maze, other)) preferred.push(dir);
  }
  const pool = preferred.length > 0 ? preferred : candidates;
  return pool.length === 0 ? 0 : pool[pool.length === 1 ? 0 : rng.int(pool.length)];
}

/**
 * Turns a perfect maze into a board with loops: removes `percent` % of the dead ends
 * (joining a dead end to another where it can, as Walter Pullen's braid does), never
 * opening a 3x3 area, then adds loops until there are at least MIN_LOOPS where the
 * size allows. `onProgress` hears of it in three equal parts: finding the dead ends,
 * joining them, counting what is left.
 */
export function braidMaze(maze: Maze, rng: Rng, percent: number, onStep?: StepReporter, onProgress?: ProgressReporter): BraidReport {
  const size = maze.size;
  const deadEnds = shuffle(findDeadEnds(maze, spanReporter(onProgress, 0, size, 3 * size)), rng);
  const before = deadEnds.length;
  const target = Math.round((before * percent) / 100);
  const joining = spanReporter(onProgress, size, size, 3 * size);
  let removed = 0;
  for (let k = 0; k < deadEnds.length && removed < target; k++) {
    if (joining && (k & (BRAID_PROGRESS_EVERY - 1)) === 0) joining(k, deadEnds.length);
    const cell = deadEnds[k];
    if (!isDeadEnd(maze, cell)) continue;
    const dir = openRandomWall(maze, cell, rng, true);
    if (dir === 0) continue;
    const other = maze.neighbor(cell, dir);
    const joinsTwo = isDeadEnd(maze, other);
    maze.carvePassage(cell, dir);
    if (onStep) onStep(Step.Carve, cell, dir);
    removed += joinsTwo ? 2 : 1;
  }
  const notes: string[] = [];
  let loops = countLoops(maze);
  if (loops < MIN_LOOPS) {
    // Too few loops (small maze or low BRAID): open walls at random until there are enough.
    const order = new Int32Array(maze.size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    shuffle(order, rng);
    for (let k = 0; k < order.length && loops < MIN_LOOPS; k++) {
      const cell = order[k];
      if (maze.isBlocked(cell)) continue;
      const dir = openRandomWall(maze, cell, rng, false);
      if (dir === 0) continue;
      maze.carvePassage(cell, dir);
      if (onStep) onStep(Step.Carve, cell, dir);
      loops++;
    }
  }
  const after = findDeadEnds(maze, spanReporter(onProgress, 2 * size, size, 3 * size)).length;
  if (loops < MIN_LOOPS) {
    // Only sizes that cannot hold two loops end here (see reachableLoops).
    notes.push(
      `a ${maze.width}x${maze.height} maze can hold only ${loops} loop${loops === 1 ? '' : 's'} without a fully open 3x3 area; the board needs ${MIN_LOOPS}, so this is the closest one`,
    );
  }
  if (percent >= 100 && after > 2) {
    notes.push(`${after} dead ends are left: removing them would open a 3x3 area`);
  }
  return { deadEndsBefore: before, deadEndsAfter: after, loops, notes };
}
