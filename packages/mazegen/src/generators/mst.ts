// One file, though long: the square grid's tiled spanning tree, whose tile steps (weigh, pick,
// label, join) share one workspace of typed arrays that a split would have to export.
import { BLOCKED, EAST, WEST, type Maze } from '../maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import { openSpanningTreeInWasm } from './square-mst-kernel.js';

/**
 * The random minimum spanning tree of the grid, built tile by tile.
 *
 * Randomized Kruskal (walls in a uniformly random order, each opened when it joins two
 * trees) makes the minimum spanning tree of the grid under random wall weights whose
 * order is uniform. Here wall e weighs `edgeWeight(e, keys)`: two keyed rounds of an
 * invertible 32-bit mixer, so distinct walls always weigh differently (the order is a
 * strict total order and the tree is unique), any wall's weight can be recomputed
 * anywhere without storing it, and the order is a pseudo-random permutation of the
 * walls, as good as the seeded stream it replaces.
 *
 * Which algorithm finds the tree does not matter, so we pick one whose memory accesses
 * stay in cache:
 *
 * 1. Tiles (128x128 cells). Each tile's inner walls are sorted by weight and joined by
 *    Kruskal with union-finds no larger than the tile (cache-resident), over the trees
 *    of each cell's lightest wall (opened first, as a Borůvka round) rather than cells.
 *    - A wall that joins two cells already joined inside the tile (by opened or
 *      undecided walls) is the heaviest on a cycle (the tile path was made of lighter
 *      walls, or of walls known to be in the tree): by the cycle property it is in no
 *      minimum spanning tree of the grid, so it is dropped for good.
 *    - A wall e that joins tile components A and B is certainly in the grid's tree if
 *      A (or B) has no wall to another tile lighter than e. Every wall leaving A inside
 *      the tile is heavier than e (a lighter one was joined before e and would have
 *      grown A), and every wall leaving the tile from A is heavier by the test, so e is
 *      the lightest wall leaving A: by the cut property it is in the tree. It is opened
 *      at once, and both sides become one node of the coarse graph below.
 *    - Any other joining wall is undecided: it is kept with the walls between tiles
 *      (and joins A and B for the cycle test, so that walls parallel to it are dropped).
 * 2. Coarse graph. Its nodes are the components of opened (certain) walls, its edges
 *    the kept walls (undecided tile walls and every wall between tiles). Contracting
 *    walls that are in the tree and dropping walls that are in no tree leaves a graph
 *    whose minimum spanning tree is the rest of the grid's tree; it is found by plain
 *    Kruskal over the kept walls sorted by weight, on a union-find of coarse nodes.
 *
 * Most joins inside a tile happen away from its border and are certain at once, so the
 * coarse graph is a few percent of the grid, and nearly all the work is sequential or
 * in cache. The result is exactly the tree a Kruskal over all walls in weight order
 * gives (the tests compare the two on random grids and tile sizes).
 */

/** Log2 of the tile side. */
const TILE_BITS = 7;
/** Tiles of at most 2^16 cells: a pick tree's number fits 16 bits. */
const MAX_TILE_BITS = 8;
const INFINITE = 0x7fffffff;

export interface SpanningTreeOptions {
  /** Log2 of the tile side (tests use small tiles to exercise the borders). */
  tileBits?: number;
  /** Told the cells of the tiles done so far, about every PROGRESS_EVERY cells (not at the end: the caller reports that). */
  onProgress?: ProgressReporter;
  /** Receives every opened wall (edge = cell * 2, + 1 for south), in no particular order. */
  opened?: number[];
}

/** Two weight keys drawn from the maze's stream. */
export type WeightKeys = readonly [number, number];

/** The weight of wall `edge` (cell * 2 for its east wall, + 1 for its south wall), as an int32; distinct walls weigh differently. */
export function edgeWeight(edge: number, k1: number, k2: number): number {
  // lowbias32 (Wellons' hash prospector), twice, with a key before each round: a bijection of 32-bit words.
  let x = edge ^ k1;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  x ^= k2;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  return x ^ (x >>> 16);
}

/** Growable parallel int32 arrays of the coarse graph's edges: weight, wall, and its two nodes. */
class CoarseEdges {
  weight: Int32Array = new Int32Array(1024);
  wall: Int32Array = new Int32Array(1024);
  a: Int32Array = new Int32Array(1024);
  b: Int32Array = new Int32Array(1024);
  length = 0;

  push(weight: number, wall: number, a: number, b: number): void {
    if (this.length === this.weight.length) this.grow();
    const i = this.length++;
    this.weight[i] = weight;
    this.wall[i] = wall;
    this.a[i] = a;
    this.b[i] = b;
  }

