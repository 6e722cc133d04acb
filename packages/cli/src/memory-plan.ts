/**
 * A config's run as the memory estimate's options (mazegen's run-memory.ts), for every
 * grid, mask, outline, wrap, generator, solver, endpoint rule, LEVEL, stats and export,
 * checked before any work starts; a refusal is one line naming the config's line, the
 * figure and what stops it (free memory or AMAZEING_MAX_MEMORY). A MASK file is weighed
 * first on its own, from its size or its PNG header, before it is read.
 */
import { type GridKind, type MaskData, type Wrap } from 'mazegen';
import { configEndpointRule, isPlainSquareConfig, type ConfigOptions } from 'mazegen/config';
import { defaultGridSize, TEXT_MASK_HEAP_BYTES_PER_CHAR, type RunMemoryOptions, type RunOutput } from 'mazegen/internal';
import { builtin } from './builtin.js';
import { CliError } from './errors.js';
import { formatBytes } from './io.js';
import {
  BASE_BYTES,
  checkRunFits,
  currentLimits,
  freeText,
  MemoryFitError,
  needFits,
  runDoing,
  writing,
  type MemoryLimits,
} from './memory.js';
import { pngDecodeBytes, pngHeader } from './png-read.js';

/** What a command does with the config's maze besides making and solving it. */
export interface RunUse {
  /** What is written (default: the default command's file, the hex file or, on any other grid, the graph JSON). */
  output?: RunOutput;
  /** stats and --stats: the maze is analysed and its difficulty measured. */
  analysis?: boolean;
  /** The default command: a refusal says when --stream could make the maze. */
  offerStream?: boolean;
}

/** The config's run as the estimate's options; `size` is the grid's WIDTH and HEIGHT once a mask has given them. */
export function configRunOptions(
  config: ConfigOptions,
  use: RunUse,
  size: { width: number; height: number } = config,
  mask?: Pick<MaskData, 'cells'>,
): RunMemoryOptions {
  const plain = isPlainSquareConfig(config);
  return {
    grid: config.grid,
    width: size.width,
    height: size.height,
    wrap: config.wrap,
    masked: config.mask !== undefined || config.shape !== undefined,
    maskCells: mask?.cells.length,
    generator: config.generator,
    solver: config.solver,
    perfect: config.perfect,
    endpoints: configEndpointRule(config),
    level: config.level !== undefined,
    analysis: use.analysis === true || config.level !== undefined,
    // The plain square maze's path may come from treePath (solve-worker.ts), and its file is written in chunks.
    treePath: plain,
    streamedWrite: true,
    output: use.output ?? { format: plain ? 'hex' : 'graph', whole: !plain },
  };
}

/** The config's size as a refusal names it, with the keys that change the grid. */
function sizeWords(config: ConfigOptions, size: { width: number; height: number }): string {
  if (isPlainSquareConfig(config)) return `WIDTH x HEIGHT = ${size.width}x${size.height}`;
  const keys = [
    `GRID=${config.grid}`,
    config.wrap !== 'none' ? `WRAP=${config.wrap}` : '',
    config.mask !== undefined ? `MASK=${config.mask}` : '',
    config.shape !== undefined ? `SHAPE=${config.shape}` : '',
  ].filter(Boolean);
  const dims =
    config.grid === 'polar'
      ? `WIDTH=${size.width} (the first ring), HEIGHT=${size.height} (rings)`
      : `WIDTH x HEIGHT = ${size.width}x${size.height}`;
  return `${keys.join(', ')}, ${dims}`;
}

/** The config line a size refusal names: WIDTH or HEIGHT, else (a mask's size) MASK, else GRID. */
function sizeLine(config: ConfigOptions): number | undefined {
  const { WIDTH, HEIGHT, MASK, GRID } = config.lines;
  if (WIDTH !== undefined || HEIGHT !== undefined) return Math.max(WIDTH ?? 0, HEIGHT ?? 0);
  return MASK ?? GRID;
}

/**
 * Refuses, in one line naming the config's line, a config's run that will not fit:
 * every phase (make, braid or place the ends, solve, write or draw, measure) of the
 * grid it asks for. `mask` is the MASK once read (its size may be the grid's).
 */
export function checkConfigRunFits(
  config: ConfigOptions,
  configPath: string,
  use: RunUse = {},
  mask?: MaskData,
  limits: MemoryLimits = currentLimits(),
): void {
  const fallback = defaultGridSize(config.grid, mask);
  const size = {
    width: config.width > 0 ? config.width : (fallback.width ?? 0),
    height: config.height > 0 ? config.height : (fallback.height ?? 0),
  };
  // A size the library refuses anyway (a missing HEIGHT, a WIDTH under 1) is left to its own message.
  if (!(size.width >= 1 && size.height >= 1)) return;
  const options = configRunOptions(config, use, size, mask);
  try {
    checkRunFits(options, { size: sizeWords(config, size), doing: runDoing(options), offerStream: use.offerStream }, limits);
  } catch (error) {
    if (error instanceof MemoryFitError) {
      const line = sizeLine(config);
      throw new CliError(`${configPath}${line !== undefined ? `, line ${line}` : ''}: ${error.message}`);
    }
    throw error;
  }
}

