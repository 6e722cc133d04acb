// One file, though long: the row-by-row path finder's band splitting, its row labeller and its
// band search share one forest invariant and one piece store; split, each part would export its internals.
import { MazeError } from './errors.js';
import { EAST, NORTH, SOUTH, type Point } from './maze.js';

/** Rows of a maze kept elsewhere (a file, a stream's replay): fills `into` with `count * width` cell bytes from row `first`. */
export interface RowSource {
  readRows(first: number, count: number, into: Uint8Array): void;
}

export interface RowPathOptions {
  /** A band of at most this many cells is searched directly (default 2^22); a larger one is split in two. */
  baseCells?: number;
  /** Cells read per call of `readRows` in a split's passes (default 2^20, at least one row). */
  blockCells?: number;
  /** At most this many parts per split (default 64, fewer for a wide maze: each part keeps O(width) nodes). */
  maxParts?: number;
  /** Also give the path's cells (y * width + x, from start to goal). */
  cells?: boolean;
  /** Called with the rows read so far, for a progress bar. */
  onProgress?: (rowsRead: number) => void;
}

export interface RowPath {
  /** The moves as ASCII letters N, E, S, W. */
  letters: Uint8Array;
  /** The cells from start to goal, when asked for. */
  cells?: Float64Array;
}

const LETTER_N = 78;
const LETTER_S = 83;

/** Rows r0..r1 and the path pieces that lie inside them. */
interface Band {
  r0: number;
  r1: number;
  pieces: number[];
  /** Cut from a larger band, whose labelling passes already proved these rows loop-free. */
  checked: boolean;
}

function notATree(detail: string): MazeError {
  return new MazeError(`the maze is not perfect: ${detail}; the path over rows needs a spanning tree (no loops, every cell reached)`);
}

/**
 * The path between two cells of a perfect maze whose rows are read from `source`, in
 * O(width x rows of a base band + path) memory. A band of rows too large to search at
 * once is cut into parts (as many as base bands it holds, at most `maxParts`); one
 * forward pass per part labels the cells of its first and last rows by their tree in
 * the part's forest, and those trees, joined by the open walls between consecutive
 * parts, form a small forest of O(width) nodes per part. A path piece from a to b
 * inside the band either stays in one part (a and b on one node) or crosses between
 * parts at the walls on its node path, which cut it into pieces that each lie in one
 * part. Bands small enough are read whole and each piece found by a right-hand walk. Every step
 * relies on the maze being a tree; a loop met on the way or a piece without a path
 * throws a MazeError. A part holding no piece is never read again, so a maze of 10^9
 * cells is read about three times.
 */
