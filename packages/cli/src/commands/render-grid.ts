/**
 * `render INPUT --format F` for a maze that is not a plain square one (a graph file, a
 * maze JSON of formatVersion 2, or a config with GRID, WRAP, MASK or SHAPE): every format
 * from the library's grid writers, written once against the topology (docs/formats.md).
 * Only the hex wall file, which holds square cells, is refused.
 */
import { once } from 'node:events';
import { shortestPath, createTopology, OptionError, SizeError, toGraphJson, toSvg, type Theme } from 'mazegen';
import type { RunOutput } from 'mazegen/internal';
import { parseConfig } from 'mazegen/config';
import { checkRasterSize, distanceLegend, distanceShading, mazeLayout } from 'mazegen/render';
import {
  describeGrid,
  encodeAsciiChunks,
  encodeBlocksChunks,
  encodeJsonChunks,
  encodeUnicodeChunks,
  encodeHexChunks,
  isPlainSquareMaze,
  pathToDirections,
} from 'mazegen/internal';
import { CliError, UsageError } from '../errors.js';
import { AtomicFile, type OutputTarget } from '../io.js';
import { readTextFile } from '../read-input.js';
import { isGraphFile, isGridConfigFile, loadGridInput, type GridInput } from '../graph-file.js';
import { MAX_AUTO_PNG_SIDE, MAX_PNG_SIDE, encodePng, writePngFile } from '../png.js';
import { createProgress } from '../progress.js';
import { yieldToSignals } from '../signals.js';
import type { RenderFormat } from '../program/choices.js';

/** What `render` draws of a grid maze, from its flags. */
export interface GridRenderOptions {
  path: boolean;
  theme: Theme;
  cellSize?: number;
  margin?: number;
  /** -o, undefined for standard output; `target` is its checked form. */
  output?: string;
  target?: OutputTarget;
  paper?: string;
  perPage?: string;
  /** What is drawn, for the memory estimate (memory-plan.ts). */
  drawn?: RunOutput;
  /** What render says on stderr besides errors (render.ts's renderVoice). */
  voice: { warn: boolean; inform: boolean };
}

/** True when INPUT is a maze of another grid or shape: a graph file, a maze JSON of formatVersion 2, or a grid config. */
export function isGridInput(input: string): boolean {
  return isGraphFile(input) || isGridConfigFile(input);
}

/** The formats drawn as blocks (render/block-raster.ts), whose size has a bound. */
const RASTER_FORMATS: readonly RenderFormat[] = ['blocks', 'ascii', 'unicode'];

/** Every format but the hex wall file: what a maze of another grid can be written as. */
const GRID_FORMATS = 'svg, png, pdf, ascii, unicode, blocks, json or graph';

/**
 * Refuses, before a config's maze is made, a block picture too big to draw (the grid's
 * size is known from the config alone when it gives WIDTH and HEIGHT).
 */
function checkConfigRaster(input: string, format: RenderFormat): void {
  if (!RASTER_FORMATS.includes(format) || isGraphFile(input)) return;
  const config = parseConfig(readTextFile(input, { what: 'config file', maxBytes: 1024 * 1024, expected: 'KEY=VALUE lines' }), input);
  if (config.grid === 'square' || config.width <= 0 || config.height <= 0) return;
  let topology;
  try {
    topology = createTopology({ grid: config.grid, width: config.width, height: config.height, wrap: config.wrap });
  } catch {
    return; // making the maze reports the config's own error
  }
  try {
    checkRasterSize(topology);
  } catch (error) {
    if (error instanceof SizeError) throw new CliError(`${input}: ${error.message}`);
    throw error;
  }
}

/** Writes chunks to the output file (atomically: nothing half-written) or to standard output. */
async function writeChunks(chunks: Iterable<Uint8Array>, options: GridRenderOptions, stdout: NodeJS.WritableStream): Promise<void> {
  if (!options.target) {
    for (const chunk of chunks) if (!stdout.write(chunk)) await once(stdout, 'drain');
    return;
  }
  const file = new AtomicFile(options.target);
  try {
    for (const chunk of chunks) {
      file.write(chunk);
      // A turn of the event loop between chunks lets a signal's clean-up run.
      await yieldToSignals();
    }
  } catch (error) {
    file.abort();
    throw file.failure(error);
  }
  file.commit();
}

