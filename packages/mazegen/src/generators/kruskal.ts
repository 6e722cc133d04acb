import type { GeneratorAlgorithm } from '../algorithm.js';
import { BLOCKED, EAST, SOUTH, WEST, NORTH } from '../maze.js';
import { shuffle } from '../rng.js';
import { Step } from '../steps.js';

/**
 * Randomized Kruskal: every wall between two free cells, in random order, is opened
 * when it joins two different trees (union-find with path halving and union by size).
 */
export const kruskal: GeneratorAlgorithm = {
  name: 'Kruskal',
  aliases: ['randomized-kruskal'],
  description: "Randomized Kruskal: merges random trees; many short dead ends, uniform texture.",
  reference: 'https://en.wikipedia.org/wiki/Maze_generation_algorithm#Iterative_randomized_Kruskal%27s_algorithm_(with_sets)',
  generate(maze, rng, _options, onStep) {
    const { cells, width: w, size } = maze;
    // Edge e = cell * 2 + 0 for the wall to the east, cell * 2 + 1 for the wall to the south.
    let edgeCount = 0;
    for (let cell = 0; cell < size; cell++) {
      if (cells[cell] & BLOCKED) continue;
      if ((cell % w) + 1 < w && !(cells[cell + 1] & BLOCKED)) edgeCount++;
      if (cell + w < size && !(cells[cell + w] & BLOCKED)) edgeCount++;
    }
    const edges = new Uint32Array(edgeCount);
    let e = 0;
    for (let cell = 0; cell < size; cell++) {
      if (cells[cell] & BLOCKED) continue;
      if ((cell % w) + 1 < w && !(cells[cell + 1] & BLOCKED)) edges[e++] = cell * 2;
      if (cell + w < size && !(cells[cell + w] & BLOCKED)) edges[e++] = cell * 2 + 1;
    }
    shuffle(edges, rng);
    const parent = new Int32Array(size);
    const treeSize = new Int32Array(size);
    for (let i = 0; i < size; i++) {
      parent[i] = i;
      treeSize[i] = 1;
    }
    let joins = 0;
    const needed = maze.countOpenCells() - 1;
    for (let k = 0; k < edgeCount && joins < needed; k++) {
      const edge = edges[k];
      const a = edge >>> 1;
      const south = edge & 1;
      const b = south ? a + w : a + 1;
      let ra = a;
      while (parent[ra] !== ra) {
        parent[ra] = parent[parent[ra]];
        ra = parent[ra];
      }
      let rb = b;
      while (parent[rb] !== rb) {
        parent[rb] = parent[parent[rb]];
        rb = parent[rb];
      }
      if (ra === rb) continue;
      if (treeSize[ra] < treeSize[rb]) {
        parent[ra] = rb;
        treeSize[rb] += treeSize[ra];
      } else {
        parent[rb] = ra;
        treeSize[ra] += treeSize[rb];
      }
      if (south) {
        cells[a] &= ~SOUTH;
        cells[b] &= ~NORTH;
      } else {
        cells[a] &= ~EAST;
        cells[b] &= ~WEST;
      }
      joins++;
      if (onStep) onStep(Step.Carve, a, south ? SOUTH : EAST);
    }
  },
};