export function findPathByRows(
  source: RowSource,
  width: number,
  height: number,
  start: Point,
  goal: Point,
  options: RowPathOptions = {},
): RowPath {
  for (const [name, p] of [
    ['start', start],
    ['goal', goal],
  ] as const) {
    if (!Number.isInteger(p.x) || !Number.isInteger(p.y) || p.x < 0 || p.y < 0 || p.x >= width || p.y >= height) {
      throw new MazeError(`the path's ${name} (${p.x},${p.y}) is outside the ${width}x${height} maze`);
    }
  }
  const baseCells = baseCellsOf(options);
  const blockRows = Math.max(1, Math.floor((options.blockCells ?? 1 << 20) / width));
  const maxParts = maxPartsOf(width, options);
  const onProgress = options.onProgress;
  let rowsRead = 0;
  const read = (first: number, count: number, into: Uint8Array): void => {
    source.readRows(first, count, into);
    rowsRead += count;
    if (onProgress) onProgress(rowsRead);
  };

  // Pieces of the path, in path order through `next`; a piece holds its own letters once found.
  const ax: number[] = [];
  const ay: number[] = [];
  const bx: number[] = [];
  const by: number[] = [];
  const next: number[] = [];
  const letters: (Uint8Array | undefined)[] = [];
  const addPiece = (x0: number, y0: number, x1: number, y1: number, after: number): number => {
    const id = ax.length;
    ax.push(x0);
    ay.push(y0);
    bx.push(x1);
    by.push(y1);
    letters.push(undefined);
    next.push(after);
    return id;
  };
  addPiece(start.x, start.y, goal.x, goal.y, -1);

  const labeller = new RowLabeller(width, blockRows, read);
  const finder = new BandSearch(width, blockRows, read);
  const stack: Band[] = [{ r0: 0, r1: height - 1, pieces: [0], checked: false }];
  while (stack.length > 0) {
    const band = stack.pop()!;
    const rows = band.r1 - band.r0 + 1;
    if (rows === 1 || rows * width <= baseCells) {
      finder.solve(band, ax, ay, bx, by, letters);
      continue;
    }
    const parts = partsOf(rows, width, baseCells, maxParts);
    const sub = splitBand(band, parts, labeller, { ax, ay, bx, by, next, addPiece });
    for (let i = sub.length - 1; i >= 0; i--) if (sub[i].pieces.length > 0) stack.push(sub[i]);
  }

  // Concatenate in path order: a piece's letters, then the vertical step to the next piece.
  let total = 0;
  for (let p = 0; p !== -1; p = next[p]) total += letters[p]!.length + (next[p] === -1 ? 0 : 1);
  const out = new Uint8Array(total);
  let k = 0;
  for (let p = 0; p !== -1; p = next[p]) {
    out.set(letters[p]!, k);
    k += letters[p]!.length;
    letters[p] = undefined;
    const q = next[p];
    if (q !== -1) out[k++] = ay[q] === by[p] + 1 ? LETTER_S : LETTER_N;
  }
  const result: RowPath = { letters: out };
  if (options.cells) result.cells = pathCells(start, out, width);
  return result;
}

const baseCellsOf = (options: RowPathOptions): number => Math.max(1, options.baseCells ?? 1 << 22);
/** Parts keep O(width) nodes each: about 2^20 columns in all, at least 2 parts. */
const maxPartsOf = (width: number, options: RowPathOptions): number =>
  Math.max(2, Math.min(options.maxParts ?? 64, Math.floor((1 << 20) / width)));
/** A band is cut into as many parts as base bands it holds, within the budget. */
const partsOf = (rows: number, width: number, baseCells: number, maxParts: number): number =>
  Math.min(rows, Math.max(2, Math.min(maxParts, Math.ceil((rows * width) / baseCells))));

/**
 * The most rows `findPathByRows` reads for a maze of this size (every row once per level
 * of splits, and once more in the base bands), for a progress bar's total; it reads
 * fewer where the path leaves parts out.
 */
export function rowsReadAtMost(width: number, height: number, options: RowPathOptions = {}): number {
  const baseCells = baseCellsOf(options);
  const maxParts = maxPartsOf(width, options);
  // Parts differ by a row, and a smaller band may need one more split than a larger one,
  // so follow every band size the splits make (at most two per level, hence the memo).
  const memo = new Map<number, number>();
  const readsFor = (rows: number): number => {
    if (rows === 1 || rows * width <= baseCells) return rows;
    const known = memo.get(rows);
    if (known !== undefined) return known;
    const parts = partsOf(rows, width, baseCells, maxParts);
    let total = rows;
    for (let i = 0; i < parts; i++) total += readsFor(Math.floor(((i + 1) * rows) / parts) - Math.floor((i * rows) / parts));
    memo.set(rows, total);
    return total;
  };
  return readsFor(height);
}

/** The cells (y * width + x) a path of letters visits from `start`. */
function pathCells(start: Point, letters: Uint8Array, width: number): Float64Array {
  const cells = new Float64Array(letters.length + 1);
  let cell = start.y * width + start.x;
  cells[0] = cell;
  for (let i = 0; i < letters.length; i++) {
    const c = letters[i];
    cell += c === LETTER_N ? -width : c === LETTER_S ? width : c === 69 ? 1 : -1;
    cells[i + 1] = cell;
  }
  return cells;
}

interface PieceStore {
  ax: number[];
  ay: number[];
  bx: number[];
  by: number[];
  next: number[];
  addPiece(x0: number, y0: number, x1: number, y1: number, after: number): number;
}

