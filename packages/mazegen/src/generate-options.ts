/**
 * What decides a maze and what making one gives back, on every grid: the one options type
 * `generateMaze` takes, its two typed requests (no grid named: the plain square `Maze`;
 * a grid named: a `GridMaze`), and the one result type.
 */
import type { GeneratorAlgorithm } from './algorithm.js';
import type { BraidReport } from './braid.js';
import type { MaskData, OutlineName } from './grid/mask.js';
import type { GridKind, Wrap } from './grid/topology.js';
import type { Level, LevelPick } from './levels.js';
import type { GridMaze, Maze, Point } from './maze.js';
import type { PhasedProgressReporter } from './progress.js';
import type { Seed } from './rng.js';

/** A side of the maze; a cell on it is picked from the seed. */
export type Side = 'top' | 'bottom' | 'left' | 'right';
export const SIDES: readonly Side[] = ['top', 'bottom', 'left', 'right'];
/** A side of the shape, or on the polar grid its centre cell or a cell of the outer ring. */
export type GridSide = Side | 'centre' | 'center' | 'outer';
/**
 * An end the carved maze decides: EXIT 'farthest' is the free cell farthest from the
 * entry; ENTRY and EXIT 'hardest' (both, together) are two cells farthest apart.
 */
export type EndpointRule = 'farthest' | 'hardest';
export const ENDPOINT_RULES: readonly EndpointRule[] = ['farthest', 'hardest'];
/** What ENTRY or EXIT may be on the plain square grid: a cell, a side, or a rule. */
export type EndSpec = Point | Side | EndpointRule;
/**
 * What ENTRY or EXIT may be on any grid: a cell as {x: col, y: row} (polar: {x: index,
 * y: ring}) or as its cell number, a side ('centre' and 'outer' on the polar grid), or a rule.
 */
export type MazeEnd = Point | number | GridSide | EndpointRule;

export const DEFAULT_GENERATOR = 'DFS';
export const DEFAULT_SOLVER = 'AStar';

/** Everything that decides a maze, on any grid, mask, outline and wrap. */
export interface MazeOptions {
  /** square, hex, triangle, polar, or an alias. Named: the result is a `GridMaze` with cell numbers as ends (see `generateMaze`). */
  grid?: GridKind | string;
  /** Columns (polar: the first ring's count, default 6). Absent with a mask: the mask's width. */
  width?: number;
  /** Rows (polar: rings around the centre). Absent with a mask: the mask's height. */
  height?: number;
  /** Which opposite edges are joined (default none). */
  wrap?: Wrap | string;
  /** Cells left out (parsed: the CLI reads text or PNG files). */
  mask?: MaskData;
  /** A built-in outline. */
  shape?: OutlineName | string;
  /** Default: the first free cell ((0, 0) on the square grid; the centre on the polar one). 'hardest' goes with exit 'hardest'; 'farthest' is for the exit only. */
  entry?: MazeEnd;
  /** Default: the last free cell ((width - 1, height - 1) on the square grid; a cell of the outer ring on the polar one). */
  exit?: MazeEnd;
  /** true (default): a spanning tree; false: a Pac-Man board with loops. */
  perfect?: boolean;
  /** Integer or any text. Default: a random seed (see `result.seed`). */
  seed?: Seed;
  /** Generator name or alias. Default 'DFS'. */
  generator?: string;
  /** Another name for `generator` (the seed project's word); `generator` wins when both are given. */
  algorithm?: string;
  /** Algorithm-specific variant (Growing Tree's method, Binary Tree's corner). */
  variant?: string;
  /**
   * Coarse progress for a progress bar, phase by phase: 'generate' (cells carved),
   * 'braid', 'endpoints' (EXIT=farthest, hardest) or, with LEVEL, 'level' for all the
   * candidates together. Never part of the maze.
   */
  onProgress?: PhasedProgressReporter;
  /** Allocate a plain square maze on a SharedArrayBuffer (`Maze.shared`), for a reader in another thread. Default false. */
  sharedMemory?: boolean;
  /** Percentage (0..100) of dead ends removed when perfect is false. Default 100. */
  braid?: number;
  /** DFS direction bias, 1..10. Default 5 (even). */
  difficulty?: number;
  /** '42' (default) draws the pattern where it fits on the plain square grid; 'none' leaves it out. */
  pattern?: '42' | 'none';
  /** Keep, among LEVEL_CANDIDATES mazes made from the seed, one whose difficulty score is in this level's band (levels.ts). */
  level?: Level;
}