  private grow(): void {
    const more = (array: Int32Array): Int32Array => {
      const bigger = new Int32Array(array.length * 2);
      bigger.set(array);
      return bigger;
    };
    this.weight = more(this.weight);
    this.wall = more(this.wall);
    this.a = more(this.a);
    this.b = more(this.b);
  }
}

/** What the tiles share: the maze, the weight keys, per-tile scratch arrays and the coarse graph. */
class Workspace {
  readonly side: number;
  readonly sideMask: number;
  // Per tile, indexed by local cell (ly << tileBits | lx) or local wall (local cell * 2 + south).
  readonly parent: Int32Array; // the pick forest: each cell points across its pick, -1 in roots
  readonly label: Uint16Array; // per cell: the number of its pick tree (tiles of at most 2^16 cells)
  readonly lightestOut: Int32Array; // per cell: its lightest wall to another tile (INFINITE inside)
  // Indexed by pick tree number (labelPickTrees), each a union-find with sizes negative in roots:
  readonly joined: Int32Array; // joined along opened and undecided walls (joinInTile)
  readonly certain: Int32Array; // joined along opened walls: the coarse graph's nodes
  readonly outOf: Int32Array; // per set: the lightest wall from it to another tile (or an upper bound)
  readonly nodeOf: Int32Array; // per set of `certain`: its coarse node, or -1
  readonly wallWeight: Int32Array; // per local wall (east at local cell * 2, south + 1): its weight, INFINITE if missing
  readonly pickOf: Int32Array; // per local cell: its lightest wall (local wall), or -1
  readonly kept: Uint8Array; // per local cell: bits 0-1 east/south wall undecided
  readonly rawWall: Int32Array;
  readonly sortedWall: Int32Array;
  readonly bucketBits: number;
  readonly bucketStart: Int32Array;
  readonly undecidedWeight: Int32Array;
  readonly undecidedWall: Int32Array;
  readonly westNode: Int32Array; // coarse nodes of the east column of the tile to the left
  readonly northNode: Int32Array; // coarse nodes of the south row of the tile row above
  readonly coarse = new CoarseEdges();
  nodes = 0;
  openedCount = 0;
  freeCells = 0;

  constructor(
    readonly cells: Uint8Array,
    readonly w: number,
    readonly h: number,
    readonly k1: number,
    readonly k2: number,
    readonly tileBits: number,
    readonly opened: number[] | undefined,
  ) {
    const side = (this.side = 1 << tileBits);
    this.sideMask = side - 1;
    const tileCells = side * side;
    this.parent = new Int32Array(tileCells);
    this.label = new Uint16Array(tileCells);
    this.lightestOut = new Int32Array(tileCells);
    this.joined = new Int32Array(tileCells);
    this.certain = new Int32Array(tileCells);
    this.outOf = new Int32Array(tileCells);
    this.nodeOf = new Int32Array(tileCells);
    this.wallWeight = new Int32Array(2 * tileCells);
    this.kept = new Uint8Array(tileCells);
    this.pickOf = new Int32Array(tileCells);
    this.rawWall = new Int32Array(2 * tileCells);
    this.sortedWall = new Int32Array(2 * tileCells);
    this.bucketBits = Math.max(1, 2 * tileBits - 1);
    this.bucketStart = new Int32Array((1 << this.bucketBits) + 1);
    this.undecidedWeight = new Int32Array(tileCells);
    this.undecidedWall = new Int32Array(tileCells);
    this.westNode = new Int32Array(side);
    this.northNode = new Int32Array(w);
  }
}

/** The coarse node of a tile cell: the component of opened walls it is in. */
function nodeAt(ws: Workspace, local: number): number {
  const { label, certain, nodeOf } = ws;
  let root = label[local];
  let up = certain[root];
  while (up >= 0) {
    const upper = certain[up];
    if (upper < 0) {
      root = up;
      break;
    }
    certain[root] = upper;
    root = upper;
    up = certain[root];
  }
  let node = nodeOf[root];
  if (node < 0) node = nodeOf[root] = ws.nodes++;
  return node;
}

/**
 * Resets the tile's arrays; returns its free cells. Each step that loops over a tile is a
 * function with one loop nest, called by processTile: code after a hot loop in the same
 * function is compiled with the loop's on-stack replacement before it has ever run, and
 * left (a deopt) on every tile until V8 gives that code up.
 */
function startTile(ws: Workspace, tw: number, th: number, base: number): number {
  const { cells, w, tileBits, parent, lightestOut } = ws;
  const blocked = BLOCKED; // an imported binding is checked at every use in a loop: read once
  // One fill each over the tile's rows, the columns past a narrow tile's edge too: a
  // fill is a builtin call, and two a row cost about a nanosecond a cell.
  parent.fill(-1, 0, th << tileBits);
  lightestOut.fill(INFINITE, 0, th << tileBits);
  let free = 0;
  for (let ly = 0; ly < th; ly++) {
    const grid = base + ly * w;
    for (let lx = 0; lx < tw; lx++) free += Number(!(cells[grid + lx] & blocked));
  }
  ws.freeCells += free;
  return free;
}

