// One file, though long: Eller's row step in its three forms (set labels, linked lists, and around
// masked cells) shares one row state, and the streaming writer and the in-memory generator both drive it.
import { defineGenerator, squareQuietKernel } from './define.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { Sfc32, drawBelow, type Rng } from '../rng.js';
import { Step, type StepReporter } from '../steps.js';
import { joinForest } from './join-forest.js';
import { PROGRESS_EVERY } from '../progress.js';
import { blockedRows, orBytes, wordView, type BlockedSpans, type WordView } from './row-bytes.js';
import { WARM_SLICES } from '../slices.js';

/**
 * Eller's row state: the set labels of the current row and the per-row scratch arrays,
 * all O(width). The maze itself is not here: `carveEllerRow` works on any byte array
 * that holds the current row and the one below it (the whole maze, or a two-row buffer
 * for the stream in stream.ts).
 */
export interface EllerRowState {
  readonly width: number;
  /** Set id of each cell in the current row, -1 for a blocked cell. */
  readonly set: Int32Array;
  /** Union-find over this row's set ids. */
  readonly parent: Int32Array;
  /** Per set root: cells that could open south. */
  readonly candidates: Int32Array;
  /** Per set root, in the union-find rows: the rank from the left, among its cells that can open south, of the one that surely does. */
  readonly chosen: Int32Array;
  /** Per set root: its id in the next row. */
  readonly nextId: Int32Array;
  /** Per set root: the row (+1) in which nextId was set. */
  readonly renamed: Int32Array;
  /** Set ids in use in the current row (while `lists` is false). */
  ids: number;
  /** Per cell, while `lists` is true: the previous and next cell of its set, cyclic in column order. */
  readonly prevInSet: Int32Array;
  readonly nextInSet: Int32Array;
  /** Per cell: its rank in its set from the left (per set root in the union-find rows: the cells counted so far). */
  readonly rankInSet: Int32Array;
  /** Per cell, in the list rows: the row (+1) in which it is its set's sure way south (no reset needed between rows). */
  readonly sureInRow: Int32Array;
  /** The last cells of the row's sets of two or more cells, in column order (the list rows' draws for their sure cells). */
  readonly setEnds: Int32Array;
  /** True when the sets are held in the cyclic lists instead of `set` and `ids`. */
  lists: boolean;
  /** True while the lists are not made yet: the first row, free, every cell a set of its own (the list loop links them, or leaveLists). */
  fresh: boolean;
  /** sfc32's four state words, carried into the list rows' loops (typed arrays only, so V8 compiles them alike every time), and the labels' count when a band leaves the lists. */
  readonly words: Int32Array;
  /** Blocked cells met so far, in the rows labelled (the first row and every row below a carved one). */
  blocked: number;
  /** The cell bytes last carved, and their word view (for `freeRow` and the list rows' south walls). */
  cellWordsOf: Uint8Array | null;
  cellWords: WordView;
  /**
   * Per 32 columns, for a row by the 42 in the lists (else 0): the pairs x, x + 1 that may not
   * join (bit x mod 32: either cell blocked), and the cells that may not open south (blocked,
   * or over a blocked cell).
   */
  readonly joinClosed: Int32Array;
  readonly southClosed: Int32Array;
}

/**
 * The state for the first row, whose cells start at `firstRow` in `cells` (blocked cells take
 * no set). `free` (the row has no blocked cell) starts it in the lists, made by the list
 * loop's first call: no loop over the row here, once a maze, for V8 to compile a few mazes
 * into a process (as it did enterLists, inside the measured runs).
 */
export function createEllerRowState(cells: Uint8Array, firstRow: number, width: number, free = false): EllerRowState {
  const state: EllerRowState = {
    width,
    set: new Int32Array(width),
    parent: new Int32Array(width),
    candidates: new Int32Array(width),
    chosen: new Int32Array(width),
    nextId: new Int32Array(width),
    renamed: new Int32Array(width),
    ids: 0,
    prevInSet: new Int32Array(width),
    nextInSet: new Int32Array(width),
    rankInSet: new Int32Array(width),
    sureInRow: new Int32Array(width),
    setEnds: new Int32Array(width),
    lists: free,
    fresh: free,
    words: new Int32Array(5),
    blocked: 0,
    cellWordsOf: null,
    cellWords: wordView(new Uint8Array(0)),
    joinClosed: new Int32Array((width + 31) >> 5),
    southClosed: new Int32Array((width + 31) >> 5),
  };
  for (let x = 0; x < width && !free; x++) {
    if (cells[firstRow + x] & BLOCKED) {
      state.set[x] = -1;
      state.blocked++;
    } else state.set[x] = state.ids++;
  }
  return state;
}

