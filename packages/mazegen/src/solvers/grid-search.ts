import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';

/**
 * What the generic solvers share: a growable queue of cells, the path back along parent
 * slots, and the final report. A parent is kept as its slot + 1 in a byte (0 = not
 * reached), so a search costs a byte a cell plus its frontier.
 */
export class CellQueue {
  private items = new Int32Array(1024);
  private head = 0;
  private tail = 0;

  get length(): number {
    return this.tail - this.head;
  }

  push(cell: number): void {
    if (this.tail === this.items.length) {
      const live = this.tail - this.head;
      if (this.head * 2 >= this.items.length) {
        this.items.copyWithin(0, this.head, this.tail);
      } else {
        const bigger = new Int32Array(this.items.length * 2);
        bigger.set(this.items.subarray(this.head, this.tail));
        this.items = bigger;
      }
      this.head = 0;
      this.tail = live;
    }
    this.items[this.tail++] = cell;
  }

  shift(): number {
    return this.items[this.head++];
  }
}

/** A growable stack of cell indices (the A* kernels' open sets). */
export class CellStack {
  items = new Int32Array(1024);
  length = 0;

  push(cell: number): void {
    if (this.length === this.items.length) {
      const bigger = new Int32Array(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.length++] = cell;
  }
}

/** The cells from `start` to `goal` following parent slots (slot + 1, in the bits of `slotBits`) back from the goal. */
export function pathFromParentSlots(maze: GridMaze, parentSlot: Uint8Array, start: number, goal: number, slotBits = 0xff): Int32Array {
  const t = maze.topology;
  // Walked twice, to count and then to fill: the path can be most of the maze, so no growing array.
  let length = 1;
  for (let cell = goal; cell !== start; length++) cell = t.neighbour(cell, (parentSlot[cell] & slotBits) - 1);
  const path = new Int32Array(length);
  for (let i = length - 1, cell = goal; i >= 0; i--) {
    path[i] = cell;
    if (i > 0) cell = t.neighbour(cell, (parentSlot[cell] & slotBits) - 1);
  }
  return path;
}

/** A found path, reported as Path steps in order. */
export function foundPath(path: Int32Array, visited: number, onStep?: StepReporter): SolverResult {
  if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
  return { path, visited };
}

export const UNREACHABLE: Pick<SolverResult, 'failure'> = { failure: 'the exit cannot be reached from the entry' };

/**
 * Breadth-first search from `start` over open walls, stopping at `goal` (-1: never):
 * parent slots, and the cells reached. Shared by BFS, dead-end filling's last walk and
 * the analysis. BFS has a polar kernel of its own in the registry (bfs-polar.ts).
 */
export function gridBreadthFirst(
  maze: GridMaze,
  start: number,
  goal: number,
  onStep?: StepReporter,
  skip?: Uint8Array,
): { parentSlot: Uint8Array; reached: number; found: boolean } {
  const t = maze.topology;
  const { cells, size } = maze;
  const parentSlot = new Uint8Array(size);
  const around = new Int32Array(t.maxDegree);
  const queue = new CellQueue();
  parentSlot[start] = 255; // reached, no parent
  queue.push(start);
  let reached = 1;
  if (onStep) onStep(Step.Frontier, start, 0);
  while (queue.length > 0) {
    const cell = queue.shift();
    if (onStep) onStep(Step.Visit, cell, 0);
    if (cell === goal) return { parentSlot, reached, found: true };
    const degree = t.neighbours(cell, around);
    const word = cells[cell];
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || word & (1 << s) || parentSlot[next] !== 0 || (skip && skip[next])) continue;
      parentSlot[next] = t.backSlot(cell, s) + 1;
      reached++;
      queue.push(next);
      if (onStep) onStep(Step.Frontier, next, 0);
    }
  }
  return { parentSlot, reached, found: false };
}
