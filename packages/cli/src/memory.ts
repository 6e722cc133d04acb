/**
 * How much memory a maze needs, worked out before any of it is allocated, so that a
 * run that cannot fit stops at once with a message saying what does fit.
 *
 * The figures are bytes per cell at each phase's peak, read off the algorithms'
 * typed arrays and checked against `npm run bench`'s peak-memory column (see
 * docs/design.md and BENCHMARKS.md): the maze is one byte per cell; the DFS generator
 * and the BFS and DFS solvers keep their state in the cell bytes' spare bits. Typed
 * arrays live outside the JavaScript heap, so they are checked against free memory;
 * what lives on the heap (the path's letters, braiding's lists) is checked against
 * V8's heap limit too.
 */
import { freemem, totalmem } from 'node:os';
import {
  DEFAULT_GENERATOR,
  estimateRunMemory,
  MAX_CELLS,
  resolveGenerator,
  STREAMING_GENERATORS,
  type MemoryPhase,
  type RunMemoryOptions,
} from 'mazegen';
import { UsageError } from './errors.js';
import { formatBytes } from './io.js';
import { builtin } from './builtin.js';

/** Node itself, the modules and the heap before the maze: a fixed allowance. */
export const BASE_BYTES = 64 * 2 ** 20;

export interface RunShape {
  generator?: string;
  solver?: string;
  perfect?: boolean;
  /** True when the output file is written row by row rather than built whole first. */
  streamedWrite?: boolean;
  /** ENTRY/EXIT found on the carved maze (EXIT=farthest, ENTRY=EXIT=hardest): the generate phase holds their search; never streams. */
  endpoints?: 'farthest' | 'hardest';
  /** stats and --stats: `analyze` and `measureDifficulty` run on the maze too. */
  analysis?: boolean;
  /** True for the command that has --stream (the default one): a refusal then says when Eller could stream the maze. */
  offerStream?: boolean;
}

export interface PhaseNeed {
  phase: MemoryPhase;
  /** Bytes at the phase's peak, the maze and Node's own allowance included. */
  bytes: number;
  /** Of those, bytes on the JavaScript heap. */
  heap?: number;
}

export interface MemoryNeed {
  cells: number;
  phases: PhaseNeed[];
  /** The largest phase. */
  peak: number;
  /** The largest need on the JavaScript heap. */
  heap: number;
  /** The longest string the run builds, in characters (0: everything goes in chunks). */
  text?: number;
}

/** The library's figures for a run (mazegen's run-memory.ts), with Node's own allowance added to each phase. */
export function runNeed(options: RunMemoryOptions): MemoryNeed {
  const run = estimateRunMemory(options);
  const phases = run.phases.map((p) => ({ phase: p.phase, bytes: BASE_BYTES + p.bytes, heap: p.heap }));
  return { cells: run.cells, phases, peak: BASE_BYTES + run.peak, heap: run.heap, text: run.text };
}

/** The plain square grid's run shape as the library's options (the hex file, whose path may come from treePath). */
function squareOptions(width: number, height: number, shape: RunShape): RunMemoryOptions {
  return {
    width,
    height,
    generator: shape.generator,
    solver: shape.solver,
    perfect: shape.perfect,
    endpoints: shape.endpoints,
    analysis: shape.analysis,
    streamedWrite: shape.streamedWrite,
    treePath: true,
    output: { format: 'hex' },
  };
}

/** Bytes a plain square width x height run needs, phase by phase. */
export function estimateMemory(width: number, height: number, shape: RunShape = {}): MemoryNeed {
  return runNeed(squareOptions(width, height, shape));
}

/** A streamed maze's hex text is written in chunks of about this many bytes. */
export const STREAM_CHUNK_BYTES = 2 ** 22;
/** The row solver's base band: this many cells are read and searched at once. */
export const STREAM_BASE_CELLS = 2 ** 22;
/** Rows read per call in the row solver's passes, in cells. */
export const STREAM_BLOCK_CELLS = 2 ** 20;
/**
 * Per column, what a stream keeps: Eller's row state (6 int32 arrays and the two-row
 * buffer) and, in the path's passes, the labels, union-find, endpoint lists, stamps and
 * the contracted forest between two rows (about 25 int32 or double arrays of width).
 */
const STREAM_BYTES_PER_COLUMN = 160;
/**
 * Per column of each part a split makes (at most 64 parts and about 2^20 columns in
 * all, at least two): the part's first and last rows' nodes and cells, and the
 * contracted forest's node and edge arrays.
 */
const STREAM_BYTES_PER_PART_COLUMN = 112;
/** A base band's bytes per cell: its walls (the search walks them with its hand on the wall, marking nothing). */
const STREAM_BASE_BYTES_PER_CELL = 1;
/** The path's letters, held twice at worst (per piece, then joined), one byte each. */
const STREAM_PATH_BYTES = 2;