/**
 * Carves row `y` (its cells start at `row` in `cells`) and, unless it is the last row,
 * the south passages into the row below (at `below`), and labels that row. Changes no
 * other bytes. Returns the passages opened. `onStep` reports `row + x` as the cell, so
 * it is a maze index only when `row` is one.
 */
export function carveEllerRow(
  state: EllerRowState,
  cells: Uint8Array,
  row: number,
  below: number,
  y: number,
  lastRow: boolean,
  rng: Rng,
  onStep?: StepReporter,
): number {
  if (!onStep && !lastRow && rng instanceof Sfc32 && freeRow(state, cells, below) && (state.lists || freeRow(state, cells, row))) {
    return carveListRows(state, cells, row, below, y, 1, false, false, rng);
  }
  if (!onStep && lastRow && state.lists && rng instanceof Sfc32 && freeRow(state, cells, row))
    return carveListRows(state, cells, row, below, y, 1, true, false, rng);
  if (state.lists) leaveLists(state, cells, row);
  return carveRowWithLabels(state, cells, row, below, y, lastRow, rng, onStep);
}

/** What of a row `carveListRows` carves: all of it, its joins only, or all after its joins. */
const WHOLE_ROWS = 0;
const JOINS_ONLY = 1;
const AFTER_JOINS = 2;

/**
 * `rows` rows from row y on (cells from `row`, the row below each from `below`, both
 * steps of the width), every one of them and the row below free of the 42, in the lists;
 * or (`last`) the last row, free of the 42, its sets in the lists; or (`part` not
 * WHOLE_ROWS) part of one row by the 42 (`carveRowAround`).
 */
function carveListRows(
  state: EllerRowState,
  cells: Uint8Array,
  row: number,
  below: number,
  y: number,
  rows: number,
  last: boolean,
  leave: boolean,
  rng: Sfc32,
  part = WHOLE_ROWS,
): number {
  if (!state.lists) enterLists(state);
  const words = state.words;
  words.set(rng.getState());
  const { head, words: cellWords } = wordsOf(state, cells);
  const carved = carveRowInLists(
    state.prevInSet,
    state.nextInSet,
    state.rankInSet,
    state.sureInRow,
    state.setEnds,
    state.joinClosed,
    state.southClosed,
    state.width,
    cells,
    cellWords,
    head,
    row,
    below,
    rows,
    last,
    part === AFTER_JOINS,
    part === JOINS_ONLY,
    state.fresh,
    state.set,
    leave,
    y + 1,
    words,
  );
  state.fresh = false;
  rng.setState([words[0], words[1], words[2], words[3]]);
  if (leave) {
    state.ids = words[4];
    state.lists = false;
  }
  return carved;
}

/**
 * `carveEllerRow` on the sets' labels with a union-find: any row (the 42, the last row, a
 * step reporter, another generator of numbers). Kept apart so that V8 compiles the common
 * path, above, small and soon.
 */
