import { defineSolver } from './define.js';
import type { SolverResult } from '../algorithm.js';
import type { GridMaze } from '../maze.js';
import type { Maze } from '../maze.js';
import { Step, type StepReporter } from '../steps.js';

// Headings are indices 0..3 for N, E, S, W; the wall bit of heading h is 1 << h.

/**
 * Walks with one hand on the wall: at each cell it turns towards its hand if it can,
 * else goes straight, else turns away, else goes back. `turn` is 3 for the left hand
 * (a left turn is heading + 3 mod 4) and 1 for the right.
 *
 * The walk is a deterministic function of (cell, heading), so when a state comes
 * round again the walker is going in circles without the exit: that is a failure
 * found in at most 4 x cells moves, not a hang. On a perfect maze it always arrives.
 *
 * The walk itself goes down dead ends and back; the path returned is that walk with
 * the retracing cut out (each return to a cell already on the path drops the detour),
 * so it is a simple path from entry to exit. On a perfect maze that is the only path.
 */
function followWall(maze: Maze, start: number, goal: number, turn: 1 | 3, onStep: StepReporter | undefined): SolverResult {
  const { cells, width: w, size } = maze;
  const hand = turn === 3 ? 'left' : 'right';
  if (onStep) onStep(Step.Visit, start, 0);
  if (start === goal) {
    if (onStep) onStep(Step.Path, start, 0);
    return { path: Int32Array.of(start), visited: 1 };
  }
  if ((cells[start] & 15) === 15) {
    return { path: null, visited: 1, failure: 'the entry is walled in on all four sides' };
  }
  // Bit h of seen[cell] is set once the walker has arrived in cell heading h.
  const seen = new Uint8Array(size);
  // The simple path so far and each cell's position on it (-1 = not on it).
  const path = new Int32Array(size);
  const position = new Int32Array(size).fill(-1);
  const everVisited = new Uint8Array(size);
  let length = 1;
  path[0] = start;
  position[start] = 0;
  everVisited[start] = 1;
  let visited = 1;
  // Start with the hand on a wall: the first heading (N, E, S, W) whose hand side is closed.
  let heading = 0;
  for (let h = 0; h < 4; h++) {
    if (cells[start] & (1 << ((h + turn) & 3))) {
      heading = h;
      break;
    }
  }
  let cell = start;
  while (true) {
    const c = cells[cell];
    // Towards the hand, straight, away from the hand, back: the first open side.
    let dir = (heading + turn) & 3;
    if (c & (1 << dir)) {
      dir = heading;
      if (c & (1 << dir)) {
        dir = (heading + 4 - turn) & 3;
        if (c & (1 << dir)) dir = (heading + 2) & 3;
      }
    }
    const next = dir === 0 ? cell - w : dir === 1 ? cell + 1 : dir === 2 ? cell + w : cell - 1;
    const bit = 1 << dir;
    if (seen[next] & bit) {
      return {
        path: null,
        visited,
        failure: `following the ${hand}-hand wall from the entry leads all the way round and back without passing the exit, which is not on that wall (it is inside a loop, or cut off)`,
      };
    }
    seen[next] |= bit;
    heading = dir;
    cell = next;
    const at = position[cell];
    if (at >= 0) {
      // Back on the path: the cells after it were a detour.
      while (length > at + 1) {
        const dropped = path[--length];
        position[dropped] = -1;
        if (onStep) onStep(Step.Retreat, dropped, 0);
      }
    } else {
      position[cell] = length;
      path[length++] = cell;
      if (!everVisited[cell]) {
        everVisited[cell] = 1;
        visited++;
      }
      if (onStep) onStep(Step.Visit, cell, bit);
    }
    if (cell === goal) break;
  }
  const result = path.slice(0, length);
  if (onStep) for (let i = 0; i < result.length; i++) onStep(Step.Path, result[i], 0);
  return { path: result, visited };
}

/** Left-hand wall follower. */
export const wallFollowerLeft = defineSolver({
  name: 'WallFollower',
  aliases: ['left-hand', 'left-hand-rule', 'wall-follower-left', 'wallfollowerleft', 'left-wall', 'left'],
  description: 'Keeps the left hand on the wall: needs no memory of the maze; sure to arrive only on perfect mazes; not shortest.',
  reference: 'https://en.wikipedia.org/wiki/Maze-solving_algorithm#Wall_follower',
  scratchBytesPerCell: 12, // the walk and its (cell, heading) marks
  gridScratchBytesPerCell: 11, // the walk, its positions, (cell, way back) marks and visited flags
  shortest: false,
  handlesLoops: false,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic(maze, start, goal, onStep) {
    return followWallOnGrid(maze, start, goal, 'left', onStep);
  },
  square(maze, start, goal, onStep) {
    return followWall(maze, start, goal, 3, onStep);
  },
});

