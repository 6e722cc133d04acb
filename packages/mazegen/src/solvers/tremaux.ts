import { defineSolver } from './define.js';
import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';
import { foundPath, UNREACHABLE } from './grid-search.js';

/**
 * Trémaux's method: chalk a mark on each passage as you walk it, and
 *  - arriving at a cell you have seen before through a passage walked for the first
 *    time, turn round and go back (the passage gets its second mark);
 *  - otherwise leave by a passage with no mark if there is one (N, E, S, W order),
 *    else by the passage with one mark (back the way you first came).
 * No passage is walked more than twice, so it ends in at most 2 x passages moves, on
 * any maze; back at the entry with nothing unmarked means there is no way out. The
 * passages marked once are the way from entry to exit. It is a depth-first search a
 * person can carry out with chalk: the path is simple but, on a maze with loops, not
 * necessarily shortest.
 */
export const tremaux = defineSolver({
  name: 'Tremaux',
  aliases: ['trémaux', "tremaux's", "trémaux's", 'tremaux-algorithm'],
  description: "Trémaux's method: marks each passage as it walks it; finds the exit on any maze, not by the shortest way.",
  reference: 'https://en.wikipedia.org/wiki/Maze-solving_algorithm#Tr%C3%A9maux%27s_algorithm',
  scratchBytesPerCell: 7, // passage marks and the path stack
  gridScratchBytesPerCell: 8, // seen flags, a mark byte per wall id and the path stack
  shortest: false,
  handlesLoops: true,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic: tremauxOnGrid,
  square(maze, start, goal, onStep) {
    const { cells, width: w, size } = maze;
    // Marks per passage: marks[2 * cell] is the passage east of cell, marks[2 * cell + 1] the one south.
    const marks = new Uint8Array(2 * size);
    const seen = new Uint8Array(size);
    // The cells entered through once-marked passages, entry first: the way back, and finally the path.
    // One extra slot: a cell seen before is pushed for the moment it takes to turn round.
    const path = new Int32Array(size + 1);
    let length = 1;
    path[0] = start;
    seen[start] = 1;
    let visited = 1;
    if (onStep) onStep(Step.Visit, start, 0);
    let cell = start;
    // Passage just walked for the first time, into a cell seen before: -1 when not the case.
    let turnBackVia = -1;
    while (cell !== goal) {
      let passage = -1;
      let next = -1;
      if (turnBackVia >= 0) {
        passage = turnBackVia;
        next = path[length - 2];
      } else {
        const c = cells[cell];
        // First an unmarked passage; failing that the once-marked one back towards the entry.
        for (let pass = 0; pass < 2 && passage < 0; pass++) {
          for (let k = 0; k < 4; k++) {
            const dir = 1 << k;
            if (c & dir) continue;
            const other = k === 0 ? cell - w : k === 1 ? cell + 1 : k === 2 ? cell + w : cell - 1;
            const p = k === 0 ? 2 * other + 1 : k === 1 ? 2 * cell : k === 2 ? 2 * cell + 1 : 2 * other;
            if (marks[p] === pass) {
              passage = p;
              next = other;
              break;
            }
          }
        }
        if (passage < 0) {
          // Only at the entry: every passage from it is marked twice.
          return {
            path: null,
            visited,
            failure: 'every passage that can be reached from the entry was walked twice without finding the exit',
          };
        }
      }
      const mark = ++marks[passage];
      if (mark === 1) {
        // Forward along a fresh passage.
        path[length++] = next;
        if (seen[next]) {
          turnBackVia = passage;
        } else {
          seen[next] = 1;
          visited++;
          if (onStep) onStep(Step.Visit, next, 0);
        }
      } else {
        // Back along a passage walked before: the cell left is off the path for good.
        const left = path[--length];
        if (turnBackVia < 0 && onStep) onStep(Step.Retreat, left, 0);
        turnBackVia = -1;
      }
      cell = next;
    }
    const result = path.slice(0, length);
    if (onStep) for (let i = 0; i < result.length; i++) onStep(Step.Path, result[i], 0);
    return { path: result, visited };
  },
});

/**
 * Trémaux on any grid, by the same rules: marks per wall id (a byte per id, off the
 * JavaScript heap: a Map of the walls walked took some 70 bytes a cell), unmarked
 * passages taken in slot order, a turn back on reaching a seen cell by a new passage;
 * the cells entered through once-marked passages are the path.
 */
function tremauxOnGrid(maze: GridMaze, start: number, goal: number, onStep?: StepReporter): SolverResult {
  const t = maze.topology;
  const { cells, size } = maze;
  // A passage is walked at most twice; the count stops at 255 all the same (only 0 and 1 are asked about).
  const marks = new Uint8Array(t.edgeIdBound);
  const seen = new Uint8Array(size);
  // The path visits each cell once at most: a stack of the cells' count.
  const path = new Int32Array(size + 1);
  let length = 1;
  path[0] = start;
  seen[start] = 1;
  let visited = 1;
  if (onStep) onStep(Step.Visit, start, 0);
  let cell = start;
  let cameBy = -1; // the slot at `cell` of the passage just walked, -1 at the start
  let turnBack = false;
  const limit = 4 * size * t.maxDegree + 4;
  for (let moves = 0; cell !== goal; moves++) {
    if (moves > limit) break;
    let slot = -1;
    if (turnBack) {
      slot = cameBy;
    } else {
      const degree = t.degree(cell);
      for (let s = 0; s < degree; s++) {
        if (cells[cell] & (1 << s) || t.neighbour(cell, s) < 0) continue;
        if (marks[t.edgeId(cell, s)] === 0) {
          slot = s;
          break;
        }
      }
      if (slot < 0) {
        // Every passage marked: leave by the one marked once (the way first came).
        for (let s = 0; s < degree; s++) {
          if (cells[cell] & (1 << s) || t.neighbour(cell, s) < 0) continue;
          if (marks[t.edgeId(cell, s)] === 1) {
            slot = s;
            break;
          }
        }
      }
    }
    if (slot < 0) return { path: null, visited, ...UNREACHABLE };
    const id = t.edgeId(cell, slot);
    const before = marks[id];
    if (before < 255) marks[id] = before + 1;
    const next = t.neighbour(cell, slot);
    if (before === 0) path[length++] = next;
    else length--; // the second walk of a passage goes back along the path
    turnBack = before === 0 && seen[next] === 1;
    cameBy = t.backSlot(cell, slot);
    if (!seen[next]) {
      seen[next] = 1;
      visited++;
      if (onStep) onStep(Step.Visit, next, 0);
    }
    cell = next;
  }
  if (cell !== goal) return { path: null, visited, ...UNREACHABLE };
  return foundPath(path.slice(0, length), visited, onStep);
}