/**
 * Cuts `band` into `parts` bands of consecutive rows and each of its pieces where it
 * crosses between them. One forward pass per part labels its last row's cells by their
 * tree in the part's forest, and its first row's cells too (they ride along as extra
 * endpoints, so a tree that spans the part is one node). The trees are the nodes of a
 * contracted forest whose edges are the open walls between consecutive parts; a
 * piece's node path gives the walls it crosses, in order.
 */
function splitBand(band: Band, parts: number, labeller: RowLabeller, store: PieceStore): Band[] {
  const { ax, ay, bx, by, next } = store;
  const w = labeller.width;
  const rows = band.r1 - band.r0 + 1;
  const sub: Band[] = [];
  for (let i = 0; i < parts; i++)
    sub.push({
      r0: band.r0 + Math.floor((i * rows) / parts),
      r1: band.r0 + Math.floor(((i + 1) * rows) / parts) - 1,
      pieces: [],
      checked: true,
    });
  const partOf = (y: number): number => {
    let lo = 0;
    let hi = parts - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (sub[mid].r0 <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // Endpoint 2i is piece i's start, 2i + 1 its end; sorted by row, so each part's are a run.
  const pieces = band.pieces;
  const k = pieces.length * 2;
  const coord = (e: number): [number, number] => {
    const p = pieces[e >> 1];
    return e & 1 ? [bx[p], by[p]] : [ax[p], ay[p]];
  };
  const order = Array.from({ length: k }, (_, e) => e).sort((a, b) => coord(a)[1] - coord(b)[1]);
  const epNode = new Float64Array(k);

  const nodePart: number[] = [];
  const bottomNode: Int32Array[] = [];
  const topNode: Int32Array[] = [];
  const lastRow: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < parts; i++) {
    const { r0, r1 } = sub[i];
    const mine: number[] = [];
    while (at < k && coord(order[at])[1] <= r1) mine.push(order[at++]);
    // The part's first row as extra endpoints (not for the first part: nothing lies above it).
    const extra = i === 0 ? 0 : w;
    const n = extra + mine.length;
    const epx = new Float64Array(n);
    const epy = new Float64Array(n);
    for (let x = 0; x < extra; x++) {
      epx[x] = x;
      epy[x] = r0;
    }
    for (let j = 0; j < mine.length; j++) [epx[extra + j], epy[extra + j]] = coord(mine[j]);
    const comp = new Float64Array(n);
    const pass = labeller.label(
      r0,
      r1,
      Array.from({ length: n }, (_, j) => j),
      epx,
      epy,
      comp,
    );
    const base = nodePart.length;
    for (let l = 0; l < pass.nodes; l++) nodePart.push(i);
    // A tree that ends inside the part is a node of its own, named by its token.
    const ended = new Map<number, number>();
    const nodeOf = (c: number): number => {
      if (c >= 0) return base + c;
      let node = ended.get(c);
      if (node === undefined) {
        node = nodePart.length;
        nodePart.push(i);
        ended.set(c, node);
      }
      return node;
    };
    const top = new Int32Array(extra);
    for (let x = 0; x < extra; x++) top[x] = nodeOf(comp[x]);
    for (let j = 0; j < mine.length; j++) epNode[mine[j]] = nodeOf(comp[extra + j]);
    const bottom = pass.rowLabels;
    for (let x = 0; x < w; x++) bottom[x] += base;
    topNode.push(top);
    bottomNode.push(bottom);
    lastRow.push(pass.rowCells);
  }
  const forest = contractedForest(
    nodePart.length,
    parts,
    bottomNode,
    topNode,
    lastRow,
    sub.map((b) => b.r1),
  );

  const path: number[] = [];
  const fromB: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    const ca = epNode[2 * i];
    const cb = epNode[2 * i + 1];
    if (ca === cb) {
      sub[nodePart[ca]].pieces.push(p);
      continue;
    }
    if (forest.root[ca] !== forest.root[cb]) {
      throw notATree(`no path from (${ax[p]},${ay[p]}) to (${bx[p]},${by[p]}) within rows ${band.r0}..${band.r1}`);
    }
    // The edges from ca to cb through their meeting node: the walls the path crosses, in order.
    path.length = 0;
    fromB.length = 0;
    let u = ca;
    let v = cb;
    while (forest.depth[u] > forest.depth[v]) {
      path.push(forest.parentEdge[u]);
      u = forest.parent[u];
    }
    while (forest.depth[v] > forest.depth[u]) {
      fromB.push(forest.parentEdge[v]);
      v = forest.parent[v];
    }
    while (u !== v) {
      path.push(forest.parentEdge[u]);
      u = forest.parent[u];
      fromB.push(forest.parentEdge[v]);
      v = forest.parent[v];
    }
    for (let j = fromB.length - 1; j >= 0; j--) path.push(fromB[j]);

    // Piece p becomes the first part; the others follow it in the path order.
    const endX = bx[p];
    const endY = by[p];
    const after = next[p];
    let part = nodePart[ca];
    let current = p;
    for (const edge of path) {
      const wall = forest.edgeWall[edge]; // between part `wall` and part `wall + 1`
      const column = forest.edgeColumn[edge];
      const down = part === wall;
      if (!down && part !== wall + 1) throw notATree(`the path from (${ax[p]},${ay[p]}) jumps between parts`);
      bx[current] = column;
      by[current] = down ? sub[wall].r1 : sub[wall + 1].r0;
      sub[part].pieces.push(current);
      part = down ? wall + 1 : wall;
      const piece = store.addPiece(column, down ? sub[wall + 1].r0 : sub[wall].r1, endX, endY, after);
      next[current] = piece;
      current = piece;
    }
    if (part !== partOf(endY)) throw notATree(`the path from (${ax[p]},${ay[p]}) ends in the wrong rows`);
    sub[part].pieces.push(current);
  }
  return sub;
}

