import type { GeneratorAlgorithm } from '../algorithm.js';
import { IndexHeap } from '../heap.js';
import { BLOCKED, DIRECTIONS, OPPOSITE } from '../maze.js';
import { Step } from '../steps.js';

/**
 * Prim's algorithm proper: every wall between two free cells gets a random weight and
 * the maze is the minimum spanning tree, grown from the start cell by always opening
 * the lightest wall from the tree to a cell outside it (a binary heap on typed arrays).
 * A weight is drawn when its wall is first pushed; a wall is pushed only from the
 * tree side towards a cell still outside, so each is drawn at most once and the weights
 * are independent and uniform, as if drawn up front. The tree is therefore the same
 * random minimum spanning tree Kruskal makes (same texture: many short dead ends), but
 * it grows outwards from the start. The heap key is weight * 4 + the direction's index
 * back into the tree, so the popped item alone says which wall to open.
 */
export const truePrim: GeneratorAlgorithm = {
  name: 'TruePrim',
  aliases: ['true-prim', 'weighted-prim', 'prim-weighted', 'true-prims'],
  description: "Prim's algorithm with random wall weights and a heap: a random minimum spanning tree grown from the start.",
  reference: 'https://en.wikipedia.org/wiki/Prim%27s_algorithm',
  generate(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const inTree = new Uint8Array(size);
    const heap = new IndexHeap(64);
    // DIRECTIONS is N, E, S, W: the index of the direction back from a cell outside to the tree.
    const back = [2, 3, 0, 1];
    let cell = options.start;
    while (true) {
      inTree[cell] = 1;
      if (onStep) onStep(Step.Visit, cell, 0);
      const x = cell % w;
      for (let k = 0; k < 4; k++) {
        const outside =
          k === 0 ? (cell >= w ? cell - w : -1) : k === 1 ? (x + 1 < w ? cell + 1 : -1) : k === 2 ? (cell + w < size ? cell + w : -1) : x > 0 ? cell - 1 : -1;
        if (outside < 0 || inTree[outside] || cells[outside] & BLOCKED) continue;
        heap.push(outside, rng.nextUint32() * 4 + back[k]);
        if (onStep) onStep(Step.Frontier, outside, 0);
      }
      // The lightest wall leading out of the tree (walls whose far cell joined meanwhile are skipped).
      let key = 0;
      cell = -1;
      while (heap.length > 0) {
        key = heap.peekKey();
        const candidate = heap.pop();
        if (inTree[candidate] === 0) {
          cell = candidate;
          break;
        }
      }
      if (cell < 0) break;
      const dir = DIRECTIONS[key % 4];
      const inside = maze.neighbor(cell, dir);
      cells[cell] &= ~dir;
      cells[inside] &= ~OPPOSITE[dir];
      if (onStep) onStep(Step.Carve, cell, dir);
    }
  },
};
