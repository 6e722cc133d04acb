import { EAST, NORTH, SOUTH, WEST, type Maze } from './maze.js';

/** The path as N/E/S/W letters (one per move). */
export function pathToDirections(maze: Maze, path: ArrayLike<number>): string {
  const w = maze.width;
  // Letter codes in one byte array, turned into text in slices: no array of strings, so a
  // path of millions of moves costs about two bytes per move.
  const codes = new Uint8Array(Math.max(0, path.length - 1));
  for (let i = 1; i < path.length; i++) {
    const d = path[i] - path[i - 1];
    codes[i - 1] = d === -w ? 78 : d === w ? 83 : d === 1 ? 69 : 87; // N S E W
  }
  return asciiText(codes);
}

/** The runtime's TextDecoder (every browser and Node has one); mazegen's lib types leave it out. */
type Decoder = { decode(bytes: Uint8Array): string };
const DecoderClass = (globalThis as { TextDecoder?: new () => Decoder }).TextDecoder;
const decoder = DecoderClass ? new DecoderClass() : undefined;

/**
 * ASCII bytes (below 128, as every format here writes) as a string. TextDecoder does it in
 * one native pass, 4-5 times faster on a path of millions of moves than building the
 * text from slices, which stays as the fallback (`apply` takes the typed array as it is).
 */
export function asciiText(codes: Uint8Array): string {
  if (decoder) return decoder.decode(codes);
  let text = '';
  for (let i = 0; i < codes.length; i += 8192) text += String.fromCharCode.apply(null, codes.subarray(i, i + 8192) as unknown as number[]);
  return text;
}

/** Direction bit of a path letter, or 0 for any other character. */
export function letterToDirection(letter: string): number {
  switch (letter) {
    case 'N':
      return NORTH;
    case 'E':
      return EAST;
    case 'S':
      return SOUTH;
    case 'W':
      return WEST;
    default:
      return 0;
  }
}

/** Result of walking a path of letters through a maze. */
export interface PathWalk {
  /** Cells visited, start first; ends early where the walk failed. */
  cells: number[];
  /** Why the walk failed (bad letter, wall, border), or undefined when every move was legal. */
  error?: string;
}

/** Walks `directions` from `start`, stopping at the first illegal move. */
export function walkPath(maze: Maze, start: number, directions: string): PathWalk {
  const cells = [start];
  let cell = start;
  for (let i = 0; i < directions.length; i++) {
    const dir = letterToDirection(directions[i]);
    const p = maze.point(cell);
    if (dir === 0) return { cells, error: `move ${i + 1} '${directions[i]}' is not one of N, E, S, W` };
    const next = maze.neighbor(cell, dir);
    if (next < 0) return { cells, error: `move ${i + 1} (${directions[i]}) from (${p.x},${p.y}) leaves the maze` };
    if (maze.hasWall(cell, dir)) return { cells, error: `move ${i + 1} (${directions[i]}) from (${p.x},${p.y}) goes through a wall` };
    cells.push(next);
    cell = next;
  }
  return { cells };
}

/** Rebuilds a path from a parent map (parent[start] is ignored): start ... goal. */
export function pathFromParents(parent: Int32Array, start: number, goal: number): Int32Array {
  let length = 1;
  for (let c = goal; c !== start; c = parent[c]) length++;
  const path = new Int32Array(length);
  let k = length - 1;
  for (let c = goal; c !== start; c = parent[c]) path[k--] = c;
  path[0] = start;
  return path;
}