/** The forest whose nodes are the parts' trees and whose edges are the open walls between consecutive parts. */
interface ContractedForest {
  parent: Int32Array;
  /** The edge to the parent. */
  parentEdge: Int32Array;
  depth: Int32Array;
  root: Int32Array;
  /** Edge e opens the wall between part edgeWall[e] and the next part, at column edgeColumn[e]. */
  edgeWall: Int32Array;
  edgeColumn: Int32Array;
}

function contractedForest(
  nodes: number,
  parts: number,
  bottomNode: Int32Array[],
  topNode: Int32Array[],
  lastRow: Uint8Array[],
  bottomRowOf: number[],
): ContractedForest {
  let edges = 0;
  for (let i = 0; i + 1 < parts; i++) for (const cell of lastRow[i]) if (!(cell & SOUTH)) edges++;
  const edgeWall = new Int32Array(edges);
  const edgeColumn = new Int32Array(edges);
  const ends = new Int32Array(2 * edges);
  const degree = new Int32Array(nodes);
  let e = 0;
  for (let i = 0; i + 1 < parts; i++) {
    const row = lastRow[i];
    for (let x = 0; x < row.length; x++) {
      if (row[x] & SOUTH) continue;
      edgeWall[e] = i;
      edgeColumn[e] = x;
      ends[2 * e] = bottomNode[i][x];
      ends[2 * e + 1] = topNode[i + 1][x];
      degree[ends[2 * e]]++;
      degree[ends[2 * e + 1]]++;
      e++;
    }
  }
  const startAt = new Int32Array(nodes + 1);
  for (let n = 0; n < nodes; n++) startAt[n + 1] = startAt[n] + degree[n];
  const fill = startAt.slice(0, nodes);
  const incident = new Int32Array(2 * edges);
  for (let k = 0; k < edges; k++) {
    incident[fill[ends[2 * k]]++] = k;
    incident[fill[ends[2 * k + 1]]++] = k;
  }
  const parent = new Int32Array(nodes).fill(-1);
  const parentEdge = new Int32Array(nodes).fill(-1);
  const depth = new Int32Array(nodes).fill(-1);
  const root = new Int32Array(nodes);
  const queue = new Int32Array(nodes);
  for (let r = 0; r < nodes; r++) {
    if (depth[r] >= 0) continue;
    depth[r] = 0;
    root[r] = r;
    let head = 0;
    let tail = 0;
    queue[tail++] = r;
    while (head < tail) {
      const u = queue[head++];
      for (let i = startAt[u]; i < startAt[u + 1]; i++) {
        const k = incident[i];
        if (k === parentEdge[u]) continue; // the edge back to the parent
        const v = ends[2 * k] === u ? ends[2 * k + 1] : ends[2 * k];
        if (depth[v] >= 0) throw notATree(`a loop crosses below row ${bottomRowOf[edgeWall[k]]} at column ${edgeColumn[k]}`);
        depth[v] = depth[u] + 1;
        parent[v] = u;
        parentEdge[v] = k;
        root[v] = r;
        queue[tail++] = v;
      }
    }
  }
  return { parent, parentEdge, depth, root, edgeWall, edgeColumn };
}