/** Right-hand wall follower. */
export const wallFollowerRight = defineSolver({
  name: 'WallFollowerRight',
  aliases: ['right-hand', 'right-hand-rule', 'wall-follower-right', 'right-wall', 'right'],
  description: 'Keeps the right hand on the wall: needs no memory of the maze; sure to arrive only on perfect mazes; not shortest.',
  reference: 'https://en.wikipedia.org/wiki/Maze-solving_algorithm#Wall_follower',
  scratchBytesPerCell: 12, // the walk and its (cell, heading) marks
  gridScratchBytesPerCell: 11, // the walk, its positions, (cell, way back) marks and visited flags
  shortest: false,
  handlesLoops: false,
  grids: ['square', 'hex', 'triangle', 'polar'],
  generic(maze, start, goal, onStep) {
    return followWallOnGrid(maze, start, goal, 'right', onStep);
  },
  square(maze, start, goal, onStep) {
    return followWall(maze, start, goal, 1, onStep);
  },
});

/**
 * The wall follower on any grid. Slots run clockwise, so with the left hand on the wall
 * the walker arriving through slot b (its way back) tries b + 1, b + 2, ... (mod the
 * cell's degree), ending with b itself (going back); the right hand tries b - 1, b - 2,
 * .... It starts with the hand on the first closed slot. A state (cell, way back) seen
 * twice is a circle without the exit: a failure, not a hang. The path is the walk with
 * the retracing cut out.
 */
function followWallOnGrid(
  maze: GridMaze,
  start: number,
  goal: number,
  hand: 'left' | 'right',
  onStep: StepReporter | undefined,
): SolverResult {
  const t = maze.topology;
  const { cells, size } = maze;
  if (onStep) onStep(Step.Visit, start, 0);
  if (start === goal) return { path: Int32Array.of(start), visited: 1 };
  const startDegree = t.degree(start);
  let back = -1;
  let anyOpen = false;
  for (let s = 0; s < startDegree; s++) {
    const open = (cells[start] & (1 << s)) === 0 && t.neighbour(start, s) >= 0;
    if (open) anyOpen = true;
    else if (back < 0) back = s;
  }
  if (!anyOpen) return { path: null, visited: 1, failure: 'the entry is walled in on every side' };
  if (back < 0) back = 0;
  const seen = new Uint16Array(size); // bit b: arrived with way back b
  const path = new Int32Array(size);
  const position = new Int32Array(size).fill(-1);
  const everVisited = new Uint8Array(size);
  let length = 1;
  path[0] = start;
  position[start] = 0;
  everVisited[start] = 1;
  let visited = 1;
  let cell = start;
  const step = hand === 'left' ? 1 : -1;
  while (cell !== goal) {
    const degree = t.degree(cell);
    let slot = back;
    for (let k = 1; k <= degree; k++) {
      const s = (((back + step * k) % degree) + degree) % degree;
      if ((cells[cell] & (1 << s)) === 0 && t.neighbour(cell, s) >= 0) {
        slot = s;
        break;
      }
    }
    const next = t.neighbour(cell, slot);
    back = t.backSlot(cell, slot);
    if (seen[next] & (1 << back)) {
      return {
        path: null,
        visited,
        failure: `the ${hand}-hand walk went round in a circle without reaching the exit (the maze has loops)`,
      };
    }
    seen[next] |= 1 << back;
    if (!everVisited[next]) {
      everVisited[next] = 1;
      visited++;
    }
    if (onStep) onStep(Step.Visit, next, 0);
    if (position[next] >= 0) {
      for (let i = position[next] + 1; i < length; i++) position[path[i]] = -1;
      length = position[next] + 1;
    } else {
      position[next] = length;
      path[length++] = next;
    }
    cell = next;
  }
  const result = path.slice(0, length);
  if (onStep) for (let i = 0; i < result.length; i++) onStep(Step.Path, result[i], 0);
  return { path: result, visited };
}
