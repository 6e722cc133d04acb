/**
 * How many bytes a run needs, phase by phase, worked out before anything is allocated:
 * a pure function of the options, so that a face can refuse what will not fit before
 * any work starts (the CLI compares the figures with free memory, the V8 heap and
 * AMAZEING_MAX_MEMORY; a page could compare them with its own budget).
 *
 * One formula for every grid, fed by data: the topology's words (`wordBytes` a cell,
 * `edgeIdBound / size` walls a cell), each generator's and solver's own figure in the
 * registry (a kernel's own `scratchBytesPerCell` where it has one, else its generator's:
 * `scratchBytesPerCell` for the square kernels, `gridScratchBytesPerCell` for the kernels
 * of every other grid, the most of the forms that may run), and the per-phase figures below. Each is a worst
 * case read off the arrays the code allocates (a path through every cell, a heap or
 * queue holding every cell) and checked against peak resident memory measured with
 * `/usr/bin/time -v` and `process.resourceUsage().maxRSS` at 10^5 to 10^7 cells (docs/design.md,
 * "Memory before work"). The runtime itself (Node, the modules) is the face's to add.
 */
import { DEFAULT_GENERATOR, DEFAULT_SOLVER, type EndpointRule } from './generate-options.js';
import { createTopology, resolveGridKind, resolveWrap } from './grid/create.js';
import { polarCellCount } from './grid/polar.js';
import type { GridKind, Wrap } from './grid/topology.js';
import { MAX_CELLS } from './maze.js';
import { resolveGenerator, resolveSolver } from './registry.js';
import { generatorScratchBytesPerCell } from './generators/define.js';
import { TREE_PATH_BYTES_PER_CELL } from './solvers/tree-path.js';
import { DEFAULT_CELL_SIZE } from './render/draw.js';

/** A path: 4 bytes per cell on it (an Int32Array) and 1 for its letter (a string, on the heap); at worst every cell is on it. */
export const PATH_BYTES_PER_CELL = 5;
/** Square braiding (braid.ts): a shuffled cell order and the list of dead ends. */
export const BRAID_BYTES_PER_CELL = 6;
/** Braiding any other grid (braid.ts with no square rule): the cell order and the dead-end lists, which are JavaScript arrays; measured 5.9-14.4. */
export const GRID_BRAID_BYTES_PER_CELL = 16;
/** EXIT=farthest: one BFS (distances and order, int32 each); ENTRY=EXIT=hardest: three such and a copy of one order (endpoints.ts, any grid). */
export const ENDPOINT_BYTES_PER_CELL: Readonly<Record<EndpointRule, number>> = { farthest: 8, hardest: 28 };
/** `measureDifficulty` (stats, LEVEL) at its peak: BFS order and distances, the degrees, a copy of the region, the walk's subtree sizes and parents; measured 33 on every grid (analyze alone: 3-5). */
export const ANALYSIS_BYTES_PER_CELL = 48;
/** A mask's or outline's free regions (grid/mask.ts `freeRegions`): a label and a stack entry, int32 each. */
export const REGION_BYTES_PER_CELL = 8;
/** A text mask read by `parseTextMask`: its lines split into characters, on the heap; measured 11-19 a character. */
export const TEXT_MASK_HEAP_BYTES_PER_CHAR = 20;

/**
 * What a whole-text export costs on the heap, per cell and per wall of the topology
 * (walls a cell: `edgeIdBound / size`, 2 on the square grid and 3 on the hex one), and
 * its length in characters. Measured at 10^5-10^6 cells on each grid:
 * - graph JSON (`toGraphJson`: a node object and a line per cell, a link object and a
 *   line per wall, joined): heap 1145 (square), 1526 (hex), 1007 (triangle), 1169
 *   (polar) bytes a cell; 170, 224, 149 and 184 characters a cell;
 * - a grid's SVG (`toSvg` of a grid but the plain square one, as one string: a path segment per wall): heap 200, 508, 114 and
 *   426 bytes a cell; 22, 57, 13 and 42 characters a cell (plus the UTF-8 bytes written);
 * - the PDF sheet (the maze twice with its answer page): heap 663-763 bytes a cell of a
 *   square maze (500x500 to 2000x2000) when pdf-lib painted it; the plain writer that
 *   replaced it (pdf-document.ts: a text line per shape) peaks lower (a 1000x1000 square
 *   sheet: 522 MB resident against 827 MB), so the figures below are kept as a margin.
 * Text formats that no encoder builds whole yet (ascii, unicode, blocks, json) are
 * counted as a few characters a cell with a JavaScript string's overhead; not measured.
 */
