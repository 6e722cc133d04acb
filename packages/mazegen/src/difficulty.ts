/**
 * How hard a maze is to walk from entry to exit, measured several ways (docs/analysis.md
 * names each one's source). No single number is a person's difficulty: `score` is one
 * documented blend, for ordering and for LEVEL, and the components stay in the report.
 */
import { bfsPass, MAX_NEIGHBOURS, openNeighbours, passagesAmong, type PassageGraph } from './graph.js';
import { UnsolvableError } from './errors.js';

/** What `measureDifficulty` reports. Every count is over the entry's component. */
export interface Difficulty {
  /** 0..100: 100 x (0.4 explored + 0.2 solutionShare + 0.15 decisionShare + 0.25 walkFactor), see docs/analysis.md; without the walk the rest / 0.75. */
  score: number;
  /** Moves of a shortest path from entry to exit. */
  solutionLength: number;
  /** Cells on it (both ends) / free cells reached from the entry, 0..1. */
  solutionShare: number;
  /** Cells on it, before the exit, where the walker has two or more ways on (the entry: two or more ways out). */
  decisionPoints: number;
  /** decisionPoints / moves of the solution, 0..1. */
  decisionShare: number;
  /** Cells with one opening, other than the entry and the exit. */
  deadEnds: number;
  /** Mean and largest moves from a dead end back to its junction (a cell with three or more openings): Pullen's "river". */
  deadEndMeanLength: number;
  deadEndMaxLength: number;
  /** The most moves any cell is from the nearest cell of the solution. */
  farthestFromSolution: number;
  /** Cells a breadth-first search (N, E, S, W order) takes from its queue before it takes the exit. */
  bfsExpanded: number;
  /** bfsExpanded / free cells reached, 0..1. */
  explored: number;
  /** Expected moves of a walker who picks an open neighbour uniformly at random each move, until it reaches the exit; null when skipped. */
  randomWalkSteps: number | null;
  /**
   * 'tree': the exact closed form of a perfect maze; 'linear-system': solved by conjugate
   * gradients to 1e-9 relative residual; 'skipped': a board with loops of more than
   * MAX_WALK_SYSTEM_CELLS cells, where the solve would take seconds.
   */
  randomWalkMethod: 'tree' | 'linear-system' | 'skipped';
  /** randomWalkSteps / (2 x passages x solutionLength), 0..1: the walk against its upper bound; null when skipped. */
  walkFactor: number | null;
  /** Passages every entry-to-exit route uses (bridges between them); on a perfect maze every passage of the solution. */
  bottlenecks: number;
}

/** Boards with loops up to this many cells get the random walk's linear system (about 0.3 s at 100x100 on one core). */
export const MAX_WALK_SYSTEM_CELLS = 16_384;

/** Weights of the score's components (they sum to 1; without the walk the other three are scaled up to sum to 1). */
export const DIFFICULTY_WEIGHTS = { explored: 0.4, solutionShare: 0.2, decisionShare: 0.15, walkFactor: 0.25 } as const;

/**
 * Measures the maze between `entry` and `exit` (cell indices). Linear in the cells on
 * a perfect maze; on one with loops the random walk is a sparse linear system (about
 * 10 sqrt(cells) iterations of O(cells) each, done up to MAX_WALK_SYSTEM_CELLS). Throws an UnsolvableError when the exit cannot be
 * reached (a valid maze always reaches it).
 */
