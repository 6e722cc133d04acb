import { EAST, NORTH, SOUTH, WEST, type Maze } from './maze.js';

/**
 * Scratch bits. A cell byte uses bits 0-3 for walls and bit 4 for the 42 flag; bits
 * 5-7 are free, and the big-maze algorithms (DFS generation, the BFS, DFS and A*
 * solvers) keep their per-cell state there instead of in arrays of their own, so a
 * maze of n cells needs n bytes while they run. They are zero between runs: every
 * algorithm that sets them clears them before it returns.
 */
export const SCRATCH_SHIFT = 5;
export const SCRATCH_MASK = 0xe0;
/** Walls and the 42 flag: what a cell keeps once an algorithm has left it. */
const KEEP_MASK = 0x1f;

/** Clears bits 5-7 of every cell, four cells per operation. */
export function clearScratch(maze: Maze): void {
  clearScratchBits(maze.cells);
}

/** `clearScratch` on the cell bytes alone (a kernel's). */
export function clearScratchBits(cells: Uint8Array): void {
  const offset = cells.byteOffset;
  const head = Math.min(cells.length, (4 - (offset & 3)) & 3);
  for (let i = 0; i < head; i++) cells[i] &= KEEP_MASK;
  const words = (cells.length - head) >>> 2;
  const quad = new Uint32Array(cells.buffer, offset + head, words);
  for (let i = 0; i < words; i++) quad[i] &= 0x1f1f1f1f;
  for (let i = head + words * 4; i < cells.length; i++) cells[i] &= KEEP_MASK;
}

/**
 * Closes every outer wall for the duration of a search, so that its inner loop needs
 * no bounds checks even on a maze read from a file with a hole in its border. Returns
 * a function that puts the border cells back as they were.
 */
export function sealBorder(maze: Maze): () => void {
  const { cells, width: w, height: h } = maze;
  const last = (h - 1) * w;
  const saved = new Uint8Array(2 * w + 2 * h);
  let k = 0;
  for (let x = 0; x < w; x++) {
    saved[k++] = cells[x];
    saved[k++] = cells[last + x];
  }
  for (let y = 0; y < h; y++) {
    saved[k++] = cells[y * w];
    saved[k++] = cells[y * w + w - 1];
  }
  for (let x = 0; x < w; x++) {
    cells[x] |= NORTH;
    cells[last + x] |= SOUTH;
  }
  for (let y = 0; y < h; y++) {
    cells[y * w] |= WEST;
    cells[y * w + w - 1] |= EAST;
  }
  return () => {
    // Every saved byte is an original (all were saved before any was sealed); put back
    // only the walls, keeping any scratch bits for the caller's clear.
    k = 0;
    for (let x = 0; x < w; x++) {
      cells[x] = (cells[x] & ~0x0f) | (saved[k++] & 0x0f);
      cells[last + x] = (cells[last + x] & ~0x0f) | (saved[k++] & 0x0f);
    }
    for (let y = 0; y < h; y++) {
      cells[y * w] = (cells[y * w] & ~0x0f) | (saved[k++] & 0x0f);
      cells[y * w + w - 1] = (cells[y * w + w - 1] & ~0x0f) | (saved[k++] & 0x0f);
    }
  };
}
