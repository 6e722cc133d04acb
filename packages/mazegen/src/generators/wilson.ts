import { defineGenerator, quietKernel, squareQuietKernel } from './define.js';
import type { GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { Sfc32, type Rng } from '../rng.js';
import { BLOCKED, OPPOSITE, stepCell } from '../maze.js';
import { BIT_COUNT, NTH_BIT } from './dfs.js';
import { Step, type StepReporter } from '../steps.js';
import { blockedMargin, randomFreeDirection, randomFreeSlot } from './random-walk.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { sliceTurns } from '../slices.js';
import { clearScratchBits } from '../scratch.js';
import { centralFreeCell, checkedGridStart, checkedStart } from './start.js';
import { wilsonWalks } from './wilson-walk.js';

/**
 * Wilson's algorithm: the tree starts as one cell (the start cell on the square grid, the
 * middle one on the others: see wilsonRoot); from each free cell not yet in
 * it (in row order), a random walk runs until it hits the tree, remembering only the
 * last direction taken out of each cell (which erases the loops), then the loop-erased
 * path is added to the tree. The result is a uniform spanning tree of the free cells
 * (Wilson 1996), found in the mean hitting time, much faster than Aldous-Broder. Walks
 * step only to free neighbours, so the 42 pattern is simply not part of the graph.
 */
export const wilson = defineGenerator({
  name: 'Wilson',
  aliases: ['wilsons', 'loop-erased-random-walk', 'lerw'],
  description: "Wilson's algorithm: loop-erased random walks; uniform spanning tree.",
  reference: 'https://weblog.jamisbuck.org/2011/1/20/maze-generation-wilson-s-algorithm',
  scratchBytesPerCell: 2, // walk directions and in-tree flags
  gridScratchBytesPerCell: 4, // in-tree flags and the walk's exit slots; measured 2.9-3.3
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generic: wilsonOnGrid,
  squareKernels: [
    squareQuietKernel('square-quiet', (maze, rng, start, onProgress) => {
      wilsonInCells(maze.cells, maze.width, maze.height, start, rng, onProgress);
      return true;
    }),
  ],
  // The hex, triangle and polar grids' walks (wilson-walk.ts), from the generic form's root.
  kernels: (['hex', 'triangle', 'polar'] as const).map((grid) =>
    quietKernel(grid, grid, true, (maze, rng, start, onProgress) => {
      wilsonWalks(maze, rng, wilsonRoot(maze, start), onProgress);
      return true;
    }),
  ),
  square(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const inTree = new Uint8Array(size);
    // The direction the walk last left each cell by: following it retraces the loop-erased path.
    const exitDir = new Uint8Array(size);
    const choices = new Int32Array(4);
    const start = checkedStart(maze, options.start);
    // Progress: the cells in the tree, told every PROGRESS_EVERY walk steps (the first
    // walks are long and add nothing until they hit the tree, so steps, not cells, pace it).
    const onProgress = options.onProgress;
    let untilProgress = PROGRESS_EVERY;
    let treeCells = 1;
    inTree[start] = 1;
    if (onStep) onStep(Step.Visit, start, 0);
    for (let origin = 0; origin < size; origin++) {
      if (inTree[origin] || cells[origin] & BLOCKED) continue;
      let cell = origin;
      if (onStep) onStep(Step.Frontier, cell, 0);
      while (inTree[cell] === 0) {
        const dir = randomFreeDirection(cells, w, cell, choices, rng);
        exitDir[cell] = dir;
        cell = stepCell(cell, dir, w);
        if (onStep) onStep(Step.Frontier, cell, 0);
        if (--untilProgress === 0) {
          untilProgress = PROGRESS_EVERY;
          if (onProgress) onProgress(treeCells, size);
        }
      }
      // Add the loop-erased path to the tree, from the origin to where the walk hit it.
      cell = origin;
      while (inTree[cell] === 0) {
        const dir = exitDir[cell];
        const next = stepCell(cell, dir, w);
        inTree[cell] = 1;
        treeCells++;
        cells[cell] &= ~dir;
        cells[next] &= ~OPPOSITE[dir];
        if (onStep) {
          onStep(Step.Carve, cell, dir);
          onStep(Step.Visit, cell, 0);
        }
        cell = next;
      }
    }
    if (onProgress) onProgress(size, size);
  },
});

/** Scratch bits of a cell byte while the fast loop runs: the walk's last exit (0-3: N, E, S, W) and "in the tree". */
const EXIT_SHIFT = 5;
const EXIT_MASK = 3 << EXIT_SHIFT;
const IN_TREE = 0x80;
/** The change of column and row for each side 0-3 (N, E, S, W). */
const DX_OF = new Int8Array([0, 1, 0, -1]);
const DY_OF = new Int8Array([-1, 0, 1, 0]);
/** Slots of the Int32Array that carries the state between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const ORIGIN = 4;
const ORIGIN_X = 5;
const ORIGIN_Y = 6;
const CELL = 7;
const X = 8;
const Y = 9;
const MARGIN = 10; // four slots: blockedMargin's box
const SLOTS = 14;
/** Walk steps per slice (docs/design.md, "Hot loops run in slices"). */
const SLICE = 1 << 16;
/** Whether `wilsonInCells` has run on its tiny maze in this process. */
let primed = false;

/**
 * `wilson.generate` for the common case (no step reporter, the library's sfc32): the
 * exits and the tree live in the cells' scratch bits, so a step reads and writes the one
 * byte it stands on, and a cell off the border and away from the 42 takes its step from
 * the draw's top two bits without reading its neighbours (all four are free). Same
 * draws, same maze; the bits are cleared at the end.
 */
function wilsonInCells(cells: Uint8Array, w: number, h: number, start: number, rng: Sfc32, onProgress: ProgressReporter | undefined): void {
  if (!primed) {
    // Once per process, a tiny maze first: a big maze's first walk runs for many slices
    // before it ever reaches the tree, so V8 optimized the slice mid-walk with no
    // feedback for adding a path and finding the next origin, and about one process in
    // eight kept a version twice as slow. The tiny maze runs every path once before.
    primed = true;
    const tiny = new Uint8Array(64).fill(15);
    wilsonInCells(tiny, 8, 8, 0, Sfc32.fromState([1, 2, 3, 4]), undefined);
  }
  const slots = new Int32Array(SLOTS);
  slots.set(rng.getState(), A);
  slots.set(blockedMargin(cells, w, h), MARGIN);
  cells[start] |= IN_TREE;
  let origin = 0;
  while (origin < w * h && cells[origin] & (IN_TREE | BLOCKED)) origin++;
  if (origin < w * h) {
    slots[ORIGIN] = slots[CELL] = origin;
    slots[ORIGIN_X] = slots[X] = origin % w;
    slots[ORIGIN_Y] = slots[Y] = Math.floor(origin / w);
  }
  let steps = 0;
  let reported = 0;
  for (
    let calls = 1, turns = sliceTurns(1, SLICE);
    origin < w * h && wilsonSlice(cells, w, h, slots, turns);
    turns = sliceTurns(++calls, SLICE)
  ) {
    steps += turns;
    if (onProgress && steps - reported >= PROGRESS_EVERY) {
      reported = steps;
      onProgress(Math.max(1, Math.min(w * h - 1, slots[ORIGIN])), w * h);
    }
  }
  rng.setState([slots[A], slots[B], slots[C], slots[D]]);
  clearScratchBits(cells);
}

/** Up to `turns` walk steps (each walk's loop-erased path added when it hits the tree); false once every cell is in it. */
function wilsonSlice(cells: Uint8Array, w: number, h: number, slots: Int32Array, turns: number): boolean {
  let a = slots[A];
  let b = slots[B];
  let c = slots[C];
  let d = slots[D];
  let origin = slots[ORIGIN];
  let ox = slots[ORIGIN_X];
  let oy = slots[ORIGIN_Y];
  let cell = slots[CELL];
  let x = slots[X];
  let y = slots[Y];
  // A cell is plain (four free ways) when 1 <= x <= w - 2, 1 <= y <= h - 2 and it is outside the margin box.
  const mx0 = slots[MARGIN];
  const my0 = slots[MARGIN + 1];
  const mw = slots[MARGIN + 2] - mx0 + 1;
  const mh = slots[MARGIN + 3] - my0 + 1;
  const size = w * h;
  const innerW = w - 2;
  const innerH = h - 2;
  const stepOf = new Int32Array([-w, 1, w, -1]);
  let more = true;
  for (; turns > 0; turns--) {
    const byte = cells[cell];
    if (byte & IN_TREE) {
      // The walk from `origin` hit the tree (or `origin` was in it): add its loop-erased path.
      let at = origin;
      let here = cells[at];
      while ((here & IN_TREE) === 0) {
        const k = (here & EXIT_MASK) >>> EXIT_SHIFT;
        cells[at] = (here & ~(EXIT_MASK | (1 << k))) | IN_TREE;
        at += stepOf[k];
        here = cells[at] & ~(1 << ((k + 2) & 3));
        cells[at] = here;
      }
      // The next origin: the next free cell not in the tree, in row order.
      do {
        origin++;
        if (++ox === w) {
          ox = 0;
          oy++;
        }
      } while (origin < size && cells[origin] & (IN_TREE | BLOCKED));
      if (origin >= size) {
        more = false;
        break;
      }
      cell = origin;
      x = ox;
      y = oy;
      continue;
    }
    let k: number;
    if ((x - 1) >>> 0 < innerW && (y - 1) >>> 0 < innerH && ((x - mx0) >>> 0 >= mw || (y - my0) >>> 0 >= mh)) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      k = t >>> 30; // Sfc32.int(4)
    } else {
      const free =
        (y > 0 && (cells[cell - w] & BLOCKED) === 0 ? 1 : 0) |
        (x + 1 < w && (cells[cell + 1] & BLOCKED) === 0 ? 2 : 0) |
        (y + 1 < h && (cells[cell + w] & BLOCKED) === 0 ? 4 : 0) |
        (x > 0 && (cells[cell - 1] & BLOCKED) === 0 ? 8 : 0);
      const count = BIT_COUNT[free];
      let dir = free;
      if (count > 1) {
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + t) | 0;
        dir = NTH_BIT[(free << 2) | (((t >>> 16) * count + (((t & 0xffff) * count) >>> 16)) >>> 16)];
      }
      k = 31 - Math.clz32(dir);
    }
    cells[cell] = (byte & ~EXIT_MASK) | (k << EXIT_SHIFT);
    // The move by tables (a branch on the random side mispredicts half the time).
    cell += stepOf[k];
    x += DX_OF[k];
    y += DY_OF[k];
  }
  slots[A] = a;
  slots[B] = b;
  slots[C] = c;
  slots[D] = d;
  slots[ORIGIN] = origin;
  slots[ORIGIN_X] = ox;
  slots[ORIGIN_Y] = oy;
  slots[CELL] = cell;
  slots[X] = x;
  slots[Y] = y;
  return more;
}

