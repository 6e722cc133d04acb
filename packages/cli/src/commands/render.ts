// One file, just past 500 lines: the render command reads any square input (hex, JSON, blocks,
// text, config) and writes each format; other grids go to render-grid.ts.
/**
 * `a-maze-ing render INPUT --format F [-o OUT]`: a maze (hex file, JSON export or config
 * file) as SVG, PNG, ASCII, Unicode, block matrix or JSON.
 */
import { once } from 'node:events';
import { statSync } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';
import {
  FormatError,
  validate,
  OptionError,
  parseHex,
  parseBlocks,
  parseJson,
  resolveTheme,
  shortestPath,
  Maze,
  type Point,
  type Theme,
} from 'mazegen';
import { isPlainSquareConfig, parseConfig, toConfigBase, toMazeOptions, type PlainSquareConfig } from 'mazegen/config';
import { mazeLayout, distanceLegend, distanceShading, writeSvgChunks, type SvgOptions, type ThemeOverrides } from 'mazegen/render';
import {
  DIRECTIONS,
  DIRECTION_LETTER,
  encodeAsciiChunks,
  encodeBlocksChunks,
  encodeHexChunks,
  encodeJsonChunks,
  encodeUnicodeChunks,
  parseTextMaze,
  walkPath,
  type RunOutput,
} from 'mazegen/internal';
import { CliError, UsageError } from '../errors.js';
import { RENDER_FORMATS, type RenderFormat } from '../program/choices.js';
import { AtomicFile, checkWritable, formatBytes, sameFile, STDIO_NAME } from '../io.js';
import { readTextFile } from '../read-input.js';
import { workerModule } from '../locations.js';
import { createProgress } from '../progress.js';
import { yieldToSignals } from '../signals.js';
import type { SvgJob } from '../svg-worker.js';
import { Worker } from 'node:worker_threads';
import { checkConfigFits, generateFromConfig, printConfigNotes } from './generate.js';
import { BASE_BYTES, currentLimits, freeText } from '../memory.js';
import { checkOutputFits, renderOutput } from '../memory-plan.js';
import { squareGraph } from '../graph-file.js';
import { isGridInput, renderGrid } from './render-grid.js';
import { MAX_AUTO_PNG_SIDE, MAX_PNG_SIDE, encodePng, writePngFile } from '../png.js';

/**
 * A maze file is read whole as one string, and V8's strings stop at about 2^29
 * characters (UTF-8 never has more characters than bytes): a hex maze of up to about
 * 23170x23170 cells.
 */
export const MAX_INPUT_BYTES = Math.min(1024 * 1024 * 1024, bufferConstants.MAX_STRING_LENGTH);

/** What a render works from, whatever the input was. */
export interface LoadedMaze {
  maze: Maze;
  entry: Point;
  exit: Point;
  /** Shortest path cells, entry first. */
  path: Int32Array;
  /** The path as letters. */
  directions: string;
  generator?: string;
  seed?: string;
  /** What the input was, for messages. */
  kind: InputKind;
  /** A config's INDEX_BASE: the hex footer counts from it, as the default command's file does. */
  indexBase?: 0 | 1;
  /** The config itself, when the input was one (a PDF sheet of several mazes makes more from it). */
  config?: PlainSquareConfig;
}

export type InputKind = 'hex' | 'json' | 'config' | 'text' | 'blocks';

/**
 * What INPUT holds: JSON starts with '{'; a config has KEY=VALUE lines; a text maze
 * starts with a corner ('+' or box drawing); a block matrix is digits and spaces; else hex.
 */
function detectInput(text: string): InputKind {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) return 'json';
  if (/^\s*[A-Za-z_][A-Za-z0-9_]*\s*=/m.test(text)) return 'config';
  if (/^[+┌╶╷]/.test(start)) return 'text';
  if (/^[0-9]([ ,]+[0-9])+\s*$/m.test(start.split('\n', 1)[0])) return 'blocks';
  return 'hex';
}

const DIRECTION_OF_LETTER = new Map(DIRECTIONS.map((dir) => [DIRECTION_LETTER[dir], dir]));