interface LabelPass {
  /** The label (node) of each cell of the last row, 0..nodes-1. */
  rowLabels: Int32Array;
  /** The last row's cell bytes. */
  rowCells: Uint8Array;
  nodes: number;
}

/**
 * One pass over a part of a band, row by row, following the trees of the forest of the
 * rows passed so far through the cells of the current row. The trees that reach a row
 * never cross (the maze is planar: if a < b < c < d with a, c in one tree and b, d in
 * another, their paths above the row would cross), so each is kept as a cyclic list of
 * its cells in column order: x and x + 1 share a tree exactly when x + 1 follows x, a
 * join splices two cycles and a cell closed to the row below leaves its cycle, all in
 * O(1) with no labels to rename. Endpoints ride along in per-cell lists (handed to a
 * cell of the same tree when theirs leaves), so a row costs O(width) however many there
 * are; a tree that leaves the rows gives its endpoints a unique negative token. A row is
 * one call of `row` (a short method V8 compiles whole).
 */
class RowLabeller {
  /** The previous and next cell of the cell's tree in the current row, cyclic in column order. */
  private readonly prevInTree: Int32Array;
  private readonly nextInTree: Int32Array;
  /** The list of endpoints a cell holds (-1: none), through `nextEp`. */
  private readonly epHead: Int32Array;
  private readonly epTail: Int32Array;
  private readonly block: Uint8Array;
  private dead = 0;
  private nextEp = new Int32Array(0);

  constructor(
    readonly width: number,
    private readonly blockRows: number,
    private readonly read: (first: number, count: number, into: Uint8Array) => void,
  ) {
    this.prevInTree = new Int32Array(width);
    this.nextInTree = new Int32Array(width);
    this.epHead = new Int32Array(width);
    this.epTail = new Int32Array(width);
    this.block = new Uint8Array(blockRows * width);
  }

  /**
   * Rows `from` to `to`, top to bottom. `endpoints` are sorted by row; each gets its
   * tree's label at row `to` in `comp`, or a negative token if its tree ends before.
   */
  label(from: number, to: number, endpoints: number[], epx: Float64Array, epy: Float64Array, comp: Float64Array): LabelPass {
    const { width: w, block, epHead, prevInTree } = this;
    this.nextEp = new Int32Array(endpoints.length);
    epHead.fill(-1);
    const rowCells = new Uint8Array(w);
    let epAt = 0;
    for (let first = from; first <= to; first += this.blockRows) {
      const count = Math.min(this.blockRows, to - first + 1);
      this.read(first, count, block);
      for (let j = 0; j < count; j++) {
        const y = first + j;
        let ends = epAt;
        while (ends < endpoints.length && epy[endpoints[ends]] === y) ends++;
        this.row(j * w, y, y === from, endpoints, epx, comp, epAt, ends);
        epAt = ends;
        if (y === to) rowCells.set(block.subarray(j * w, j * w + w));
      }
    }
    // Label the last row's trees in order of their first cell (a cell whose predecessor is not to its left).
    const rowLabels = new Int32Array(w);
    let nodes = 0;
    for (let x = 0; x < w; x++) {
      const prev = prevInTree[x];
      rowLabels[x] = prev >= x ? nodes++ : rowLabels[prev];
    }
    const { nextEp } = this;
    for (let x = 0; x < w; x++) for (let e = epHead[x]; e >= 0; e = nextEp[e]) comp[endpoints[e]] = rowLabels[x];
    return { rowLabels, rowCells, nodes };
  }

