import { defineGenerator, squareQuietKernel } from './define.js';
import type { GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { Sfc32, type Rng } from '../rng.js';
import { BLOCKED, OPPOSITE, stepCell } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { blockedMargin, randomFreeDirection, randomFreeSlot } from './random-walk.js';
import { BIT_COUNT, NTH_BIT } from './dfs.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { sliceTurns } from '../slices.js';
import { clearScratchBits } from '../scratch.js';
import { checkedGridStart, checkedStart } from './start.js';

/**
 * Aldous-Broder: a random walk over the free cells (each step to a uniformly chosen
 * free neighbour) that opens the wall whenever it enters a cell for the first time.
 * The first-entrance edges form a uniform spanning tree of the free cells (Aldous 1990,
 * Broder 1989). It runs until every free cell is entered: the walk's cover time, about
 * n log^2 n steps on a grid of n cells; no time budget, it always ends because the free
 * cells are connected. The 42 pattern's cells are not part of the graph walked on.
 */
export const aldousBroder = defineGenerator({
  name: 'AldousBroder',
  aliases: ['aldous-broder', 'ab', 'random-walk'],
  description: 'Aldous-Broder: a random walk opening first entrances; uniform spanning tree, slow (cover time).',
  reference: 'https://weblog.jamisbuck.org/2011/1/17/maze-generation-aldous-broder-algorithm',
  scratchBytesPerCell: 1, // visited flags
  gridScratchBytesPerCell: 2, // visited flags; measured 0.3-1.3
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generic: aldousBroderOnGrid,
  squareKernels: [
    squareQuietKernel('square-quiet', (maze, rng, start, onProgress) => {
      walkInCells(maze.cells, maze.width, maze.height, start, freeCells(maze.cells), rng, onProgress);
      return true;
    }),
  ],
  square(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    let remaining = freeCells(cells);
    const visited = new Uint8Array(size);
    const choices = new Int32Array(4);
    let cell = checkedStart(maze, options.start);
    // Progress: the cells visited (free - remaining), told every PROGRESS_EVERY walk
    // steps, since the walk's long tail visits a new cell only now and then.
    const onProgress = options.onProgress;
    const free = remaining;
    let untilProgress = PROGRESS_EVERY;
    visited[cell] = 1;
    remaining--;
    if (onStep) onStep(Step.Visit, cell, 0);
    while (remaining > 0) {
      if (--untilProgress === 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress(free - remaining, size);
      }
      const dir = randomFreeDirection(cells, w, cell, choices, rng);
      const next = stepCell(cell, dir, w);
      if (visited[next] === 0) {
        visited[next] = 1;
        remaining--;
        cells[cell] &= ~dir;
        cells[next] &= ~OPPOSITE[dir];
        if (onStep) {
          onStep(Step.Carve, cell, dir);
          onStep(Step.Visit, next, 0);
        }
      }
      cell = next;
    }
    if (onProgress) onProgress(size, size);
  },
});

/** The cells outside the 42 pattern and any mask: the walk is done when it has visited them all. */
function freeCells(cells: Uint8Array): number {
  let free = 0;
  for (let cell = 0; cell < cells.length; cell++) if ((cells[cell] & BLOCKED) === 0) free++;
  return free;
}

/** Scratch bit of a cell byte while the fast loop runs: entered. */
const VISITED_BIT = 0x20;
/** The change of column and row for each side 0-3 (N, E, S, W). */
const DX_OF = new Int8Array([0, 1, 0, -1]);
const DY_OF = new Int8Array([-1, 0, 1, 0]);
/** Slots of the Int32Array that carries the state between slices. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const CELL = 4;
const X = 5;
const Y = 6;
const REMAINING = 7;
const MARGIN = 8; // four slots: blockedMargin's box
const SLOTS = 12;
/** Walk steps per slice (docs/design.md, "Hot loops run in slices"). */
const SLICE = 1 << 16;

/**
 * `aldousBroder.generate` for the common case (no step reporter, the library's sfc32):
 * the visited flags live in the cells' scratch bits, and a cell off the border and away
 * from the 42 takes its step from the draw's top two bits without reading its
 * neighbours (all four are free). Same draws, same maze; the bits are cleared at the end.
 */
function walkInCells(
  cells: Uint8Array,
  w: number,
  h: number,
  start: number,
  remaining: number,
  rng: Sfc32,
  onProgress: ProgressReporter | undefined,
): void {
  const slots = new Int32Array(SLOTS);
  slots.set(rng.getState(), A);
  slots.set(blockedMargin(cells, w, h), MARGIN);
  cells[start] |= VISITED_BIT;
  slots[CELL] = start;
  slots[X] = start % w;
  slots[Y] = Math.floor(start / w);
  slots[REMAINING] = remaining - 1;
  let steps = 0;
  let reported = 0;
  for (
    let calls = 1, turns = sliceTurns(1, SLICE);
    slots[REMAINING] > 0 && walkSlice(cells, w, h, slots, turns);
    turns = sliceTurns(++calls, SLICE)
  ) {
    steps += turns;
    if (onProgress && steps - reported >= PROGRESS_EVERY) {
      reported = steps;
      onProgress(remaining - slots[REMAINING], w * h);
    }
  }
  rng.setState([slots[A], slots[B], slots[C], slots[D]]);
  clearScratchBits(cells);
}

/** Up to `turns` walk steps; false once every free cell is entered. */
function walkSlice(cells: Uint8Array, w: number, h: number, slots: Int32Array, turns: number): boolean {
  let a = slots[A];
  let b = slots[B];
  let c = slots[C];
  let d = slots[D];
  let cell = slots[CELL];
  let x = slots[X];
  let y = slots[Y];
  let remaining = slots[REMAINING];
  // A cell is plain (four free ways) when 1 <= x <= w - 2, 1 <= y <= h - 2 and it is outside the margin box.
  const mx0 = slots[MARGIN];
  const my0 = slots[MARGIN + 1];
  const mw = slots[MARGIN + 2] - mx0 + 1;
  const mh = slots[MARGIN + 3] - my0 + 1;
  const innerW = w - 2;
  const innerH = h - 2;
  const stepOf = new Int32Array([-w, 1, w, -1]);
  for (; turns > 0; turns--) {
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
    const from = cell;
    // The move by tables (a branch on the random side mispredicts half the time).
    cell += stepOf[k];
    x += DX_OF[k];
    y += DY_OF[k];
    const byte = cells[cell];
    if ((byte & VISITED_BIT) === 0) {
      // First entrance: open the wall walked through.
      cells[cell] = (byte & ~(1 << ((k + 2) & 3))) | VISITED_BIT;
      cells[from] &= ~(1 << k);
      if (--remaining === 0) break;
    }
  }
  slots[A] = a;
  slots[B] = b;
  slots[C] = c;
  slots[D] = d;
  slots[CELL] = cell;
  slots[X] = x;
  slots[Y] = y;
  slots[REMAINING] = remaining;
  return remaining > 0;
}

/** The same walk on any grid, in the same order of draws (the same bytes on the square grid). */
function aldousBroderOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const visited = new Uint8Array(size);
  let remaining = maze.countOpenCells();
  const around = new Int32Array(t.maxDegree);
  const choices = new Int32Array(t.maxDegree);
  let cell = checkedGridStart(maze, options.start);
  const onProgress = options.onProgress;
  const free = remaining;
  let untilProgress = PROGRESS_EVERY;
  visited[cell] = 1;
  remaining--;
  if (onStep) onStep(Step.Visit, cell, 0);
  while (remaining > 0) {
    if (--untilProgress === 0) {
      untilProgress = PROGRESS_EVERY;
      if (onProgress) onProgress(free - remaining, size);
    }
    const slot = randomFreeSlot(t, cells, cell, around, choices, rng);
    const next = around[slot];
    if (visited[next] === 0) {
      visited[next] = 1;
      remaining--;
      cells[cell] &= ~(1 << slot);
      cells[next] &= ~(1 << t.backSlot(cell, slot));
      if (onStep) {
        onStep(Step.Carve, cell, 1 << slot);
        onStep(Step.Visit, next, 0);
      }
    }
    cell = next;
  }
  if (onProgress) onProgress(size, size);
}