/** The whole render of a grid maze: the picture, text or sheet goes to -o (atomically) or to standard output. */
export async function renderGrid(
  input: string,
  format: RenderFormat,
  options: GridRenderOptions,
  stdout: NodeJS.WritableStream,
): Promise<void> {
  checkConfigRaster(input, format);
  const loaded = loadGridInput(input, options.drawn ? { output: options.drawn } : undefined);
  const { maze, info } = loaded;
  const t = maze.topology;
  if (format === 'hex' && !isPlainSquareMaze(maze)) {
    const what = t.kind === 'square' && t.wrap === 'none' ? `${describeGrid(t)} with cells outside the maze` : describeGrid(t);
    throw new CliError(
      `${input}: the hex wall file holds plain square mazes only, not this ${what} maze; write it as --format ${GRID_FORMATS}`,
    );
  }
  // Information, not a problem: a plain line on stderr (stdout may carry the picture), as for a square config.
  if (loaded.config && (options.voice.inform || (options.voice.warn && loaded.config.seed === undefined)))
    process.stderr.write(`seed ${info.seed}\n`);
  const solution = info.solution ?? undefined;
  const path = options.path ? solution : undefined;
  const ends = { entry: info.entry, exit: info.exit };
  if (RASTER_FORMATS.includes(format) && t.kind !== 'square') {
    // A block picture too big to draw is refused in words that name the formats that still work.
    try {
      checkRasterSize(t);
    } catch (error) {
      if (error instanceof SizeError) throw new CliError(`${input}: ${error.message}`);
      throw error;
    }
  }
  let chunks: Iterable<Uint8Array>;
  switch (format) {
    case 'png':
      return renderGridPng(loaded, options, stdout);
    case 'pdf':
      return (await import('./render-pdf.js')).writeGridPdf(input, loaded, options, stdout);
    case 'svg':
      chunks = [
        Buffer.from(
          toSvg(maze, { ...ends, path, theme: options.theme, title: `${t.kind} maze${info.seed ? `, seed ${info.seed}` : ''}` }),
          'utf8',
        ),
      ];
      break;
    case 'graph':
      chunks = [Buffer.from(loaded.graph?.() ?? toGraphJson(maze, info), 'utf8')];
      break;
    case 'json':
      chunks = encodeJsonChunks(maze, { ...info, solution });
      break;
    case 'blocks':
      chunks = encodeBlocksChunks(maze, ends);
      break;
    case 'ascii':
      chunks = encodeAsciiChunks(maze, { ...ends, path });
      break;
    case 'unicode':
      chunks = encodeUnicodeChunks(maze, { ...ends, path });
      break;
    case 'hex': {
      // A plain square maze (from a graph file or a JSON): the 42 subject's file, with a shortest path as it needs one.
      const square = maze.toMaze();
      const point = (cell: number) => ({ x: cell % t.width, y: Math.floor(cell / t.width) });
      const cells = solution ?? shortestPath(maze, info.entry, info.exit).cells;
      chunks = encodeHexChunks(square, { entry: point(info.entry), exit: point(info.exit), path: pathToDirections(square, cells) });
      break;
    }
  }
  await writeChunks(chunks, options, stdout);
}

/**
 * A grid maze as PNG: the library's grid drawing (the SVG's geometry) rasterised band by
 * band; a picture that would pass MAX_AUTO_PNG_SIDE gets a smaller scale unless
 * --cell-size says otherwise.
 */
async function renderGridPng(loaded: GridInput, options: GridRenderOptions, stdout: NodeJS.WritableStream): Promise<void> {
  const { maze, info } = loaded;
  const extent = maze.topology.extent;
  let cellSize = options.cellSize;
  if (cellSize === undefined) {
    const auto = Math.floor((MAX_AUTO_PNG_SIDE - 2 * (options.margin ?? 8)) / Math.max(extent.width, extent.height));
    if (auto < 16) {
      cellSize = Math.max(2, auto);
      if (options.voice.inform)
        process.stderr.write(
          `a-maze-ing: note: a ${maze.topology.kind} maze of ${maze.topology.size} cells is drawn at ${cellSize} px a unit (use --cell-size to choose)\n`,
        );
    }
  }
  let layout;
  try {
    layout = mazeLayout(maze, options.theme, { cellSize, margin: options.margin });
  } catch (error) {
    if (error instanceof OptionError && (error.key === 'cell-size' || error.key === 'margin' || error.key === 'wall-width'))
      throw new UsageError(`--${error.key}: ${error.message}`);
    throw error;
  }
  if (layout.width > MAX_PNG_SIDE || layout.height > MAX_PNG_SIDE) {
    throw new UsageError(
      `a ${layout.width}x${layout.height} px PNG is over the ${MAX_PNG_SIDE} px a side this encoder makes; use a smaller --cell-size`,
    );
  }
  const picture = {
    maze,
    layout,
    theme: options.theme,
    entry: info.entry,
    exit: info.exit,
    path: options.path ? info.solution : undefined,
  };
  // A PNG has no room for words: the distance legend goes to stderr, as for the square grid.
  const far = distanceShading(maze, options.theme, info.entry)?.max;
  if (far !== undefined && options.voice.inform) process.stderr.write(`a-maze-ing: note: ${distanceLegend(far)}\n`);
  const progress = createProgress();
  progress.start('draw', layout.height);
  const onRows = progress.enabled ? (rows: number) => progress.update(rows) : undefined;
  try {
    if (options.target) await writePngFile(options.target.path, picture, onRows);
    else await encodePng(picture, stdout as never, onRows);
  } finally {
    progress.stop();
  }
}