  /** Moves one row down (its cells at `offset` in the block; `first`: the pass's first row). Endpoints epFrom..epTo-1 lie on it. */
  private row(
    offset: number,
    y: number,
    first: boolean,
    endpoints: number[],
    epx: Float64Array,
    comp: Float64Array,
    epFrom: number,
    epTo: number,
  ): void {
    const { width: w, prevInTree, nextInTree, epHead, epTail, block, nextEp } = this;
    if (first) {
      for (let x = 0; x < w; x++) {
        prevInTree[x] = x;
        nextInTree[x] = x;
      }
    } else {
      // A cell closed to the north starts a tree of its own: the one above leaves its cycle.
      for (let x = 0; x < w; x++) {
        if (!(block[offset + x] & NORTH)) continue;
        const prev = prevInTree[x];
        const held = epHead[x];
        if (prev === x) {
          // The last cell of its tree: the tree ends above this row.
          if (held >= 0) {
            const token = -++this.dead;
            for (let e = held; e >= 0; e = nextEp[e]) comp[endpoints[e]] = token;
            epHead[x] = -1;
          }
          continue;
        }
        const next = nextInTree[x];
        nextInTree[prev] = next;
        prevInTree[next] = prev;
        prevInTree[x] = x;
        nextInTree[x] = x;
        if (held >= 0) {
          // Its endpoints go on with another cell of the tree.
          if (epHead[prev] < 0) epHead[prev] = held;
          else nextEp[epTail[prev]] = held;
          epTail[prev] = epTail[x];
          epHead[x] = -1;
        }
      }
    }
    // Endpoints on this row join their cell's list.
    for (let at = epFrom; at < epTo; at++) {
      const x = epx[endpoints[at]];
      nextEp[at] = -1;
      if (epHead[x] < 0) epHead[x] = at;
      else nextEp[epTail[x]] = at;
      epTail[x] = at;
    }
    for (let x = 0; x + 1 < w; x++) {
      if (block[offset + x] & EAST) continue;
      const after = nextInTree[x];
      if (after === x + 1) throw notATree(`a loop closes at (${x},${y})`);
      // Splice the cycle of x + 1 in after x: x, x + 1 .. its predecessor, then x's old successor.
      const before = prevInTree[x + 1];
      nextInTree[before] = after;
      prevInTree[after] = before;
      nextInTree[x] = x + 1;
      prevInTree[x + 1] = x;
    }
  }
}

/** The first open way for a walk keeping its right hand on the wall: TURN[heading * 16 + open ways] (0 N, 1 E, 2 S, 3 W; bit k of the mask is way k). */
function buildTurn(): Uint8Array {
  const turn = new Uint8Array(64);
  for (let heading = 0; heading < 4; heading++) {
    for (let open = 1; open < 16; open++) {
      // Right, ahead, left, back.
      for (const d of [(heading + 1) & 3, heading, (heading + 3) & 3, (heading + 2) & 3]) {
        if (open & (1 << d)) {
          turn[heading * 16 + open] = d;
          break;
        }
      }
    }
  }
  return turn;
}

let turnTable: Uint8Array | undefined;
/** TURN, built on the first walk rather than when the library loads (see tree-path.ts's ORDER). */
function turns(): Uint8Array {
  return (turnTable ??= buildTurn());
}
const STEP_LETTER = Uint8Array.from([78, 69, 83, 87]); // N, E, S, W

/**
 * The direct search in a band small enough to read whole (one byte a cell): per piece, a
 * walk from its start keeping its right hand on the wall. In a tree that walk goes round
 * the start's tree, so it reaches the end if anything does, within two steps a cell; its
 * moves, each step straight back cancelling the step before, are the one path between them.
 */
class BandSearch {
  private cells = new Uint8Array(0);
  private moves = new Uint8Array(1 << 12);

  constructor(
    private readonly width: number,
    private readonly blockRows: number,
    private readonly read: (first: number, count: number, into: Uint8Array) => void,
  ) {}