export function measureDifficulty(maze: PassageGraph, entry: number, exit: number): Difficulty {
  const fromEntry = bfsPass(maze, entry);
  if (fromEntry.dist[exit] < 0) throw new UnsolvableError('the exit cannot be reached from the entry');
  const reached = fromEntry.reached;
  const region = fromEntry.order.slice(0, reached);
  const next = new Int32Array(MAX_NEIGHBOURS);
  const degree = new Uint8Array(maze.size);
  for (const cell of region) degree[cell] = openNeighbours(maze, cell, next);

  // Cells expanded before the exit: its position in BFS order (the order is the queue's).
  const bfsExpanded = region.indexOf(exit);
  const solutionLength = fromEntry.dist[exit];

  // The solution, walked back from the exit to the first neighbour one move nearer.
  const path = new Int32Array(solutionLength + 1);
  for (let cell = exit, k = solutionLength; ; k--) {
    path[k] = cell;
    if (k === 0) break;
    const n = openNeighbours(maze, cell, next);
    for (let i = 0; i < n; i++) {
      if (fromEntry.dist[next[i]] === k - 1) {
        cell = next[i];
        break;
      }
    }
  }

  let decisionPoints = 0;
  for (let k = 0; k < solutionLength; k++) if ((k === 0 ? degree[path[k]] : degree[path[k]] - 1) >= 2) decisionPoints++;

  const deadEnds = deadEndRuns(maze, region, degree, entry, exit);
  const farthestFromSolution = multiSourceEccentricity(maze, path);
  const passages = passagesAmong(maze, region, reached);
  const isTree = passages === reached - 1;
  const method = isTree ? 'tree' : reached <= MAX_WALK_SYSTEM_CELLS ? 'linear-system' : 'skipped';
  const randomWalkSteps =
    method === 'tree'
      ? treeHittingTime(maze, exit, entry)
      : method === 'linear-system'
        ? graphHittingTime(maze, region, degree, entry, exit)
        : null;
  const bottlenecks = isTree ? solutionLength : countBridgesOnPath(maze, region, path);

  const solutionShare = (solutionLength + 1) / reached;
  const decisionShare = solutionLength === 0 ? 0 : decisionPoints / solutionLength;
  const explored = bfsExpanded / reached;
  const walkFactor =
    randomWalkSteps === null ? null : solutionLength === 0 ? 0 : Math.min(1, randomWalkSteps / (2 * passages * solutionLength));
  const w = DIFFICULTY_WEIGHTS;
  const rest = w.explored * explored + w.solutionShare * solutionShare + w.decisionShare * decisionShare;
  const blend = walkFactor === null ? rest / (1 - w.walkFactor) : rest + w.walkFactor * walkFactor;
  return {
    score: Math.round(1000 * blend) / 10,
    solutionLength,
    solutionShare,
    decisionPoints,
    decisionShare,
    deadEnds: deadEnds.count,
    deadEndMeanLength: deadEnds.count === 0 ? 0 : deadEnds.total / deadEnds.count,
    deadEndMaxLength: deadEnds.max,
    farthestFromSolution,
    bfsExpanded,
    explored,
    randomWalkSteps,
    randomWalkMethod: method,
    walkFactor,
    bottlenecks,
  };
}

/** Each dead end's corridor: moves from it to the first cell with three or more openings (or the entry or exit). */
function deadEndRuns(
  maze: PassageGraph,
  region: Int32Array,
  degree: Uint8Array,
  entry: number,
  exit: number,
): { count: number; total: number; max: number } {
  const next = new Int32Array(MAX_NEIGHBOURS);
  let count = 0;
  let total = 0;
  let max = 0;
  for (const start of region) {
    if (degree[start] !== 1 || start === entry || start === exit) continue;
    count++;
    let previous = -1;
    let cell = start;
    let length = 0;
    // A corridor with no junction at all (a 1-wide maze) ends at the other dead end.
    while (length < region.length) {
      const n = openNeighbours(maze, cell, next);
      const onward = next[0] === previous && n > 1 ? next[1] : next[0];
      previous = cell;
      cell = onward;
      length++;
      if (degree[cell] !== 2 || cell === entry || cell === exit) break;
    }
    total += length;
    if (length > max) max = length;
  }
  return { count, total, max };
}

/** The largest distance from the set of `sources` to any cell reached (one BFS from all at once). */
function multiSourceEccentricity(maze: PassageGraph, sources: Int32Array): number {
  const dist = new Int32Array(maze.size).fill(-1);
  const queue = new Int32Array(maze.size);
  const next = new Int32Array(MAX_NEIGHBOURS);
  let tail = 0;
  for (const cell of sources) {
    if (dist[cell] < 0) {
      dist[cell] = 0;
      queue[tail++] = cell;
    }
  }
  let best = 0;
  for (let head = 0; head < tail; head++) {
    const cell = queue[head];
    const d = dist[cell];
    if (d > best) best = d;
    const n = openNeighbours(maze, cell, next);
    for (let i = 0; i < n; i++) {
      if (dist[next[i]] < 0) {
        dist[next[i]] = d + 1;
        queue[tail++] = next[i];
      }
    }
  }
  return best;
}

/**
 * Expected moves of a random walk from `from` to `to` on a tree: rooted at `to`, the
 * walk from a cell c to its parent takes 2 |subtree(c)| - 1 moves on average, and the
 * walk from `from` is the sum of those along the path (a standard identity of
 * hitting times on trees, e.g. Aldous and Fill, "Reversible Markov Chains", ch. 5).
 */
