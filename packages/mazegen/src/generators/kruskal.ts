import type { GeneratorAlgorithm } from '../algorithm.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { SizeError } from '../errors.js';
import { Sfc32 } from '../rng.js';
import { Step } from '../steps.js';

/** Edges per bucket of the scatter shuffle, about what fits a core's L2 cache. */
const BUCKET_EDGES = 1 << 14;
const MAX_BUCKET_BITS = 16;
/** Bucket offsets are int32. */
const MAX_EDGES = 2 ** 31 - 1;

/**
 * Randomized Kruskal: every wall between two free cells, taken in a uniformly random
 * order, is opened when it joins two different trees (union-find with path halving and
 * union by size, sizes kept as negative numbers in the roots).
 *
 * The random order is a scatter shuffle (Rao and Sandelius): each edge goes to one of
 * B buckets drawn uniformly, then each bucket is shuffled by Fisher-Yates and its edges
 * are joined while it is still in cache. Every order of the edges is equally likely, as
 * with one Fisher-Yates over the whole list, but the writes go to B sequential streams
 * instead of random places in an array far larger than the cache. The bucket draws are
 * replayed from a saved generator state, so no array of bucket numbers is kept.
 */
export const kruskal: GeneratorAlgorithm = {
  name: 'Kruskal',
  aliases: ['randomized-kruskal'],
  description: 'Randomized Kruskal: merges random trees; many short dead ends, uniform texture.',
  reference: 'https://en.wikipedia.org/wiki/Maze_generation_algorithm#Iterative_randomized_Kruskal%27s_algorithm_(with_sets)',
  generate(maze, rng, options, onStep) {
    const { cells, width: w, height: h, size } = maze;
    // Edge e = cell * 2 + 0 for the wall to the east, cell * 2 + 1 for the wall to the south.
    const hasPattern = maze.countOpenCells() !== size;
    let edgeCount = (w - 1) * h + w * (h - 1);
    if (hasPattern) {
      edgeCount = 0;
      forEachEdge(cells, w, size, () => edgeCount++);
    }
    if (edgeCount === 0) return;
    if (edgeCount > MAX_EDGES) {
      throw new SizeError(`Kruskal handles at most ${MAX_EDGES} walls (about ${MAX_EDGES >>> 1} cells); ${w}x${h} has ${edgeCount}: use DFS or Eller for a maze this size`);
    }

    let bucketBits = 1; // at least two buckets, so that the draw's shift stays below 32
    while (bucketBits < MAX_BUCKET_BITS && edgeCount >>> bucketBits > BUCKET_EDGES) bucketBits++;
    const buckets = 1 << bucketBits;
    const shift = 32 - bucketBits;
    // Seeded from the maze's stream, so the whole shuffle is one function of the seed.
    const draws = new Sfc32(rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32());
    const replay = draws.getState();
    const start = new Int32Array(buckets + 1);
    const counts = new Int32Array(buckets);
    for (let i = 0; i < edgeCount; i++) counts[draws.nextUint32() >>> shift]++;
    for (let b = 0; b < buckets; b++) start[b + 1] = start[b] + counts[b];
    const order = new Uint32Array(edgeCount);
    const fill = start.slice(0, buckets);
    const replayed = Sfc32.fromState(replay);
    if (hasPattern) {
      forEachEdge(cells, w, size, (e) => (order[fill[replayed.nextUint32() >>> shift]++] = e));
    } else {
      // The common case without the 42, as a plain loop (no callback per edge).
      const lastRow = size - w;
      for (let cell = 0, x = 0; cell < size; cell++, x++) {
        if (x === w) x = 0;
        if (x + 1 < w) order[fill[replayed.nextUint32() >>> shift]++] = cell * 2;
        if (cell < lastRow) order[fill[replayed.nextUint32() >>> shift]++] = cell * 2 + 1;
      }
    }

    // parent[c] >= 0: the next cell up the tree; < 0: a root, holding minus its tree size.
    const parent = new Int32Array(size).fill(-1);
    const needed = (hasPattern ? maze.countOpenCells() : size) - 1;
    let joins = 0;
    for (let b = 0; b < buckets && joins < needed; b++) {
      if (options.onProgress && (b & 63) === 0) options.onProgress(Math.round((b / buckets) * size), size);
      const first = start[b];
      const end = start[b + 1];
      // Fisher-Yates inside the bucket.
      for (let i = end - 1; i > first; i--) {
        const j = first + rng.int(i - first + 1);
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      for (let k = first; k < end; k++) {
        const edge = order[k];
        const a = edge >>> 1;
        const south = edge & 1;
        const c = south ? a + w : a + 1;
        // Both finds start with their loads issued together (two cache misses overlap).
        let ra = a;
        let pa = parent[a];
        let rc = c;
        let pc = parent[c];
        while (pa >= 0) {
          const up = parent[pa];
          if (up < 0) {
            ra = pa;
            pa = up;
            break;
          }
          parent[ra] = up; // path halving
          ra = up;
          pa = parent[up];
        }
        while (pc >= 0) {
          const up = parent[pc];
          if (up < 0) {
            rc = pc;
            pc = up;
            break;
          }
          parent[rc] = up;
          rc = up;
          pc = parent[up];
        }
        if (ra === rc) continue;
        // Union by size (pa, pc are minus the sizes): the smaller tree hangs under the larger.
        if (pa > pc) {
          parent[rc] = pc + pa;
          parent[ra] = rc;
        } else {
          parent[ra] = pa + pc;
          parent[rc] = ra;
        }
        if (south) {
          cells[a] &= ~SOUTH;
          cells[c] &= ~NORTH;
        } else {
          cells[a] &= ~EAST;
          cells[c] &= ~WEST;
        }
        if (onStep) onStep(Step.Carve, a, south ? SOUTH : EAST);
        if (++joins === needed) break;
      }
    }
  },
};

/** Calls `visit(e)` for every edge between two free cells, in cell order (east, then south). */
function forEachEdge(cells: Uint8Array, w: number, size: number, visit: (edge: number) => void): void {
  const lastRow = size - w;
  for (let cell = 0, x = 0; cell < size; cell++, x++) {
    if (x === w) x = 0;
    if (cells[cell] & BLOCKED) continue;
    if (x + 1 < w && !(cells[cell + 1] & BLOCKED)) visit(cell * 2);
    if (cell < lastRow && !(cells[cell + w] & BLOCKED)) visit(cell * 2 + 1);
  }
}
