import { BLOCKED, EAST, SOUTH, WEST, directionSteps, stepCell, type Maze } from '../maze.js';
import { shuffle, type Rng } from '../rng.js';
import { CellLabels } from './cell-labels.js';
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
  for (let limit = 256; hint && !small && limit <= size; limit *= 8) small = labelSmallTrees(maze, hint.roots, free - carved, limit);
  if (small) {
    const { label, stopped, big } = small;
    return joinTrees(
      maze,
      rng,
      big + 1,
      free - carved,
      small.between,
      (cell) => {
        const walk = label.get(cell);
        return walk < 0 || stopped[walk] ? big : walk;
      },
      onStep,
    );
  }

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
  return joinTrees(maze, rng, trees, trees, between, (cell) => label[cell], onStep);
}

/**
 * What a generator that knows its forest tells `joinForest`: the free cells, and cells
 * among which every tree has one (a tree may have several), so that only the small
 * trees are walked.
 */
export interface ForestHint {
  readonly free: number;
  readonly roots: ArrayLike<number>;
}

/**
 * Labels every tree but the largest by walks from the hint's cells, each stopped after
 * `limit` cells or where it meets a stopped walk. The walks that ran to the end are
 * whole trees, all different; if there is exactly one tree more than those, every
 * stopped walk and every cell no walk reached is that tree, the big one. The walls
 * between two trees are those next to a small tree's cell, listed in increasing edge
 * order as the full scan lists them, so the repair is the same one. Undefined when
 * more than one tree is left unwalked.
 */
function labelSmallTrees(
  maze: Maze,
  roots: ArrayLike<number>,
  trees: number,
  limit: number,
): { label: CellLabels; stopped: Uint8Array; big: number; between: Uint32Array } | undefined {
  const { cells, width: w, size } = maze;
  // Steps by a table, not stepCell: a call per wall made V8 compile stepCell alone a few runs in.
  const step = directionSteps(w);
  // Cell -> walk (walk ids count from 0). Few call sites of label's methods: V8 inlines each
  // one, and a large graph takes it longer to compile than these walks take to run.
  const label = new CellLabels();
  const stopped = new Uint8Array(roots.length + 1);
  // Every labelled cell, walk after walk: the walks' queues, one after another.
  const queue: number[] = [];
  let walks = 0;
  let whole = 0;
  // Last root first, and no more walks once every tree but one is whole: the generators list
  // the big tree's root first (Sidewinder: the top row), so it is left unwalked. Walked first, it
  // took 256 of the ~260 cells a run walked, and V8 compiled this function (25 ms) a few runs
  // into a process, inside them. Same trees, same walls between them: the same repair.
  for (let r = roots.length - 1; r >= 0 && whole < trees - 1; r--) {
    const root = roots[r];
    if (label.get(root) >= 0) continue;
    const walk = walks++;
    const from = queue.length;
    queue.push(root);
    label.set(root, walk);
    for (let head = from; head < queue.length && !stopped[walk]; head++) {
      if (queue.length - from > limit) {
        stopped[walk] = 1;
        break;
      }
      const cell = queue[head];
      const c = cells[cell];
      for (let k = 0; k < 4; k++) {
        const dir = 1 << k;
        if (c & dir) continue;
        const next = cell + step[dir];
        const seen = label.get(next);
        if (seen === walk) continue;
        // Only a stopped walk can be met: a whole tree holds every cell it reaches.
        if (seen >= 0) {
          stopped[walk] = 1;
          break;
        }
        label.set(next, walk);
        queue.push(next);
      }
    }
    if (!stopped[walk]) whole++;
  }
  if (whole !== trees - 1) return undefined;
  // Tree ids for joinTrees: the whole walks' own, and one more (`big`) for the big tree.
  const big = walks;
  stopped[big] = 1;
  // Edge = cell * 2 (east wall) or cell * 2 + 1 (south wall), every one next to a small tree's cell.
  const found: number[] = [];
  for (let i = 0; i < queue.length; i++) {
    const cell = queue[i];
    const walk = label.get(cell);
    if (stopped[walk]) continue;
    const x = cell % w;
    for (let k = 0; k < 4; k++) {
      const dir = 1 << k;
      if (dir === EAST ? x + 1 >= w : dir === WEST ? x === 0 : dir === SOUTH ? cell + w >= size : cell < w) continue;
      const other = cell + step[dir];
      if (cells[other] & BLOCKED) continue;
      const seen = label.get(other);
      if (seen === walk) continue;
      if (seen >= 0 && !stopped[seen] && seen < walk) continue; // listed from the other side too; once is enough
      found.push(dir === EAST ? cell * 2 : dir === SOUTH ? cell * 2 + 1 : dir === WEST ? (cell - 1) * 2 : (cell - w) * 2 + 1);
    }
  }
  // In increasing edge order, as the full scan lists them.
  return { label, stopped, big, between: Uint32Array.from(found).sort() };
}

/** Kruskal over the trees (labelled below `ids`): opens walls of `between` in a seeded random order until one tree is left. */
function joinTrees(
  maze: Maze,
  rng: Rng,
  ids: number,
  trees: number,
  between: ArrayLike<number>,
  labelOf: (cell: number) => number,
  onStep: StepReporter | undefined,
): number {
  const { width: w } = maze;
  const edges = shuffle(Uint32Array.from(between), rng);

  const parent = new Int32Array(ids);
  for (let t = 0; t < ids; t++) parent[t] = t;
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