/** The path's cells, walked straight into a typed array (a plain array of a long path costs several times the memory). */
function pathCells(maze: Maze, entry: Point, directions: string, file: string): Int32Array {
  const cells = new Int32Array(directions.length + 1);
  let cell = entry.y * maze.width + entry.x;
  cells[0] = cell;
  for (let i = 0; i < directions.length; i++) {
    const dir = DIRECTION_OF_LETTER.get(directions[i]) ?? 0;
    const next = dir === 0 ? -1 : maze.neighbor(cell, dir);
    if (next < 0 || maze.hasWall(cell, dir)) {
      // The library's walk says what is wrong with the move (only the prefix up to it is walked).
      const walk = walkPath(maze, cells[0], directions.slice(0, i + 1));
      throw new CliError(`${file}: the solution line is not a legal path: ${walk.error ?? `move ${i + 1} is not legal`}`);
    }
    cell = next;
    cells[i + 1] = cell;
  }
  return cells;
}

/** The rule check's breadth-first search: a distance and a queue entry (int32 each) per cell. */
const VALIDATE_BYTES_PER_CELL = 8;

/** Why the rule check's arrays do not fit in the memory free now (or allowed); undefined when they fit. */
function validateShortfall(maze: Maze): string | undefined {
  const need = BASE_BYTES + maze.size * VALIDATE_BYTES_PER_CELL;
  const limits = currentLimits();
  return need <= limits.free ? undefined : `the check needs about ${formatBytes(need)} and ${freeText(limits)}`;
}

/** Refuses, before reading, a file too big to be read as one string. */
function checkInputSize(file: string): void {
  let size;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return; // readTextFile names directories and reads devices and pipes up to the limit.
    size = stat.size;
  } catch {
    return; // readTextFile says why it cannot be read.
  }
  if (size <= MAX_INPUT_BYTES) return;
  const side = Math.floor(Math.sqrt(MAX_INPUT_BYTES));
  throw new CliError(
    `maze file '${file}' is ${formatBytes(size)}; render reads files of up to ${formatBytes(MAX_INPUT_BYTES)} (a hex maze of about ${side}x${side} cells); ` +
      `for a bigger maze, render its config file instead`,
  );
}

/**
 * Reads INPUT and returns the maze with a shortest path (from the file when it holds one).
 * `checkSize` sees a config's maze size before it is made, so a refusal comes first.
 */
