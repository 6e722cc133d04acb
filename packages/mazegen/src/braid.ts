import { EAST, NORTH, SOUTH, WEST, type GridMaze, type Maze } from './maze.js';
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
 * A dead end as the subject's checker counts it, on any grid: a free cell with exactly one
 * opening, at least one of whose closed walls faces a free cell (not the border, not a
 * masked or 42-pattern cell). `around` is scratch for the neighbours (maxDegree long).
 */
export function isDeadEnd(maze: GridMaze, cell: number, around: Int32Array = new Int32Array(maze.topology.maxDegree)): boolean {
  const t = maze.topology;
  const { cells } = maze;
  const word = cells[cell];
  if (word & t.blockedBit) return false;
  const degree = t.neighbours(cell, around);
  let openings = 0;
  let facesFree = false;
  for (let s = 0; s < degree; s++) {
    const next = around[s];
    // An open wall is an opening even where it faces the border (a broken maze), as the checker reads the bits.
    if ((word & (1 << s)) === 0) openings++;
    else if (next >= 0 && (cells[next] & t.blockedBit) === 0) facesFree = true;
  }
  return openings === 1 && facesFree;
}

/** All counted dead ends, in cell order; `onProgress` hears of the cells scanned. */
export function findDeadEnds(maze: GridMaze, onProgress?: ProgressReporter): Int32Array {
  const around = new Int32Array(maze.topology.maxDegree);
  const found: number[] = [];
  const size = maze.size;
  for (let from = 0; from < size; from += PROGRESS_EVERY) {
    const to = Math.min(size, from + PROGRESS_EVERY);
    for (let cell = from; cell < to; cell++) if (isDeadEnd(maze, cell, around)) found.push(cell);
    if (onProgress) onProgress(to, size);
  }
  return Int32Array.from(found);
}

