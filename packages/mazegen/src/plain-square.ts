import { ALL_WALLS, BLOCKED, type GridMaze } from './maze.js';
import { patternCells } from './pattern.js';

/**
 * The one test of "the plain square grid", by data, which every stage with a square plug-in
 * asks (the pictures' lattice, the square JSON document, the hex file): square, no wrap, and
 * no mask or outline. A mask or outline is there when some cell outside the maze lies beyond
 * the 42's place and every cell outside the maze is closed on all four sides (what `block`
 * and every shape leave). Bytes that are no maze (a blocked cell with an open wall) are the
 * plain square grid's, drawn and written as they are, as the square writers always did.
 * O(cells): a layout asks once for every band it draws.
 */
export function isPlainSquareMaze(maze: GridMaze): boolean {
  const t = maze.topology;
  if (t.kind !== 'square' || t.wrap !== 'none') return false;
  const { cells } = maze;
  const pattern = new Set(patternCells(t.width, t.height));
  let beyond = false;
  for (let cell = 0; cell < t.size; cell++) {
    const word = cells[cell];
    if ((word & BLOCKED) === 0) continue;
    if ((word & ALL_WALLS) !== ALL_WALLS) return true;
    if (!pattern.has(cell)) beyond = true;
  }
  return !beyond;
}