function loadMaze(file: string, checkSize?: (width: number, height: number) => void, output?: RunOutput, warn = true): LoadedMaze {
  checkInputSize(file);
  const text = readTextFile(file, {
    what: 'maze file',
    maxBytes: MAX_INPUT_BYTES,
    expected: 'a hex maze file, a maze JSON, a text maze, a block matrix or a config file',
  });
  const kind = detectInput(text);
  const located = (error: unknown): never => {
    if (error instanceof FormatError) throw new CliError(`${file}, ${error.message}`);
    throw error;
  };
  if (kind === 'config') {
    const config = parseConfig(text, file);
    // A config of another grid goes to render-grid.ts by its path (isGridConfigFile); standard input cannot be looked at twice.
    if (!isPlainSquareConfig(config))
      throw new CliError(
        `${file === STDIO_NAME ? 'standard input' : file} holds a config of the ${config.grid} grid; render reads one from its file: give the file's path`,
      );
    // The default command's checks and notes, so a config behaves the same here; the path
    // drawn is BFS's whatever SOLVER says, so the memory check counts BFS, and the format drawn.
    checkConfigFits({ ...config, solver: 'BFS' }, file, false, false, output);
    checkSize?.(config.width, config.height);
    const generated = generateFromConfig(config, toMazeOptions(config));
    if (warn) printConfigNotes(config, file, generated.notes);
    const best = shortestPath(generated.maze, generated.entry, generated.exit);
    return {
      ...generated,
      path: best.cells,
      directions: best.directions,
      generator: generated.generator.name,
      seed: generated.seed,
      kind,
      indexBase: config.indexBase,
      config,
    };
  }
  if (kind === 'json') {
    // A file of another grid goes to render-grid.ts by its path; standard input cannot be looked at twice.
    if (/"a-maze-ing\/graph"|"formatVersion"\s*:\s*2\b/.test(text.slice(0, 4096)))
      throw new CliError(
        `${file === STDIO_NAME ? 'standard input' : file} holds a maze of another grid; render reads one from its file: give the file's path`,
      );
    let read;
    try {
      read = parseJson(text);
    } catch (error) {
      return located(error);
    }
    // The square document's own form (formatVersion 1); a version 2 document is another grid's, as above.
    const doc = read.square;
    if (!doc)
      throw new CliError(
        `${file === STDIO_NAME ? 'standard input' : file} holds a maze of another grid; render reads one from its file: give the file's path`,
      );
    const directions = doc.solution ?? shortestPath(doc.maze, doc.entry, doc.exit).directions;
    return {
      maze: doc.maze,
      entry: doc.entry,
      exit: doc.exit,
      path: pathCells(doc.maze, doc.entry, directions, file),
      directions,
      generator: read.generator ?? undefined,
      seed: read.seed ?? undefined,
      kind,
    };
  }
  if (kind === 'text' || kind === 'blocks') {
    let read;
    try {
      // A block matrix without its grid is read as the plain square grid of its size: its square view is there.
      read = kind === 'text' ? parseTextMaze(text) : parseBlocks(text).square;
    } catch (error) {
      return located(error);
    }
    const { maze, entry, exit } = read;
    const marks = kind === 'text' ? 'S and E marks' : 'blocks 2 (start) and 3 (end)';
    if (!entry || !exit)
      throw new CliError(`${file}: a ${kind === 'text' ? 'text maze' : 'block matrix'} needs its ${marks} to be drawn with a path`);
    const best = shortestPath(maze, entry, exit);
    return { maze, entry, exit, path: best.cells, directions: best.directions, kind };
  }
  let hex;
  try {
    hex = parseHex(text);
  } catch (error) {
    return located(error);
  }
  // The path line is a slice of the whole file's text, which it would keep alive: a copy lets the text go.
  const directions = Buffer.from(hex.path, 'latin1').toString('latin1');
  return { maze: hex.maze, entry: hex.entry, exit: hex.exit, path: pathCells(hex.maze, hex.entry, directions, file), directions, kind };
}

export interface RenderFlags {
  format?: string;
  output?: string;
  path?: boolean;
  cellSize?: string;
  margin?: string;
  theme: string;
  wallColor?: string;
  background?: string;
  pathColor?: string;
  patternColor?: string;
  paper?: string;
  perPage?: string;
  force?: boolean;
  /** Nothing on stderr but errors. */
  quiet?: boolean;
  /** Also what is only information: the seed, the cell size chosen, the distance legend. */
  verbose?: boolean;
}

/**
 * What render says on stderr besides errors: a warning (the maze breaks a rule, a config's
 * notes, a sheet's narrow passages) unless -q; information (the seed when it was given, the
 * cell size chosen, the distance legend) only with -v. A random seed is said unless -q, as the
 * picture cannot be made again without it.
 */
export function renderVoice(flags: Pick<RenderFlags, 'quiet' | 'verbose'>): { warn: boolean; inform: boolean } {
  return { warn: !flags.quiet, inform: !flags.quiet && flags.verbose === true };
}

