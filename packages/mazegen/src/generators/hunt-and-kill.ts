import type { GeneratorAlgorithm } from '../algorithm.js';
import { BLOCKED, EAST, NORTH, OPPOSITE, SOUTH, WEST } from '../maze.js';
import { Step } from '../steps.js';

const UNVISITED = 0;
const VISITED = 1;
const OBSTACLE = 2;

/**
 * Hunt-and-Kill: a random walk carves into unvisited cells until it is stuck, then a
 * hunt scans the grid row by row for the first unvisited cell next to the maze, joins
 * it to a random visited neighbour and walks on from there. Like DFS without a stack:
 * long winding corridors, few dead ends. A cursor remembers where the scan may start
 * (every cell before it is visited or blocked), which makes the hunts linear in total
 * instead of quadratic. The 42 pattern's cells are simply never entered.
 */
export const huntAndKill: GeneratorAlgorithm = {
  name: 'HuntAndKill',
  aliases: ['hunt-and-kill', 'hunt-kill', 'hak'],
  description: 'Hunt-and-Kill: random walks joined by row-by-row hunts; long corridors, few dead ends.',
  reference: 'https://weblog.jamisbuck.org/2011/1/24/maze-generation-hunt-and-kill-algorithm',
  generate(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const state = new Uint8Array(size);
    for (let cell = 0; cell < size; cell++) if (cells[cell] & BLOCKED) state[cell] = OBSTACLE;
    const choices = new Int32Array(4);
    let cursor = 0;
    let cell = options.start;
    state[cell] = VISITED;
    if (onStep) onStep(Step.Visit, cell, 0);
    while (true) {
      // Kill: walk into a random unvisited neighbour.
      const x = cell % w;
      let count = 0;
      if (cell >= w && state[cell - w] === UNVISITED) choices[count++] = NORTH;
      if (x + 1 < w && state[cell + 1] === UNVISITED) choices[count++] = EAST;
      if (cell + w < size && state[cell + w] === UNVISITED) choices[count++] = SOUTH;
      if (x > 0 && state[cell - 1] === UNVISITED) choices[count++] = WEST;
      if (count > 0) {
        const dir = choices[count === 1 ? 0 : rng.int(count)];
        const next = dir === NORTH ? cell - w : dir === SOUTH ? cell + w : dir === EAST ? cell + 1 : cell - 1;
        cells[cell] &= ~dir;
        cells[next] &= ~OPPOSITE[dir];
        state[next] = VISITED;
        if (onStep) {
          onStep(Step.Carve, cell, dir);
          onStep(Step.Visit, next, 0);
        }
        cell = next;
        continue;
      }
      // Hunt: the first unvisited cell, in row order, with a visited neighbour.
      while (cursor < size && state[cursor] !== UNVISITED) cursor++;
      let found = -1;
      for (let scan = cursor; scan < size && found < 0; scan++) {
        if (state[scan] !== UNVISITED) continue;
        const sx = scan % w;
        count = 0;
        if (scan >= w && state[scan - w] === VISITED) choices[count++] = NORTH;
        if (sx + 1 < w && state[scan + 1] === VISITED) choices[count++] = EAST;
        if (scan + w < size && state[scan + w] === VISITED) choices[count++] = SOUTH;
        if (sx > 0 && state[scan - 1] === VISITED) choices[count++] = WEST;
        if (count > 0) found = scan;
      }
      if (found < 0) break;
      const dir = choices[count === 1 ? 0 : rng.int(count)];
      const other = dir === NORTH ? found - w : dir === SOUTH ? found + w : dir === EAST ? found + 1 : found - 1;
      cells[found] &= ~dir;
      cells[other] &= ~OPPOSITE[dir];
      state[found] = VISITED;
      if (onStep) {
        onStep(Step.Frontier, found, 0);
        onStep(Step.Carve, found, dir);
        onStep(Step.Visit, found, 0);
      }
      cell = found;
    }
  },
};