/** Independent loops of the free cells' graph: passages - cells + components (here 1). */
export function countLoops(maze: GridMaze): number {
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

/**
 * What a grid adds to braiding: walls it must not open, and how it words a board that
 * falls short. The plain square grid's is the 42 subject's no-open-3x3 rule
 * (`squareBoardRule`); every other grid (and a wrapped square one) has none.
 */
export interface BraidRule {
  /** True when opening the wall in `slot` of `cell` is not allowed. */
  forbids(cell: number, slot: number): boolean;
  /** The note when only `loops` loops could be made. */
  fewLoopsNote(loops: number): string;
  /** The note when `after` dead ends are left at BRAID=`percent`, or undefined. */
  deadEndsNote(after: number, percent: number): string | undefined;
}

/** The 42 subject's rule on the plain square grid: never a fully open 3x3 area (the square braid's bytes and notes). */
export function squareBoardRule(maze: Maze): BraidRule {
  return {
    forbids: (cell, slot) => wouldOpenBlock(maze, cell, 1 << slot),
    fewLoopsNote: (loops) =>
      `a ${maze.width}x${maze.height} maze can hold only ${loops} loop${loops === 1 ? '' : 's'} without a fully open 3x3 area; the board needs ${MIN_LOOPS}, so this is the closest one`,
    deadEndsNote: (after, percent) =>
      percent >= 100 && after > 2 ? `${after} dead ends are left: removing them would open a 3x3 area` : undefined,
  };
}

/** No rule beyond the walls: any closed wall between two free cells may open. */
function freeRule(maze: GridMaze): BraidRule {
  return {
    forbids: () => false,
    fewLoopsNote: (loops) =>
      `this ${maze.topology.kind} maze of ${maze.countOpenCells()} cells can hold only ${loops} loop${loops === 1 ? '' : 's'}; the board needs ${MIN_LOOPS}, so this is the closest one`,
    deadEndsNote: () => undefined,
  };
}

/** The braiding rule of this maze's grid, chosen here and only here: the 42 rule on the plain square grid. */
export function braidRuleOf(maze: GridMaze): BraidRule {
  const t = maze.topology;
  return t.kind === 'square' && t.wrap === 'none' ? squareBoardRule(maze.asMaze()) : freeRule(maze);
}

/** A closed wall of `cell` to a free neighbour the rule allows, drawn from the seed (a dead end's first where it can): its slot, or -1. */
function randomClosedSlot(
  maze: GridMaze,
  rule: BraidRule,
  cell: number,
  rng: Rng,
  preferDeadEnds: boolean,
  around: Int32Array,
  spare: Int32Array,
): number {
  const t = maze.topology;
  const degree = t.neighbours(cell, around);
  const candidates: number[] = [];
  const preferred: number[] = [];
  for (let s = 0; s < degree; s++) {
    const next = around[s];
    if (next < 0 || (maze.cells[cell] & (1 << s)) === 0 || maze.cells[next] & t.blockedBit || rule.forbids(cell, s)) continue;
    candidates.push(s);
    if (preferDeadEnds && isDeadEnd(maze, next, spare)) preferred.push(s);
  }
  const pool = preferred.length > 0 ? preferred : candidates;
  return pool.length === 0 ? -1 : pool[pool.length === 1 ? 0 : rng.int(pool.length)];
}

/**
 * Turns a perfect maze on any grid into a board with loops: removes `percent` % of the
 * dead ends (joining a dead end to another where it can, as Walter Pullen's braid does),
 * then adds loops until there are at least MIN_LOOPS where the grid allows. On the plain
 * square grid it never opens a 3x3 area (the 42 subject's rule, `squareBoardRule`); that
 * rule is the only difference between grids, and where it forbids no wall the square maze
 * gets the same bytes as any other grid's path would give it. `onProgress` hears of it in
 * three equal parts: finding the dead ends, joining them, counting what is left.
 */
export function braidMaze(maze: GridMaze, rng: Rng, percent: number, onStep?: StepReporter, onProgress?: ProgressReporter): BraidReport {
  return braidWithRule(maze, braidRuleOf(maze), rng, percent, onStep, onProgress);
}

/** `braidMaze` under a given rule (the tests hold the square rule against none). */
export function braidWithRule(
  maze: GridMaze,
  rule: BraidRule,
  rng: Rng,
  percent: number,
  onStep?: StepReporter,
  onProgress?: ProgressReporter,
): BraidReport {
  const t = maze.topology;
  const around = new Int32Array(t.maxDegree);
  const spare = new Int32Array(t.maxDegree);
  const size = maze.size;
  const deadEnds = shuffle(findDeadEnds(maze, spanReporter(onProgress, 0, size, 3 * size)), rng);
  const before = deadEnds.length;
  const target = Math.round((before * percent) / 100);
  const joining = spanReporter(onProgress, size, size, 3 * size);
  let removed = 0;
  for (let k = 0; k < deadEnds.length && removed < target; k++) {
    if (joining && (k & (BRAID_PROGRESS_EVERY - 1)) === 0) joining(k, deadEnds.length);
    const cell = deadEnds[k];
    if (!isDeadEnd(maze, cell, around)) continue;
    const slot = randomClosedSlot(maze, rule, cell, rng, true, around, spare);
    if (slot < 0) continue;
    const joinsTwo = isDeadEnd(maze, t.neighbour(cell, slot), spare);
    maze.carve(cell, slot);
    if (onStep) onStep(Step.Carve, cell, 1 << slot);
    removed += joinsTwo ? 2 : 1;
  }
  let loops = countLoops(maze);
  if (loops < MIN_LOOPS) {
    // Too few loops (small maze or low BRAID): open walls at random until there are enough.
    const order = new Int32Array(size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    shuffle(order, rng);
    for (let k = 0; k < order.length && loops < MIN_LOOPS; k++) {
      const cell = order[k];
      if (maze.isBlocked(cell)) continue;
      const slot = randomClosedSlot(maze, rule, cell, rng, false, around, spare);
      if (slot < 0) continue;
      maze.carve(cell, slot);
      if (onStep) onStep(Step.Carve, cell, 1 << slot);
      loops++;
    }
  }
  const after = findDeadEnds(maze, spanReporter(onProgress, 2 * size, size, 3 * size)).length;
  const notes: string[] = [];
  if (loops < MIN_LOOPS) notes.push(rule.fewLoopsNote(loops));
  const deadEndsNote = rule.deadEndsNote(after, percent);
  if (deadEndsNote) notes.push(deadEndsNote);
  return { deadEndsBefore: before, deadEndsAfter: after, loops, notes };
}
