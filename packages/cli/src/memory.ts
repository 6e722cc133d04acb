/**
 * How much memory a run needs, worked out before any of it is allocated, so that a run
 * that cannot fit stops at once with a message saying what does fit.
 *
 * The figures are the library's (`estimateRunMemory`, mazegen's run-memory.ts: bytes a
 * phase for any grid, algorithm and output, from the topology and the registry; see
 * docs/design.md, "Memory before work"); this file adds Node's own allowance and
 * compares them with what this machine offers: the free memory less a tenth left to the
 * rest of it, or AMAZEING_MAX_MEMORY; V8's heap for what lives on it (the path's
 * letters, text built whole); V8's longest string; MAX_CELLS. It also weighs a streamed
 * Eller maze, and collects a big generation's leftovers before its solve.
 */
import { freemem, totalmem } from 'node:os';
import { MAX_CELLS, resolveGenerator } from 'mazegen';
import {
  DEFAULT_GENERATOR,
  estimateRunMemory,
  gridCellCount,
  resolveGridKind,
  STREAMING_GENERATORS,
  type MemoryPhase,
  type RunMemoryOptions,
} from 'mazegen/internal';
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

/**
 * The library's figures for a run (mazegen's run-memory.ts), with Node's own allowance
 * added to each phase; `only` keeps the phases that will run (a maze read from a file is
 * only written).
 */
