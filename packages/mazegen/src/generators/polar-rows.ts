import type { GeneratorOptions } from '../algorithm.js';
import { OptionError } from '../errors.js';
import type { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import { shuffle, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';

/**
 * The polar grid's rows: its rings, walked clockwise, with "back to the previous row"
 * as the inward wall. Binary Tree and Sidewinder have their natural form there (the
 * centre is the corner every path leads to); on the other grids they need rows and
 * columns they do not have, and the registry refuses them.
 */

function polarOf(maze: GridMaze, name: string): PolarTopology {
  const t = maze.topology;
  if (t.kind !== 'polar') throw new OptionError('GENERATOR', `${name}'s ring form is for the polar grid, not the ${t.kind} grid`);
  return t as PolarTopology;
}

function checkNoVariant(name: string, options: GeneratorOptions): void {
  if (options.variant !== undefined && options.variant.trim() !== '') {
    throw new OptionError('VARIANT', `${name} on the polar grid has one form (inward or clockwise); VARIANT is for the square grid`);
  }
}

/** Opens the wall in `slot` of `cell` on both sides and reports it. */
function open(maze: GridMaze, cell: number, slot: number, onStep?: StepReporter): void {
  maze.carve(cell, slot);
  if (onStep) onStep(Step.Carve, cell, 1 << slot);
}

/**
 * Binary Tree on rings: every cell but the centre opens inward or clockwise, drawn from
 * the seed; the last cell of a ring may only open inward (clockwise would close the
 * ring into a loop). Links lead to a lower ring or further round the ring, so there
 * is no loop and every cell reaches the centre: a spanning tree. Masked cells are no
 * choice; trees they cut off are joined at the end.
 */
export function binaryTreeOnPolar(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = polarOf(maze, 'BinaryTree');
  checkNoVariant('BinaryTree', options);
  const onProgress = options.onProgress;
  let untilProgress = PROGRESS_EVERY;
  let carved = 0;
  for (let ring = 1; ring <= t.height; ring++) {
    const start = t.ringStart[ring];
    const count = t.ringCount[ring];
    for (let i = 0; i < count; i++) {
      const cell = start + i;
      if (maze.isBlocked(cell)) continue;
      const cw = 2 + t.outwardCount(ring);
      const inwardFree = !maze.isBlocked(t.neighbour(cell, 0));
      const cwFree = i + 1 < count && !maze.isBlocked(t.neighbour(cell, cw));
      if (onStep) onStep(Step.Visit, cell, 0);
      if (!inwardFree && !cwFree) continue;
      const slot = inwardFree && cwFree ? (rng.int(2) === 0 ? 0 : cw) : inwardFree ? 0 : cw;
      open(maze, cell, slot, onStep);
      carved++;
    }
    untilProgress = reportRing(onProgress, untilProgress, t, ring);
  }
  joinGridForest(maze, rng, carved, onStep);
  if (onProgress) onProgress(maze.size, maze.size);
}

/**
 * Sidewinder on rings: ring 1 outward, each ring cut into clockwise runs; a run ends
 * (drawn from the seed, or at the ring's last cell, or before a masked cell) by opening
 * inward from one random cell of the run. Every run has one way in, so the result is a
 * spanning tree; runs a mask cuts off are joined at the end.
 */
export function sidewinderOnPolar(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = polarOf(maze, 'Sidewinder');
  checkNoVariant('Sidewinder', options);
  const onProgress = options.onProgress;
  let untilProgress = PROGRESS_EVERY;
  let carved = 0;
  const run: number[] = [];
  for (let ring = 1; ring <= t.height; ring++) {
    const start = t.ringStart[ring];
    const count = t.ringCount[ring];
    const cw = 2 + t.outwardCount(ring);
    run.length = 0;
    for (let i = 0; i < count; i++) {
      const cell = start + i;
      if (maze.isBlocked(cell)) continue;
      if (onStep) onStep(Step.Visit, cell, 0);
      run.push(cell);
      const canGoOn = i + 1 < count && !maze.isBlocked(t.neighbour(cell, cw));
      if (canGoOn && rng.int(2) === 0) {
        open(maze, cell, cw, onStep);
        carved++;
        continue;
      }
      // Close the run: one way inward from a cell of it that has a free inward neighbour.
      const doors = run.filter((c) => !maze.isBlocked(t.neighbour(c, 0)));
      if (doors.length > 0) {
        open(maze, doors[doors.length === 1 ? 0 : rng.int(doors.length)], 0, onStep);
        carved++;
      }
      run.length = 0;
    }
    untilProgress = reportRing(onProgress, untilProgress, t, ring);
  }
  joinGridForest(maze, rng, carved, onStep);
  if (onProgress) onProgress(maze.size, maze.size);
}

/**
 * Progress ring by ring, once `ring` is carved: counts its cells off `untilProgress`
 * and, once PROGRESS_EVERY cells have gone by, reports every cell up to it as done.
 * Returns the new countdown.
 */
function reportRing(onProgress: ProgressReporter | undefined, untilProgress: number, t: PolarTopology, ring: number): number {
  const left = untilProgress - t.ringCount[ring];
  if (left > 0) return left;
  if (onProgress) onProgress(t.ringStart[ring + 1], t.size);
  return PROGRESS_EVERY;
}

/**
 * `joinForest` on any grid: when fewer than free - 1 walls were opened, the trees are
 * joined by opening walls between two of them in a seeded random order.
 */
export function joinGridForest(maze: GridMaze, rng: Rng, carved: number, onStep?: StepReporter): void {
  const free = maze.countOpenCells();
  if (carved >= free - 1) return;
  const t = maze.topology;
  const parent = new Int32Array(t.size);
  for (let i = 0; i < t.size; i++) parent[i] = i;
  const find = (c: number): number => {
    while (parent[c] !== c) c = parent[c] = parent[parent[c]];
    return c;
  };
  // The closed walls between free cells, found in two passes (count, then fill) into typed arrays: a list of numbers was up to 30 bytes of heap a wall.
  let count = 0;
  for (let cell = 0; cell < t.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    for (let s = 0; s < t.degree(cell); s++) {
      const next = t.neighbour(cell, s);
      if (next <= cell || maze.isBlocked(next)) continue;
      if (maze.isOpen(cell, s)) parent[find(cell)] = find(next);
      else count++;
    }
  }
  const closedCell = new Int32Array(count);
  const closedSlot = new Uint8Array(count);
  for (let cell = 0, k = 0; cell < t.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    for (let s = 0; s < t.degree(cell); s++) {
      const next = t.neighbour(cell, s);
      if (next <= cell || maze.isBlocked(next) || maze.isOpen(cell, s)) continue;
      closedCell[k] = cell;
      closedSlot[k++] = s;
    }
  }
  const order = new Int32Array(count);
  for (let k = 0; k < count; k++) order[k] = k;
  shuffle(order, rng);
  for (const k of order) {
    const cell = closedCell[k];
    const slot = closedSlot[k];
    const a = find(cell);
    const b = find(t.neighbour(cell, slot));
    if (a === b) continue;
    parent[a] = b;
    open(maze, cell, slot, onStep);
  }
}