  solve(band: Band, ax: number[], ay: number[], bx: number[], by: number[], letters: (Uint8Array | undefined)[]): void {
    const w = this.width;
    const size = (band.r1 - band.r0 + 1) * w;
    if (this.cells.length < size) this.cells = new Uint8Array(size);
    const cells = this.cells;
    // In blocks of rows, as the passes read, so a reader's own buffer stays a block.
    for (let first = band.r0; first <= band.r1; first += this.blockRows) {
      const count = Math.min(this.blockRows, band.r1 - first + 1);
      const at = (first - band.r0) * w;
      this.read(first, count, cells.subarray(at, at + count * w));
    }
    // A band read whole for the first time is checked here; one cut from a split was
    // checked by its labelling pass (a loop inside a part closes on one row's join, one
    // through several parts in the contracted forest).
    if (!band.checked) checkForest(cells, size, w, band.r0);
    for (const p of band.pieces) {
      const from = (ay[p] - band.r0) * w + ax[p];
      const to = (by[p] - band.r0) * w + bx[p];
      const length = this.walk(cells, size, from, ax[p], to);
      if (length < 0) throw notATree(`no path from (${ax[p]},${ay[p]}) to (${bx[p]},${by[p]}) within rows ${band.r0}..${band.r1}`);
      const moves = new Uint8Array(length);
      for (let i = 0; i < length; i++) moves[i] = STEP_LETTER[this.moves[i]];
      letters[p] = moves;
    }
  }

  /** The right-hand walk from `from` (in column `x`) to `to`: the path's length, its ways in `moves`; -1 if it never gets there. */
  private walk(cells: Uint8Array, size: number, from: number, x: number, to: number): number {
    const w = this.width;
    let moves = this.moves;
    let length = 0;
    let u = from;
    let heading = 0;
    const TURN = turns();
    // Round the whole tree is 2 (cells - 1) steps: past that the walk goes round again.
    for (let steps = 0, limit = 2 * size; u !== to; steps++) {
      if (steps > limit) return -1;
      // Open walls (bit 0 N, 1 E, 2 S, 3 W, as the cell's closed bits), none leading out of the band.
      const open = ~cells[u] & (u >= w ? 15 : 14) & (u + w < size ? 15 : 11) & (x + 1 < w ? 15 : 13) & (x > 0 ? 15 : 7);
      if (open === 0) return -1;
      const d = TURN[heading * 16 + open];
      heading = d;
      u += d === 0 ? -w : d === 2 ? w : d === 1 ? 1 : -1;
      x += d === 1 ? 1 : d === 3 ? -1 : 0;
      if (length > 0 && moves[length - 1] === (d ^ 2)) length--;
      else {
        if (length === moves.length) {
          const more = new Uint8Array(2 * length);
          more.set(moves);
          this.moves = moves = more;
        }
        moves[length++] = d;
      }
    }
    return length;
  }
}

/**
 * Throws when the band's open walls close a loop, in O(width) memory: row by row, each
 * tree that reaches the row kept as a cyclic list of its cells in column order, as the
 * labelling passes keep them (a join inside one cycle is a loop).
 */
function checkForest(cells: Uint8Array, size: number, w: number, r0: number): void {
  const prevInTree = new Int32Array(w);
  const nextInTree = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    prevInTree[x] = x;
    nextInTree[x] = x;
  }
  for (let row = 0; row < size; row += w) {
    if (row > 0) {
      for (let x = 0; x < w; x++) {
        if (!(cells[row + x] & NORTH)) continue;
        const prev = prevInTree[x];
        const next = nextInTree[x];
        nextInTree[prev] = next;
        prevInTree[next] = prev;
        prevInTree[x] = x;
        nextInTree[x] = x;
      }
    }
    for (let x = 0; x + 1 < w; x++) {
      if (cells[row + x] & EAST) continue;
      const after = nextInTree[x];
      if (after === x + 1) throw notATree(`a loop closes at (${x},${r0 + row / w})`);
      const before = prevInTree[x + 1];
      nextInTree[before] = after;
      prevInTree[after] = before;
      nextInTree[x] = x + 1;
      prevInTree[x + 1] = x;
    }
  }
}