/** A plain square maze, asked for by naming no grid (nor wrap, mask or outline): `generateMaze` gives a `Maze` with Point ends. */
export interface SquareMazeOptions extends MazeOptions {
  grid?: undefined;
  wrap?: 'none';
  mask?: undefined;
  shape?: undefined;
  width: number;
  height: number;
  entry?: EndSpec;
  exit?: EndSpec;
}

/** A maze on a named grid (the square one too): `generateMaze` gives a `GridMaze` with cell numbers as ends. */
export interface GridMazeRequest extends MazeOptions {
  grid: GridKind | string;
}

/** How a result names its ends: a Point on the plain square `Maze`, a cell number on any `GridMaze`. */
export type MazeEndOf<M extends GridMaze> = M extends Maze ? Point : number;

/** A generated maze and what decided it; `GeneratedMaze<Maze>` for a plain square request. */
export interface GeneratedMaze<M extends GridMaze = GridMaze> {
  maze: M;
  entry: MazeEndOf<M>;
  exit: MazeEndOf<M>;
  /** The seed text used (the random one where none was given). */
  seed: string;
  generator: GeneratorAlgorithm;
  perfect: boolean;
  braid: number;
  difficulty: number;
  /** True when the 42 pattern was drawn. */
  patternPlaced: boolean;
  /** True for the plain square grid (no wrap, mask or outline): the 42 subject's maze, written as a hex file. */
  plainSquare: boolean;
  /** The built-in outline cut out of the grid, if any. */
  shape?: OutlineName;
  /** What the braiding did, for imperfect mazes. */
  braidReport?: BraidReport;
  /** What LEVEL chose, when it was asked for (`seed` stays the seed LEVEL picks from; `level.seed` makes the same maze without LEVEL). */
  level?: LevelPick;
  /** The rule that placed the exit (and the entry, for 'hardest'), if any; the ends' distance in moves. */
  endpoints?: { rule: EndpointRule; distance: number };
  /** One-line messages for the user (pattern left out, board smaller than asked, ...). */
  notes: string[];
}

/** True when the options name no grid, wrap, mask or outline: the request `generateMaze` answers with a `Maze` and Point ends. */
export function isSquareRequest(options: MazeOptions): options is SquareMazeOptions {
  return (
    options.grid === undefined && (options.wrap === undefined || options.wrap === 'none') && !options.mask && options.shape === undefined
  );
}

/** A fresh random seed: 9 decimal digits from the platform's crypto source, not the unseeded built-in generator. */
export function randomSeed(): string {
  const words = new Uint32Array(1);
  // Node >= 20 and browsers both have Web Crypto as a global; the library's lib has no DOM types.
  (globalThis as unknown as { crypto: { getRandomValues(a: Uint32Array): Uint32Array } }).crypto.getRandomValues(words);
  return String(100_000_000 + (words[0] % 900_000_000));
}

/** A wrong value named with its type, for messages: "the string '20'", "an object", "the boolean true". */
export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return `the string '${value.length > 40 ? `${value.slice(0, 37)}... (${value.length} characters)` : value}'`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return `the ${typeof value} ${String(value)}`;
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'function' ? 'a function' : typeof value === 'symbol' ? 'a symbol' : 'an object';
}