/** Notes each cell on the tile's west and east edges' lightest wall to the neighbouring tile. */
function noteWestEastOut(ws: Workspace, x0: number, tw: number, th: number, base: number): void {
  const { cells, w, k1, k2, tileBits, lightestOut } = ws;
  for (let ly = 0; ly < th; ly++) {
    const west = base + ly * w;
    const east = west + tw - 1;
    const row = ly << tileBits;
    if (x0 > 0 && !((cells[west] | cells[west - 1]) & BLOCKED)) {
      lightestOut[row] = Math.min(lightestOut[row], edgeWeight((west - 1) * 2, k1, k2));
    }
    if (x0 + tw < w && !((cells[east] | cells[east + 1]) & BLOCKED)) {
      lightestOut[row + tw - 1] = Math.min(lightestOut[row + tw - 1], edgeWeight(east * 2, k1, k2));
    }
  }
}

/** Notes each cell on the tile's north and south edges' lightest wall to the neighbouring tile. */
function noteNorthSouthOut(ws: Workspace, y0: number, tw: number, th: number, base: number): void {
  const { cells, w, h, k1, k2, tileBits, lightestOut } = ws;
  const lastLocalRow = (th - 1) << tileBits;
  for (let lx = 0; lx < tw; lx++) {
    const north = base + lx;
    const south = north + (th - 1) * w;
    if (y0 > 0 && !((cells[north] | cells[north - w]) & BLOCKED)) {
      lightestOut[lx] = Math.min(lightestOut[lx], edgeWeight((north - w) * 2 + 1, k1, k2));
    }
    if (y0 + th < h && !((cells[south] | cells[south + w]) & BLOCKED)) {
      lightestOut[lastLocalRow + lx] = Math.min(lightestOut[lastLocalRow + lx], edgeWeight(south * 2 + 1, k1, k2));
    }
  }
}

/** The weights of the tile's inner walls, which walls exist, and each cell's lightest wall. */
function weighTile(ws: Workspace, tw: number, th: number, base: number, patterned: boolean): void {
  const { cells, w, k1, k2, tileBits, side, wallWeight, kept, pickOf } = ws;
  const blocked = BLOCKED;
  for (let ly = 0; ly < th; ly++) {
    const grid = base + ly * w;
    const row = ly << tileBits;
    let west = INFINITE; // the east wall of the cell before, in this row
    for (let lx = 0; lx < tw; lx++) {
      const cell = grid + lx;
      const local = row + lx;
      let keep = 0;
      // A missing wall weighs INFINITE, so that the per-cell minimum needs no test of which walls exist.
      let east = INFINITE;
      let south = INFINITE;
      // A tile without pattern cells reads none (most tiles: the loop's code reads the maze only where it must).
      if (!patterned || !(cells[cell] & blocked)) {
        if (lx + 1 < tw && (!patterned || !(cells[cell + 1] & blocked))) {
          east = edgeWeight(cell << 1, k1, k2);
          keep = 1;
        }
        if (ly + 1 < th && (!patterned || !(cells[cell + w] & blocked))) {
          south = edgeWeight((cell << 1) | 1, k1, k2);
          keep |= 2;
        }
      }
      wallWeight[local << 1] = east;
      wallWeight[(local << 1) | 1] = south;
      kept[local] = keep;
      // The cell's lightest wall inside the tile (dropPicksLeavingTile compares it with the
      // walls to other tiles): no branch on the random comparisons, 0/1 flags turned into masks.
      let best = INFINITE;
      let pick = -1;
      let take = -Number(east < best);
      best = (east & take) | (best & ~take);
      pick = ((local << 1) & take) | (pick & ~take);
      take = -Number(south < best);
      best = (south & take) | (best & ~take);
      pick = (((local << 1) | 1) & take) | (pick & ~take);
      take = -Number(west < best);
      best = (west & take) | (best & ~take);
      pick = (((local - 1) << 1) & take) | (pick & ~take);
      if (ly > 0) {
        const north = wallWeight[((local - side) << 1) | 1];
        take = -Number(north < best);
        pick = ((((local - side) << 1) | 1) & take) | (pick & ~take);
      }
      pickOf[local] = pick;
      west = east;
    }
  }
}

/** The `k`th cell round a tile's edge: the top row, the bottom row, then the west and east ends of the rows between. */
function perimeterCell(k: number, tw: number, lastRow: number, tileBits: number): number {
  if (k < tw) return k;
  if (k < 2 * tw) return lastRow + k - tw;
  const between = k - 2 * tw;
  return ((1 + (between >> 1)) << tileBits) + (between & 1 ? tw - 1 : 0);
}

