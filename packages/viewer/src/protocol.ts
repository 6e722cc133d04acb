import type { MazeOptions, Point } from 'mazegen';

/** What the page asks the worker to make. */
export interface GenerateRequest {
  type: 'generate';
  /** Increases with every request, so late answers to old requests are dropped. */
  id: number;
  options: MazeOptions;
  solver: string;
  /** Record the step traces for animation (costs memory; off for instant runs). */
  record: boolean;
}

/** Draw a maze image off the main thread (MazeRaster.drawAll on copies of the arrays). */
export interface RasterRequest {
  type: 'raster';
  id: number;
  width: number;
  height: number;
  pitch: number;
  cells: Uint8Array;
  paint: Uint8Array;
  palette: Uint32Array;
}

export interface RasterMessage {
  type: 'raster';
  id: number;
  /** RGBA pixels of the whole image, transferred. */
  pixels: ArrayBuffer;
}

export type WorkerRequest = GenerateRequest | RasterRequest;

/** A batch of recorded steps, packed one per word by `packStep`. */
export interface StepsMessage {
  type: 'steps';
  id: number;
  phase: 'generate' | 'solve';
  steps: Uint32Array;
}

/** The finished maze: `data` is `maze.data`, transferred (rebuild with Maze.from). */
export interface DoneMessage {
  type: 'done';
  id: number;
  data: ArrayBuffer;
  entry: Point;
  exit: Point;
  seed: string;
  generator: string;
  solver: string;
  solverShortest: boolean;
  patternPlaced: boolean;
  notes: string[];
  /** The solver's path, entry to exit. */
  path: Int32Array;
  /** Cells the solver explored. */
  visited: number;
  deadEnds: number;
  generateMs: number;
  solveMs: number;
  /** Steps recorded per phase (0 when not recording). */
  generateSteps: number;
  solveSteps: number;
}

export interface ErrorMessage {
  type: 'error';
  id: number;
  message: string;
}

export type WorkerMessage = StepsMessage | DoneMessage | ErrorMessage | RasterMessage;

/** Steps are recorded for mazes of up to 2^25 cells: cell, kind and direction share one word. */
export const MAX_RECORDED_CELLS = 2 ** 25;

/** One step in one 32-bit word: cell * 128 + kind * 16 + dir. */
export function packStep(kind: number, cell: number, dir: number): number {
  return cell * 128 + kind * 16 + dir;
}

export function stepCell(word: number): number {
  return word >>> 7;
}

export function stepKind(word: number): number {
  return (word >>> 4) & 7;
}

export function stepDir(word: number): number {
  return word & 15;
}