/**
 * The tree's first cell: the start cell on the square grid (its bytes are pinned), the
 * free cell nearest the middle on the others. The tree is uniform from any root, and
 * the walks' total length is their mean hitting time of the root, which a central cell
 * keeps low: from a corner of a triangle or hex grid (few neighbours, far from most
 * cells) the walks took 1.5 to 5 times as long.
 */
function wilsonRoot(maze: GridMaze, start: number): number {
  const checked = checkedGridStart(maze, start);
  return maze.topology.kind === 'square' ? checked : centralFreeCell(maze);
}

/** The same walks on any grid, in the same order of draws (the same bytes on the square grid); the hex, triangle and polar grids' walks have a kernel (wilson-walk.ts). */
function wilsonOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const blocked = t.blockedBit;
  const start = wilsonRoot(maze, options.start);
  const inTree = new Uint8Array(size);
  const exitSlot = new Uint8Array(size);
  const around = new Int32Array(t.maxDegree);
  const choices = new Int32Array(t.maxDegree);
  const onProgress = options.onProgress;
  let untilProgress = PROGRESS_EVERY;
  let treeCells = 1;
  inTree[start] = 1;
  if (onStep) onStep(Step.Visit, start, 0);
  for (let origin = 0; origin < size; origin++) {
    if (inTree[origin] || cells[origin] & blocked) continue;
    let cell = origin;
    if (onStep) onStep(Step.Frontier, cell, 0);
    while (inTree[cell] === 0) {
      const slot = randomFreeSlot(t, cells, cell, around, choices, rng);
      exitSlot[cell] = slot;
      cell = around[slot];
      if (onStep) onStep(Step.Frontier, cell, 0);
      if (--untilProgress === 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress(treeCells, size);
      }
    }
    cell = origin;
    while (inTree[cell] === 0) {
      const slot = exitSlot[cell];
      const next = t.neighbour(cell, slot);
      inTree[cell] = 1;
      treeCells++;
      cells[cell] &= ~(1 << slot);
      cells[next] &= ~(1 << t.backSlot(cell, slot));
      if (onStep) {
        onStep(Step.Carve, cell, 1 << slot);
        onStep(Step.Visit, cell, 0);
      }
      cell = next;
    }
  }
  if (onProgress) onProgress(size, size);
}