/** Drops the pick of each cell on the tile's edge whose lightest wall leads to another tile: only those cells have one. */
function dropPicksLeavingTile(ws: Workspace, tw: number, th: number): void {
  const { tileBits, wallWeight, lightestOut, pickOf } = ws;
  const lastRow = (th - 1) << tileBits;
  const perimeter = th > 1 ? 2 * tw + 2 * (th - 2) : tw;
  for (let k = 0; k < perimeter; k++) {
    const local = perimeterCell(k, tw, lastRow, tileBits);
    const pick = pickOf[local];
    if (pick < 0) continue;
    if (lightestOut[local] < wallWeight[pick]) pickOf[local] = -1;
  }
}

/** Opens each cell's lightest wall (picked by weighTile) and numbers the pick trees at their roots; returns how many it opened. */
function openLightestPerCell(ws: Workspace, tw: number, th: number, base: number): number {
  const { cells, w, tileBits, side, sideMask, parent, label, kept, pickOf } = ws;
  // Each cell's lightest wall is in the tree (cut property around one cell): open it
  // now, as in a Borůvka round, without sorting (about a third of all walls). The picks
  // form trees whose one 2-cycle is a wall both its cells picked; each cell points to
  // the cell across its pick, except the lower cell of that shared pick, the root. No
  // union-find and no branch on the random comparisons: 0/1 flags turned into masks.
  const east = EAST;
  const west = WEST;
  let joins = 0;
  let trees = 0;
  for (let ly = 0; ly < th; ly++) {
    const row = ly << tileBits;
    for (let local = row, end = row + tw; local < end; local++) {
      const pick = pickOf[local];
      label[local] = trees; // kept by the roots only (labelFromRoots)
      if (pick < 0) {
        trees++; // blocked, or its lightest wall leaves the tile: a root
        continue;
      }
      const a = pick >>> 1;
      const south = pick & 1;
      // Index arithmetic in int32 (| 0, Math.imul): no overflow checks in V8's code.
      const b = (a + 1 + Math.imul(south, side - 1)) | 0;
      const other = (a + b - local) | 0;
      // The lower cell of a shared pick is its tree's root; every other cell opens its pick.
      const root = Number(pickOf[other] === pick) & Number(local < other);
      parent[local] = other | -root;
      trees = (trees + root) | 0;
      kept[a] &= ~(1 << south);
      const opens = root ^ 1;
      const cell = (base + Math.imul(a >>> tileBits, w) + (a & sideMask)) | 0;
      cells[cell] &= ~((east << south) & -opens);
      cells[(cell + 1 + Math.imul(south, w - 1)) | 0] &= ~((west >>> (3 * south)) & -opens);
      joins += opens;
    }
  }
  ws.openedCount += joins;
  return joins;
}

/** Lists the walls openLightestPerCell opened, for a reporter. */
function listPicks(ws: Workspace, tw: number, th: number, base: number, opened: number[]): void {
  const { w, tileBits, sideMask, parent, pickOf } = ws;
  for (let ly = 0; ly < th; ly++) {
    const row = ly << tileBits;
    for (let local = row, end = row + tw; local < end; local++) {
      const pick = pickOf[local];
      if (pick < 0 || parent[local] < 0) continue;
      const a = pick >>> 1;
      opened.push((base + (a >>> tileBits) * w + (a & sideMask)) * 2 + (pick & 1));
    }
  }
}

/**
 * Gives each cell its pick tree's number, from the tree's root (numbered by
 * openLightestPerCell). The tile's Kruskal then runs on tree numbers: its union-finds
 * start flat, are a third of the tile's cells in size, and never walk the pick trees.
 */
function labelFromRoots(ws: Workspace, tw: number, th: number): void {
  const { tileBits, parent, label } = ws;
  for (let ly = 0; ly < th; ly++) {
    const row = ly << tileBits;
    for (let local = row, end = row + tw; local < end; local++) {
      // Three steps up without branches (a root's parent is -1: the mask keeps the root)
      // reach the root from 98% of cells (depth 0: 29%, 1: 44%, 2: 20%, 3: 6%); a loop the rest.
      let root = local;
      let up = parent[root];
      let stay = up >> 31;
      root = (root & stay) | (up & ~stay);
      up = parent[root];
      stay = up >> 31;
      root = (root & stay) | (up & ~stay);
      up = parent[root];
      stay = up >> 31;
      root = (root & stay) | (up & ~stay);
      up = parent[root];
      while (up >= 0) {
        root = up;
        up = parent[root];
      }
      label[local] = label[root];
    }
  }
}