/** True when GENERATOR and PERFECT allow streaming (Eller, PERFECT=True). */
export function canStream(shape: RunShape): boolean {
  return (
    STREAMING_GENERATORS.includes(resolveGenerator(shape.generator ?? DEFAULT_GENERATOR).name) &&
    shape.perfect !== false &&
    shape.endpoints === undefined
  );
}

/**
 * Bytes a streamed width x height maze needs: O(width) for the rows and the row passes,
 * a base band, and the path, which at worst visits every cell (its letters are typed
 * arrays, off the JavaScript heap; the heap holds per-piece bookkeeping, O(width) per
 * split row the path crosses, counted here as the width's arrays).
 */
export function estimateStreamMemory(width: number, height: number): MemoryNeed {
  const cells = width * height;
  const columns = width * STREAM_BYTES_PER_COLUMN + Math.max(2 * width, Math.min(64 * width, 2 ** 20)) * STREAM_BYTES_PER_PART_COLUMN;
  const band = Math.max(STREAM_BASE_CELLS, width) * STREAM_BASE_BYTES_PER_CELL + Math.max(STREAM_BLOCK_CELLS, width);
  const phases: PhaseNeed[] = [
    { phase: 'generate', bytes: BASE_BYTES + columns + Math.max(STREAM_CHUNK_BYTES, width + 1) },
    // The path thread's passes start while the rows are still made: the chunk buffer is held too.
    { phase: 'solve', bytes: BASE_BYTES + columns + band + Math.max(STREAM_CHUNK_BYTES, width + 1) + cells * STREAM_PATH_BYTES },
    { phase: 'write', bytes: BASE_BYTES + (cells * STREAM_PATH_BYTES) / 2 },
  ];
  const peak = Math.max(...phases.map((p) => p.bytes));
  return { cells, phases, peak, heap: columns };
}

/** True when a width x height run (streamed when `stream`) fits this machine. */
export function fitsMemory(
  width: number,
  height: number,
  shape: RunShape,
  stream: boolean,
  limits: MemoryLimits = currentLimits(),
): boolean {
  return stream ? streamFitsIn(estimateStreamMemory(width, height), limits) : fitsIn(estimateMemory(width, height, shape), limits);
}

function streamFitsIn(need: MemoryNeed, limits: MemoryLimits): boolean {
  return need.peak <= limits.free && heapFits(need, limits) && need.cells <= MAX_CELLS;
}

/** Refuses a streamed maze that cannot fit even row by row (its width, or its path). */
export function checkStreamFits(width: number, height: number, limits: MemoryLimits = currentLimits()): MemoryNeed {
  const need = estimateStreamMemory(width, height);
  if (streamFitsIn(need, limits)) return need;
  const limit: string[] = [];
  if (need.cells > MAX_CELLS) limit.push(`a maze holds at most ${MAX_CELLS} cells`);
  if (need.peak > limits.free) limit.push(freeText(limits));
  if (need.heap > limits.heapFree)
    limit.push(`its rows need ${formatBytes(need.heap)} of JavaScript heap and ${formatBytes(limits.heapFree)} is left`);
  throw new MemoryFitError(
    `WIDTH x HEIGHT = ${width}x${height} is ${need.cells} cells; streamed row by row it still needs about ${formatBytes(need.peak)} ` +
      `(its width's row state and, at worst, a path through every cell); ${limit.join('; ')}`,
    need,
  );
}

/** What this machine offers, in bytes. */
export interface MemoryLimits {
  /** Memory the process may still take (free memory, or a cgroup limit). */
  free: number;
  /** V8 heap still available. */
  heapFree: number;
  /** The largest single ArrayBuffer. */
  maxBuffer: number;
  /** Set when `free` is the user's cap rather than the machine's free memory: the variable's name. */
  cappedBy?: string;
}

/** The environment variable that caps the memory a run may take (a number of bytes, with an optional unit). */
export const MAX_MEMORY_ENV = 'AMAZEING_MAX_MEMORY';

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 2 ** 10,
  kb: 2 ** 10,
  kib: 2 ** 10,
  m: 2 ** 20,
  mb: 2 ** 20,
  mib: 2 ** 20,
  g: 2 ** 30,
  gb: 2 ** 30,
  gib: 2 ** 30,
  t: 2 ** 40,
  tb: 2 ** 40,
  tib: 2 ** 40,
};

/** AMAZEING_MAX_MEMORY's value in bytes ('1.5G', '512MiB', '1000000'); undefined when unset or empty; a usage error when unreadable. */
export function parseMemoryCap(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match ? UNITS[match[2].toLowerCase()] : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : NaN;
  if (!(bytes > 0)) throw new UsageError(`${MAX_MEMORY_ENV} must be a size such as 2G, 512MiB or 1000000 (bytes), got '${text}'`);
  return bytes;
}