function wholeNumber(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${flag} must be a whole number of pixels, got '${text}'`);
  return Number(text);
}

/** The format from --format, or from the output file's extension. */
function chooseFormat(flags: Pick<RenderFlags, 'format' | 'output'>): RenderFormat {
  const given = flags.format?.trim().toLowerCase();
  if (given) {
    if (given === 'text' || given === 'txt') return 'ascii';
    if ((RENDER_FORMATS as readonly string[]).includes(given)) return given as RenderFormat;
    throw new UsageError(`unknown format '${flags.format}'; choose one of ${RENDER_FORMATS.join(', ')}`);
  }
  const ext = flags.output?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (ext && (RENDER_FORMATS as readonly string[]).includes(ext) && ext !== 'hex') return ext as RenderFormat;
  throw new UsageError(`say which format to write with --format (${RENDER_FORMATS.join(', ')})`);
}

/** The whole render: the picture or text goes to -o (atomically) or to stdout. */
export async function runRender(input: string, flags: RenderFlags, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  const format = chooseFormat(flags);
  if ((format === 'png' || format === 'pdf') && (!flags.output || flags.output === STDIO_NAME) && (stdout as { isTTY?: boolean }).isTTY) {
    throw new UsageError(`a ${format.toUpperCase()} is binary: give -o FILE.${format} (or pipe the output)`);
  }
  // The sheet's layout and writer load only for a PDF render.
  const pdf = format === 'pdf' ? await import('./render-pdf.js') : undefined;
  const perPage = pdf?.pdfOptions(flags).perPage;
  if (!pdf && (flags.paper !== undefined || flags.perPage !== undefined))
    throw new UsageError('--paper and --per-page are for --format pdf');
  // `-o -` is standard output, as no -o is.
  const output = flags.output === STDIO_NAME ? undefined : flags.output;
  if (output !== undefined && sameFile(input, output) && !flags.force) {
    throw new UsageError(
      `--output '${output}' is the input file itself: it would be replaced by the ${format}; choose another path, or add --force to replace it`,
    );
  }
  const target = output !== undefined ? checkWritable(output, 'output file') : undefined;
  const colors: ThemeOverrides = {
    wall: flags.wallColor,
    background: flags.background,
    path: flags.pathColor,
    pattern: flags.patternColor,
  };
  const theme = resolveTheme(flags.theme, colors);
  let cellSize = wholeNumber(flags.cellSize, '--cell-size');
  const margin = wholeNumber(flags.margin, '--margin');
  // What is drawn, for the memory estimate: any other grid's text is built whole.
  const drawn = (whole: boolean) => renderOutput(format, { whole, cellSize, pictureSide: MAX_AUTO_PNG_SIDE, perPage });
  if (isGridInput(input)) {
    return renderGrid(
      input,
      format,
      {
        path: flags.path === true,
        theme,
        cellSize,
        margin,
        output,
        target,
        paper: flags.paper,
        perPage: flags.perPage,
        drawn: drawn(true),
        voice: renderVoice(flags),
      },
      stdout,
    );
  }
  if (format === 'svg' || format === 'png') {
    // The library checks the sizes (whatever the maze's); here its refusal names the flag the user typed.
    try {
      mazeLayout(new Maze(1, 1), theme, { cellSize, margin });
    } catch (error) {
      if (error instanceof OptionError && (error.key === 'cell-size' || error.key === 'margin'))
        throw new UsageError(`--${error.key}: ${error.message}`);
      throw error;
    }
  }
  // The picture's size follows from the maze's alone: a PNG that cannot be made is refused before a config's maze is.
  const loaded = loadMaze(
    input,
    (width, height) => {
      if (format === 'png') checkPngSize(width, height, theme, pngCellSize(width, height, cellSize, margin), margin);
    },
    drawn(false),
    !flags.quiet,
  );
  const { maze, entry, exit } = loaded;
  if (loaded.kind !== 'config')
    checkOutputFits(input, { width: maze.width, height: maze.height, pathCells: loaded.path.length }, drawn(false));
  const progress = createProgress();
  const shortfall = loaded.kind === 'config' ? undefined : validateShortfall(maze);
  const voice = renderVoice(flags);
  if (shortfall) {
    if (voice.warn)
      process.stderr.write(
        `a-maze-ing: note: ${input} is drawn without checking its rules: ${shortfall} ('a-maze-ing validate ${input}' checks it)\n`,
      );
  } else if (loaded.kind !== 'config') {
    // Draw what the file holds, but say so when it breaks a rule (a config's maze cannot).
    progress.start('check', 1);
    let broken;
    try {
      broken = validate(maze, { entry, exit, onProgress: progress.enabled ? (done, total) => progress.update(done, total) : undefined });
    } finally {
      progress.stop();
    }
    if (broken.length > 0 && voice.warn) {
      const rules = broken.map((v) => v.rule).join(', ');
      process.stderr.write(
        `a-maze-ing: note: ${input} breaks ${broken.length} rule${broken.length === 1 ? '' : 's'} (${rules}); it is drawn as it is, and 'a-maze-ing validate ${input}' says where\n`,
      );
    }
  }
  const path = flags.path ? loaded.path : undefined;
  if (format === 'png' && cellSize === undefined) {
    cellSize = pngCellSize(maze.width, maze.height, undefined, margin);
    if (cellSize !== undefined && voice.inform)
      process.stderr.write(
        `a-maze-ing: note: a ${maze.width}x${maze.height} maze is drawn at ${cellSize} px a cell (use --cell-size to choose)\n`,
      );
  }
  // Information, not a problem: a plain line on stderr (stdout may carry the picture).
  if (loaded.kind === 'config' && (voice.inform || (voice.warn && loaded.config?.seed === undefined)))
    process.stderr.write(`seed ${loaded.seed}\n`);
  if (pdf) return pdf.writePdf(input, loaded, { ...flags, output }, stdout);
  const title = `${maze.width}x${maze.height} maze${loaded.seed ? `, seed ${loaded.seed}` : ''}`;
  if (format === 'png') {
    checkPngSize(maze.width, maze.height, theme, cellSize, margin);
    // The SVG draws the distance legend under the maze; a PNG has no text, so its legend is this line.
    const far = distanceShading(maze, theme, entry)?.max;
    if (far !== undefined && voice.inform) process.stderr.write(`a-maze-ing: note: ${distanceLegend(far)}\n`);
    const layout = mazeLayout(maze, theme, { cellSize, margin });
    const picture = { maze, layout, theme, entry, exit, path };
    progress.start('draw', layout.height);
    const onRows = progress.enabled ? (rows: number) => progress.update(rows) : undefined;
    try {
      if (target) await writePngFile(target.path, picture, onRows);
      else await encodePng(picture, stdout as never, onRows);
    } finally {
      progress.stop();
    }
    return;
  }
  // Every format comes as chunks of about 4 MB: the text of a giant maze is never one string.
  let chunks: Iterable<Uint8Array> | undefined;
  let pushChunks: ((sink: (chunk: Uint8Array) => void) => void) | undefined;
  switch (format) {
    case 'svg':
      // The SVG drawing calls back as it goes, so its chunks are pushed rather than pulled.
      pushChunks = (sink) => writeSvgChunks(maze, { entry, exit, path, theme, cellSize, margin, title }, sink);
      break;
    case 'ascii':
      chunks = encodeAsciiChunks(maze, { entry, exit, path });
      break;
    case 'unicode':
      chunks = encodeUnicodeChunks(maze, { entry, exit, path });
      break;
    case 'blocks':
      chunks = encodeBlocksChunks(maze, { entry, exit });
      break;
    case 'graph':
      chunks = [Buffer.from(squareGraph(maze, entry, exit, loaded.path, loaded.generator, loaded.seed), 'utf8')];
      break;
    case 'hex':
      chunks = encodeHexChunks(maze, {
        entry: toConfigBase(entry, loaded.indexBase ?? 0),
        exit: toConfigBase(exit, loaded.indexBase ?? 0),
        path: loaded.directions,
      });
      break;
    default:
      chunks = encodeJsonChunks(maze, { entry, exit, solution: loaded.directions, generator: loaded.generator, seed: loaded.seed });
  }
  if (target) {
    const file = new AtomicFile(target);
    try {
      if (format === 'svg') {
        // About 8 bytes a cell (measured from 200x200 to 4000x4000): the bar's estimate.
        progress.start('draw', maze.size * SVG_BYTES_PER_CELL);
        try {
          await writeSvgInThread(
            maze,
            file.fd,
            { entry, exit, path, theme, cellSize, margin, title },
            progress.enabled ? (bytes) => progress.update(bytes) : undefined,
          );
        } finally {
          progress.stop();
        }
      } else {
        // A turn of the event loop between chunks lets a signal's clean-up run.
        for (const chunk of chunks!) {
          file.write(chunk);
          await yieldToSignals();
        }
      }
    } catch (error) {
      // Nothing half-written: the temp file goes, the target stays as it was.
      file.abort();
      throw file.failure(error);
    }
    file.commit();
    return;
  }
  if (pushChunks) {
    pushChunks((chunk) => stdout.write(chunk));
    return;
  }
  for (const chunk of chunks!) if (!stdout.write(chunk)) await once(stdout, 'drain');
}

/** SVG bytes a cell, about: what the bar expects a picture to weigh. */
const SVG_BYTES_PER_CELL = 8;

/** Writes the SVG in a worker thread (the drawing pushes its chunks synchronously), handing it the maze's buffer; `onBytes` hears of the bytes written. */
function writeSvgInThread(maze: Maze, fd: number, options: SvgOptions, onBytes?: (bytes: number) => void): Promise<void> {
  const data = maze.data.slice(0);
  const job: SvgJob = {
    data,
    fd,
    options: { ...options, path: options.path ? Int32Array.from(options.path) : undefined },
    reportBytes: onBytes !== undefined,
  };
  const worker = new Worker(workerModule('svg-worker'), { workerData: job, transferList: [data] });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.on('message', (message: { kind: string; code?: string; message?: string; bytes?: number }) => {
      if (message.kind === 'progress') {
        onBytes?.(message.bytes ?? 0);
        return;
      }
      settled = true;
      if (message.kind === 'done') resolve();
      else reject(Object.assign(new Error(message.message), { code: message.code }));
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the SVG thread stopped early (exit code ${code})`));
    });
  });
}