/** Resets the per-tree union-finds and notes each tree's lightest wall to another tile: only the tile's edge cells have one. */
function startTrees(ws: Workspace, tw: number, th: number, trees: number): void {
  const { tileBits, lightestOut, label, joined, certain, outOf, nodeOf } = ws;
  joined.fill(-1, 0, trees);
  certain.fill(-1, 0, trees);
  outOf.fill(INFINITE, 0, trees);
  nodeOf.fill(-1, 0, trees);
  const lastRow = (th - 1) << tileBits;
  const perimeter = th > 1 ? 2 * tw + 2 * (th - 2) : tw;
  for (let k = 0; k < perimeter; k++) {
    const local = perimeterCell(k, tw, lastRow, tileBits);
    const out = lightestOut[local];
    const tree = label[local];
    if (out < outOf[tree]) outOf[tree] = out;
  }
}

/** Drops each unit square's heaviest wall and gathers the undecided walls; returns how many. */
function gatherWalls(ws: Workspace, tw: number, th: number, base: number, patterned: boolean): number {
  const { cells, w, tileBits, side, wallWeight, kept, rawWall } = ws;
  const blocked = BLOCKED;
  let walls = 0;
  for (let ly = 0; ly < th; ly++) {
    const row = ly << tileBits;
    if (ly + 1 < th) {
      const grid = base + ly * w;
      for (let local = row, end = row + tw - 1; local < end; local++) {
        // A square needs all four walls: none of its cells on the pattern.
        if (patterned) {
          const cell = grid + local - row;
          if ((cells[cell] | cells[cell + 1] | cells[cell + w] | cells[cell + w + 1]) & blocked) continue;
        }
        const top = wallWeight[local << 1];
        const left = wallWeight[(local << 1) | 1];
        const right = wallWeight[((local + 1) << 1) | 1];
        const bottom = wallWeight[(local + side) << 1];
        // Which wall is the heaviest, by 0/1 flags (a coin toss to a chain of branches).
        const isTop = Number(top > left) & Number(top > right) & Number(top > bottom);
        const isLeft = (isTop ^ 1) & Number(left > right) & Number(left > bottom);
        const isRight = ((isTop | isLeft) ^ 1) & Number(right > bottom);
        const isBottom = (isTop | isLeft | isRight) ^ 1;
        kept[local] &= ~(isTop | (isLeft << 1));
        kept[local + 1] &= ~(isRight << 1);
        kept[local + side] &= ~isBottom;
      }
    }
    for (let local = row, end = row + tw; local < end; local++) {
      // Each wall written at the end and kept by the count (kept or not is a coin toss).
      const keep = kept[local];
      const east = keep & 1;
      rawWall[walls] = local << 1;
      walls += east;
      const south = (keep >>> 1) & 1;
      rawWall[walls] = (local << 1) | 1;
      walls += south;
    }
  }
  return walls;
}

/** Counts the gathered walls by bucket (top bits of the weight) for sortByWeight: once per wall kept, not twice per cell. */
function countBuckets(ws: Workspace, walls: number): void {
  const { wallWeight, rawWall, bucketBits, bucketStart } = ws;
  const shift = 32 - bucketBits;
  bucketStart.fill(0);
  for (let i = 0; i < walls; i++) bucketStart[((wallWeight[rawWall[i]] ^ 0x80000000) >>> shift) + 1]++;
}

/** Sorts the gathered walls by weight into sortedWall (as sortByWeight, each weight read from wallWeight: one array moves). */
function sortWalls(ws: Workspace, walls: number): void {
  const { wallWeight, rawWall, sortedWall, bucketBits, bucketStart } = ws;
  bucketStarts(bucketStart);
  scatterWalls(walls, wallWeight, rawWall, sortedWall, bucketStart, 32 - bucketBits);
  sortWallsWithinBuckets(walls, wallWeight, sortedWall);
}

/** sortWithinBuckets for walls alone, by their weights in wallWeight. */
function sortWallsWithinBuckets(n: number, wallWeight: Int32Array, wall: Int32Array): void {
  let before = n > 0 ? wallWeight[wall[0]] : 0;
  for (let i = 1; i < n; i++) {
    const it = wall[i];
    const value = wallWeight[it];
    if (before <= value) {
      before = value;
      continue;
    }
    let j = i - 1;
    while (j >= 0 && wallWeight[wall[j]] > value) {
      wall[j + 1] = wall[j];
      j--;
    }
    wall[j + 1] = it;
  }
}

/** Writes each wall and its weight at the next free index of its bucket. */
function scatterWalls(n: number, wallWeight: Int32Array, wall: Int32Array, outWall: Int32Array, counts: Int32Array, shift: number): void {
  for (let i = 0; i < n; i++) {
    const item = wall[i];
    outWall[counts[(wallWeight[item] ^ 0x80000000) >>> shift]++] = item;
  }
}

