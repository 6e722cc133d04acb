import type { GeneratorAlgorithm } from '../algorithm.js';
import { BLOCKED, EAST, NORTH, OPPOSITE, SOUTH, WEST } from '../maze.js';
import { Step } from '../steps.js';
import { checkedStart } from './start.js';

/** The way back into the tree, by the two low bits of a key. */
const BACK = [SOUTH, WEST, NORTH, EAST];
/** Keys are bucketed by their top 16 bits; a bucket is a doubly linked list of cells. */
const BUCKET_SHIFT = 16;
const BUCKETS = 1 << (32 - BUCKET_SHIFT);
/** Index of the lowest set bit of a non-zero 32-bit word. */
const lowestBit = (word: number): number => 31 - Math.clz32(word & -word);
const OUTSIDE = 0;
const FRONTIER = 1;
const INSIDE = 2;

/**
 * Prim's algorithm proper: every wall between two free cells gets a random weight and
 * the maze is their minimum spanning tree, grown from the start cell by always opening
 * the lightest wall from the tree to a cell outside it. A wall's weight (30 random
 * bits) is drawn when the tree first reaches it, once per wall, so the weights are
 * independent as if drawn up front: the maze is the random minimum spanning tree
 * Kruskal also makes (the same texture), grown outwards from the start like invasion
 * percolation. The priority queue keeps one entry per frontier cell (its lightest wall
 * to the tree, key = weight * 4 + the way back) in 65 536 buckets by the key's top
 * bits; the exact minimum is found in the lowest non-empty bucket, which holds only a
 * few cells, so the queue is much faster than a binary heap of every wall.
 */
export const truePrim: GeneratorAlgorithm = {
  name: 'TruePrim',
  aliases: ['true-prim', 'weighted-prim', 'prim-weighted', 'true-prims'],
  description: "Prim's algorithm with random wall weights: a random minimum spanning tree grown from the start.",
  reference: 'https://en.wikipedia.org/wiki/Prim%27s_algorithm',
  generate(maze, rng, options, onStep) {
    const { cells, width: w, size } = maze;
    const state = new Uint8Array(size);
    const key = new Uint32Array(size);
    const next = new Int32Array(size);
    const prev = new Int32Array(size);
    const head = new Int32Array(BUCKETS).fill(-1);
    // Two-level bitmap of the non-empty buckets, to skip runs of empty ones quickly.
    const filled = new Int32Array(BUCKETS >>> 5);
    const filledWords = new Int32Array(BUCKETS >>> 10);
    let lowest = BUCKETS - 1; // no bucket below this one holds a cell
    let queued = 0;

    const unlink = (cell: number): void => {
      const n = next[cell];
      const p = prev[cell];
      if (n >= 0) prev[n] = p;
      if (p >= 0) {
        next[p] = n;
        return;
      }
      const bucket = key[cell] >>> BUCKET_SHIFT;
      head[bucket] = n;
      if (n >= 0) return;
      const word = bucket >>> 5;
      filled[word] &= ~(1 << (bucket & 31));
      if (filled[word] === 0) filledWords[word >>> 5] &= ~(1 << (word & 31));
    };
    const link = (cell: number): void => {
      const bucket = key[cell] >>> BUCKET_SHIFT;
      const first = head[bucket];
      next[cell] = first;
      prev[cell] = -1;
      if (first >= 0) prev[first] = cell;
      else {
        const word = bucket >>> 5;
        filled[word] |= 1 << (bucket & 31);
        filledWords[word >>> 5] |= 1 << (word & 31);
      }
      head[bucket] = cell;
      if (bucket < lowest) lowest = bucket;
    };
    // The first non-empty bucket at or above `from` (one exists while cells are queued).
    const firstFilled = (from: number): number => {
      let word = from >>> 5;
      const bits = filled[word] & (-1 << (from & 31));
      if (bits !== 0) return (word << 5) + lowestBit(bits);
      word++;
      let group = word >>> 5;
      let groupBits = filledWords[group] & (-1 << (word & 31));
      while (groupBits === 0) groupBits = filledWords[++group];
      word = (group << 5) + lowestBit(groupBits);
      return (word << 5) + lowestBit(filled[word]);
    };
    // The tree reached `cell` through its wall `backIndex` (index into BACK): queue it or lower its key.
    const reach = (cell: number, backIndex: number): void => {
      const k = ((rng.nextUint32() & ~3) | backIndex) >>> 0;
      if (state[cell] === OUTSIDE) {
        state[cell] = FRONTIER;
        key[cell] = k;
        link(cell);
        queued++;
        if (onStep) onStep(Step.Frontier, cell, 0);
      } else if (k < key[cell]) {
        unlink(cell);
        key[cell] = k;
        link(cell);
      }
    };

    let cell = checkedStart(maze, options.start);
    while (true) {
      state[cell] = INSIDE;
      if (onStep) onStep(Step.Visit, cell, 0);
      const x = cell % w;
      if (cell >= w && state[cell - w] !== INSIDE && (cells[cell - w] & BLOCKED) === 0) reach(cell - w, 0);
      if (x + 1 < w && state[cell + 1] !== INSIDE && (cells[cell + 1] & BLOCKED) === 0) reach(cell + 1, 1);
      if (cell + w < size && state[cell + w] !== INSIDE && (cells[cell + w] & BLOCKED) === 0) reach(cell + w, 2);
      if (x > 0 && state[cell - 1] !== INSIDE && (cells[cell - 1] & BLOCKED) === 0) reach(cell - 1, 3);
      if (queued === 0) break;
      // The lightest wall out of the tree: the smallest key in the lowest non-empty bucket.
      lowest = firstFilled(lowest);
      cell = head[lowest];
      for (let other = next[cell]; other >= 0; other = next[other]) if (key[other] < key[cell]) cell = other;
      unlink(cell);
      queued--;
      const dir = BACK[key[cell] & 3];
      const inside = dir === NORTH ? cell - w : dir === SOUTH ? cell + w : dir === EAST ? cell + 1 : cell - 1;
      cells[cell] &= ~dir;
      cells[inside] &= ~OPPOSITE[dir];
      if (onStep) onStep(Step.Carve, cell, dir);
    }
  },
};