export function currentLimits(): MemoryLimits {
  const fromProcess = (process as unknown as { availableMemory?: () => number }).availableMemory?.();
  const osFree = freemem() || totalmem();
  const free = fromProcess !== undefined && fromProcess > 0 ? Math.min(fromProcess, osFree) : osFree;
  const cap = parseMemoryCap(process.env[MAX_MEMORY_ENV]);
  let heapFree: number | undefined;
  const limits: MemoryLimits = {
    free,
    // Read when first compared: node:v8 loads some thirty internal modules (2-3 ms of a small run).
    get heapFree() {
      if (heapFree === undefined) {
        const heap = builtin('node:v8').getHeapStatistics();
        heapFree = heap.heap_size_limit - heap.used_heap_size;
      }
      return heapFree;
    },
    maxBuffer: builtin('node:buffer').constants.MAX_LENGTH,
  };
  if (cap !== undefined && cap < free) {
    limits.free = cap;
    limits.cappedBy = MAX_MEMORY_ENV;
  }
  return limits;
}

/** What is free, as the refusal says it: the machine's free memory, or the user's cap. */
export function freeText(limits: MemoryLimits): string {
  return limits.cappedBy ? `${formatBytes(limits.free)} is allowed (${limits.cappedBy})` : `${formatBytes(limits.free)} is free here`;
}

/** A maze that does not fit; the message says what would. */
export class MemoryFitError extends Error {
  readonly need: MemoryNeed;
  constructor(message: string, need: MemoryNeed) {
    super(message);
    this.name = 'MemoryFitError';
    this.need = need;
  }
}

/** The largest cell count whose run fits `limits`, by bisection over the estimate. */
export function largestFitting(shape: RunShape, limits: MemoryLimits): number {
  let low = 0;
  let high = MAX_CELLS;
  while (low < high) {
    const mid = Math.floor((low + high + 1) / 2);
    const side = Math.ceil(Math.sqrt(mid));
    if (fitsIn(estimateMemory(side, side, shape), limits)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Heap needs up to this always fit: V8 runs this CLI in nothing smaller (its young generation alone is about as big). */
const SURE_HEAP_BYTES = 16 * 2 ** 20;

/** Whether the heap part of a need fits; a small need is not compared with V8's figures at all. */
function heapFits(need: MemoryNeed, limits: MemoryLimits): boolean {
  return need.heap <= SURE_HEAP_BYTES || need.heap <= limits.heapFree;
}

function fitsIn(need: MemoryNeed, limits: MemoryLimits): boolean {
  return need.cells <= MAX_CELLS && need.peak <= limits.free && heapFits(need, limits) && need.cells <= limits.maxBuffer;
}

/**
 * Throws a MemoryFitError when a width x height run will not fit, naming the need, what
 * is free and the largest square that fits; returns the estimate otherwise.
 */
export function checkFits(width: number, height: number, shape: RunShape = {}, limits: MemoryLimits = currentLimits()): MemoryNeed {
  const need = estimateMemory(width, height, shape);
  if (fitsIn(need, limits)) return need;
  const fits = largestFitting(shape, limits);
  const side = Math.floor(Math.sqrt(fits));
  const using = `${shape.generator ?? 'DFS'} and ${shape.solver ?? 'AStar'}`;
  const limit: string[] = [];
  if (need.cells > MAX_CELLS) limit.push(`a maze holds at most ${MAX_CELLS} cells`);
  if (need.peak > limits.free) limit.push(freeText(limits));
  if (need.heap > limits.heapFree)
    limit.push(`its path may need ${formatBytes(need.heap)} of JavaScript heap and ${formatBytes(limits.heapFree)} is left`);
  if (need.cells > limits.maxBuffer) limit.push(`one buffer holds at most ${formatBytes(limits.maxBuffer)}`);
  // Said only where it is true: this shape cannot stream, and the maze would fit streamed.
  const streamHint =
    shape.offerStream && !canStream(shape) && streamFitsIn(estimateStreamMemory(width, height), limits)
      ? `; GENERATOR=Eller with PERFECT=True can stream it row by row (--stream) in about ${formatBytes(estimateStreamMemory(width, height).peak)}`
      : '';
  throw new MemoryFitError(
    `WIDTH x HEIGHT = ${width}x${height} is ${need.cells} cells, about ${formatBytes(need.peak)} of memory to make, solve and write with ${using}; ` +
      `${limit.join('; ')}, which fits about ${fits} cells (for example ${side}x${side})${streamHint}`,
    need,
  );
}
