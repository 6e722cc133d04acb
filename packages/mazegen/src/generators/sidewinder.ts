import type { GeneratorAlgorithm } from '../algorithm.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { Step } from '../steps.js';
import { joinForest } from './join-forest.js';

/**
 * Sidewinder: the top row is one corridor; every other row is cut into runs that go
 * east, and each run opens north from one random cell of its own, so no path ever
 * goes south then north again and the top row is always straight. Near the 42
 * pattern a blocked cell ends the run (like the east border), a run is closed only
 * once one of its cells has a free cell to the north, and a run that meets the
 * pattern before it has one stays a separate tree that `joinForest` connects.
 */
export const sidewinder: GeneratorAlgorithm = {
  name: 'Sidewinder',
  aliases: ['side-winder'],
  description: 'Sidewinder: east-going runs, each opening north once; a straight top corridor, vertical texture.',
  reference: 'https://weblog.jamisbuck.org/2011/2/3/maze-generation-sidewinder-algorithm',
  scratchBytesPerCell: 18, // labels, a queue and a list to join the forest around the 42
  grids: ['square'],
  wraps: false,
  generate(maze, rng, _options, onStep) {
    const { cells, width: w, height: h } = maze;
    let carved = 0;
    for (let y = 0; y < h; y++) {
      const row = y * w;
      let runStart = 0;
      // Cells of the current run whose north neighbour is free (a blocked one cannot be opened).
      let northExits = 0;
      for (let x = 0; x < w; x++) {
        const cell = row + x;
        if (cells[cell] & BLOCKED) {
          runStart = x + 1;
          northExits = 0;
          continue;
        }
        if (onStep) onStep(Step.Visit, cell, 0);
        if (y > 0 && (cells[cell - w] & BLOCKED) === 0) northExits++;
        const canEast = x + 1 < w && (cells[cell + 1] & BLOCKED) === 0;
        // The top row never closes a run: it has nowhere north to go.
        const closeRun = !canEast || (northExits > 0 && (rng.nextUint32() & 1) === 0);
        if (!closeRun) {
          cells[cell] &= ~EAST;
          cells[cell + 1] &= ~WEST;
          carved++;
          if (onStep) onStep(Step.Carve, cell, EAST);
          continue;
        }
        if (northExits > 0) {
          // Open north from the k-th run cell that has a free cell above it.
          let k = northExits === 1 ? 0 : rng.int(northExits);
          let chosen = row + runStart;
          for (let i = row + runStart; i <= cell; i++) {
            if ((cells[i - w] & BLOCKED) === 0 && k-- === 0) {
              chosen = i;
              break;
            }
          }
          cells[chosen] &= ~NORTH;
          cells[chosen - w] &= ~SOUTH;
          carved++;
          if (onStep) onStep(Step.Carve, chosen, NORTH);
        }
        runStart = x + 1;
        northExits = 0;
      }
    }
    joinForest(maze, rng, carved, onStep);
  },
};
