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
 * nothing is scanned. A generator that passes a `hint` (free cells, one cell per tree)
 * spares the scans over the whole maze: only the small trees are walked.
 */
export function joinForest(maze: Maze, rng: Rng, carved: number, onStep?: StepReporter, hint?: ForestHint): number {
  const { cells, width: w, size } = maze;
  let free = hint ? hint.free : 0;
  if (!hint) for (let cell = 0; cell < size; cell++) if ((cells[cell] & BLOCKED) === 0) free++;
  if (carved >= free - 1) return 0;
  let small: ReturnType<typeof labelSmallTrees>;
  // Walk the trees no further than the second largest needs: a limit that grows eightfold.
  for (let limit = 256; hint && hint.roots.length === free - carved && !small && limit <= size; limit *= 8) small = labelSmallTrees(maze, hint.roots, limit);
  if (small) return joinTrees(maze, rng, small.trees, small.between, (cell) => small.label.get(cell) ?? small.big, onStep);

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
  return joinTrees(maze, rng, trees, between, (cell) => label[cell], onStep);
}

/**
 * What a generator that knows its forest tells `joinForest`: the free cells, and one
 * cell of every tree (as many as free - carved), so that only the small trees are walked.
 */
export interface ForestHint {
  readonly free: number;
  readonly roots: ArrayLike<number>;
}

/**
 * Labels every tree but the largest from one cell of each, walking at most `limit`
 * cells of any tree: the one tree that goes past it is the big one, whose
 * cells (walked or not) all read as `big`. The walls between two trees are those next
 * to a small tree's cell, listed in increasing edge order as the full scan lists them,
 * so the repair is the same one. Undefined when two trees are that large.
 */
function labelSmallTrees(maze: Maze, roots: ArrayLike<number>, limit: number): { label: Map<number, number>; big: number; trees: number; between: number[] } | undefined {
  const { cells, width: w, size } = maze;
  const label = new Map<number, number>();
  const queue: number[] = [];
  let big = -1;
  for (let tree = 0; tree < roots.length; tree++) {
    queue.length = 0;
    queue.push(roots[tree]);
    label.set(roots[tree], tree);
    for (let head = 0; head < queue.length; head++) {
      if (queue.length > limit) {
        if (big >= 0) return undefined;
        big = tree;
        break;
      }
      const cell = queue[head];
      const c = cells[cell];
      for (let k = 0; k < 4; k++) {
        const dir = 1 << k;
        if (c & dir) continue;
        const next = stepCell(cell, dir, w);
        if (label.has(next)) continue;
        label.set(next, tree);
        queue.push(next);
      }
    }
  }
  if (big < 0) return undefined;
  const labelOf = (cell: number): number => label.get(cell) ?? big;
  const found = new Set<number>();
  for (const [cell, own] of label) {
    if (own === big) continue;
    const x = cell % w;
    const differs = (other: number): boolean => (cells[other] & BLOCKED) === 0 && labelOf(other) !== own;
    if (x + 1 < w && differs(cell + 1)) found.add(cell * 2);
    if (cell + w < size && differs(cell + w)) found.add(cell * 2 + 1);
    if (x > 0 && differs(cell - 1)) found.add((cell - 1) * 2);
    if (cell >= w && differs(cell - w)) found.add((cell - w) * 2 + 1);
  }
  const between = [...found].sort((a, b) => a - b);
  return { label, big, trees: roots.length, between };
}

/** Kruskal over the trees: opens walls of `between` in a seeded random order until one tree is left. */
function joinTrees(maze: Maze, rng: Rng, trees: number, between: number[], labelOf: (cell: number) => number, onStep: StepReporter | undefined): number {
  const { width: w } = maze;
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
    const ta = find(labelOf(a));
    const tb = find(labelOf(b));
    if (ta === tb) continue;
    parent[ta] = tb;
    const dir = south ? SOUTH : EAST;
    maze.carvePassage(a, dir);
    if (onStep) onStep(Step.Carve, a, dir);
    opened++;
  }
  return opened;
}
