import { defineSolver } from './define.js';
import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { IndexHeap } from '../heap.js';
import { stepCell } from '../maze.js';
import { pathFromParents } from '../path.js';
import { Step, type StepReporter } from '../steps.js';
import { foundPath, pathFromParentSlots, UNREACHABLE } from './grid-search.js';

/**
 * Dijkstra's algorithm on a binary heap keyed by distance from the start. Every
 * passage costs one move, so it settles cells in the same order of distance as BFS;
 * it is here as the general method (and the baseline A* improves on), and it stops
 * as soon as the goal is settled.
 */
export const dijkstra = defineSolver({
  name: 'Dijkstra',
  aliases: ["dijkstra's", 'dijkstras', 'uniform-cost', 'uniform-cost-search'],
  description: "Dijkstra's algorithm: settles cells in order of distance; always a shortest path.",
  reference: 'https://en.wikipedia.org/wiki/Dijkstra%27s_algorithm',
  scratchBytesPerCell: 21, // distances, parents and the heap
  gridScratchBytesPerCell: 24, // distances, parent slots, settled flags and the heap, every cell at worst, grown by doubling
  shortest: true,
  handlesLoops: true,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic: dijkstraOnGrid,
  square(maze, start, goal, onStep) {
    const { cells, width: w, size } = maze;
    const dist = new Int32Array(size).fill(-1);
    const parent = new Int32Array(size);
    const settled = new Uint8Array(size);
    const open = new IndexHeap(1024);
    dist[start] = 0;
    parent[start] = start;
    open.push(start, 0);
    if (onStep) onStep(Step.Frontier, start, 0);
    let visited = 0;
    while (open.length > 0) {
      const cell = open.pop();
      // Lazy deletion: a cell may sit in the heap more than once; only its first pop counts.
      if (settled[cell]) continue;
      settled[cell] = 1;
      visited++;
      if (onStep) onStep(Step.Visit, cell, 0);
      if (cell === goal) break;
      const c = cells[cell];
      const next = dist[cell] + 1;
      for (let k = 0; k < 4; k++) {
        const dir = 1 << k;
        if (c & dir) continue;
        const other = stepCell(cell, dir, w);
        if (settled[other] || (dist[other] >= 0 && dist[other] <= next)) continue;
        dist[other] = next;
        parent[other] = cell;
        open.push(other, next);
        if (onStep) onStep(Step.Frontier, other, 0);
      }
    }
    if (!settled[goal]) return { path: null, visited, failure: 'the exit cannot be reached from the entry' };
    const path = pathFromParents(parent, start, goal);
    if (onStep) for (let i = 0; i < path.length; i++) onStep(Step.Path, path[i], 0);
    return { path, visited };
  },
});

/** Dijkstra on any grid: every passage costs one move; a heap of (distance, cell), settled once. */
function dijkstraOnGrid(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const t = maze.topology;
  const { cells, size } = maze;
  const dist = new Int32Array(size).fill(-1);
  const parentSlot = new Uint8Array(size);
  const settled = new Uint8Array(size);
  const around = new Int32Array(t.maxDegree);
  const heap = new IndexHeap(64);
  dist[start] = 0;
  parentSlot[start] = 255;
  heap.push(start, 0);
  let visited = 0;
  while (heap.length > 0) {
    const cell = heap.pop();
    if (settled[cell]) continue;
    settled[cell] = 1;
    visited++;
    if (onStep) onStep(Step.Visit, cell, 0);
    if (cell === goal) return foundPath(pathFromParentSlots(maze, parentSlot, start, goal), visited, onStep);
    const degree = t.neighbours(cell, around);
    const word = cells[cell];
    const next = dist[cell] + 1;
    for (let s = 0; s < degree; s++) {
      const other = around[s];
      if (other < 0 || word & (1 << s) || settled[other] || (dist[other] >= 0 && dist[other] <= next)) continue;
      dist[other] = next;
      parentSlot[other] = t.backSlot(cell, s) + 1;
      heap.push(other, next);
      if (onStep) onStep(Step.Frontier, other, 0);
    }
  }
  return { path: null, visited, ...UNREACHABLE };
}
