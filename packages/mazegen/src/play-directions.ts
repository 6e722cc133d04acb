import type { GridMaze } from './maze.js';
import type { GridKind } from './grid/topology.js';
import type { TriangleTopology } from './grid/triangle.js';

/**
 * How the play keys name a way out of a cell on each grid (docs/games.md, "Play on every
 * grid"). A key names a direction; the direction names one slot of the cell the player is
 * on, or none. Only polar's "out" looks at the walls, because a ring cell may have two (or
 * more) cells outside it and the centre one per first-ring cell.
 *
 * - square: up N, right E, down S, left W.
 * - hex (flat-topped): up N, down S, left the upper-left (NW), right the upper-right (NE),
 *   down-left SW, down-right SE.
 * - triangle: left and right the slanted sides, up the flat top of a cell pointing down,
 *   down the base of a cell pointing up (the other has no side that way).
 * - polar: down in (towards the centre), left anticlockwise, right clockwise, up out: to
 *   the one outward cell, or of several the first open one counted clockwise (from the
 *   cell's anticlockwise edge; from north at the centre); out-n to the n-th of them.
 */
export type PlayDirection = 'up' | 'down' | 'left' | 'right' | 'down-left' | 'down-right' | `out-${number}`;

/** Lower-case keys (upper case runs) and digits (which do not run) of each grid, for every face. */
const SQUARE_KEYS: Readonly<Record<string, PlayDirection>> = {
  w: 'up',
  a: 'left',
  s: 'down',
  d: 'right',
  k: 'up',
  h: 'left',
  j: 'down',
  l: 'right',
};
const HEX_KEYS: Readonly<Record<string, PlayDirection>> = {
  ...SQUARE_KEYS,
  z: 'down-left',
  c: 'down-right',
  b: 'down-left',
  n: 'down-right',
  // The numeric keypad's layout: 7 8 9 over 1 2 3.
  '7': 'left',
  '8': 'up',
  '9': 'right',
  '1': 'down-left',
  '2': 'down',
  '3': 'down-right',
};
const POLAR_KEYS: Readonly<Record<string, PlayDirection>> = {
  ...SQUARE_KEYS,
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), `out-${i + 1}` as PlayDirection])),
};

export const PLAY_DIRECTION_KEYS: Readonly<Record<GridKind, Readonly<Record<string, PlayDirection>>>> = {
  square: SQUARE_KEYS,
  hex: HEX_KEYS,
  triangle: SQUARE_KEYS,
  polar: POLAR_KEYS,
};

/** The arrow keys' directions, by the names browsers give them (the terminal reads the same four). */
export const PLAY_ARROWS: Readonly<Record<string, PlayDirection>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** Each grid's keys in words, for help screens and the docs. */
export const PLAY_GRID_KEY_HELP: Readonly<Record<GridKind, readonly (readonly [string, string])[]>> = {
  square: [['arrows, w a s d, h j k l', 'move one cell (up, left, down, right)']],
  hex: [
    ['up, w, k, 8 / down, s, j, 2', 'the cell above / below'],
    ['left, a, h, 7 / right, d, l, 9', 'the upper-left / upper-right cell'],
    ['z, b, 1 / c, n, 3', 'the lower-left / lower-right cell'],
  ],
  triangle: [
    ['left, a, h / right, d, l', 'across the left / right slanted side'],
    ['up, w, k / down, s, j', 'across the flat side: up from a triangle pointing down, down from one pointing up'],
  ],
  polar: [
    ['down, s, j / left, a, h / right, d, l', 'in (towards the centre) / anticlockwise / clockwise'],
    ['up, w, k', 'out; of several outward cells the first open one, counted clockwise'],
    ['1 to 9', 'out to the first to ninth outward cell, counted clockwise (from north at the centre)'],
  ],
};

/** The first open outward slot in [first, end), else `first` (a wall then stops the move). */
function firstOpen(maze: GridMaze, cell: number, first: number, end: number): number {
  for (let slot = first; slot < end; slot++) if (maze.isOpen(cell, slot) && maze.topology.neighbour(cell, slot) >= 0) return slot;
  return first;
}

/** The slot of `cell` that `direction` names, or -1 when the cell has no side that way. */
export function slotToward(maze: GridMaze, cell: number, direction: PlayDirection): number {
  const t = maze.topology;
  switch (t.kind) {
    case 'square':
      return ({ up: 0, right: 1, down: 2, left: 3 } as Record<string, number>)[direction] ?? -1;
    case 'hex':
      return ({ up: 0, right: 1, 'down-right': 2, down: 3, 'down-left': 4, left: 5 } as Record<string, number>)[direction] ?? -1;
    case 'triangle': {
      const up = (t as TriangleTopology).isUp(cell);
      // An up cell's slots are W, E, S; a down cell's W, N, E.
      if (direction === 'left') return 0;
      if (direction === 'right') return up ? 1 : 2;
      if (direction === 'down') return up ? 2 : -1;
      if (direction === 'up') return up ? -1 : 1;
      return -1;
    }
    case 'polar': {
      const degree = t.degree(cell);
      // The centre's slots are all outward; a ring cell's are in, anticlockwise, the outward ones, clockwise.
      const [firstOut, endOut] = cell === 0 ? [0, degree] : [2, degree - 1];
      if (direction.startsWith('out-')) {
        const n = Number(direction.slice(4));
        return n >= 1 && firstOut + n - 1 < endOut ? firstOut + n - 1 : -1;
      }
      if (direction === 'up') return endOut > firstOut ? firstOpen(maze, cell, firstOut, endOut) : -1;
      if (cell === 0) return -1;
      if (direction === 'down') return 0;
      if (direction === 'left') return 1;
      if (direction === 'right') return degree - 1;
      return -1;
    }
  }
}

/** For a test or a hint: a direction whose key takes the player from `cell` to its neighbour `next` (undefined when none does). */
export function directionTo(maze: GridMaze, cell: number, next: number): PlayDirection | undefined {
  const kind = maze.topology.kind;
  // The named ways first, polar's n-th outward cell last (digit keys come first in a record's order).
  const names = [...new Set<PlayDirection>([...Object.values(PLAY_ARROWS), ...Object.values(PLAY_DIRECTION_KEYS[kind])])].sort(
    (a, b) => Number(a.startsWith('out-')) - Number(b.startsWith('out-')),
  );
  for (const direction of names) {
    const slot = slotToward(maze, cell, direction);
    if (slot >= 0 && maze.topology.neighbour(cell, slot) === next) return direction;
  }
  return undefined;
}
