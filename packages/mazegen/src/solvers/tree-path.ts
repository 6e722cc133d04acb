import type { SolverResult } from '../algorithm.js';
import { EAST, NORTH, SOUTH, WEST, type Maze } from '../maze.js';
import { clearScratch, sealBorder } from '../scratch.js';
import { Step, type StepReporter } from '../steps.js';
import { foundPath, UNREACHABLE } from './grid-search.js';

/** Bit 7 of a cell: entered (the only scratch bit the search uses). */
const ENTERED = 0x80;
/**
 * A stack entry, one byte a level below the start: bits 6-7 the direction from the
 * level above to this cell, bits 0-3 the up to two directions still to try from it
 * (first in bits 0-1), bits 4-5 how many. The cell itself is the start plus the moves.
 */
const CAME_SHIFT = 6;
/** Bytes a cell the stack may take at worst: its growth stops at a level per cell, so the old stack and its copy hold at most two together. */
export const TREE_PATH_BYTES_PER_CELL = 2;
/** Cells entered per call of `searchSlice` (see bfs.ts on why the loop runs in slices). */
const SLICE = 1 << 16;
const DX = Int32Array.of(0, 1, 0, -1);
const DY = Int32Array.of(-1, 0, 1, 0);
/** In a direction code: how many directions are left (bits 6-7). */
const COUNT_SHIFT = 6;

/**
 * ORDER[(towards << 7) | (back << 4) | walls]: a cell's open directions (indexes N, E,
 * S, W = 0..3) other than `back` (4 = none), packed two bits each from bit 0, with their
 * count in bits 6-7 (the first three only: only the start, with no way back, has four). `towards` says where the goal is: bit 0 east (else west), bit 1
 * south (else north), bit 2 the horizontal distance is the longer. The order: along the
 * longer axis towards the goal, along the other towards it, then away on the other, then
 * away on the longer.
 */
function buildOrder(): Uint8Array {
  const table = new Uint8Array(8 << 7);
  for (let towards = 0; towards < 8; towards++) {
    const across = towards & 1 ? 1 : 3;
    const down = towards & 2 ? 2 : 0;
    const [first, second] = towards & 4 ? [across, down] : [down, across];
    const preferred = [first, second, (second + 2) & 3, (first + 2) & 3];
    for (let back = 0; back < 8; back++) {
      for (let walls = 0; walls < 16; walls++) {
        let code = 0;
        let count = 0;
        for (const d of preferred) {
          if (d === back || walls & (1 << d) || count === 3) continue;
          code |= d << (2 * count++);
        }
        table[(towards << 7) | (back << 4) | walls] = code | (count << COUNT_SHIFT);
      }
    }
  }
  return table;
}

let orderTable: Uint8Array | undefined;
/** ORDER, built on the first search: at load its loops cost every user of the library about a millisecond in V8's interpreter. */
function order(): Uint8Array {
  return (orderTable ??= buildOrder());
}

/** The `towards` bits of ORDER for a cell `dx`, `dy` away from the goal (goal minus cell). */
function towardsOf(dx: number, dy: number): number {
  return (dx > 0 ? 1 : 0) | (dy > 0 ? 2 : 0) | (Math.abs(dx) >= Math.abs(dy) ? 4 : 0);
}

/** The directions (as wall bits) that do not bring a cell `dx`, `dy` from the goal nearer to it. */
function awayOf(dx: number, dy: number): number {
  return (dy >= 0 ? NORTH : 0) | (dx <= 0 ? EAST : 0) | (dy <= 0 ? SOUTH : 0) | (dx >= 0 ? WEST : 0);
}

