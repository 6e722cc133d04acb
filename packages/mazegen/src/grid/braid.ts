import { MIN_LOOPS, type BraidReport } from '../braid.js';
import { PROGRESS_EVERY, spanReporter, type ProgressReporter } from '../progress.js';
import { shuffle, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import type { GridMaze } from '../maze.js';

/**
 * A dead end on any grid: a free cell with exactly one opening, at least one of whose
 * closed walls faces a free cell (as the square grid's `isDeadEnd` counts it).
 */
export function isGridDeadEnd(maze: GridMaze, cell: number, around: Int32Array = new Int32Array(maze.topology.maxDegree)): boolean {
  const t = maze.topology;
  const word = maze.cells[cell];
  if (word & t.blockedBit) return false;
  const degree = t.neighbours(cell, around);
  let openings = 0;
  let facesFree = false;
  for (let s = 0; s < degree; s++) {
    const next = around[s];
    if (next < 0) continue;
    if ((word & (1 << s)) === 0) openings++;
    else if ((maze.cells[next] & t.blockedBit) === 0) facesFree = true;
  }
  return openings === 1 && facesFree;
}

/** Every dead end, in cell order; `onProgress` hears of the cells scanned. */
export function findGridDeadEnds(maze: GridMaze, onProgress?: ProgressReporter): Int32Array {
  const around = new Int32Array(maze.topology.maxDegree);
  const found: number[] = [];
  const size = maze.size;
  for (let from = 0; from < size; from += PROGRESS_EVERY) {
    const to = Math.min(size, from + PROGRESS_EVERY);
    for (let cell = from; cell < to; cell++) if (isGridDeadEnd(maze, cell, around)) found.push(cell);
    if (onProgress) onProgress(to, size);
  }
  return Int32Array.from(found);
}

/** Dead ends joined between two reports. */
const BRAID_PROGRESS_EVERY = 1 << 14;

/** Independent loops of the free cells' graph (it is connected): passages - cells + 1. */
export function countGridLoops(maze: GridMaze): number {
  return Math.max(0, maze.countPassages() - (maze.countOpenCells() - 1));
}

/** A closed wall of `cell` to a free neighbour, drawn from the seed (a dead end's first where it can): its slot, or -1. */
function randomClosedSlot(maze: GridMaze, cell: number, rng: Rng, preferDeadEnds: boolean, around: Int32Array, spare: Int32Array): number {
  const t = maze.topology;
  const degree = t.neighbours(cell, around);
  const candidates: number[] = [];
  const preferred: number[] = [];
  for (let s = 0; s < degree; s++) {
    const next = around[s];
    if (next < 0 || (maze.cells[cell] & (1 << s)) === 0 || maze.cells[next] & t.blockedBit) continue;
    candidates.push(s);
    if (preferDeadEnds && isGridDeadEnd(maze, next, spare)) preferred.push(s);
  }
  const pool = preferred.length > 0 ? preferred : candidates;
  return pool.length === 0 ? -1 : pool[pool.length === 1 ? 0 : rng.int(pool.length)];
}

/**
 * `braidMaze` on any grid: removes `percent` % of the dead ends (joining two where it
 * can), then opens walls until there are MIN_LOOPS loops. The square grid's no open
 * 3x3 rule is the 42 subject's and is not applied on other grids (nor on a wrapped
 * square one), so BRAID=100 leaves no dead end there. `onProgress` hears of it in three
 * equal parts, as `braidMaze`'s.
 */
export function braidGridMaze(
  maze: GridMaze,
  rng: Rng,
  percent: number,
  onStep?: StepReporter,
  onProgress?: ProgressReporter,
): BraidReport {
  const around = new Int32Array(maze.topology.maxDegree);
  const spare = new Int32Array(maze.topology.maxDegree);
  const size = maze.size;
  const deadEnds = shuffle(findGridDeadEnds(maze, spanReporter(onProgress, 0, size, 3 * size)), rng);
  const before = deadEnds.length;
  const target = Math.round((before * percent) / 100);
  const joining = spanReporter(onProgress, size, size, 3 * size);
  let removed = 0;
  for (let k = 0; k < deadEnds.length && removed < target; k++) {
    if (joining && (k & (BRAID_PROGRESS_EVERY - 1)) === 0) joining(k, deadEnds.length);
    const cell = deadEnds[k];
    if (!isGridDeadEnd(maze, cell, around)) continue;
    const slot = randomClosedSlot(maze, cell, rng, true, around, spare);
    if (slot < 0) continue;
    const other = maze.topology.neighbour(cell, slot);
    const joinsTwo = isGridDeadEnd(maze, other, spare);
    maze.carve(cell, slot);
    if (onStep) onStep(Step.Carve, cell, 1 << slot);
    removed += joinsTwo ? 2 : 1;
  }
  let loops = countGridLoops(maze);
  if (loops < MIN_LOOPS) {
    const order = new Int32Array(maze.size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    shuffle(order, rng);
    for (let k = 0; k < order.length && loops < MIN_LOOPS; k++) {
      const cell = order[k];
      if (maze.isBlocked(cell)) continue;
      const slot = randomClosedSlot(maze, cell, rng, false, around, spare);
      if (slot < 0) continue;
      maze.carve(cell, slot);
      if (onStep) onStep(Step.Carve, cell, 1 << slot);
      loops++;
    }
  }
  const after = findGridDeadEnds(maze, spanReporter(onProgress, 2 * size, size, 3 * size)).length;
  const notes: string[] = [];
  if (loops < MIN_LOOPS) {
    notes.push(
      `this ${maze.topology.kind} maze of ${maze.countOpenCells()} cells can hold only ${loops} loop${loops === 1 ? '' : 's'}; the board needs ${MIN_LOOPS}, so this is the closest one`,
    );
  }
  return { deadEndsBefore: before, deadEndsAfter: after, loops, notes };
}
