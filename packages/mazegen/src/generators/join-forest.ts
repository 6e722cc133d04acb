import { BLOCKED, EAST, SOUTH, stepCell, type Maze } from '../maze.js';
import { shuffle, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';

/**
 * Shared repair for the generators that are defined on the full grid (Binary Tree,
 * Sidewinder, Eller, Recursive Division). Run with the 42 pattern's cells as
 * obstacles, they leave a forest of the free cells: no loops, but a few trees cut off
 * next to the pattern. `joinForest` labels the trees, then opens walls between two
 * different trees in a seeded random order (Kruskal over the trees) until one tree is
 * left, so the result is a spanning tree again and the texture changes only where
 * trees meet, which is next to the pattern. `carved` is how many passages the
 * generator opened: when it equals free cells - 1 the forest is already one tree and
 * nothing is scanned.
 */
export function joinForest(maze: Maze, rng: Rng, carved: number, onStep?: StepReporter): number {
  const { cells, width: w, size } = maze;
  let free = 0;
  for (let cell = 0; cell < size; cell++) if ((cells[cell] & BLOCKED) === 0) free++;
  if (carved >= free - 1) return 0;

  // Label each tree by a breadth-first walk through open walls.
  const label = new Int32Array(size).fill(-1);
  const queue = new Int32Array(size);
  let trees = 0;
  for (let root = 0; root < size; root++) {
    if (label[root] >= 0 || cells[root] & BLOCKED) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    label[root] = trees;
    while (head < tail) {
      const cell = queue[head++];
      const c = cells[cell];
      // The border is always closed, so an open wall always has a cell behind it.
      for (let k = 0; k < 4; k++) {
        const dir = 1 << k;
        if (c & dir) continue;
        const next = stepCell(cell, dir, w);
        if (label[next] >= 0) continue;
        label[next] = trees;
        queue[tail++] = next;
      }
    }
    trees++;
  }

  // Walls between two trees: edge = cell * 2 (east wall) or cell * 2 + 1 (south wall).
  const between: number[] = [];
  for (let cell = 0; cell < size; cell++) {
    const own = label[cell];
    if (own < 0) continue;
    if ((cell % w) + 1 < w && label[cell + 1] >= 0 && label[cell + 1] !== own) between.push(cell * 2);
    if (cell + w < size && label[cell + w] >= 0 && label[cell + w] !== own) between.push(cell * 2 + 1);
  }
  const edges = shuffle(Uint32Array.from(between), rng);

  const parent = new Int32Array(trees);
  for (let t = 0; t < trees; t++) parent[t] = t;
  const find = (t: number): number => {
    while (parent[t] !== t) t = parent[t] = parent[parent[t]];
    return t;
  };
  let opened = 0;
  for (let k = 0; k < edges.length && opened < trees - 1; k++) {
    const a = edges[k] >>> 1;
    const south = (edges[k] & 1) === 1;
    const b = south ? a + w : a + 1;
    const ta = find(label[a]);
    const tb = find(label[b]);
    if (ta === tb) continue;
    parent[ta] = tb;
    const dir = south ? SOUTH : EAST;
    maze.carvePassage(a, dir);
    if (onStep) onStep(Step.Carve, a, dir);
    opened++;
  }
  return opened;
}