/** The search between two slices. */
interface TreeSearch {
  cells: Uint8Array;
  w: number;
  gx: number;
  gy: number;
  goal: number;
  /** 15 while probing (the ways away from the goal count as walls), else 0. */
  probe: number;
  /** The search gives up once it has entered this many cells. */
  limit: number;
  /** Per level below the start: the way in and the ways left (see CAME_SHIFT). */
  stack: Uint8Array;
  /** The ways left from the start (an ORDER code), and a fourth one (-1: none). */
  startCode: number;
  startFourth: number;
  /** The cell the search stands on, its column and row, its level, the way it came in and the ways left from it (an ORDER code). */
  cell: number;
  x: number;
  y: number;
  top: number;
  came: number;
  code: number;
  visited: number;
  found: boolean;
}

/**
 * The path between two cells of a perfect maze: its passages form a tree, so there is
 * one path only, the very one BFS, A* and DFS return, and any order of search finds
 * it. This search goes depth first, trying first the ways towards the goal (the longer
 * axis first). Its stack is the path: a byte a level (the way in and the ways left),
 * so nothing is walked back at the end and going back up a level reads no cell. On the
 * mazes the DFS generator makes it enters about half the cells A* closes (20 million of
 * 10^8 corner to corner, A* 43 million), each for less work: no open set, no
 * distances, one bit a cell in the scratch bits.
 *
 * A depth-first search loses where the path has the fewest moves possible and every
 * wrong turn leads into a big subtree (BinaryTree's mazes): A* goes straight there. So
 * it first probes only the moves towards the goal, up to a few times the distance in
 * cells, and searches in full only when the path is not of that kind.
 *
 * On a maze with loops it still returns a path (no cell twice) but not always a
 * shortest one; callers use it where the maze is known perfect.
 */
export function treePath(maze: Maze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const { cells, width: w } = maze;
  if (onStep) onStep(Step.Visit, start, 0);
  if (start === goal) return foundPath(Int32Array.of(start), 1, onStep);
  const x = start % w;
  const y = (start - x) / w;
  const gx = goal % w;
  const gy = (goal - gx) / w;
  const probeLimit = PROBE_CELLS_PER_MOVE * (Math.abs(gx - x) + Math.abs(gy - y)) + PROBE_CELLS;
  const search: TreeSearch = {
    cells,
    w,
    gx,
    gy,
    goal,
    probe: 0,
    limit: 0,
    stack: new Uint8Array(1024),
    startCode: 0,
    startFourth: -1,
    cell: start,
    x,
    y,
    top: 0,
    came: 0,
    code: 0,
    visited: 0,
    found: false,
  };
  const unseal = sealBorder(maze);
  let visited = 0;
  try {
    // The probe marks no cell entered: each of its moves brings it nearer the goal, so it cannot come back to one.
    for (const probe of [15, 0]) {
      const open = ~(cells[start] | (probe & awayOf(gx - x, gy - y))) & 15;
      // The start has no way back, so it may have four ways on: the table's code holds three.
      const code = order()[(towardsOf(gx - x, gy - y) << 7) | (4 << 4) | (~open & 15)];
      const fourth = code >> COUNT_SHIFT === 3 && open === 15 ? lastWay(code) : -1;
      Object.assign(search, {
        probe,
        limit: probe ? probeLimit : NO_LIMIT,
        cell: start,
        x,
        y,
        top: 0,
        code,
        startCode: code,
        startFourth: fourth,
        visited: 1,
      });
      if (!probe) cells[start] |= ENTERED;
      while (searchSlice(search, onStep));
      visited += search.visited;
      if (search.found) break;
    }
  } finally {
    unseal();
    clearScratch(maze);
  }
  if (!search.found) return { path: null, visited, ...UNREACHABLE };
  return foundPath(pathOf(search, start), visited, onStep);
}

/** The one open direction of four that a three-way ORDER code leaves out. */
function lastWay(code: number): number {
  return 6 - (code & 3) - ((code >> 2) & 3) - ((code >> 4) & 3);
}

/** The cells from the start to the search's cell, from the ways in on the stack. */
function pathOf(search: TreeSearch, start: number): Int32Array {
  const { stack, top, came, w } = search;
  const path = new Int32Array(top + 1);
  path[0] = start;
  for (let i = 1; i <= top; i++) {
    const d = i === top ? came : stack[i] >> CAME_SHIFT;
    path[i] = path[i - 1] + (d === 0 ? -w : d === 1 ? 1 : d === 2 ? w : -1);
  }
  return path;
}