/** Kruskal over the sorted walls; returns how many were left undecided. */
function joinInTile(ws: Workspace, base: number, walls: number, joins: number, free: number): number {
  const {
    cells,
    w,
    tileBits,
    side,
    sideMask,
    label,
    joined,
    certain,
    outOf,
    wallWeight,
    sortedWall,
    undecidedWeight,
    undecidedWall,
    opened,
  } = ws;
  // Two union-finds of pick trees: `joined` joins along every wall taken so far, opened or
  // undecided, so a wall within one of its sets is the heaviest on a cycle (in the grid
  // with the opened walls contracted) and is dropped, and the tile is done once it is one
  // set; `certain` joins along opened walls only: the coarse graph's nodes.
  const east = EAST; // the wall bits: EAST << 1 is SOUTH, WEST >>> 3 is NORTH
  const west = WEST;
  // Every index and count in int32 (| 0, Math.imul): `u + side` alone is a double in V8's
  // code (a Smi field plus an unsigned value), converted back at each array access.
  const down = (side - 1) | 0;
  const rowStep = (w - 1) | 0;
  const needed = (free - 1) | 0;
  let undecided = 0;
  let opens = 0;
  for (let k = 0; k < walls; k++) {
    if (joins >= needed) break;
    const wall = sortedWall[k];
    const u = wall >>> 1;
    const south = wall & 1;
    const v = (u + 1 + Math.imul(south, down)) | 0;
    const tu = label[u];
    const tv = label[v];
    let ru = tu;
    let pu = joined[ru];
    while (pu >= 0) {
      const up = joined[pu];
      if (up < 0) {
        ru = pu;
        pu = up;
        break;
      }
      joined[ru] = up; // path halving
      ru = up;
      pu = joined[up];
    }
    let rv = tv;
    let pv = joined[rv];
    while (pv >= 0) {
      const up = joined[pv];
      if (up < 0) {
        rv = pv;
        pv = up;
        break;
      }
      joined[rv] = up;
      rv = up;
      pv = joined[up];
    }
    if (ru === rv) continue; // the heaviest wall on a cycle of lighter walls: in no tree
    joins = (joins + 1) | 0;
    const outU = outOf[ru];
    const outV = outOf[rv];
    const uLighter = -Number(outU < outV);
    const out = (outU & uLighter) | (outV & ~uLighter);
    // Union by size (sizes negative in roots), the larger set's root chosen by a mask: which is larger is a coin toss.
    const uLarger = -Number(pu <= pv);
    const big = (ru & uLarger) | (rv & ~uLarger);
    const small = ru ^ rv ^ big;
    joined[big] = (pu + pv) | 0;
    joined[small] = big;
    outOf[big] = out;
    const weight = wallWeight[wall];
    if (outU < weight && outV < weight) {
      // Undecided: left to the coarse graph, and not opened here, so that the sets of
      // opened walls stay the coarse graph's nodes.
      undecidedWeight[undecided] = weight;
      undecidedWall[undecided] = wall;
      undecided = (undecided + 1) | 0;
      continue;
    }
    // The lightest wall leaving one side's set (every lighter wall from it was taken into
    // the set): in the tree (cut property). Open it now.
    unite(certain, tu, tv);
    const cell = (base + Math.imul(u >>> tileBits, w) + (u & sideMask)) | 0;
    cells[cell] &= ~(east << south);
    cells[(cell + 1 + Math.imul(south, rowStep)) | 0] &= ~(west >>> (3 * south));
    if (opened) opened.push(cell * 2 + south);
    opens = (opens + 1) | 0;
  }
  ws.openedCount += opens;
  return undecided;
}

/** Joins the sets of `u` and `v` (different) in the union-find `parent`. */
function unite(parent: Int32Array, u: number, v: number): void {
  let ru = u;
  let pu = parent[ru];
  while (pu >= 0) {
    const up = parent[pu];
    if (up < 0) {
      ru = pu;
      pu = up;
      break;
    }
    parent[ru] = up;
    ru = up;
    pu = parent[up];
  }
  let rv = v;
  let pv = parent[rv];
  while (pv >= 0) {
    const up = parent[pv];
    if (up < 0) {
      rv = pv;
      pv = up;
      break;
    }
    parent[rv] = up;
    rv = up;
    pv = parent[up];
  }
  if (pu <= pv) {
    parent[ru] = pu + pv;
    parent[rv] = ru;
  } else {
    parent[rv] = pu + pv;
    parent[ru] = rv;
  }
}

