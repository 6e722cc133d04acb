import { defineGenerator, gridKernel, squareQuietKernel } from './define.js';
import { OptionError } from '../errors.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST, type Maze } from '../maze.js';
import type { Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import { joinForest } from './join-forest.js';
import { binaryTreeOnPolar } from './polar-rows.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';

/** The corner every passage leans towards, as [vertical, horizontal] walls to open. */
const BIASES: Readonly<Record<string, readonly [number, number]>> = {
  NE: [NORTH, EAST],
  NW: [NORTH, WEST],
  SE: [SOUTH, EAST],
  SW: [SOUTH, WEST],
};
const BINARY_TREE_VARIANTS: readonly string[] = Object.keys(BIASES);

function parseBias(variant: string | undefined): readonly [number, number] {
  const key = (variant ?? 'NE').trim().toUpperCase();
  const bias = BIASES[key === '' ? 'NE' : key];
  if (!bias) {
    throw new OptionError(
      'VARIANT',
      `BinaryTree variant must be one of ${BINARY_TREE_VARIANTS.join(', ')} (the corner passages lean to), got '${variant}'`,
    );
  }
  return bias;
}

/**
 * Binary Tree: every cell opens one wall, chosen at random between the two that lead
 * towards the biased corner (default NE: north or east), so the cells along the two
 * sides of that corner form long straight corridors and every path runs diagonally
 * towards it. Cells next to the 42 pattern (or the border) whose only candidates are
 * blocked open the one that is free, or none; the few trees cut off that way are
 * joined by `joinForest`, the only place the texture differs.
 */
export const binaryTree = defineGenerator({
  name: 'BinaryTree',
  aliases: ['binary', 'binary-tree', 'bintree'],
  description: 'Binary Tree: each cell opens towards one biased corner (NE by default); two straight sides, diagonal texture.',
  reference: 'https://weblog.jamisbuck.org/2011/2/1/maze-generation-binary-tree-algorithm',
  scratchBytesPerCell: 18, // labels, a queue and a list to join the forest around the 42
  gridScratchBytesPerCell: 22, // row plan; joining a masked forest: union-find and the closed walls, two a cell at most (4 + 2 x 9)
  grids: ['square', 'polar'],
  wraps: false,
  kernels: [gridKernel('polar', 'polar', binaryTreeOnPolar)],
  variants: BINARY_TREE_VARIANTS,
  // Without a step reporter, with the library's sfc32: a row at a time, the stream's state in the plan.
  squareKernels: [
    squareQuietKernel(
      'square-quiet',
      (maze, rng, _start, onProgress, options) => {
        const { plan, edgeRow, roots } = planRows(maze, options.variant);
        const { cells, width: w, height: h } = maze;
        plan.set(rng.getState(), A);
        let untilProgress = PROGRESS_EVERY;
        for (let y = 0; y < h; y++) {
          carveRow(cells, y * w, y !== edgeRow, plan, roots);
          untilProgress -= w;
          if (untilProgress <= 0) {
            untilProgress = PROGRESS_EVERY;
            if (onProgress) onProgress((y + 1) * w, maze.size);
          }
        }
        rng.setState([plan[A], plan[B], plan[C], plan[D]]);
        joinForest(maze, rng, plan[CARVED], undefined, { free: maze.size - plan[BLOCKED_COUNT], roots });
        return true;
      },
      { start: false },
    ),
  ],
  square(maze, rng, options, onStep) {
    const { plan, edgeRow, roots } = planRows(maze, options.variant);
    const onProgress = options.onProgress;
    carveReported(maze, rng, plan, edgeRow, roots, onStep, onProgress);
    joinForest(maze, rng, plan[CARVED], onStep, { free: maze.size - plan[BLOCKED_COUNT], roots });
    if (onProgress) onProgress(maze.size, maze.size);
  },
});

/** The bias of `variant` laid out for the row loops, the row with no neighbour in the biased direction, and the list for joinForest's roots. */
function planRows(maze: Maze, variant: string | undefined): { plan: Int32Array; edgeRow: number; roots: number[] } {
  const [vertical, horizontal] = parseBias(variant);
  const { width: w, height: h } = maze;
  const plan = new Int32Array(PLAN_SLOTS);
  plan[VERTICAL] = vertical;
  plan[HORIZONTAL] = horizontal;
  plan[VERTICAL_STEP] = vertical === NORTH ? -w : w;
  plan[HORIZONTAL_STEP] = horizontal === EAST ? 1 : -1;
  plan[VERTICAL_BACK] = vertical === NORTH ? SOUTH : NORTH;
  plan[HORIZONTAL_BACK] = horizontal === EAST ? WEST : EAST;
  // The row and column with no vertical (horizontal) neighbour in the biased direction.
  const edgeRow = vertical === NORTH ? 0 : h - 1;
  plan[EDGE_COLUMN] = horizontal === EAST ? w - 1 : 0;
  plan[WIDTH] = w;
  // Cells that open nothing: one per tree of the forest, for joinForest.
  return { plan, edgeRow, roots: [] };
}

/** Slots of the Int32Array that carries the bias, the sfc32 state and the counts between rows. */
const VERTICAL = 0;
const HORIZONTAL = 1;
const VERTICAL_STEP = 2;
const HORIZONTAL_STEP = 3;
const VERTICAL_BACK = 4;
const HORIZONTAL_BACK = 5;
const EDGE_COLUMN = 6;
const WIDTH = 7;
const A = 8;
const B = 9;
const C = 10;
const D = 11;
const CARVED = 12;
const BLOCKED_COUNT = 13;
const PLAN_SLOTS = 14;

/**
 * One row for the common case (no step reporter, the library's sfc32, its state in
 * locals): the same draws as `carveReported`, one per cell with both walls free, and
 * a branch-free choice between them, since the draw's bit defeats any prediction. A
 * call per row keeps the loop in a function V8 compiles whole (docs/design.md, "Hot
 * loops run in slices").
 */
function carveRow(cells: Uint8Array, row: number, canVerticalRow: boolean, plan: Int32Array, roots: number[]): void {
  const w = plan[WIDTH];
  const vertical = plan[VERTICAL];
  const horizontal = plan[HORIZONTAL];
  const verticalStep = plan[VERTICAL_STEP];
  const horizontalStep = plan[HORIZONTAL_STEP];
  const verticalBack = plan[VERTICAL_BACK];
  const horizontalBack = plan[HORIZONTAL_BACK];
  const edgeColumn = plan[EDGE_COLUMN];
  let a = plan[A];
  let b = plan[B];
  let c = plan[C];
  let d = plan[D];
  let carved = 0;
  let blocked = 0;
  let x = 0;
  // A row that touches no blocked cell (in it or its vertical neighbour row) has every
  // cell but the edge column free to go both ways: a loop with no tests.
  let flags = 0;
  if (canVerticalRow) for (let i = row, end = row + w; i < end; i++) flags |= cells[i] | cells[i + verticalStep];
  if (canVerticalRow && (flags & BLOCKED) === 0) {
    const from = edgeColumn === 0 ? 1 : 0;
    const to = edgeColumn === 0 ? w : w - 1;
    for (let cell = row + from, end = row + to; cell < end; cell++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      // All ones for an odd draw, else zero; shifts, since -(t & 1) is -0 (a double) for an even one.
      const odd = (t << 31) >> 31;
      cells[cell] &= ~((vertical & ~odd) | (horizontal & odd));
      cells[cell + ((verticalStep & ~odd) | (horizontalStep & odd))] &= ~((verticalBack & ~odd) | (horizontalBack & odd));
    }
    // The edge column can only go vertical.
    cells[row + edgeColumn] &= ~vertical;
    cells[row + edgeColumn + verticalStep] &= ~verticalBack;
    carved = w;
    x = w;
  }
  for (; x < w; x++) {
    const cell = row + x;
    const own = cells[cell];
    if (own & BLOCKED) {
      blocked++;
      continue;
    }
    const canVertical = canVerticalRow && (cells[cell + verticalStep] & BLOCKED) === 0;
    const canHorizontal = x !== edgeColumn && (cells[cell + horizontalStep] & BLOCKED) === 0;
    if (canVertical && canHorizontal) {
      // sfc32's step, as Sfc32.nextUint32; an even draw goes vertical.
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      const odd = (t << 31) >> 31;
      cells[cell] = own & ~((vertical & ~odd) | (horizontal & odd));
      cells[cell + ((verticalStep & ~odd) | (horizontalStep & odd))] &= ~((verticalBack & ~odd) | (horizontalBack & odd));
    } else if (canVertical) {
      cells[cell] = own & ~vertical;
      cells[cell + verticalStep] &= ~verticalBack;
    } else if (canHorizontal) {
      cells[cell] = own & ~horizontal;
      cells[cell + horizontalStep] &= ~horizontalBack;
    } else {
      roots.push(cell);
      continue;
    }
    carved++;
  }
  plan[A] = a;
  plan[B] = b;
  plan[C] = c;
  plan[D] = d;
  plan[CARVED] += carved;
  plan[BLOCKED_COUNT] += blocked;
}

/** The general loop: any Rng, with a step reporter. */
function carveReported(
  maze: Maze,
  rng: Rng,
  plan: Int32Array,
  edgeRow: number,
  roots: number[],
  onStep: StepReporter | undefined,
  onProgress: ProgressReporter | undefined,
): void {
  const { cells, width: w, height: h } = maze;
  const vertical = plan[VERTICAL];
  const horizontal = plan[HORIZONTAL];
  const verticalStep = plan[VERTICAL_STEP];
  const horizontalStep = plan[HORIZONTAL_STEP];
  const verticalBack = plan[VERTICAL_BACK];
  const horizontalBack = plan[HORIZONTAL_BACK];
  const edgeColumn = plan[EDGE_COLUMN];
  let carved = 0;
  let blocked = 0;
  let untilProgress = PROGRESS_EVERY;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const cell = row + x;
      if (cells[cell] & BLOCKED) {
        blocked++;
        continue;
      }
      if (onStep) onStep(Step.Visit, cell, 0);
      const canVertical = y !== edgeRow && (cells[cell + verticalStep] & BLOCKED) === 0;
      const canHorizontal = x !== edgeColumn && (cells[cell + horizontalStep] & BLOCKED) === 0;
      let goVertical: boolean;
      if (canVertical && canHorizontal) goVertical = (rng.nextUint32() & 1) === 0;
      else if (canVertical || canHorizontal) goVertical = canVertical;
      else {
        roots.push(cell);
        continue;
      }
      if (goVertical) {
        cells[cell] &= ~vertical;
        cells[cell + verticalStep] &= ~verticalBack;
      } else {
        cells[cell] &= ~horizontal;
        cells[cell + horizontalStep] &= ~horizontalBack;
      }
      carved++;
      if (onStep) onStep(Step.Carve, cell, goVertical ? vertical : horizontal);
    }
    untilProgress -= w;
    if (untilProgress <= 0) {
      untilProgress = PROGRESS_EVERY;
      if (onProgress) onProgress(row + w, w * h);
    }
  }
  plan[CARVED] = carved;
  plan[BLOCKED_COUNT] = blocked;
}
