import { isDeadEnd } from '../braid.js';
import type { GridMaze } from '../maze.js';
import { gridBreadthFirst, pathFromParentSlots } from '../solvers/grid-search.js';

/** What `analyzeGrid` measures on any grid; masked cells are left out of every count. */
export interface GridAnalysis {
  grid: string;
  /** Free cells. */
  cells: number;
  /** Cells outside the maze (masked, cut off by an outline, the 42 pattern). */
  maskedCells: number;
  passages: number;
  /** Dead ends as `isDeadEnd` counts them (as the subject's checker on the square grid). */
  deadEnds: number;
  deadEndShare: number;
  /** Cells with three or more openings. */
  junctions: number;
  /** openings[k]: free cells with k openings. */
  openings: number[];
  /** The most cells in one unbroken run of two-opening cells. */
  longestCorridor: number;
  components: number;
  loops: number;
  entry: number;
  exit: number;
  /** A shortest way (or the given one): moves, cells, decision points, share of the free cells; null when there is none. */
  solution: { length: number; cells: number; decisionPoints: number; share: number } | null;
}

/** Measures a maze on any grid, in time linear in its cells. */
export function analyzeGrid(maze: GridMaze, entry: number, exit: number, solution?: ArrayLike<number>): GridAnalysis {
  const t = maze.topology;
  const { cells, size } = maze;
  const around = new Int32Array(t.maxDegree);
  const openCount = new Uint8Array(size);
  const openings: number[] = new Array(t.maxDegree + 1).fill(0);
  let free = 0;
  let deadEnds = 0;
  let passagesTwice = 0;
  for (let cell = 0; cell < size; cell++) {
    if (maze.isBlocked(cell)) continue;
    free++;
    const degree = t.neighbours(cell, around);
    let n = 0;
    for (let s = 0; s < degree; s++) if (around[s] >= 0 && (cells[cell] & (1 << s)) === 0) n++;
    openCount[cell] = n;
    openings[n]++;
    passagesTwice += n;
    if (isDeadEnd(maze, cell, around)) deadEnds++;
  }
  // Components and corridors: one walk over open walls.
  const seen = new Uint8Array(size);
  let components = 0;
  const stack: number[] = [];
  for (let root = 0; root < size; root++) {
    if (seen[root] || maze.isBlocked(root)) continue;
    components++;
    seen[root] = 1;
    stack.push(root);
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next < 0 || cells[cell] & (1 << s) || seen[next]) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
  }
  // A corridor: a maximal connected run of two-opening cells.
  const inRun = new Uint8Array(size);
  let longestCorridor = 0;
  for (let root = 0; root < size; root++) {
    if (inRun[root] || openCount[root] !== 2 || maze.isBlocked(root)) continue;
    let run = 0;
    inRun[root] = 1;
    stack.push(root);
    while (stack.length > 0) {
      const cell = stack.pop()!;
      run++;
      const degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next < 0 || cells[cell] & (1 << s) || inRun[next] || openCount[next] !== 2) continue;
        inRun[next] = 1;
        stack.push(next);
      }
    }
    longestCorridor = Math.max(longestCorridor, run);
  }
  const passages = passagesTwice / 2;
  let path: ArrayLike<number> | null = solution ?? null;
  if (!path) {
    const bfs = gridBreadthFirst(maze, entry, exit);
    path = bfs.found ? pathFromParentSlots(maze, bfs.parentSlot, entry, exit) : null;
  }
  let solutionFigures: GridAnalysis['solution'] = null;
  if (path) {
    let decisionPoints = openCount[entry] >= 2 ? 1 : 0;
    for (let i = 1; i < path.length - 1; i++) if (openCount[path[i]] >= 3) decisionPoints++;
    solutionFigures = { length: path.length - 1, cells: path.length, decisionPoints, share: free > 0 ? path.length / free : 0 };
  }
  let junctions = 0;
  for (let k = 3; k < openings.length; k++) junctions += openings[k];
  return {
    grid: t.kind,
    cells: free,
    maskedCells: size - free,
    passages,
    deadEnds,
    deadEndShare: free > 0 ? deadEnds / free : 0,
    junctions,
    openings,
    longestCorridor,
    components,
    loops: passages - free + components,
    entry,
    exit,
    solution: solutionFigures,
  };
}