interface WholeTextCost {
  heapPerCell: number;
  heapPerWall: number;
  charsPerCell: number;
  charsPerWall: number;
}
const WHOLE_TEXT: Readonly<Record<Exclude<OutputFormat, 'hex' | 'png' | 'none'>, WholeTextCost>> = {
  graph: { heapPerCell: 420, heapPerWall: 390, charsPerCell: 90, charsPerWall: 60 },
  svg: { heapPerCell: 60, heapPerWall: 190, charsPerCell: 5, charsPerWall: 25 },
  pdf: { heapPerCell: 0, heapPerWall: 400, charsPerCell: 0, charsPerWall: 0 },
  ascii: { heapPerCell: 40, heapPerWall: 0, charsPerCell: 8, charsPerWall: 0 },
  unicode: { heapPerCell: 40, heapPerWall: 0, charsPerCell: 8, charsPerWall: 0 },
  blocks: { heapPerCell: 40, heapPerWall: 0, charsPerCell: 8, charsPerWall: 0 },
  json: { heapPerCell: 40, heapPerWall: 0, charsPerCell: 8, charsPerWall: 0 },
};
/** The PDF writer's own share besides the shapes (its page runs and the file's parts, joined once). */
const PDF_WRITER_BYTES = 64 * 2 ** 20;
/** What a format written in chunks holds besides the maze: a chunk of about this many bytes. */
export const CHUNK_BYTES = 2 ** 22;
/** The square SVG drawn in a thread: its copy of the cells and of the path (CLI, svg-worker.ts), and the thread itself. */
const SVG_THREAD_BYTES_PER_CELL = 5;
const SVG_THREAD_BYTES = 32 * 2 ** 20;
/**
 * A PNG written band by band: the band, its filtered copy and the deflater; the filtered
 * bands that wait for a collection, 3 bytes a pixel until V8 collects them (measured
 * 85-100 MB in all for pictures of 40-64 million pixels, whatever the cells); a row of
 * the picture at 12 bytes a pixel; the distance theme's BFS and shades, 12 bytes a cell
 * (measured 6-12).
 */
const PNG_BAND_BYTES = 8 * 2 ** 20;
const PNG_WAITING_BYTES = 96 * 2 ** 20;
const PNG_BYTES_PER_PIXEL_OF_WIDTH = 12;
const PNG_SHADE_BYTES_PER_CELL = 12;

/** What a run writes. `hex` is the plain square maze's file; the others are render's formats. */
export type OutputFormat = 'hex' | 'graph' | 'svg' | 'png' | 'pdf' | 'ascii' | 'unicode' | 'blocks' | 'json' | 'none';

export interface RunOutput {
  format: OutputFormat;
  /**
   * True when the text is built whole before it is written (one string: the graph JSON,
   * a grid's SVG, the PDF), false when an encoder hands it over in chunks as it goes
   * (the square grid's hex, SVG and text formats).
   */
  whole?: boolean;
  /** PNG: pixels a drawing unit (--cell-size; a square cell is one unit), which makes the picture's width. */
  cellSize?: number;
  /** PNG: the picture's longest side when no cell size is given (the cell size, DEFAULT_CELL_SIZE at most, is then chosen to fit it). */
  pictureSide?: number;
  /** PDF: the mazes on the sheet (--per-page), each made and held whole. */
  mazes?: number;
}