/** The full search's limit: more than any maze's cells, and a small integer for V8. */
const NO_LIMIT = 0x7fffffff;
/** Cells the probe may enter: this many a move of the distance, plus PROBE_CELLS. */
const PROBE_CELLS_PER_MOVE = 4;
const PROBE_CELLS = 4096;

/** Enters up to SLICE cells; false once the goal is entered, every reachable cell was, or the limit is reached. */
function searchSlice(search: TreeSearch, onStep: StepReporter | undefined): boolean {
  const { cells, w, gx, gy, goal, probe, limit } = search;
  const mark = probe ? 0 : ENTERED;
  const ORDER = order();
  let { stack, cell, x, y, top, came, code, visited } = search;
  let running = true;
  for (let turns = SLICE; turns > 0; turns--) {
    if (code < 1 << COUNT_SHIFT) {
      // Every way on from here is tried: back up a level, to the ways left there.
      if (top === 0) {
        if (search.startFourth < 0) {
          running = false;
          break;
        }
        code = search.startFourth | (1 << COUNT_SHIFT);
        search.startFourth = -1;
        continue;
      }
      cell -= came === 0 ? -w : came === 1 ? 1 : came === 2 ? w : -1;
      x -= DX[came];
      y -= DY[came];
      top--;
      if (top === 0) code = search.startCode;
      else {
        const entry = stack[top];
        came = entry >> CAME_SHIFT;
        code = (entry & 15) | ((entry & 0x30) << 2);
      }
      continue;
    }
    const d = code & 3;
    // What is left here once `d` is taken, in the stack's form: at most two ways (the start's stay in the ORDER form).
    const left = ((code >> 2) & 15) | (((code >> COUNT_SHIFT) - 1) << 4);
    const next = cell + (d === 0 ? -w : d === 1 ? 1 : d === 2 ? w : -1);
    const c = cells[next];
    // Reached by another way: the maze has a loop there; a tree never gets here.
    if (c & ENTERED) {
      code = (left & 15) | ((left & 0x30) << 2);
      continue;
    }
    if (visited >= limit) {
      running = false;
      break;
    }
    if (top === 0) search.startCode = (left & 15) | ((left & 0x30) << 2);
    else stack[top] = (came << CAME_SHIFT) | left;
    cells[next] = c | mark;
    visited++;
    if (onStep) onStep(Step.Visit, next, 0);
    if (++top === stack.length) {
      // Never past a level per cell: the old stack and its copy then hold at most 2 bytes a cell together.
      const longer = new Uint8Array(Math.min(stack.length * 2, cells.length + 1));
      longer.set(stack);
      stack = longer;
    }
    cell = next;
    came = d;
    x += DX[d];
    y += DY[d];
    if (next === goal) {
      search.found = true;
      running = false;
      break;
    }
    const dx = gx - x;
    const dy = gy - y;
    // towardsOf and awayOf, written out: this loop is the whole solve of a big maze, and it stays one function for V8.
    const towards = (dx > 0 ? 1 : 0) | (dy > 0 ? 2 : 0) | ((dx < 0 ? -dx : dx) >= (dy < 0 ? -dy : dy) ? 4 : 0);
    const away = probe === 0 ? 0 : (dy >= 0 ? NORTH : 0) | (dx <= 0 ? EAST : 0) | (dy <= 0 ? SOUTH : 0) | (dx >= 0 ? WEST : 0);
    code = ORDER[(towards << 7) | (((d + 2) & 3) << 4) | ((c | away) & 15)];
  }
  search.stack = stack;
  search.cell = cell;
  search.x = x;
  search.y = y;
  search.top = top;
  search.came = came;
  search.code = code;
  search.visited = visited;
  return running;
}