/** Hands the undecided walls and the walls to the left and above to the coarse graph. */
function handOff(ws: Workspace, x0: number, y0: number, tw: number, th: number, base: number, undecided: number): void {
  const { cells, w, h, k1, k2, tileBits, side, sideMask, undecidedWeight, undecidedWall, westNode, northNode, coarse } = ws;
  const lastLocalRow = (th - 1) << tileBits;
  for (let i = 0; i < undecided; i++) {
    const wall = undecidedWall[i];
    const u = wall >>> 1;
    const v = wall & 1 ? u + side : u + 1;
    const cell = base + (u >>> tileBits) * w + (u & sideMask);
    coarse.push(undecidedWeight[i], cell * 2 + (wall & 1), nodeAt(ws, u), nodeAt(ws, v));
  }
  if (x0 > 0) {
    for (let ly = 0; ly < th; ly++) {
      const cell = base + ly * w;
      if ((cells[cell] | cells[cell - 1]) & BLOCKED) continue;
      const wall = (cell - 1) * 2;
      coarse.push(edgeWeight(wall, k1, k2), wall, westNode[ly], nodeAt(ws, ly << tileBits));
    }
  }
  if (y0 > 0) {
    for (let lx = 0; lx < tw; lx++) {
      const cell = base + lx;
      if ((cells[cell] | cells[cell - w]) & BLOCKED) continue;
      const wall = (cell - w) * 2 + 1;
      coarse.push(edgeWeight(wall, k1, k2), wall, northNode[x0 + lx], nodeAt(ws, lx));
    }
  }
  // Remember the nodes on the east and south edges for the tiles that follow.
  if (x0 + tw < w) {
    for (let ly = 0; ly < th; ly++) {
      const local = (ly << tileBits) + tw - 1;
      westNode[ly] = cells[base + ly * w + tw - 1] & BLOCKED ? -1 : nodeAt(ws, local);
    }
  }
  if (y0 + th < h) {
    for (let lx = 0; lx < tw; lx++) {
      northNode[x0 + lx] = cells[base + (th - 1) * w + lx] & BLOCKED ? -1 : nodeAt(ws, lastLocalRow + lx);
    }
  }
}

/**
 * One tile: its own Kruskal, opening what is certain and handing the rest to the coarse
 * graph. Module-level functions, one per step (not one huge loop body, not closures), so
 * that V8 optimizes each quickly and keeps that code for every later tile and maze.
 */
function processTile(ws: Workspace, x0: number, y0: number, th: number): void {
  const tw = Math.min(ws.side, ws.w - x0);
  const base = y0 * ws.w + x0;
  const free = startTile(ws, tw, th, base);
  noteWestEastOut(ws, x0, tw, th, base);
  noteNorthSouthOut(ws, y0, tw, th, base);
  const patterned = free !== tw * th;
  weighTile(ws, tw, th, base, patterned);
  dropPicksLeavingTile(ws, tw, th);
  const joins = openLightestPerCell(ws, tw, th, base);
  if (ws.opened) listPicks(ws, tw, th, base, ws.opened);
  labelFromRoots(ws, tw, th);
  startTrees(ws, tw, th, tw * th - joins);
  const walls = gatherWalls(ws, tw, th, base, patterned);
  countBuckets(ws, walls);
  sortWalls(ws, walls);
  const undecided = joinInTile(ws, base, walls, joins, free);
  handOff(ws, x0, y0, tw, th, base, undecided);
}

/** Log2 of the tile side for a w x h maze: no wider than the maze needs (the tree is the same for any tiling), so a small maze allocates small tile buffers, not about a megabyte of them. */
function fittedTileBits(w: number, h: number, tileBits: number): number {
  let fit = 1;
  while (fit < 30 && 1 << fit < Math.max(w, h)) fit++;
  return Math.min(tileBits, fit, MAX_TILE_BITS);
}

/**
 * `openMinimumSpanningTree`'s steps built to WebAssembly (square-mst-kernel.ts), on the
 * same tiles: the same tree, 1.4-1.7x faster. False, with the maze untouched, where it
 * does not run.
 */
export function openMinimumSpanningTreeInWasm(maze: Maze, keys: WeightKeys, onProgress?: ProgressReporter): boolean {
  return openSpanningTreeInWasm(maze, keys, fittedTileBits(maze.width, maze.height, TILE_BITS), onProgress);
}

/**
 * Opens the walls of the grid's minimum spanning tree (over its free cells) under
 * `edgeWeight` with the given keys. The maze must have all its walls closed.
 */
