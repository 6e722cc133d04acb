import type { GeneratorAlgorithm, GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../grid/grid-maze.js';
import type { Rng } from '../rng.js';
import { BLOCKED, OPPOSITE, stepCell } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { randomFreeDirection, randomFreeSlot } from './random-walk.js';
import { PROGRESS_EVERY } from '../progress.js';
import { checkedGridStart, checkedStart } from './start.js';

/**
 * Wilson's algorithm: the tree starts as the start cell; from each free cell not yet in
 * it (in row order), a random walk runs until it hits the tree, remembering only the
 * last direction taken out of each cell (which erases the loops), then the loop-erased
 * path is added to the tree. The result is a uniform spanning tree of the free cells
 * (Wilson 1996), found in the mean hitting time, much faster than Aldous-Broder. Walks
 * step only to free neighbours, so the 42 pattern is simply not part of the graph.
 */
export const wilson: GeneratorAlgorithm = {
  name: 'Wilson',
  aliases: ['wilsons', 'loop-erased-random-walk', 'lerw'],
  description: "Wilson's algorithm: loop-erased random walks; uniform spanning tree.",
  reference: 'https://weblog.jamisbuck.org/2011/1/20/maze-generation-wilson-s-algorithm',
  scratchBytesPerCell: 2, // walk directions and in-tree flags
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generateGrid: wilsonOnGrid,
  generate(maze, rng, options, onStep) {
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
};

/** The same walks on any grid, in the same order of draws (the same bytes on the square grid). */
function wilsonOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const blocked = t.blockedBit;
  const inTree = new Uint8Array(size);
  const exitSlot = new Uint8Array(size);
  const around = new Int32Array(t.maxDegree);
  const choices = new Int32Array(t.maxDegree);
  const start = checkedGridStart(maze, options.start);
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
