import type { Violation } from '../validate.js';
import { countLoops, findDeadEnds, MIN_LOOPS } from '../braid.js';
import type { GridMaze } from '../maze.js';
import { allWallsOf, cellLabel, type Topology } from './topology.js';

export interface GridValidateOptions {
  entry?: number;
  exit?: number;
  /** true: a spanning tree; false: a board with loops (at least 2 where the grid can hold them); undefined: either. */
  perfect?: boolean;
  /** BRAID of a board; the dead-end limit (2) applies only at 100. */
  braid?: number;
  /** Cells of a path to check: a legal walk from entry to exit, and a shortest one. */
  solution?: ArrayLike<number> | null;
}

const MAX_LISTED = 3;

function list(t: Topology, cells: number[]): string {
  const shown = cells.slice(0, MAX_LISTED).map((c) => cellLabel(t, c));
  return cells.length > MAX_LISTED ? `${shown.join(', ')} and ${cells.length - MAX_LISTED} more` : shown.join(', ');
}

/**
 * Every rule that applies to a maze on any grid, one violation per broken rule: walls
 * agree on both sides, no passage leaves the grid or enters a masked cell, the ends are
 * free cells, every free cell is reached, a perfect maze is a tree, a board has loops
 * and (at BRAID=100) at most 2 dead ends, and a given solution walks through open walls
 * from entry to exit by a shortest way. The 42 subject's square rules (the pattern, no
 * open 3x3) are `validate`'s.
 */
export function validateGrid(maze: GridMaze, options: GridValidateOptions = {}): Violation[] {
  const t = maze.topology;
  const { cells, size } = maze;
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
  if (disagree.length) out.push({ rule: 'coherence', message: `walls differ on their two sides at ${list(t, disagree)}` });
  if (border.length) out.push({ rule: 'border', message: `the outer wall is open at ${list(t, border)}` });
  if (maskedOpen.length) out.push({ rule: 'pattern', message: `masked cells have open walls: ${list(t, maskedOpen)}` });
  for (const [key, cell] of [
    ['entry', options.entry],
    ['exit', options.exit],
  ] as const) {
    if (cell === undefined) continue;
    if (!Number.isInteger(cell) || cell < 0 || cell >= size)
      out.push({ rule: 'entry-exit', message: `the ${key} ${cell} is not a cell of the grid` });
    else if (maze.isBlocked(cell)) out.push({ rule: 'entry-exit', message: `the ${key} ${cellLabel(t, cell)} is a masked cell` });
  }
  if (options.entry !== undefined && options.entry === options.exit)
    out.push({ rule: 'entry-exit', message: 'the entry and the exit are the same cell' });

  // Reach from the first free cell through open walls between free cells.
  let free = 0;
  let first = -1;
  for (let cell = 0; cell < size; cell++) {
    if (maze.isBlocked(cell)) continue;
    free++;
    if (first < 0) first = cell;
  }
  const dist = new Int32Array(size).fill(-1);
  if (first >= 0) {
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
    const deadEnds = findDeadEnds(maze).length;
    if ((options.braid ?? 100) >= 100 && deadEnds > 2 && t.kind !== 'square')
      out.push({ rule: 'board', message: `the board has ${deadEnds} dead ends; BRAID=100 leaves at most 2` });
  }
  const path = options.solution;
  if (path && options.entry !== undefined && options.exit !== undefined) {
    const problem = pathProblem(maze, path, options.entry, options.exit);
    if (problem) out.push({ rule: 'path', message: problem });
  }
  return out;
}

function pathProblem(maze: GridMaze, path: ArrayLike<number>, entry: number, exit: number): string | undefined {
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
  const dist = new Int32Array(t.size).fill(-1);
  const queue = new Int32Array(t.size);
  const around = new Int32Array(t.maxDegree);
  let head = 0;
  let tail = 0;
  dist[entry] = 0;
  queue[tail++] = entry;
  while (head < tail) {
    const cell = queue[head++];
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || maze.cells[cell] & (1 << s) || dist[next] >= 0) continue;
      dist[next] = dist[cell] + 1;
      queue[tail++] = next;
    }
  }
  if (dist[exit] !== path.length - 1) return `the solution takes ${path.length - 1} moves; the shortest way takes ${dist[exit]}`;
  return undefined;
}