/** Everything that decides how much memory a run takes. */
export interface RunMemoryOptions {
  /** square (default), hex, triangle, polar, or an alias. */
  grid?: GridKind | string;
  /** Columns and rows (polar: the first ring's count and the rings). */
  width: number;
  height: number;
  wrap?: Wrap | string;
  /** A MASK or SHAPE leaves cells out: their regions are labelled. */
  masked?: boolean;
  /** The MASK's cells (held while the maze is made). */
  maskCells?: number;
  generator?: string;
  solver?: string;
  perfect?: boolean;
  endpoints?: EndpointRule;
  /** LEVEL: candidates are made and measured, the best kept. */
  level?: boolean;
  /** stats and --stats: the maze is analysed and its difficulty measured. */
  analysis?: boolean;
  /** A perfect plain square maze's path may come from `treePath` (the CLI's solve thread), whose stack may outgrow the solver's. */
  treePath?: boolean;
  output?: RunOutput;
  /** Written in chunks: the whole hex file is held unless this is set. */
  streamedWrite?: boolean;
  /** The path's cells when known (a maze read from a file); at worst, every cell. */
  pathCells?: number;
  /** What reading the input takes before anything else (a face's reader: a PNG mask, a file). */
  read?: { bytes: number; heap: number };
}

export type MemoryPhase = 'read' | 'generate' | 'solve' | 'write' | 'analyse';

export interface PhaseMemory {
  phase: MemoryPhase;
  /** Bytes at the phase's peak, the maze included, the runtime not. */
  bytes: number;
  /** Of those, bytes on the JavaScript heap. */
  heap: number;
}

export interface RunMemory {
  /** The grid's cells (above MAX_CELLS when the grid is too large to make: then nothing else is counted). */
  cells: number;
  phases: PhaseMemory[];
  /** The largest phase. */
  peak: number;
  /** The largest heap need of any phase. */
  heap: number;
  /** The longest string the run builds, in characters (0 when everything is written in chunks). */
  text: number;
}

/** A grid's cell count, without making it: WIDTH x HEIGHT, or the polar grid's rings added up (above MAX_CELLS means too large). */
export function gridCellCount(grid: GridKind | string, width: number, height: number): number {
  return resolveGridKind(grid) === 'polar' ? polarCellCount(width, height) : width * height;
}

/** The bytes each phase of a run needs, for any grid, generator, solver and output. */
export function estimateRunMemory(options: RunMemoryOptions): RunMemory {
  const kind = resolveGridKind(options.grid ?? 'square');
  const wrap = resolveWrap(options.wrap ?? 'none');
  const cells = gridCellCount(kind, options.width, options.height);
  if (!(cells <= MAX_CELLS)) return { cells, phases: [], peak: Infinity, heap: Infinity, text: Infinity };
  // The topology is made only within MAX_CELLS: none of them allocates per cell (polar: a few bytes a ring).
  const t = createTopology({ grid: kind, width: options.width, height: options.height, wrap });
  const words = cells * t.wordBytes;
  const wallsPerCell = t.edgeIdBound / t.size;
  const masked = options.masked === true;
  // An unwrapped square maze runs the square kernels (generate, solve), a masked one too, on the maze's own bytes (GridMaze.asMaze).
  const squareKernels = kind === 'square' && wrap === 'none';
  const generator = resolveGenerator(options.generator ?? DEFAULT_GENERATOR);
  const solver = resolveSolver(options.solver ?? DEFAULT_SOLVER);
  // The most of the forms the generator's one choice (generators/define.ts) may run on this grid: each kernel's own figure, else the generator's.
  const generatorBytes = generatorScratchBytesPerCell(generator, t);
  const solverBytes = Math.max(
    squareKernels ? solver.scratchBytesPerCell : solver.gridScratchBytesPerCell,
    options.treePath && options.perfect !== false ? TREE_PATH_BYTES_PER_CELL : 0,
  );
  const perfect = options.perfect !== false;
  const braid = perfect ? 0 : squareKernels ? BRAID_BYTES_PER_CELL : GRID_BRAID_BYTES_PER_CELL;
  const braidHeap = perfect || squareKernels ? 0 : GRID_BRAID_BYTES_PER_CELL;
  const endpoints = options.endpoints ? ENDPOINT_BYTES_PER_CELL[options.endpoints] : 0;
  const regions = masked ? REGION_BYTES_PER_CELL : 0;
  // LEVEL holds the best candidate so far beside the one being made, and measures each.
  const level = options.level === true;
  const making = (level ? 2 : 1) * words;
  // The path: every cell at worst, or the cells of a path already known.
  const pathCells = Math.min(cells, options.pathCells ?? cells);
  const letters = pathCells; // its letters, one byte each
  const phases: PhaseMemory[] = [];
  if (options.read) phases.push({ phase: 'read', bytes: options.read.bytes, heap: options.read.heap });
  phases.push({
    phase: 'generate',
    bytes:
      making + (options.maskCells ?? 0) + cells * Math.max(generatorBytes, braid, endpoints, regions, level ? ANALYSIS_BYTES_PER_CELL : 0),
    heap: cells * braidHeap,
  });
  // The path outlives the solve; a second BFS (for a solver that may not find a shortest path) adds nothing.
  phases.push({ phase: 'solve', bytes: words + cells * solverBytes + pathCells * PATH_BYTES_PER_CELL, heap: letters });
  const write = outputNeed(options, cells, wallsPerCell, t.extent);
  phases.push({ phase: 'write', bytes: write.mazes * (words + pathCells * PATH_BYTES_PER_CELL) + write.bytes, heap: letters + write.heap });
  if (options.analysis)
    phases.push({ phase: 'analyse', bytes: words + pathCells * PATH_BYTES_PER_CELL + cells * ANALYSIS_BYTES_PER_CELL, heap: letters });
  return {
    cells,
    phases,
    peak: Math.max(...phases.map((p) => p.bytes)),
    heap: Math.max(...phases.map((p) => p.heap)),
    text: write.text,
  };
}