function carveRowWithLabels(
  state: EllerRowState,
  cells: Uint8Array,
  row: number,
  below: number,
  y: number,
  lastRow: boolean,
  rng: Rng,
  onStep?: StepReporter,
): number {
  const { set, parent, candidates, chosen, nextId, renamed, width: w } = state;
  const ids = state.ids;
  const find = (id: number): number => findRoot(parent, id);
  let carved = 0;
  for (let id = 0; id < ids; id++) parent[id] = id;
  if (onStep) for (let x = 0; x < w; x++) if (set[x] >= 0) onStep(Step.Visit, row + x, 0);

  // Join neighbours in different sets on a coin, or always on the last row. The coin of
  // x and x + 1 is bit x mod 32 of one draw per 32 columns, drawn whether it is used or not.
  let coins = 0;
  for (let x = 0; x + 1 < w; x++) {
    if (!lastRow && (x & 31) === 0) coins = rng.nextUint32();
    if (set[x] < 0 || set[x + 1] < 0) continue;
    const a = find(set[x]);
    const b = find(set[x + 1]);
    if (a === b || (!lastRow && ((coins >>> (x & 31)) & 1) === 0)) continue;
    parent[b] = a; // the right set joins the left: a run of joined cells keeps one root, so finds stay short
    cells[row + x] &= ~EAST;
    cells[row + x + 1] &= ~WEST;
    carved++;
    if (onStep) onStep(Step.Carve, row + x, EAST);
  }
  if (lastRow) return carved;

  for (let id = 0; id < ids; id++) candidates[id] = 0;
  // The columns of the cells over blocked ones, first to last: only they can be a stuck set's.
  let overFirst = w;
  let overLast = -1;
  for (let x = 0; x < w; x++) {
    if (set[x] < 0) continue;
    if (!(cells[below + x] & BLOCKED)) candidates[find(set[x])]++;
    else {
      overFirst = Math.min(overFirst, x);
      overLast = x;
    }
  }
  let stuck = false;
  for (let id = 0; id < ids; id++) if (parent[id] === id && candidates[id] === 0) stuck = true;
  if (stuck) carved += joinStuckSets(state, cells, row, overFirst, overLast, onStep);

  // Pick, per set, the cell that surely opens south, uniform among its k cells that can
  // (counted per root above, kept by the joins): one draw per set with k > 1, at its
  // k-th such cell. `seen` counts them per root.
  const seen = state.rankInSet;
  for (let id = 0; id < ids; id++) seen[id] = 0;
  for (let x = 0; x < w; x++) {
    if (set[x] < 0 || cells[below + x] & BLOCKED) continue;
    const root = find(set[x]);
    const k = ++seen[root];
    if (k === candidates[root]) chosen[root] = k > 1 ? rng.int(k) + 1 : 1;
  }

  // Open south and label the next row: cells reached from above keep their set. Every
  // other cell that can open south does on a coin, bit x mod 32 of one draw per 32 columns.
  for (let id = 0; id < ids; id++) seen[id] = 0;
  let fresh = 0;
  for (let x = 0; x < w; x++) {
    if ((x & 31) === 0) coins = rng.nextUint32();
    const cell = below + x;
    if (cells[cell] & BLOCKED) {
      set[x] = -1;
      state.blocked++;
      continue;
    }
    const id = set[x];
    let root = -1;
    if (id >= 0) {
      root = find(id);
      if (++seen[root] !== chosen[root] && ((coins >>> (x & 31)) & 1) === 0) root = -1;
    }
    if (root < 0) {
      set[x] = fresh++;
      continue;
    }
    if (renamed[root] !== y + 1) {
      renamed[root] = y + 1;
      nextId[root] = fresh++;
    }
    set[x] = nextId[root];
    cells[row + x] &= ~SOUTH;
    cells[cell] &= ~NORTH;
    carved++;
    if (onStep) onStep(Step.Carve, row + x, SOUTH);
  }
  state.ids = fresh;
  return carved;
}

/**
 * A set none of whose cells can go south (they sit on the 42) joins a neighbouring set
 * in its row, so no tree is cut off (no loop: the sets differ) and the forest never needs
 * repairing. Two such sets side by side may join each other and still have no way south,
 * so the pass repeats while that is so (the run of free cells around any set on the 42
 * always holds a cell that can go south). Only rows by the 42 have such sets, and only
 * they call this, over the columns `first..last` of the cells over blocked ones (a stuck
 * set's cells are all there): kept out of carveRowWithLabels, which V8 compiles in every
 * process, and so short that V8 does not compile it. Returns the passages opened.
 */
export function joinStuckSets(
  state: EllerRowState,
  cells: Uint8Array,
  row: number,
  first: number,
  last: number,
  onStep: StepReporter | undefined,
): number {
  const { set, parent, candidates, width: w } = state;
  const find = (id: number): number => findRoot(parent, id);
  let carved = 0;
  for (let joined = true, stuck = true; joined && stuck;) {
    joined = false;
    stuck = false;
    for (let x = first; x <= last; x++) {
      if (set[x] < 0 || candidates[find(set[x])] > 0) continue;
      const r = find(set[x]);
      const at =
        x + 1 < w && set[x + 1] >= 0 && find(set[x + 1]) !== r ? x : x > 0 && set[x - 1] >= 0 && find(set[x - 1]) !== r ? x - 1 : -1;
      if (at < 0) {
        stuck = true;
        continue;
      }
      const a = find(set[at]);
      const b = find(set[at + 1]);
      parent[a] = b;
      candidates[b] += candidates[a];
      cells[row + at] &= ~EAST;
      cells[row + at + 1] &= ~WEST;
      carved++;
      joined = true;
      if (onStep) onStep(Step.Carve, row + at, EAST);
    }
  }
  return carved;
}

