import type { GeneratorAlgorithm, GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../grid/grid-maze.js';
import type { Rng } from '../rng.js';
import { BLOCKED, EAST, NORTH, OPPOSITE, SOUTH, stepCell, WEST } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { checkedGridStart, checkedStart } from './start.js';

const OUT = 0;
const FRONTIER = 1;
const IN = 2;
const OBSTACLE = 3;

/**
 * Prim's algorithm, simplified (no weights): the frontier holds every cell outside the
 * maze that touches it; each step takes a uniformly random frontier cell, joins it to
 * a random neighbour already in the maze and adds its outside neighbours to the
 * frontier. Growth spreads evenly from the start in all directions, giving many short
 * dead ends and a low "river" factor. The frontier is an array with swap-removal, so a
 * step is O(1). The 42 pattern's cells never join the frontier.
 */
export const prim: GeneratorAlgorithm = {
  name: 'Prim',
  aliases: ['prims', 'simplified-prim', 'prim-simplified', 'randomized-prim'],
  description: "Prim's algorithm (simplified): random frontier cells join the maze; radial growth, many short dead ends.",
  reference: 'https://weblog.jamisbuck.org/2011/1/10/maze-generation-prim-s-algorithm',
  scratchBytesPerCell: 5, // frontier list and flags
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generateGrid: primOnGrid,
  generate(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const state = new Uint8Array(size);
    for (let cell = 0; cell < size; cell++) if (cells[cell] & BLOCKED) state[cell] = OBSTACLE;
    const frontier = new Int32Array(size);
    const choices = new Int32Array(4);
    let length = 0;
    const addFrontier = (outside: number): void => {
      state[outside] = FRONTIER;
      frontier[length++] = outside;
      if (onStep) onStep(Step.Frontier, outside, 0);
    };
    let cell = checkedStart(maze, options.start);
    while (true) {
      state[cell] = IN;
      if (onStep) onStep(Step.Visit, cell, 0);
      // Add the outside neighbours of the cell that just joined.
      const x = cell % w;
      if (cell >= w && state[cell - w] === OUT) addFrontier(cell - w);
      if (x + 1 < w && state[cell + 1] === OUT) addFrontier(cell + 1);
      if (cell + w < size && state[cell + w] === OUT) addFrontier(cell + w);
      if (x > 0 && state[cell - 1] === OUT) addFrontier(cell - 1);
      if (length === 0) break;
      // Take a random frontier cell out (swap with the last) and join it to the maze.
      const pick = rng.int(length);
      cell = frontier[pick];
      frontier[pick] = frontier[--length];
      const fx = cell % w;
      let count = 0;
      if (cell >= w && state[cell - w] === IN) choices[count++] = NORTH;
      if (fx + 1 < w && state[cell + 1] === IN) choices[count++] = EAST;
      if (cell + w < size && state[cell + w] === IN) choices[count++] = SOUTH;
      if (fx > 0 && state[cell - 1] === IN) choices[count++] = WEST;
      const dir = choices[count === 1 ? 0 : rng.int(count)];
      const inside = stepCell(cell, dir, w);
      cells[cell] &= ~dir;
      cells[inside] &= ~OPPOSITE[dir];
      if (onStep) onStep(Step.Carve, cell, dir);
    }
  },
};

/** The same growth on any grid, in the same order of draws (the same bytes on the square grid). */
function primOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const state = new Uint8Array(size);
  for (let cell = 0; cell < size; cell++) if (cells[cell] & t.blockedBit) state[cell] = OBSTACLE;
  const frontier = new Int32Array(size);
  const around = new Int32Array(t.maxDegree);
  const choices = new Int32Array(t.maxDegree);
  let length = 0;
  let cell = checkedGridStart(maze, options.start);
  while (true) {
    state[cell] = IN;
    if (onStep) onStep(Step.Visit, cell, 0);
    let degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || state[next] !== OUT) continue;
      state[next] = FRONTIER;
      frontier[length++] = next;
      if (onStep) onStep(Step.Frontier, next, 0);
    }
    if (length === 0) break;
    const pick = rng.int(length);
    cell = frontier[pick];
    frontier[pick] = frontier[--length];
    degree = t.neighbours(cell, around);
    let count = 0;
    for (let s = 0; s < degree; s++) if (around[s] >= 0 && state[around[s]] === IN) choices[count++] = s;
    const slot = choices[count === 1 ? 0 : rng.int(count)];
    cells[cell] &= ~(1 << slot);
    cells[around[slot]] &= ~(1 << t.backSlot(cell, slot));
    if (onStep) onStep(Step.Carve, cell, 1 << slot);
  }
}
