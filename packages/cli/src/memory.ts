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
import { getHeapStatistics } from 'node:v8';
import { constants as bufferConstants } from 'node:buffer';
import { DEFAULT_GENERATOR, DEFAULT_SOLVER, MAX_CELLS, resolveGenerator, resolveSolver } from 'mazegen';
import { formatBytes } from './io.js';

/** The path: 4 bytes per cell on it plus 1 for its letter; at worst every cell is on it. */
const PATH_BYTES = 5;
/** Braiding (PERFECT=False): a shuffled cell order and the list of dead ends. */
const BRAID_BYTES = 6;
/** Node itself, the modules and the heap before the maze: a fixed allowance. */
export const BASE_BYTES = 64 * 2 ** 20;

export interface RunShape {
  generator?: string;
  solver?: string;
  perfect?: boolean;
  /** True when the output file is written row by row rather than built whole first. */
  streamedWrite?: boolean;
}

export interface PhaseNeed {
  phase: 'generate' | 'solve' | 'write';
  /** Bytes at the phase's peak, the maze included. */
  bytes: number;
}

export interface MemoryNeed {
  cells: number;
  phases: PhaseNeed[];
  /** The largest phase. */
  peak: number;
  /** Of the peak, what must fit on the JavaScript heap. */
  heap: number;
}


/** Bytes a width x height run needs, phase by phase. */
export function estimateMemory(width: number, height: number, shape: RunShape = {}): MemoryNeed {
  const cells = width * height;
  // Each algorithm states its own scratch need in the registry.
  const generator = resolveGenerator(shape.generator ?? DEFAULT_GENERATOR).scratchBytesPerCell;
  const solver = resolveSolver(shape.solver ?? DEFAULT_SOLVER).scratchBytesPerCell;
  const braid = shape.perfect === false ? BRAID_BYTES : 0;
  const hexBytes = (width + 1) * height;
  const phases: PhaseNeed[] = [
    { phase: 'generate', bytes: BASE_BYTES + cells * (1 + Math.max(generator, braid)) },
    // The path outlives the solve; a second BFS (for a solver that may not find a shortest path) adds nothing.
    { phase: 'solve', bytes: BASE_BYTES + cells * (1 + solver + PATH_BYTES) },
    { phase: 'write', bytes: BASE_BYTES + cells * (1 + PATH_BYTES) + (shape.streamedWrite ? Math.min(hexBytes, 2 ** 22) : hexBytes) },
  ];
  const peak = Math.max(...phases.map((p) => p.bytes));
  return { cells, phases, peak, heap: cells /* the path's letters, one byte each at worst */ };
}

/** What this machine offers, in bytes. */
export interface MemoryLimits {
  /** Memory the process may still take (free memory, or a cgroup limit). */
  free: number;
  /** V8 heap still available. */
  heapFree: number;
  /** The largest single ArrayBuffer. */
  maxBuffer: number;
}

function currentLimits(): MemoryLimits {
  const fromProcess = (process as unknown as { availableMemory?: () => number }).availableMemory?.();
  const osFree = freemem() || totalmem();
  const free = fromProcess !== undefined && fromProcess > 0 ? Math.min(fromProcess, osFree) : osFree;
  const heap = getHeapStatistics();
  return { free, heapFree: heap.heap_size_limit - heap.used_heap_size, maxBuffer: bufferConstants.MAX_LENGTH };
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

function fitsIn(need: MemoryNeed, limits: MemoryLimits): boolean {
  return need.cells <= MAX_CELLS && need.peak <= limits.free && need.heap <= limits.heapFree && need.cells <= limits.maxBuffer;
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
  if (need.peak > limits.free) limit.push(`${formatBytes(limits.free)} is free here`);
  if (need.heap > limits.heapFree) limit.push(`its path may need ${formatBytes(need.heap)} of JavaScript heap and ${formatBytes(limits.heapFree)} is left`);
  if (need.cells > limits.maxBuffer) limit.push(`one buffer holds at most ${formatBytes(limits.maxBuffer)}`);
  throw new MemoryFitError(
    `WIDTH x HEIGHT = ${width}x${height} is ${need.cells} cells, about ${formatBytes(need.peak)} of memory to make, solve and write with ${using}; ` +
      `${limit.join('; ')}, which fits about ${fits} cells (for example ${side}x${side})`,
    need,
  );
}
