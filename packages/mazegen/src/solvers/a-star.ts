import type { SolverAlgorithm } from '../algorithm.js';
import { IndexHeap } from '../heap.js';
import { EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { clearScratch, sealBorder, SCRATCH_SHIFT } from '../scratch.js';
import { Step, type StepReporter } from '../steps.js';

/** Bit 7: closed. Bits 5-6: direction index (N, E, S, W = 0..3) back to the best parent so far. */
const CLOSED = 0x80;
const BACK_MASK = 3 << SCRATCH_SHIFT;
const BIT = Uint8Array.of(NORTH, EAST, SOUTH, WEST);
const OPPOSITE_INDEX = Uint8Array.of(2, 3, 0, 1);
/** Cells taken from the heap per call of `expandSlice`. */
const SLICE = 1 << 16;

/**
 * A* with the Manhattan distance, which never overestimates on a grid of unit moves,
 * so the first time the goal leaves the heap its path is a shortest one. Ties on f are
 * broken towards the larger g (deeper cells), which keeps the open set small in mazes.
 * Closed flags and parents live in the maze's scratch bits; g is kept as one byte per
 * cell, 1 + (g mod 255). That is enough: a cell is relaxed only from a closed neighbour,
 * whose g is exact (the heuristic is consistent), so an open cell's tentative g differs
 * from the relaxing cell's by -1..3 and the difference decodes without ambiguity. The
 * popped cell's true g comes back from its heap key.
 */
export const aStar: SolverAlgorithm = {
  name: 'AStar',
  aliases: ['A*', 'a-star', 'astar-manhattan'],
  description: 'A* search with the Manhattan heuristic: a shortest path, exploring towards the exit first.',
  reference: 'https://en.wikipedia.org/wiki/A*_search_algorithm',
  scratchBytesPerCell: 13, // g mod 255 (1) and at worst every cell in the heap (12)
  shortest: true,
  handlesLoops: true,
  solve(maze, start, goal, onStep) {
    const { cells, width: w, size } = maze;
    const step = Int32Array.of(-w, 1, w, -1);
    const gx = goal % w;
    const gy = (goal - gx) / w;
    // 1 + (g mod 255); 0 means "not reached".
    const g8 = new Uint8Array(size);
    const open = new IndexHeap(1024);
    // Key = f scaled, minus g as a fraction, so equal f prefers deeper cells.
    const scale = 1 / (size + 2);
    const unseal = sealBorder(maze);
    try {
      g8[start] = 1;
      const hStart = Math.abs((start % w) - gx) + Math.abs(Math.floor(start / w) - gy);
      open.push(start, hStart);
      if (onStep) onStep(Step.Frontier, start, 0);
      const search: AStarSearch = { cells, w, gx, gy, g8, open, scale, step, goal, visited: 0, goalG: -1 };
      while (expandSlice(search, onStep));
      const { visited, goalG } = search;
      if (goalG < 0) return { path: null, visited, failure: 'the exit cannot be reached from the entry' };
      const length = goalG + 1;
      const path = new Int32Array(length);
      for (let i = length - 1, p = goal; i >= 0; i--) {
        path[i] = p;
        p += step[(cells[p] & BACK_MASK) >> SCRATCH_SHIFT];
      }
      if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
      return { path, visited };
    } finally {
      unseal();
      clearScratch(maze);
    }
  },
};

/** What the search carries from one slice to the next. */
interface AStarSearch {
  cells: Uint8Array;
  w: number;
  gx: number;
  gy: number;
  g8: Uint8Array;
  open: IndexHeap;
  scale: number;
  step: Int32Array;
  goal: number;
  visited: number;
  /** The goal's g once it is closed; -1 until then. */
  goalG: number;
}

/**
 * Closes up to SLICE cells; false once the goal is closed or the heap is empty. The loop
 * runs in slices so that V8 compiles this function whole rather than replacing one long
 * loop on the stack (OSR), which measured about 25% slower on the DFS and BFS loops.
 */
function expandSlice(search: AStarSearch, onStep: StepReporter | undefined): boolean {
  const { cells, w, gx, gy, g8, open, scale, step, goal } = search;
  let visited = search.visited;
  let running = true;
  for (let turns = SLICE; turns > 0; turns--) {
    if (open.length === 0) {
      running = false;
      break;
    }
    const key = open.peekKey();
    const cell = open.pop();
    if (cells[cell] & CLOSED) continue;
    cells[cell] |= CLOSED;
    visited++;
    if (onStep) onStep(Step.Visit, cell, 0);
    const cx = cell % w;
    // key = g + h - g * scale, so g = (key - h) / (1 - scale), a whole number.
    const g = Math.round((key - Math.abs(cx - gx) - Math.abs((cell - cx) / w - gy)) / (1 - scale));
    if (cell === goal) {
      search.goalG = g;
      running = false;
      break;
    }
    const c = cells[cell];
    const code = g8[cell];
    const nextCode = code === 255 ? 1 : code + 1;
    const ng = g + 1;
    for (let k = 0; k < 4; k++) {
      if (c & BIT[k]) continue;
      const next = cell + step[k];
      const nc = cells[next];
      if (nc & CLOSED) continue;
      const seen = g8[next];
      if (seen !== 0) {
        // The open cell's g minus this cell's g, decoded from the byte codes (it lies in -1..3).
        let d = seen - code;
        if (d < -127) d += 255;
        else if (d > 127) d -= 255;
        if (d <= 1) continue;
      }
      g8[next] = nextCode;
      cells[next] = (nc & ~BACK_MASK) | (OPPOSITE_INDEX[k] << SCRATCH_SHIFT);
      const nx = next % w;
      const h = Math.abs(nx - gx) + Math.abs((next - nx) / w - gy);
      open.push(next, ng + h - ng * scale);
      if (onStep) onStep(Step.Frontier, next, 0);
    }
  }
  search.visited = visited;
  return running;
}