/** The first bytes of a file ('' bytes when it cannot be read: the reader says why). */
function fileHead(path: string, bytes: number): Uint8Array {
  const fs = builtin('node:fs');
  try {
    const fd = fs.openSync(path, 'r');
    try {
      const head = new Uint8Array(bytes);
      return head.subarray(0, fs.readSync(fd, head, 0, bytes, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return new Uint8Array(0);
  }
}

/**
 * Refuses a MASK file whose reading alone will not fit: a text mask's characters split
 * on the heap (TEXT_MASK_HEAP_BYTES_PER_CHAR), a PNG's decoded rows and pixels (from its
 * header). A file that cannot be read or is no PNG is left to the reader's own message.
 */
export function checkMaskReadFits(config: ConfigOptions, configPath: string, limits: MemoryLimits = currentLimits()): void {
  const path = config.mask;
  if (path === undefined) return;
  let fileBytes: number;
  try {
    fileBytes = builtin('node:fs').statSync(path).size;
  } catch {
    return;
  }
  let bytes: number;
  let heap = 0;
  let what: string;
  if (/\.png$/i.test(path)) {
    const header = pngHeader(fileHead(path, 33));
    if (!header) return;
    bytes = pngDecodeBytes(fileBytes, header);
    what = `a ${header.width}x${header.height} picture`;
  } else {
    heap = fileBytes * TEXT_MASK_HEAP_BYTES_PER_CHAR;
    bytes = fileBytes + heap;
    what = `${fileBytes} characters`;
  }
  const need = { cells: 0, phases: [{ phase: 'read' as const, bytes: BASE_BYTES + bytes, heap }], peak: BASE_BYTES + bytes, heap };
  if (needFits(need, limits)) return;
  const limit =
    need.peak > limits.free
      ? freeText(limits)
      : `its lines need ${formatBytes(heap)} of JavaScript heap and ${formatBytes(limits.heapFree)} is left`;
  throw new CliError(
    `${configPath}, line ${config.lines.MASK}: MASK '${path}' is ${what}, about ${formatBytes(need.peak)} of memory to read; ${limit}`,
  );
}

/**
 * What render writes in `format`, as the estimate counts it. The plain square grid's
 * encoders hand their text over in chunks (the graph JSON and the PDF excepted); any
 * other grid's are built whole (`whole`). A PNG holds a row of its picture: at most
 * `pictureSide` pixels wide unless --cell-size says otherwise.
 */
export function renderOutput(
  format: string,
  options: { whole: boolean; cellSize?: number; pictureSide: number; perPage?: number },
): RunOutput {
  if (format === 'png') return { format: 'png', cellSize: options.cellSize, pictureSide: options.pictureSide };
  if (format === 'pdf') return { format: 'pdf', mazes: options.perPage ?? 1 };
  const known = ['hex', 'graph', 'svg', 'ascii', 'unicode', 'blocks', 'json'] as const;
  const named = known.find((f) => f === format) ?? 'json';
  return { format: named, whole: options.whole || named === 'graph' };
}

/** A maze read from a file, as its size, grid and path. */
export interface LoadedShape {
  grid?: GridKind;
  width: number;
  height: number;
  wrap?: Wrap;
  /** The path's cells (the file's, or a shortest one found). */
  pathCells?: number;
}

/**
 * Refuses, in one line naming the file, writing a maze read from a file in a format
 * whose writing will not fit (the maze itself is in memory already).
 */
export function checkOutputFits(file: string, shape: LoadedShape, output: RunOutput, limits: MemoryLimits = currentLimits()): void {
  const { pathCells, ...grid } = shape;
  const options: RunMemoryOptions = { ...grid, pathCells, output, streamedWrite: true };
  const kind = shape.grid ?? 'square';
  const size = kind === 'polar' ? `a polar maze of ${shape.height} rings` : `a ${shape.width}x${shape.height} ${kind} maze`;
  try {
    checkRunFits(options, { size, doing: writing(options), only: ['write'] }, limits);
  } catch (error) {
    if (error instanceof MemoryFitError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
}

/** Heap a graph file takes to read, per byte of its text: the text, the parsed objects, the maze; measured 4.7-6.1. */
const GRAPH_READ_BYTES_PER_BYTE = 7;

/** Refuses, before it is read, a graph file whose parsing will not fit the heap or the memory free. */
export function checkGraphReadFits(path: string, limits: MemoryLimits = currentLimits()): void {
  let fileBytes: number;
  try {
    fileBytes = builtin('node:fs').statSync(path).size;
  } catch {
    return; // the reader says why it cannot be read
  }
  const heap = fileBytes * GRAPH_READ_BYTES_PER_BYTE;
  const need = { cells: 0, phases: [{ phase: 'read' as const, bytes: BASE_BYTES + heap, heap }], peak: BASE_BYTES + heap, heap };
  if (needFits(need, limits)) return;
  const limit =
    need.peak > limits.free
      ? freeText(limits)
      : `it needs ${formatBytes(heap)} of JavaScript heap and ${formatBytes(limits.heapFree)} is left`;
  throw new CliError(`maze graph '${path}' is ${formatBytes(fileBytes)}, about ${formatBytes(need.peak)} of memory to read; ${limit}`);
}
