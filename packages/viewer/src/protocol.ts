import type { GridMazeRequest, SquareMazeOptions, Point, Theme } from 'mazegen';

/** What the page asks the worker to make. */
export interface GenerateRequest {
  type: 'generate';
  /** Increases with every request, so late answers to old requests are dropped. */
  id: number;
  options: SquareMazeOptions;
  solver: string;
  /** Record the step traces for animation (costs memory; off for instant runs). */
  record: boolean;
  /** A maze that is not a plain square one: generateMaze's options (then `options` is unused). */
  grid?: GridMazeRequest;
  /** Record now, even a big maze (the page asks so after showing the instant run's maze). */
  traceNow?: boolean;
}

/**
 * A recorded run of more cells than this is made twice: first without recording (the
 * library's fast loops), so the page shows the maze at once, then with its trace, which the
 * page asks for once it has shown the maze (so the worker draws that picture first).
 */
export const SHOW_FIRST_CELLS = 200_000;

/** The maze's drawing, whatever it is for: its bytes (a copy of `maze.data`, any grid: GridMaze.from), its ends, path and theme. */
export interface PictureSource {
  data: ArrayBuffer;
  /** Drawn as the plain square grid (the square plug-in: drawMaze and toSvg, the 42 in its colour). */
  square: boolean;
  /** The ends as cell numbers. */
  entry?: number;
  exit?: number;
  path?: Int32Array;
  theme: Theme;
  /** Cell tints (the distance theme's bands), and their colours. */
  shade?: Uint8Array;
  shadeColors?: readonly string[];
}

/** Draw the screen image off the main thread (MazePicture.drawAll at a pitch). */
export interface PictureRequest extends PictureSource {
  type: 'picture';
  id: number;
  pitch: number;
}

export interface PictureMessage {
  type: 'picture';
  id: number;
  /** RGBA pixels of the whole image, transferred. */
  pixels: ArrayBuffer;
}

/** Make an export file: the SVG or PNG `a-maze-ing render` writes for these options. */
export interface ExportRequest extends PictureSource {
  type: 'export';
  id: number;
  kind: 'svg' | 'png';
  cellSize: number;
  title: string;
}

export interface ExportMessage {
  type: 'export';
  id: number;
  /** The SVG's bytes, or the PNG's RGBA pixels when the worker has no OffscreenCanvas. */
  blob?: Blob;
  pixels?: ArrayBuffer;
  width: number;
  height: number;
}

/** How far a generation has got (posted a few times a second while it runs). */
export interface ProgressMessage {
  type: 'progress';
  id: number;
  phase: 'generate' | 'solve';
  /** 0..1, an estimate from the steps taken. */
  fraction: number;
  /** Steps taken so far (a random walk's wanderings included). */
  steps: number;
}

export type WorkerRequest = GenerateRequest | PictureRequest | ExportRequest;

/** A batch of recorded steps, packed one per word by `packStep`. */
export interface StepsMessage {
  type: 'steps';
  id: number;
  phase: 'generate' | 'solve';
  steps: Uint32Array;
}

/** The finished maze: `data` is `maze.data` of any grid, transferred (rebuild with GridMaze.from). */
export interface DoneMessage {
  type: 'done';
  id: number;
  data: ArrayBuffer;
  /** The ends as cell numbers, and as the panel writes them (x,y; polar index,ring). */
  entryCell: number;
  exitCell: number;
  entry: Point;
  exit: Point;
  seed: string;
  generator: string;
  solver: string;
  solverShortest: boolean;
  patternPlaced: boolean;
  notes: string[];
  /** What LEVEL kept, when it was asked for. */
  level?: { level: string; score: number; candidate: number; candidates: number; inBand: boolean };
  /** The rule that placed the ends (farthest, hardest) and their distance in moves. */
  endpoints?: { rule: string; distance: number };
  /** The solver's path, entry to exit. */
  path: Int32Array;
  /** Cells the solver explored. */
  visited: number;
  deadEnds: number;
  generateMs: number;
  solveMs: number;
  /** The instant run of a recorded request (SHOW_FIRST_CELLS): its trace comes when the page asks (traceNow). */
  traceNext?: boolean;
  /** Steps recorded per phase (0 when not recording). */
  generateSteps: number;
  solveSteps: number;
  /** A grid maze's outline and whether it is perfect (the graph JSON says so). */
  shape?: string;
  perfect?: boolean;
}

export interface ErrorMessage {
  type: 'error';
  id: number;
  message: string;
}

export type WorkerMessage = StepsMessage | DoneMessage | ErrorMessage | PictureMessage | ExportMessage | ProgressMessage;

/** Steps are recorded for mazes of up to 2^25 cells: cell, kind and direction share one word. */
export const MAX_RECORDED_CELLS = 2 ** 25;

/** A grid's wall step names its wall by the slot's bit (1 << slot, up to 1 << 14 on the polar grid): packed as the slot itself. */
export function slotOfBit(bit: number): number {
  return 31 - Math.clz32(bit);
}

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
