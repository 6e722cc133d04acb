import type { GeneratorAlgorithm, GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../grid/grid-maze.js';
import type { Rng } from '../rng.js';
import { BLOCKED, OPPOSITE, stepCell } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { randomFreeDirection, randomFreeSlot } from './random-walk.js';
import { PROGRESS_EVERY } from '../progress.js';
import { checkedGridStart, checkedStart } from './start.js';

/**
 * Aldous-Broder: a random walk over the free cells (each step to a uniformly chosen
 * free neighbour) that opens the wall whenever it enters a cell for the first time.
 * The first-entrance edges form a uniform spanning tree of the free cells (Aldous 1990,
 * Broder 1989). It runs until every free cell is entered: the walk's cover time, about
 * n log^2 n steps on a grid of n cells; no time budget, it always ends because the free
 * cells are connected. The 42 pattern's cells are not part of the graph walked on.
 */
export const aldousBroder: GeneratorAlgorithm = {
  name: 'AldousBroder',
  aliases: ['aldous-broder', 'ab', 'random-walk'],
  description: 'Aldous-Broder: a random walk opening first entrances; uniform spanning tree, slow (cover time).',
  reference: 'https://weblog.jamisbuck.org/2011/1/17/maze-generation-aldous-broder-algorithm',
  scratchBytesPerCell: 1, // visited flags
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generateGrid: aldousBroderOnGrid,
  generate(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const visited = new Uint8Array(size);
    let remaining = 0;
    for (let cell = 0; cell < size; cell++) if ((cells[cell] & BLOCKED) === 0) remaining++;
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
};

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