/** The widest span of blocked columns (over a row and the one below) that `carveRowAround` takes. */
const AROUND_COLUMNS = 64;

/**
 * Row y (not the last; cells at `row`, the row below at `below`) by the 42, whose blocked
 * cells and those of the row below lie in columns lo..hi, in the lists, with the 42's cells
 * sets of their own there (the row above was carved so): the list loop's joins (pairs with a
 * blocked cell masked off), then the stuck-set rule and the cells over blocked ones out of
 * their sets, here, over lo..hi only, then the list loop's draws and south walls (the
 * cells over blocked and the blocked ones masked off). Its sets then hold just the cells
 * that can open south, so the list loop's ranks, sure cells and draws are the union-find
 * rows' (same bytes, same stream). What runs here turns a few dozen times a run, so V8
 * never compiles it, where the union-find rows (O(width) a row) were compiled a run or two
 * into a process, inside the measured ones (25-35 ms of compiling).
 */
function carveRowAround(
  state: EllerRowState,
  cells: Uint8Array,
  row: number,
  below: number,
  y: number,
  lo: number,
  hi: number,
  rng: Sfc32,
): number {
  const { joinClosed, southClosed, prevInSet, nextInSet, width: w } = state;
  // The cells over blocked ones: first..last.
  let first = w;
  let last = -1;
  for (let x = lo; x <= hi; x++) {
    const bit = 1 << (x & 31);
    if (cells[row + x] & BLOCKED) {
      if (x > 0) joinClosed[(x - 1) >> 5] |= 1 << ((x - 1) & 31);
      joinClosed[x >> 5] |= bit;
      southClosed[x >> 5] |= bit;
    } else if (cells[below + x] & BLOCKED) {
      first = Math.min(first, x);
      last = x;
    }
    if (cells[below + x] & BLOCKED) {
      southClosed[x >> 5] |= bit;
      state.blocked++;
    }
  }
  let carved = carveListRows(state, cells, row, below, y, 1, false, false, rng, JOINS_ONLY);
  carved += joinStuckSetsInLists(state, cells, row, below, first, last);
  for (let x = first; x <= last; x++) {
    if (cells[row + x] & BLOCKED || !(cells[below + x] & BLOCKED)) continue;
    const prev = prevInSet[x];
    const next = nextInSet[x];
    nextInSet[prev] = next;
    prevInSet[next] = prev;
    prevInSet[x] = x;
    nextInSet[x] = x;
  }
  carved += carveListRows(state, cells, row, below, y, 1, false, false, rng, AFTER_JOINS);
  joinClosed.fill(0, Math.max(0, lo - 1) >> 5, (hi >> 5) + 1);
  southClosed.fill(0, lo >> 5, (hi >> 5) + 1);
  return carved;
}

/**
 * `joinStuckSets` on the lists (after the row's joins, before the cells over blocked ones
 * leave their sets): x and x + 1 share a set when x + 1 follows x in its list, and a set
 * can go south when one of its cells is not over a blocked cell. Returns the passages opened.
 */
function joinStuckSetsInLists(state: EllerRowState, cells: Uint8Array, row: number, below: number, first: number, last: number): number {
  const { prevInSet, nextInSet, width: w } = state;
  const free = (x: number): boolean => !(cells[row + x] & BLOCKED);
  const waySouth = (x: number): boolean => {
    let cell = x;
    do {
      if (!(cells[below + cell] & BLOCKED)) return true;
      cell = nextInSet[cell];
    } while (cell !== x);
    return false;
  };
  let carved = 0;
  for (let joined = true, stuck = true; joined && stuck;) {
    joined = false;
    stuck = false;
    for (let x = first; x <= last; x++) {
      if (!free(x) || waySouth(x)) continue;
      const at = x + 1 < w && free(x + 1) && nextInSet[x] !== x + 1 ? x : x > 0 && free(x - 1) && nextInSet[x - 1] !== x ? x - 1 : -1;
      if (at < 0) {
        stuck = true;
        continue;
      }
      // The join pass's splice: at, at + 1 .. its predecessor, then at's old successor.
      const after = nextInSet[at];
      const before = prevInSet[at + 1];
      nextInSet[before] = after;
      prevInSet[after] = before;
      nextInSet[at] = at + 1;
      prevInSet[at + 1] = at;
      cells[row + at] &= ~EAST;
      cells[row + at + 1] &= ~WEST;
      carved++;
      joined = true;
    }
  }
  return carved;
}

