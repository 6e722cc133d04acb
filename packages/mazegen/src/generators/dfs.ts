import type { GeneratorAlgorithm } from '../algorithm.js';
import { ALL_WALLS, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { Step } from '../steps.js';

/**
 * Randomized depth-first search (the recursive backtracker), with an explicit stack.
 * DIFFICULTY (1..10) weights the choice of direction as in the MATLAB seed: north is
 * weighted by 1 - (d - 5) / 14 and the other three by 1 + (d - 5) / 14, so low levels
 * run north-south and high levels east-west. At 5 every direction is equally likely.
 */
export const dfs: GeneratorAlgorithm = {
  name: 'DFS',
  aliases: ['backtracker', 'recursive-backtracker', 'depth-first', 'depth-first-search'],
  description: 'Randomized depth-first search: long winding corridors, few dead ends.',
  reference: 'https://en.wikipedia.org/wiki/Maze_generation_algorithm#Randomized_depth-first_search',
  generate(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const stack = new Int32Array(size);
    const choices = new Int32Array(4);
    const bias = (options.difficulty - 5) / 14;
    const weighted = bias !== 0;
    const northWeight = 1 - bias;
    const otherWeight = 1 + bias;
    let top = 0;
    stack[top++] = options.start;
    if (onStep) onStep(Step.Visit, options.start, 0);
    while (top > 0) {
      const cell = stack[top - 1];
      const x = cell % w;
      let count = 0;
      // A free cell that still has all four walls has not been visited yet.
      if (cell >= w && cells[cell - w] === ALL_WALLS) choices[count++] = NORTH;
      if (x + 1 < w && cells[cell + 1] === ALL_WALLS) choices[count++] = EAST;
      if (cell + w < size && cells[cell + w] === ALL_WALLS) choices[count++] = SOUTH;
      if (x > 0 && cells[cell - 1] === ALL_WALLS) choices[count++] = WEST;
      if (count === 0) {
        top--;
        if (onStep) onStep(Step.Retreat, cell, 0);
        continue;
      }
      let dir = choices[0];
      if (count > 1) {
        if (!weighted || choices[0] !== NORTH) {
          dir = choices[rng.int(count)];
        } else {
          // North is available and weighted differently: draw against the total weight.
          const r = rng.float() * (northWeight + (count - 1) * otherWeight);
          dir = r < northWeight ? NORTH : choices[1 + Math.min(count - 2, Math.floor((r - northWeight) / otherWeight))];
        }
      }
      let next: number;
      if (dir === NORTH) {
        next = cell - w;
        cells[cell] &= ~NORTH;
        cells[next] &= ~SOUTH;
      } else if (dir === EAST) {
        next = cell + 1;
        cells[cell] &= ~EAST;
        cells[next] &= ~WEST;
      } else if (dir === SOUTH) {
        next = cell + w;
        cells[cell] &= ~SOUTH;
        cells[next] &= ~NORTH;
      } else {
        next = cell - 1;
        cells[cell] &= ~WEST;
        cells[next] &= ~EAST;
      }
      if (onStep) {
        onStep(Step.Carve, cell, dir);
        onStep(Step.Visit, next, 0);
      }
      stack[top++] = next;
    }
  },
};