export function runNeed(options: RunMemoryOptions, only?: readonly MemoryPhase[]): MemoryNeed {
  const run = estimateRunMemory(options);
  const phases = run.phases
    .filter((p) => !only || only.includes(p.phase))
    .map((p) => ({ phase: p.phase, bytes: BASE_BYTES + p.bytes, heap: p.heap }));
  if (phases.length === 0) return { cells: run.cells, phases, peak: Infinity, heap: Infinity, text: Infinity };
  return {
    cells: run.cells,
    phases,
    peak: Math.max(...phases.map((p) => p.bytes)),
    heap: Math.max(...phases.map((p) => p.heap)),
    text: run.text,
  };
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
  /** Memory the run may plan to take: free memory less a margin, a cgroup limit, or the user's cap. */
  free: number;
  /** V8 heap still available. */
  heapFree: number;
  /** The largest single ArrayBuffer. */
  maxBuffer: number;
  /** The longest string V8 makes, in characters (absent: not compared). */
  maxString?: number;
  /** Set when `free` is the user's cap rather than the machine's free memory: the variable's name. */
  cappedBy?: string;
  /** Held back from the machine's free memory for the rest of the machine (set when `free` is the machine's). */
  margin?: number;
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

/** The share of the machine's free memory a run leaves to everything else (other programs, the page cache, what the estimate misses). */
const MARGIN_SHARE = 0.1;

export function currentLimits(): MemoryLimits {
  const fromProcess = (process as unknown as { availableMemory?: () => number }).availableMemory?.();
  const osFree = freemem() || totalmem();
  const machineFree = fromProcess !== undefined && fromProcess > 0 ? Math.min(fromProcess, osFree) : osFree;
  const margin = Math.ceil(machineFree * MARGIN_SHARE);
  const cap = parseMemoryCap(process.env[MAX_MEMORY_ENV]);
  let heapFree: number | undefined;
  const { constants } = builtin('node:buffer');
  const limits: MemoryLimits = {
    free: machineFree - margin,
    margin,
    // Read when first compared: node:v8 loads some thirty internal modules (2-3 ms of a small run).
    get heapFree() {
      if (heapFree === undefined) {
        const heap = builtin('node:v8').getHeapStatistics();
        heapFree = heap.heap_size_limit - heap.used_heap_size;
      }
      return heapFree;
    },
    maxBuffer: constants.MAX_LENGTH,
    maxString: constants.MAX_STRING_LENGTH,
  };
  if (cap !== undefined && cap < limits.free) {
    limits.free = cap;
    limits.margin = undefined;
    limits.cappedBy = MAX_MEMORY_ENV;
  }
  return limits;
}

/** What is free, as the refusal says it: the machine's free memory less the margin, or the user's cap. */
export function freeText(limits: MemoryLimits): string {
  if (limits.cappedBy) return `${formatBytes(limits.free)} is allowed (${limits.cappedBy})`;
  if (limits.margin !== undefined)
    return `${formatBytes(limits.free)} may be used here (${formatBytes(limits.free + limits.margin)} is free, less a tenth left to the rest of the machine; ${MAX_MEMORY_ENV} can set a lower cap)`;
  return `${formatBytes(limits.free)} is free here`;
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

/** How a refusal names the run: its size as the config gives it, and what the memory is for. */
export interface RunWords {
  /** 'WIDTH x HEIGHT = 20x15', 'GRID=hex, WIDTH x HEIGHT = 20000x20000'. */
  size: string;
  /** 'make, solve and write with DFS and AStar' (runDoing), 'write as PDF'. */
  doing: string;
  /** True for the command that has --stream (the default one): a refusal then says when Eller could stream the maze. */
  offerStream?: boolean;
  /** The phases that will run (default: every one). */
  only?: readonly MemoryPhase[];
}

/** Output formats as a refusal names them. */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  hex: 'hex file',
  graph: 'graph JSON',
  svg: 'SVG',
  png: 'PNG',
  pdf: 'PDF',
  ascii: 'text',
  unicode: 'text',
  blocks: 'block matrix',
  json: 'JSON',
};

/** 'write as PDF' for an output, 'write' for the plain square maze's hex file (and for nothing to write). */
export function writing(options: Pick<RunMemoryOptions, 'output' | 'analysis'>): string {
  const format = options.output?.format ?? 'hex';
  if (format === 'none') return options.analysis ? 'measure' : 'write';
  return format === 'hex' ? 'write' : `write as ${FORMAT_NAMES[format]}`;
}

/** What a config's run needs its memory for: 'make, solve and write as graph JSON with DFS and AStar'. */
export function runDoing(options: RunMemoryOptions): string {
  return `make, solve and ${writing(options)} with ${options.generator ?? 'DFS'} and ${options.solver ?? 'AStar'}`;
}

/** The run at another size: side x side, or on the polar grid `side` rings around the same first ring. */
function atSize(options: RunMemoryOptions, side: number): RunMemoryOptions {
  return isPolar(options) ? { ...options, height: side } : { ...options, width: side, height: side };
}

function isPolar(options: RunMemoryOptions): boolean {
  return resolveGridKind(options.grid ?? 'square') === 'polar';
}

/** The largest size (a side, or the polar grid's rings) whose run fits `limits`, by bisection over the estimate; 0 when none does. */
export function largestFittingSide(options: RunMemoryOptions, limits: MemoryLimits, only?: readonly MemoryPhase[]): number {
  let low = 0;
  // Past these, a grid has more than MAX_CELLS cells (polar rings: some 26000).
  let high = isPolar(options) ? 30_000 : Math.floor(Math.sqrt(MAX_CELLS));
  while (low < high) {
    const mid = Math.floor((low + high + 1) / 2);
    let fits = false;
    try {
      fits = fitsIn(runNeed(atSize(options, mid), only), limits);
    } catch {
      fits = false; // a size the grid refuses (a wrap needs 3 rows): not one to name
    }
    if (fits) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The largest cell count whose plain square run fits `limits`. */
export function largestFitting(shape: RunShape, limits: MemoryLimits): number {
  return largestFittingSide(squareOptions(1, 1, shape), limits) ** 2;
}

/** Heap needs up to this always fit: V8 runs this CLI in nothing smaller (its young generation alone is about as big). */
const SURE_HEAP_BYTES = 16 * 2 ** 20;

/** Whether the heap part of a need fits; a small need is not compared with V8's figures at all. */
function heapFits(need: MemoryNeed, limits: MemoryLimits): boolean {
  return need.heap <= SURE_HEAP_BYTES || need.heap <= limits.heapFree;
}

/** True when a need fits the limits: its peak, its heap, its longest string, its cells. */
export function needFits(need: MemoryNeed, limits: MemoryLimits): boolean {
  return fitsIn(need, limits);
}

function fitsIn(need: MemoryNeed, limits: MemoryLimits): boolean {
  return (
    need.cells <= MAX_CELLS &&
    need.peak <= limits.free &&
    heapFits(need, limits) &&
    need.cells <= limits.maxBuffer &&
    (limits.maxString === undefined || (need.text ?? 0) <= limits.maxString)
  );
}

/**
 * Throws a MemoryFitError when a run will not fit, in one line: its cells and the
 * memory it needs, what stops it (the free memory or AMAZEING_MAX_MEMORY, the V8 heap,
 * the longest string, MAX_CELLS) and the largest size that fits; returns the estimate
 * otherwise.
 */
export function checkRunFits(options: RunMemoryOptions, words: RunWords, limits: MemoryLimits = currentLimits()): MemoryNeed {
  const need = runNeed(options, words.only);
  if (fitsIn(need, limits)) return need;
  const side = largestFittingSide(options, limits, words.only);
  const fitting = atSize(options, side);
  const fits = side > 0 ? gridCellCount(fitting.grid ?? 'square', fitting.width, fitting.height) : 0;
  const example = isPolar(options) ? `HEIGHT=${side} rings` : `${side}x${side}`;
  const format = options.output?.format ?? 'hex';
  const whose = format === 'hex' || format === 'none' ? 'its path' : `its ${FORMAT_NAMES[format]}`;
  const limit: string[] = [];
  if (need.cells > MAX_CELLS) limit.push(`a maze holds at most ${MAX_CELLS} cells`);
  // A grid past MAX_CELLS is not weighed at all (its figures are infinite): the cells say it all.
  if (Number.isFinite(need.peak)) {
    if (need.peak > limits.free) limit.push(freeText(limits));
    if (need.heap > limits.heapFree)
      limit.push(
        `${whose} may need ${formatBytes(need.heap)} of JavaScript heap and ${formatBytes(limits.heapFree)} is left (NODE_OPTIONS=--max-old-space-size=MiB raises it)`,
      );
    if (limits.maxString !== undefined && (need.text ?? 0) > limits.maxString)
      limit.push(`${whose} would be about ${need.text} characters and a string holds at most ${limits.maxString} here`);
    if (need.cells > limits.maxBuffer) limit.push(`one buffer holds at most ${formatBytes(limits.maxBuffer)}`);
  }
  const square = squareShape(options);
  // Said only where it is true: this shape cannot stream, and the maze would fit streamed.
  const streamHint =
    words.offerStream && square && !canStream(square) && streamFitsIn(estimateStreamMemory(options.width, options.height), limits)
      ? `; GENERATOR=Eller with PERFECT=True can stream it row by row (--stream) in about ${formatBytes(estimateStreamMemory(options.width, options.height).peak)}`
      : '';
  // A polar grid's count stops once it passes MAX_CELLS; WIDTH x HEIGHT is exact.
  const cells = need.cells > MAX_CELLS && isPolar(options) ? `over ${MAX_CELLS}` : String(need.cells);
  const memory = Number.isFinite(need.peak) ? `, about ${formatBytes(need.peak)} of memory to ${words.doing}` : '';
  const fitsText =
    fits === 0
      ? ', which fits no maze of this kind'
      : Number.isFinite(need.peak)
        ? `, which fits about ${fits} cells (for example ${example})`
        : `; about ${fits} cells fit here (for example ${example})`;
  throw new MemoryFitError(`${words.size} is ${cells} cells${memory}; ${limit.join('; ')}${fitsText}${streamHint}`, need);
}

/** The plain square run's shape (for the --stream hint), or undefined for any other grid or output. */
function squareShape(options: RunMemoryOptions): RunShape | undefined {
  const plain = resolveGridKind(options.grid ?? 'square') === 'square' && !options.masked && resolveWrapName(options.wrap) === 'none';
  if (!plain || (options.output?.format ?? 'hex') !== 'hex') return undefined;
  return { generator: options.generator, solver: options.solver, perfect: options.perfect, endpoints: options.endpoints };
}

function resolveWrapName(wrap: string | undefined): string {
  return (wrap ?? 'none').trim().toLowerCase();
}

/**
 * Throws a MemoryFitError when a plain square width x height run will not fit, naming
 * the need, what is free and the largest square that fits; returns the estimate otherwise.
 */
export function checkFits(width: number, height: number, shape: RunShape = {}, limits: MemoryLimits = currentLimits()): MemoryNeed {
  const options = squareOptions(width, height, shape);
  return checkRunFits(
    options,
    { size: `WIDTH x HEIGHT = ${width}x${height}`, doing: runDoing(options), offerStream: shape.offerStream },
    limits,
  );
}

/**
 * Frees what the last phase left for the collector now, before the next phase allocates:
 * a WebAssembly kernel's memory (a byte or two a cell, the search's copy of the maze) is
 * no JavaScript object V8 weighs, so nothing else prompts a collection while the solve
 * (in a worker thread on a big maze) builds its arrays. A full collection of a small heap
 * takes some milliseconds; it is asked for only from this many cells.
 */
export const COLLECT_FROM_CELLS = 1 << 22;

export function collectGarbage(): void {
  try {
    const v8 = builtin('node:v8');
    v8.setFlagsFromString('--expose-gc');
    const gc = builtin('node:vm').runInNewContext('gc') as (() => void) | undefined;
    v8.setFlagsFromString('--no-expose-gc');
    gc?.();
  } catch {
    // A runtime without the flag: the memory goes at V8's own pace, as before.
  }
}