/** The root of `id` in the union-find `parent`, halving the path on the way. */
function findRoot(parent: Int32Array, id: number): number {
  while (parent[id] !== id) id = parent[id] = parent[parent[id]];
  return id;
}

/** Whether the row of cells from `start` is free of the 42, read four bytes at a time where they align. */
function freeRow(state: EllerRowState, cells: Uint8Array, start: number): boolean {
  return (orBytes(cells, wordsOf(state, cells), start, start + state.width) & BLOCKED) === 0;
}

/** The word view of `cells`, made once for the bytes last carved. */
function wordsOf(state: EllerRowState, cells: Uint8Array): WordView {
  if (state.cellWordsOf !== cells) {
    state.cellWords = wordView(cells);
    state.cellWordsOf = cells;
  }
  return state.cellWords;
}

/**
 * Puts the row's sets (its labels, every cell free) into the cyclic lists: each set's
 * cells linked in increasing column order, the last back to the first.
 */
function enterLists(state: EllerRowState): void {
  const { set, prevInSet, nextInSet, rankInSet: lastOf, chosen: firstOf, width: w, ids } = state;
  lastOf.fill(-1, 0, ids);
  for (let x = 0; x < w; x++) {
    const id = set[x];
    const last = lastOf[id];
    if (last < 0) firstOf[id] = x;
    else {
      nextInSet[last] = x;
      prevInSet[x] = last;
    }
    lastOf[id] = x;
  }
  for (let id = 0; id < ids; id++) {
    nextInSet[lastOf[id]] = firstOf[id];
    prevInSet[firstOf[id]] = lastOf[id];
  }
  state.lists = true;
}

/**
 * Gives the sets in the lists back as labels, numbered in order of their first cell (as the
 * south pass numbers them); a blocked cell of the row (at `row` in `cells`: in the lists after
 * a row by the 42, a set of its own) is -1.
 */
function leaveLists(state: EllerRowState, cells: Uint8Array, row: number): void {
  const { set, prevInSet, nextInSet, width: w } = state;
  if (state.fresh) for (let x = 0; x < w; x++) prevInSet[x] = nextInSet[x] = x;
  state.fresh = false;
  let ids = 0;
  for (let x = 0; x < w; x++) {
    const prev = prevInSet[x];
    set[x] = cells[row + x] & BLOCKED ? -1 : prev >= x ? ids++ : set[prev];
  }
  state.ids = ids;
  state.lists = false;
}

/**
 * `carveEllerRow` for a row (not the last) that, like the row below it, holds no
 * blocked cell, with the library's sfc32 in locals (from and back to `words`) and no step
 * reporter: the same draws in the same order, with no union-find. A row's sets never
 * cross (the maze above it is planar: if a < b < c < d with a, c in one set and b, d in
 * another, their paths above would cross), so a set kept as a cyclic list of its cells in
 * column order stays in that order through every join (a splice of two cycles) and every
 * removal; x and x + 1 share a set exactly when x + 1 follows x in its list. A cell's
 * rank in its set follows from its predecessor, which lies to its left unless the cell
 * is its set's first; a cell whose successor does not lie to its right is its set's
 * last, where the set's size is known and its sure cell is found by stepping back.
 */