export function treeHittingTime(maze: PassageGraph, to: number, from: number): number {
  const pass = bfsPass(maze, to);
  const { dist, order, reached } = pass;
  const size = new Float64Array(maze.size);
  const next = new Int32Array(MAX_NEIGHBOURS);
  const parent = new Int32Array(maze.size).fill(-1);
  for (let i = reached - 1; i >= 0; i--) {
    const cell = order[i];
    size[cell] += 1;
    const n = openNeighbours(maze, cell, next);
    for (let k = 0; k < n; k++) {
      if (dist[next[k]] === dist[cell] - 1) {
        parent[cell] = next[k];
        size[next[k]] += size[cell];
        break;
      }
    }
  }
  let steps = 0;
  for (let cell = from; cell !== to; cell = parent[cell]) steps += 2 * size[cell] - 1;
  return steps;
}

/**
 * Expected moves of a random walk from `from` to `to` on any connected region: h(to) = 0
 * and deg(v) h(v) - sum of h over v's neighbours = deg(v) elsewhere, a symmetric
 * positive definite system (the graph Laplacian with `to` grounded), solved by
 * conjugate gradients with the degrees as preconditioner.
 */
export function graphHittingTime(maze: PassageGraph, region: Int32Array, degree: Uint8Array, from: number, to: number): number {
  const n = region.length;
  const index = new Int32Array(maze.size).fill(-1);
  for (let i = 0; i < n; i++) index[region[i]] = i;
  // Adjacency in compressed rows, over region indices.
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + degree[region[i]];
  const adjacent = new Int32Array(start[n]);
  const next = new Int32Array(MAX_NEIGHBOURS);
  for (let i = 0; i < n; i++) {
    const k = openNeighbours(maze, region[i], next);
    for (let j = 0; j < k; j++) adjacent[start[i] + j] = index[next[j]];
  }
  const target = index[to];
  const deg = (i: number) => start[i + 1] - start[i];
  const multiply = (x: Float64Array, out: Float64Array): void => {
    for (let i = 0; i < n; i++) {
      if (i === target) {
        out[i] = 0;
        continue;
      }
      let sum = deg(i) * x[i];
      for (let e = start[i]; e < start[i + 1]; e++) if (adjacent[e] !== target) sum -= x[adjacent[e]];
      out[i] = sum;
    }
  };
  const x = new Float64Array(n);
  const r = new Float64Array(n);
  for (let i = 0; i < n; i++) r[i] = i === target ? 0 : deg(i);
  const z = new Float64Array(n);
  const p = new Float64Array(n);
  const q = new Float64Array(n);
  for (let i = 0; i < n; i++) z[i] = i === target ? 0 : r[i] / deg(i);
  p.set(z);
  let rz = dot(r, z);
  const stop = 1e-9 * Math.sqrt(dot(r, r));
  for (let iteration = 0; iteration < 10 * n + 100 && Math.sqrt(dot(r, r)) > stop; iteration++) {
    multiply(p, q);
    const alpha = rz / dot(p, q);
    for (let i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
    }
    for (let i = 0; i < n; i++) z[i] = i === target ? 0 : r[i] / deg(i);
    const rzNext = dot(r, z);
    const beta = rzNext / rz;
    rz = rzNext;
    for (let i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
  }
  return x[index[from]];
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/**
 * Passages of `path` that are bridges of the region (Tarjan's low-link, iterative):
 * exactly the passages every route between the path's ends must use.
 */
function countBridgesOnPath(maze: PassageGraph, region: Int32Array, path: Int32Array): number {
  const size = maze.size;
  const order = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const parent = new Int32Array(size).fill(-1);
  const stack = new Int32Array(region.length);
  const cursor = new Uint8Array(size);
  const neighbours = new Int32Array(MAX_NEIGHBOURS);
  // A bridge is stored by its lower cell's side: bridgeUp[c] = 1 when the passage c-parent[c] is one.
  const bridgeUp = new Uint8Array(size);
  let counter = 0;
  const root = region[0];
  let top = 0;
  stack[top++] = root;
  order[root] = low[root] = counter++;
  while (top > 0) {
    const cell = stack[top - 1];
    const n = openNeighbours(maze, cell, neighbours);
    if (cursor[cell] < n) {
      const other = neighbours[cursor[cell]++];
      if (order[other] < 0) {
        parent[other] = cell;
        order[other] = low[other] = counter++;
        stack[top++] = other;
      } else if (other !== parent[cell] && order[other] < low[cell]) {
        low[cell] = order[other];
      }
    } else {
      top--;
      const up = parent[cell];
      if (up >= 0) {
        if (low[cell] < low[up]) low[up] = low[cell];
        if (low[cell] > order[up]) bridgeUp[cell] = 1;
      }
    }
  }
  let bridges = 0;
  for (let k = 0; k + 1 < path.length; k++) {
    const a = path[k];
    const b = path[k + 1];
    if ((parent[a] === b && bridgeUp[a]) || (parent[b] === a && bridgeUp[b])) bridges++;
  }
  return bridges;
}