/** The write phase beyond the mazes themselves: bytes, of which heap, the longest string, and how many mazes are held. */
function outputNeed(
  options: RunMemoryOptions,
  cells: number,
  wallsPerCell: number,
  extent: { width: number; height: number },
): { bytes: number; heap: number; text: number; mazes: number } {
  const output = options.output ?? { format: 'hex' };
  const format = output.format;
  if (format === 'none') return { bytes: 0, heap: 0, text: 0, mazes: 1 };
  if (format === 'hex') {
    const file = (options.width + 1) * options.height;
    return { bytes: options.streamedWrite ? Math.min(file, CHUNK_BYTES) : file, heap: 0, text: 0, mazes: 1 };
  }
  if (format === 'png') {
    const fitted = Math.max(2, Math.floor((output.pictureSide ?? Infinity) / Math.max(extent.width, extent.height)));
    const cell = output.cellSize ?? Math.min(DEFAULT_CELL_SIZE, fitted);
    // The drawing and a margin of about a cell around it.
    const width = Math.ceil(cell * (extent.width + 2));
    const height = Math.ceil(cell * (extent.height + 2));
    const bytes =
      PNG_BAND_BYTES +
      Math.min(3 * width * height, PNG_WAITING_BYTES) +
      PNG_BYTES_PER_PIXEL_OF_WIDTH * width +
      PNG_SHADE_BYTES_PER_CELL * cells;
    return { bytes, heap: 0, text: 0, mazes: 1 };
  }
  if (format === 'pdf' || output.whole) {
    const cost = WHOLE_TEXT[format];
    const mazes = format === 'pdf' ? Math.max(1, output.mazes ?? 1) : 1;
    const heap = mazes * cells * (cost.heapPerCell + cost.heapPerWall * wallsPerCell);
    const text = mazes * cells * (cost.charsPerCell + cost.charsPerWall * wallsPerCell);
    // The text is written as UTF-8 bytes: as many again, off the heap.
    return { bytes: heap + text + (format === 'pdf' ? PDF_WRITER_BYTES : 0), heap, text, mazes };
  }
  // Chunks of about CHUNK_BYTES; the square SVG's thread holds its own copy of the cells and the path.
  const thread = format === 'svg' ? SVG_THREAD_BYTES + cells * SVG_THREAD_BYTES_PER_CELL : 0;
  return { bytes: CHUNK_BYTES + thread, heap: 0, text: 0, mazes: 1 };
}