function carveRowInLists(
  prevInSet: Int32Array,
  nextInSet: Int32Array,
  rankInSet: Int32Array,
  sureInRow: Int32Array,
  setEnds: Int32Array,
  joinClosed: Int32Array,
  southClosed: Int32Array,
  w: number,
  cells: Uint8Array,
  cellWords: Uint32Array,
  head: number,
  row: number,
  below: number,
  rows: number,
  last: boolean,
  skipJoins: boolean,
  joinsOnly: boolean,
  fresh: boolean,
  labels: Int32Array,
  leave: boolean,
  stamp: number,
  words: Int32Array,
): number {
  let a = words[0];
  let b = words[1];
  let c = words[2];
  let d = words[3];
  let carved = 0;
  // The wall bits as literals, typed against the imports: an imported constant is loaded and
  // checked at every use in the loop (7% of it when the library runs unbundled, as the bench does).
  const east = 2 satisfies typeof EAST;
  const west = 8 satisfies typeof WEST;
  const south = 4 satisfies typeof SOUTH;
  const north = 1 satisfies typeof NORTH;
  // The first row (free) of a maze: every cell a set of its own. In this loop, as it runs hot
  // from the first maze on; and over cell 0, unchanged (masked), on every other call, so that
  // V8 has its type feedback (a function's first calls record none: run only on the first
  // call of a maze, the loop deoptimised the code in the second maze).
  const linking = 0 - Number(fresh);
  for (let x = 0, n = fresh ? w : 1; x < n; x++) {
    prevInSet[x] = (x & linking) | (prevInSet[x] & ~linking);
    nextInSet[x] = (x & linking) | (nextInSet[x] & ~linking);
  }
  // Row after row in one call (a band of rows, stamped stamp, stamp + 1, ...): no driver
  // loop turns a row a time, to be compiled a few runs into a process.
  for (let left = rows; left > 0; left--, row += w, below += w, stamp++) {
    // Join neighbours in different sets on a coin: bit x mod 32 of one draw per 32 columns.
    // The last row joins every two neighbours in different sets, and draws nothing. A pair
    // with a blocked cell (a row by the 42: `joinClosed`, else 0) does not join.
    for (let from = skipJoins ? w : 0; from + 1 < w; from += 32) {
      let coins = -1;
      if (!last) {
        coins = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + coins) | 0;
      }
      // Only the pairs whose coin came up are visited, lowest bit first (so in column order):
      // unless x + 1 follows x already, splice the cycle of x + 1 in after x: x, x + 1 .. its
      // predecessor, then x's old successor. Written through a mask, since whether they
      // share a set defeats prediction. Masks (0 or -1) are `0 - +(test)` or a difference's
      // sign, never `-(test)`: that is -0 for false, so V8 computed them in doubles (4% of the loop).
      const pairs = Math.min(32, w - 1 - from);
      coins &= ~joinClosed[from >> 5];
      if (pairs < 32) coins &= (1 << pairs) - 1;
      for (; coins !== 0; coins &= coins - 1) {
        const x = from + 31 - Math.clz32(coins & -coins);
        const after = nextInSet[x];
        const join = 0 - Number(after !== x + 1);
        const before = prevInSet[x + 1];
        nextInSet[before] = (after & join) | (nextInSet[before] & ~join);
        prevInSet[after] = (before & join) | (prevInSet[after] & ~join);
        nextInSet[x] = ((x + 1) & join) | (after & ~join);
        prevInSet[x + 1] = (x & join) | (before & ~join);
        cells[row + x] &= ~(east & join);
        cells[row + x + 1] &= ~(west & join);
        carved -= join;
      }
    }

    if (last || joinsOnly) break;

    // Each cell's rank in its set; the last cells of the sets of two or more, in column
    // order, to draw their sure cells (a single cell is its own).
    let ends = 0;
    for (let x = 0; x < w; x++) {
      const prev = prevInSet[x];
      const first = (x + ~prev) >> 31; // prev >= x: x - prev - 1 < 0
      const rank = ((rankInSet[prev] + 1) & ~first) | (1 & first);
      rankInSet[x] = rank;
      setEnds[ends] = x;
      ends -= ((nextInSet[x] + ~x) & (1 - rank)) >> 31; // the next cell is not to the right, and rank > 1: both differences negative
    }
    // The sure cell's rank, uniform over the set's size k (as rng.int(k) + 1, in integer
    // halves), reached by stepping back from the set's last cell (half the set on average).
    for (let i = 0; i < ends; i++) {
      const last = setEnds[i];
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      const k = rankInSet[last];
      let back = k - 1 - drawBelow(t, k);
      // The first two steps through masks (most sets are small), the rest in a loop.
      let sure = last;
      const one = (0 - back) >> 31;
      sure = (prevInSet[sure] & one) | (sure & ~one);
      const two = (1 - back) >> 31;
      sure = (prevInSet[sure] & two) | (sure & ~two);
      for (back -= 2; back > 0; back--) sure = prevInSet[sure];
      sureInRow[sure] = stamp;
    }

    // Open south every cell whose coin (bit x mod 32 of one draw per 32 columns) came up;
    // of the others, the sure cells and a cell alone in its set open too, and the rest
    // leave their set's cycle, sets of their own below (through masks, as the joins),
    // visited by their bits, lowest first. The walls of the 32 cells are then opened four
    // bytes a write (11% less time than a byte per cell).
    for (let from = 0; from < w; from += 32) {
      const coins = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + coins) | 0;
      const count = Math.min(32, w - from);
      // Cells that may not open south (a row by the 42: `southClosed`, else 0) are sets of their own, left alone.
      const here = (count < 32 ? (1 << count) - 1 : -1) & ~southClosed[from >> 5];
      let opens = coins & here;
      carved += bitCount(opens);
      for (let tails = ~coins & here; tails !== 0; tails &= tails - 1) {
        const x = from + 31 - Math.clz32(tails & -tails);
        const prev = prevInSet[x];
        const next = nextInSet[x];
        const leave = ~((0 - Number(sureInRow[x] === stamp)) | (0 - Number(prev === x)));
        nextInSet[prev] = (next & leave) | (nextInSet[prev] & ~leave);
        prevInSet[next] = (prev & leave) | (prevInSet[next] & ~leave);
        prevInSet[x] = (x & leave) | (prev & ~leave);
        nextInSet[x] = (x & leave) | (next & ~leave);
        opens |= tails & -tails & ~leave;
        carved += 1 + leave;
      }
      clearWallBits(cells, cellWords, head, row + from, count, opens, south);
      clearWallBits(cells, cellWords, head, below + from, count, opens, north);
    }
  }
  // Leaving the lists (a row by the 42 is next): the sets as labels, as leaveLists gives
  // them. Here rather than in leaveLists, which V8 compiled a few runs into a process. Run
  // at every call, over the first 32 cells unless leaving (the labels are unused in the
  // lists), and without a branch, so every operation has type feedback when V8 compiles
  // the loop: compiled in the first maze before any band had left, it deoptimised here in
  // the next and was compiled twice more (40 ms of compiling in a process's runs 0-1).
  const labelled = leave ? w : Math.min(w, 32);
  let ids = 0;
  for (let x = 0; x < labelled; x++) {
    const prev = prevInSet[x];
    const first = (x + ~prev) >> 31; // prev >= x: the set's first cell, a new label
    labels[x] = (ids & first) | (labels[prev] & ~first);
    ids -= first;
  }
  words[4] = ids;
  words[0] = a;
  words[1] = b;
  words[2] = c;
  words[3] = d;
  return carved;
}