export function openMinimumSpanningTree(maze: Maze, keys: WeightKeys, options: SpanningTreeOptions = {}): void {
  const { cells, width: w, height: h, size } = maze;
  const tileBits = fittedTileBits(w, h, options.tileBits ?? TILE_BITS);
  const side = 1 << tileBits;
  const { onProgress, opened } = options;
  const ws = new Workspace(cells, w, h, keys[0], keys[1], tileBits, opened);

  let untilProgress = PROGRESS_EVERY;
  for (let y0 = 0; y0 < h; y0 += side) {
    const th = Math.min(side, h - y0);
    for (let x0 = 0; x0 < w; x0 += side) {
      processTile(ws, x0, y0, th);
      // The tiles done: every row above this band, and this band up to the tile's east edge.
      untilProgress -= Math.min(side, w - x0) * th;
      if (untilProgress <= 0) {
        untilProgress += PROGRESS_EVERY;
        if (onProgress) onProgress(y0 * w + Math.min(w, x0 + side) * th, size);
      }
    }
  }

  // Kruskal over the coarse graph: the kept walls by weight, on a union-find of nodes.
  const { coarse, nodes } = ws;
  const count = coarse.length;
  const needed = ws.freeCells - 1 - ws.openedCount;
  if (count === 0 || needed <= 0) return;
  let bits = 1;
  while (bits < 24 && count >>> (bits + 1) > 0) bits++;
  const shift = 32 - bits;
  const starts = new Int32Array((1 << bits) + 1);
  for (let i = 0; i < count; i++) starts[((coarse.weight[i] ^ 0x80000000) >>> shift) + 1]++;
  const order = new Int32Array(count);
  const weights = new Int32Array(count);
  const index = new Int32Array(count);
  for (let i = 0; i < count; i++) index[i] = i;
  sortByWeight(count, coarse.weight, index, weights, order, starts, shift);
  const { wall: coarseWall, a: nodeA, b: nodeB } = coarse;
  const root = new Int32Array(nodes).fill(-1);
  const east = EAST;
  const west = WEST;
  let joins = 0;
  for (let k = 0; k < count; k++) {
    const i = order[k];
    let ra = nodeA[i];
    let pa = root[ra];
    while (pa >= 0) {
      const up = root[pa];
      if (up < 0) {
        ra = pa;
        pa = up;
        break;
      }
      root[ra] = up;
      ra = up;
      pa = root[up];
    }
    let rb = nodeB[i];
    let pb = root[rb];
    while (pb >= 0) {
      const up = root[pb];
      if (up < 0) {
        rb = pb;
        pb = up;
        break;
      }
      root[rb] = up;
      rb = up;
      pb = root[up];
    }
    if (ra === rb) continue;
    if (pa <= pb) {
      root[ra] = pa + pb;
      root[rb] = ra;
    } else {
      root[rb] = pa + pb;
      root[ra] = rb;
    }
    const wall = coarseWall[i];
    const cell = wall >>> 1;
    const south = wall & 1;
    cells[cell] &= ~(east << south);
    cells[(cell + 1 + Math.imul(south, w - 1)) | 0] &= ~(west >>> (3 * south));
    if (opened) opened.push(wall);
    if (++joins === needed) break;
  }
}

/**
 * Sorts `n` (weight, item) pairs by weight into `outWeight`/`outItem`: a counting pass
 * by the weight's top bits (`counts[b + 1]` must hold the size of bucket b on entry),
 * then an insertion sort, which only fixes order inside the small buckets. One loop a
 * function (see startTile): each is compiled hot without leaving for the next.
 */
export function sortByWeight(
  n: number,
  weight: Int32Array,
  item: Int32Array,
  outWeight: Int32Array,
  outItem: Int32Array,
  counts: Int32Array,
  shift: number,
): void {
  bucketStarts(counts);
  scatterByBucket(n, weight, item, outWeight, outItem, counts, shift);
  sortWithinBuckets(n, outWeight, outItem);
}

/** Turns the bucket sizes in `counts[b + 1]` into each bucket's first index in `counts[b]`. */
function bucketStarts(counts: Int32Array): void {
  // The running sum in a local: `counts[b + 1] += counts[b]` waits on the store before it.
  let sum = 0;
  for (let b = 1, end = counts.length; b < end; b++) {
    sum = (sum + counts[b]) | 0;
    counts[b] = sum;
  }
}

/** Writes each pair at the next free index of its bucket. */
function scatterByBucket(
  n: number,
  weight: Int32Array,
  item: Int32Array,
  outWeight: Int32Array,
  outItem: Int32Array,
  counts: Int32Array,
  shift: number,
): void {
  for (let i = 0; i < n; i++) {
    const value = weight[i];
    const at = counts[(value ^ 0x80000000) >>> shift]++;
    outWeight[at] = value;
    outItem[at] = item[i];
  }
}

/** An insertion sort of pairs already in order but for the inside of each bucket. */
function sortWithinBuckets(n: number, outWeight: Int32Array, outItem: Int32Array): void {
  for (let i = 1; i < n; i++) {
    const value = outWeight[i];
    if (outWeight[i - 1] <= value) continue;
    const it = outItem[i];
    let j = i - 1;
    while (j >= 0 && outWeight[j] > value) {
      outWeight[j + 1] = outWeight[j];
      outItem[j + 1] = outItem[j];
      j--;
    }
    outWeight[j + 1] = value;
    outItem[j + 1] = it;
  }
}
