/**
 * ENTRY/EXIT chosen by the maze itself: EXIT=farthest (the free cell farthest from the
 * entry) and ENTRY=EXIT=hardest (two cells farthest apart: the passage graph's diameter).
 */
import { bfsBuffers, bfsPass, passagesAmong, type PassageGraph } from './graph.js';
import { spanReporter, type ProgressReporter } from './progress.js';

/** A cell and its distance in moves. */
export interface FarthestCell {
  cell: number;
  distance: number;
}

/** Two cells as far apart as any two in the maze. */
export interface HardestPair {
  /** The end with the lower index (nearer the top-left in reading order). */
  entry: number;
  exit: number;
  /** The diameter: moves of a shortest path between them. */
  distance: number;
  /** Breadth-first passes spent (2 on a perfect maze). */
  passes: number;
}

/** The free cell farthest from `from` (lowest index among equals): one BFS, of which `onProgress` hears. */
export function farthestFrom(maze: PassageGraph, from: number, onProgress?: ProgressReporter): FarthestCell {
  const pass = bfsPass(maze, from, undefined, onProgress);
  return { cell: pass.farthest, distance: pass.eccentricity };
}

/**
 * Two cells of the component of `start` (default: the first free cell) whose shortest
 * path is the longest of all pairs. Exact on every maze:
 * - a tree (a perfect maze): two passes, the farthest cell from anywhere, then the
 *   farthest from that one (the double sweep, exact on trees);
 * - with loops: BoundingDiameters (Takes and Kosters, "Determining the diameter of small
 *   world networks", CIKM 2011). Every cell keeps bounds on its eccentricity from the
 *   passes so far (d(v,w) and ecc(v) - d(v,w) below, ecc(v) + d(v,w) above); a cell whose
 *   upper bound is no more than the longest distance found cannot end a longer path and
 *   leaves the candidates; passes start from the candidate with the highest upper bound
 *   and the one with the lowest lower bound in turn, until no candidate is left. Worst
 *   case one pass per cell; on braided boards a few dozen (53 at 250x250, where iFUB, used
 *   before, needed 1,318).
 * `onProgress` hears of the two sweeps in cells expanded, then of the candidates ruled out.
 */
export function hardestPair(maze: PassageGraph, start: number = firstFreeCell(maze), onProgress?: ProgressReporter): HardestPair {
  const size = maze.size;
  // 2 sweeps on a tree, a third share for the candidates with loops (a guess from the whole maze's passages).
  const whole = (onProgress && maze.countPassages() !== maze.countOpenCells() - 1 ? 3 : 2) * size;
  const buffers = bfsBuffers(maze);
  const first = bfsPass(maze, start, buffers, spanReporter(onProgress, 0, size, whole));
  const a = first.farthest;
  const fromA = bfsPass(maze, a, buffers, spanReporter(onProgress, size, size, whole));
  let best = { u: a, v: fromA.farthest, d: fromA.eccentricity };
  let passes = 2;
  const reached = fromA.reached;
  if (passagesAmong(maze, fromA.order, reached) === reached - 1) return pairOf(best, passes);

  // The candidates (the component's cells), their bounds from the pass from `a` on.
  let candidates = fromA.order.slice(0, reached);
  const lower = new Int32Array(size);
  const upper = new Int32Array(size);
  let count = 0;
  for (let k = 0; k < reached; k++) {
    const cell = candidates[k];
    const d = fromA.dist[cell];
    lower[cell] = Math.max(d, fromA.eccentricity - d);
    upper[cell] = fromA.eccentricity + d;
    if (upper[cell] > best.d) candidates[count++] = cell;
  }
  candidates = candidates.subarray(0, count);
  const ruledOut = spanReporter(onProgress, 2 * size, size, whole);
  let fromHighest = true;
  while (count > 0) {
    // In turn: the highest upper bound (a likely end of the diameter) and the lowest lower
    // bound (a central cell, whose pass tightens every upper bound).
    let source = candidates[0];
    for (let k = 1; k < count; k++) {
      const cell = candidates[k];
      if (fromHighest ? upper[cell] > upper[source] : lower[cell] < lower[source]) source = cell;
    }
    fromHighest = !fromHighest;
    const pass = bfsPass(maze, source, buffers);
    passes++;
    const e = pass.eccentricity;
    if (e > best.d) best = { u: source, v: pass.farthest, d: e };
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const cell = candidates[k];
      const d = pass.dist[cell];
      lower[cell] = Math.max(lower[cell], d, e - d);
      upper[cell] = Math.min(upper[cell], e + d);
      if (cell !== source && upper[cell] > best.d) candidates[kept++] = cell;
    }
    count = kept;
    if (ruledOut) ruledOut(reached - count, reached);
  }
  if (ruledOut) ruledOut(reached, reached);
  return pairOf(best, passes);
}

function pairOf(best: { u: number; v: number; d: number }, passes: number): HardestPair {
  return { entry: Math.min(best.u, best.v), exit: Math.max(best.u, best.v), distance: best.d, passes };
}

/** The first cell outside the 42 pattern (cell 0 unless the maze is one pattern cell). */
function firstFreeCell(maze: PassageGraph): number {
  for (let cell = 0; cell < maze.size; cell++) if (maze.isBlocked(cell) === false) return cell;
  return 0;
}