/** The number of bits set in the 32 of `bits`. */
function bitCount(bits: number): number {
  let v = bits - ((bits >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Clears the wall bit `wall` of cells[start + i] for each bit i of `bits` (below
 * `count`), a word of `words` (the view of `cells` from `head`) at a time: a nibble of
 * the bits spread to one bit a byte. Where the cells reach past the words (a buffer
 * neither starting nor ending on a word), a byte a cell.
 */
function clearWallBits(
  cells: Uint8Array,
  words: Uint32Array,
  head: number,
  start: number,
  count: number,
  bits: number,
  wall: number,
): void {
  const shift = (start - head) & 3;
  const first = (start - head - shift) >> 2;
  const last = first + ((shift + count - 1) >> 2);
  if (start < head || last >= words.length) {
    for (; bits !== 0; bits &= bits - 1) cells[start + 31 - Math.clz32(bits & -bits)] &= ~wall;
    return;
  }
  // The bits from the first word's first byte on, in `low`, and the ones past 32 of them, in `high`.
  let low = bits << shift;
  let high = (bits >>> (31 - shift)) >>> 1;
  for (let q = first; q <= last; q++) {
    words[q] &= ~Math.imul(Math.imul(low & 15, 0x204081) & 0x01010101, wall);
    low = (low >>> 4) | (high << 28);
    high >>>= 4;
  }
}

/**
 * Eller's algorithm, row by row with memory for one row only (stream.ts streams it):
 * neighbours in different sets are joined at random, then every set opens south from
 * at least one random cell (others with probability 1/2), and the last row joins all
 * sets that are left. Sets are small ids (< width) with a union-find per row, so a row
 * costs O(width). The 42 pattern's cells take no set; a set none of whose cells can
 * go south (all blocked below) joins a neighbouring set in its row, a change confined
 * to the pattern's upper edge. `joinForest` stays as a safety net for obstacles that
 * rule cannot get around (it returns at once when the maze is already one tree; over
 * tens of thousands of sizes and seeds it never had to join anything).
 */
export const eller = defineGenerator({
  name: 'Eller',
  aliases: ['ellers', 'eller-s'],
  description: "Eller's algorithm: one row at a time with set labels; balanced texture, streamable.",
  reference: 'https://weblog.jamisbuck.org/2010/12/29/maze-generation-eller-s-algorithm',
  scratchBytesPerCell: 2, // row state only (O(width)); the forest repair it no longer needs would take more
  grids: ['square'],
  wraps: false,
  // Without a step reporter, with the library's sfc32: which rows hold the 42 is known
  // first, so that the free rows go to the lists a band at a time.
  squareKernels: [
    squareQuietKernel(
      'square-quiet',
      (maze, rng, _start, onProgress) => {
        const { cells, width: w, height: h } = maze;
        let untilProgress = PROGRESS_EVERY;
        let carved = 0;
        const spans: BlockedSpans = { first: new Int32Array(h), last: new Int32Array(h) };
        const blocked = blockedRows(cells, w, h, spans);
        const state = createEllerRowState(cells, 0, w, blocked[0] === 0);
        // Row y (not the last) by the 42 goes to carveRowAround when its blocked columns and the row below's span few.
        const around = (y: number): boolean =>
          y + 1 < h && Math.max(spans.last[y], spans.last[y + 1]) - Math.min(spans.first[y], spans.first[y + 1]) < AROUND_COLUMNS;
        let bands = 0;
        for (let y = 0; y < h;) {
          let end = y + 1;
          if (end < h && (blocked[y] | blocked[end]) === 0) {
            // Rows up to the next one by the 42, the last or a progress report. The first bands of
            // a run are two rows each, so the list loop has returned with type feedback (for its
            // step to the next row too) before it runs long (docs/design.md, "Hot loops run in slices").
            // The band ends before the first row over the 42 (found by a native scan: a loop here over
            // the rows, a thousand turns a run, made V8 compile this function a dozen runs into a process).
            const stop = Math.min(h - 1, ++bands <= WARM_SLICES ? y + 2 : y + Math.ceil(untilProgress / w));
            const next = blocked.indexOf(1, y + 2);
            end = Math.max(end, Math.min(stop, next < 0 ? h : next - 1));
            // A band whose next row is by the 42, and not for carveRowAround, leaves the lists at its end.
            carved += carveListRows(
              state,
              cells,
              y * w,
              (y + 1) * w,
              y,
              end - y,
              false,
              end + 1 < h && blocked[end + 1] !== 0 && !around(end),
              rng,
            );
          } else if (end === h && blocked[y] === 0 && state.lists)
            carved += carveListRows(state, cells, y * w, y * w, y, 1, true, false, rng);
          else if (state.lists && around(y)) {
            const lo = Math.min(spans.first[y], spans.first[y + 1]);
            carved += carveRowAround(state, cells, y * w, (y + 1) * w, y, lo, Math.max(spans.last[y], spans.last[y + 1]), rng);
          } else {
            // A row by the 42 (blockedRows has told: no freeRow scans).
            if (state.lists) leaveLists(state, cells, y * w);
            carved += carveRowWithLabels(state, cells, y * w, (y + 1) * w, y, end === h, rng, undefined);
          }
          untilProgress -= (end - y) * w;
          if (untilProgress <= 0) {
            untilProgress = PROGRESS_EVERY;
            if (onProgress) onProgress(end * w, maze.size);
          }
          y = end;
        }
        // A spanning tree of the free cells has one passage fewer than them: nothing to repair, and no scan to count them.
        if (carved !== maze.size - state.blocked - 1) joinForest(maze, rng, carved, undefined);
        return true;
      },
      { start: false },
    ),
  ],
  square(maze, rng, options, onStep) {
    const { cells, width: w, height: h } = maze;
    const onProgress = options.onProgress;
    let untilProgress = PROGRESS_EVERY;
    let carved = 0;
    const state = createEllerRowState(cells, 0, w, false);
    for (let y = 0; y < h; y++) {
      carved += carveRowWithLabels(state, cells, y * w, (y + 1) * w, y, y === h - 1, rng, onStep);
      untilProgress -= w;
      if (untilProgress <= 0) {
        untilProgress = PROGRESS_EVERY;
        if (onProgress) onProgress((y + 1) * w, maze.size);
      }
    }
    // A spanning tree of the free cells has one passage fewer than them: nothing to repair, and no scan to count them.
    if (carved !== maze.size - state.blocked - 1) joinForest(maze, rng, carved, onStep);
    if (onProgress) onProgress(maze.size, maze.size);
  },
});
