/**
 * ENTRY/EXIT chosen by the maze itself: EXIT=farthest (the free cell farthest from the
 * entry) and ENTRY=EXIT=hardest (two cells farthest apart: the passage graph's diameter).
 */
import { bfsBuffers, bfsPass, passagesAmong, type BfsBuffers, type PassageGraph } from './graph.js';
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
 * - with loops: iFUB (Crescenzi, Grossi, Habib, Lanzi, Marino, "On computing the
 *   diameter of real-world undirected graphs", TCS 2013). One pass from a central cell u
 *   sorts the cells by distance to u; the eccentricities of the cells at level i,
 *   i = ecc(u), ecc(u)-1, ..., are computed until the best found is >= 2(i-1), which
 *   bounds every pair left. Worst case one pass per cell, O(cells x passages), the
 *   brute force; on braided boards it stops after a few levels (see `passes`).
 * `onProgress` hears of it in units of cells expanded, against an estimate of the passes
 * left that firms up as it goes.
 */
export function hardestPair(maze: PassageGraph, start: number = firstFreeCell(maze), onProgress?: ProgressReporter): HardestPair {
  const size = maze.size;
  // The passes planned: 2 on a tree; with loops 4 before iFUB's levels are known (a guess from the whole maze's passages).
  let planned = onProgress && maze.countPassages() !== maze.countOpenCells() - 1 ? 4 : 2;
  const passReporter = (pass: number): ProgressReporter | undefined => spanReporter(onProgress, pass * size, size, planned * size);
  const buffers = bfsBuffers(maze);
  const first = bfsPass(maze, start, buffers, passReporter(0));
  const a = first.farthest;
  const fromA = bfsPass(maze, a, buffers, passReporter(1));
  let best = { u: a, v: fromA.farthest, d: fromA.eccentricity };
  let passes = 2;
  const isTree = passagesAmong(maze, fromA.order, fromA.reached) === fromA.reached - 1;
  if (!isTree) {
    planned = 4; // the midpoint's pass and the centre's, then the levels'
    const centre = midpoint(maze, a, best.v, best.d, fromA.dist, passReporter(2));
    const levels = bfsPass(maze, centre, bfsBuffers(maze), passReporter(3));
    passes++; // (the midpoint's pass is not counted: `passes` counts eccentricity passes)
    const order = levels.order.slice(0, levels.reached);
    const dist = levels.dist;
    // The cells with dist >= lowest come last in BFS order: the passes iFUB may still need.
    const firstAtLeast = (lowest: number): number => {
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (dist[order[mid]] < lowest) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    // Levels are contiguous in BFS order: walk it from the far end.
    let end = order.length;
    for (let i = levels.eccentricity; best.d < 2 * i; i--) {
      let begin = end;
      while (begin > 0 && dist[order[begin - 1]] === i) begin--;
      for (let k = begin; k < end; k++) {
        if (onProgress) planned = passes + 1 + (end - k) + Math.max(0, begin - firstAtLeast(Math.floor(best.d / 2) + 1));
        const pass = bfsPass(maze, order[k], buffers, passReporter(passes + 1));
        passes++;
        if (pass.eccentricity > best.d) best = { u: order[k], v: pass.farthest, d: pass.eccentricity };
      }
      end = begin;
    }
  }
  return { entry: Math.min(best.u, best.v), exit: Math.max(best.u, best.v), distance: best.d, passes };
}

/** The cell halfway along a shortest path from `a` to `b` (distTo holds distances from `a`): a good centre for iFUB. */
function midpoint(maze: PassageGraph, a: number, b: number, distance: number, distFromA: Int32Array, onProgress?: ProgressReporter): number {
  const buffers: BfsBuffers = bfsBuffers(maze);
  const fromB = bfsPass(maze, b, buffers, onProgress);
  const half = Math.floor(distance / 2);
  // A cell on a shortest a-b path lies at distance `half` from a and distance - half from b.
  for (let cell = 0; cell < maze.size; cell++) {
    if (distFromA[cell] === half && fromB.dist[cell] === distance - half) return cell;
  }
  return a;
}

/** The first cell outside the 42 pattern (cell 0 unless the maze is one pattern cell). */
function firstFreeCell(maze: PassageGraph): number {
  for (let cell = 0; cell < maze.size; cell++) if (maze.isBlocked(cell) === false) return cell;
  return 0;
}
