import type { GeneratorAlgorithm, GeneratorOptions } from '../algorithm.js';
import type { GridMaze } from '../grid/grid-maze.js';
import type { Rng } from '../rng.js';
import { OptionError } from '../errors.js';
import { BLOCKED, EAST, NORTH, OPPOSITE, SOUTH, stepCell, WEST } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { checkedGridStart, checkedStart } from './start.js';

/** How a cell is chosen: `base` ('newest' or 'oldest') with probability `p`, else a random one. */
interface Choice {
  base: 'newest' | 'oldest';
  p: number;
}

function parseVariant(variant: string | undefined): Choice {
  const text = (variant ?? 'newest').trim().toLowerCase();
  if (text === '' || text === 'newest' || text === 'last') return { base: 'newest', p: 1 };
  if (text === 'oldest' || text === 'first') return { base: 'oldest', p: 1 };
  if (text === 'random') return { base: 'newest', p: 0 };
  if (text === 'mix') return { base: 'newest', p: 0.5 };
  const match = /^(newest|oldest)\s*:\s*(\d*\.?\d+)$/.exec(text);
  if (match && Number(match[2]) <= 1) return { base: match[1] as 'newest' | 'oldest', p: Number(match[2]) };
  throw new OptionError(
    'VARIANT',
    `GrowingTree variant must be newest, random, oldest, mix (= newest:0.5), or newest:P / oldest:P with P from 0 to 1 (the share of picks that take the newest/oldest cell, the rest random), got '${variant}'`,
  );
}

/**
 * Growing Tree: a list of active cells starts with the start cell; each step picks a
 * cell from the list and opens a wall to a random unvisited neighbour (adding it), or
 * drops the cell when it has none. The pick decides the texture: 'newest' is DFS (long
 * corridors), 'random' is like simplified Prim (short dead ends), 'oldest' grows in
 * rings with long straight spokes, and 'newest:P' mixes (P of the picks newest, the
 * rest random; 'mix' = newest:0.5). The list is an array window [head, tail); a random
 * pick that is dropped is filled from the end the base choice does not read, so the
 * newest (or oldest) cell stays exact. The 42 pattern's cells are never entered.
 */
export const growingTree: GeneratorAlgorithm = {
  name: 'GrowingTree',
  aliases: ['growing-tree', 'growing'],
  description: 'Growing Tree: newest (DFS-like), random (Prim-like), oldest, or a newest:P mix.',
  reference: 'https://weblog.jamisbuck.org/2011/1/27/maze-generation-growing-tree-algorithm',
  scratchBytesPerCell: 5, // the cell list and flags
  grids: ['square', 'hex', 'triangle', 'polar'],
  wraps: true,
  generateGrid: growingTreeOnGrid,
  variants: ['newest', 'random', 'oldest', 'mix'],
  generate(maze, rng, options, onStep) {
    const { base, p } = parseVariant(options.variant);
    const { cells, width: w, size } = maze;
    const visited = new Uint8Array(size);
    for (let cell = 0; cell < size; cell++) if (cells[cell] & BLOCKED) visited[cell] = 1;
    const list = new Int32Array(size);
    const choices = new Int32Array(4);
    let head = 0;
    let tail = 0;
    const start = checkedStart(maze, options.start);
    list[tail++] = start;
    visited[start] = 1;
    if (onStep) onStep(Step.Visit, start, 0);
    while (tail > head) {
      const useBase = p === 1 || (p > 0 && rng.float() < p);
      const index = useBase ? (base === 'newest' ? tail - 1 : head) : head + rng.int(tail - head);
      const cell = list[index];
      const x = cell % w;
      let count = 0;
      if (cell >= w && visited[cell - w] === 0) choices[count++] = NORTH;
      if (x + 1 < w && visited[cell + 1] === 0) choices[count++] = EAST;
      if (cell + w < size && visited[cell + w] === 0) choices[count++] = SOUTH;
      if (x > 0 && visited[cell - 1] === 0) choices[count++] = WEST;
      if (count === 0) {
        if (index === tail - 1) tail--;
        else if (index === head) head++;
        else if (base === 'newest') list[index] = list[head++];
        else list[index] = list[--tail];
        if (onStep) onStep(Step.Retreat, cell, 0);
        continue;
      }
      const dir = choices[count === 1 ? 0 : rng.int(count)];
      const next = stepCell(cell, dir, w);
      cells[cell] &= ~dir;
      cells[next] &= ~OPPOSITE[dir];
      visited[next] = 1;
      list[tail++] = next;
      if (onStep) {
        onStep(Step.Carve, cell, dir);
        onStep(Step.Visit, next, 0);
      }
    }
  },
};

/** The same growth on any grid, in the same order of draws (the same bytes on the square grid). */
function growingTreeOnGrid(maze: GridMaze, rng: Rng, options: GeneratorOptions, onStep?: StepReporter): void {
  const { base, p } = parseVariant(options.variant);
  const t = maze.topology;
  const { cells, size } = maze;
  const visited = new Uint8Array(size);
  for (let cell = 0; cell < size; cell++) if (cells[cell] & t.blockedBit) visited[cell] = 1;
  const list = new Int32Array(size);
  const around = new Int32Array(t.maxDegree);
  const choices = new Int32Array(t.maxDegree);
  let head = 0;
  let tail = 0;
  const start = checkedGridStart(maze, options.start);
  list[tail++] = start;
  visited[start] = 1;
  if (onStep) onStep(Step.Visit, start, 0);
  while (tail > head) {
    const useBase = p === 1 || (p > 0 && rng.float() < p);
    const index = useBase ? (base === 'newest' ? tail - 1 : head) : head + rng.int(tail - head);
    const cell = list[index];
    const degree = t.neighbours(cell, around);
    let count = 0;
    for (let s = 0; s < degree; s++) if (around[s] >= 0 && visited[around[s]] === 0) choices[count++] = s;
    if (count === 0) {
      if (index === tail - 1) tail--;
      else if (index === head) head++;
      else if (base === 'newest') list[index] = list[head++];
      else list[index] = list[--tail];
      if (onStep) onStep(Step.Retreat, cell, 0);
      continue;
    }
    const slot = choices[count === 1 ? 0 : rng.int(count)];
    const next = around[slot];
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << t.backSlot(cell, slot));
    visited[next] = 1;
    list[tail++] = next;
    if (onStep) {
      onStep(Step.Carve, cell, 1 << slot);
      onStep(Step.Visit, next, 0);
    }
  }
}