/** A PNG's cell size: the one asked for, or a smaller one than the default when the picture would pass MAX_AUTO_PNG_SIDE. */
function pngCellSize(width: number, height: number, asked: number | undefined, margin: number | undefined): number | undefined {
  if (asked !== undefined) return asked;
  const auto = Math.floor((MAX_AUTO_PNG_SIDE - 2 * (margin ?? 8) - 1) / Math.max(width, height));
  return auto < 16 ? Math.max(2, auto) : undefined;
}

/**
 * Refuses a PNG the encoder cannot make: it holds a band of rows at a time (about 12
 * bytes per pixel of width with the filtered copy), so a side is capped at MAX_PNG_SIDE
 * pixels. The message names the largest cell size that fits, or the largest maze that
 * fits at the smallest cell size.
 */
function checkPngSize(width: number, height: number, theme: Theme, cellSize: number | undefined, margin: number | undefined): void {
  const shape = new Maze(1, 1);
  // The layout of a width x height maze without allocating it: only its sides matter.
  const sides = (size: number | undefined): { width: number; height: number; cellSize: number } => {
    const one = mazeLayout(shape, theme, { cellSize: size, margin });
    return { width: one.width + (width - 1) * one.cellSize, height: one.height + (height - 1) * one.cellSize, cellSize: one.cellSize };
  };
  const layout = sides(cellSize);
  if (layout.width <= MAX_PNG_SIDE && layout.height <= MAX_PNG_SIDE) return;
  let fits = 0;
  for (let size = layout.cellSize - 1; size >= 2 && fits === 0; size--) {
    const smaller = sides(size);
    if (smaller.width <= MAX_PNG_SIDE && smaller.height <= MAX_PNG_SIDE) fits = size;
  }
  const picture = `a ${width}x${height} maze at ${layout.cellSize} px a cell is a ${layout.width}x${layout.height} px PNG, and a PNG side is at most ${MAX_PNG_SIDE} px here`;
  if (fits > 0) throw new UsageError(`${picture}; --cell-size ${fits} is the largest that fits (or use --format svg)`);
  const most = Math.floor((MAX_PNG_SIDE - 2 * (margin ?? 1) - 1) / 2);
  throw new UsageError(`${picture}; even at 2 px a cell a PNG holds at most ${most} cells a side: use --format svg or a text format`);
}
