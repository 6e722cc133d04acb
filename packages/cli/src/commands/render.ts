/**
 * `a-maze-ing render INPUT --format F [-o OUT]`: a maze (hex file, JSON export or config
 * file) as SVG, PNG, ASCII, Unicode, block matrix or JSON.
 */
import { Option, type Command } from 'commander';
import {
  FormatError,
  validate,
  mazeLayout,
  OptionError,
  parseConfig,
  parseHex,
  parseBlocks,
  parseJson,
  parseTextMaze,
  resolveTheme,
  shortestPath,
  toAscii,
  toBlocksText,
  toConfigBase,
  toHex,
  toJson,
  toMazeOptions,
  toSvg,
  toUnicode,
  walkPath,
  type Maze,
  type Point,
  type ThemeOverrides,
} from 'mazegen';
import { CliError, UsageError } from '../errors.js';
import { checkWritable, readTextFile, writeFileAtomic } from '../io.js';
import { checkConfigFits, generateFromConfig, printConfigNotes } from './generate.js';
import { MAX_AUTO_PNG_SIDE, encodePng, writePngFile } from '../png.js';

export const RENDER_FORMATS = ['svg', 'png', 'ascii', 'unicode', 'blocks', 'json', 'hex'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

/** A maze file can be large (a 4000x4000 hex file is 16 MB); refuse what could not be a maze. */
const MAX_INPUT_BYTES = 1024 * 1024 * 1024;

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

function pathCells(maze: Maze, entry: Point, directions: string, file: string): Int32Array {
  const walk = walkPath(maze, entry.y * maze.width + entry.x, directions);
  if (walk.error) throw new CliError(`${file}: the solution line is not a legal path: ${walk.error}`);
  // A typed copy: a long path as a plain array costs several times the memory.
  return Int32Array.from(walk.cells);
}

/** Reads INPUT and returns the maze with a shortest path (from the file when it holds one). */
function loadMaze(file: string): LoadedMaze {
  const text = readTextFile(file, { what: 'maze file', maxBytes: MAX_INPUT_BYTES, expected: 'a hex maze file, a maze JSON, a text maze, a block matrix or a config file' });
  const kind = detectInput(text);
  const located = (error: unknown): never => {
    if (error instanceof FormatError) throw new CliError(`${file}, ${error.message}`);
    throw error;
  };
  if (kind === 'config') {
    const config = parseConfig(text, file);
    // The default command's checks and notes, so a config behaves the same here.
    checkConfigFits(config, file);
    const generated = generateFromConfig(config, toMazeOptions(config));
    printConfigNotes(config, file, generated.notes);
    const best = shortestPath(generated.maze, generated.entry, generated.exit);
    return { ...generated, path: best.cells, directions: best.directions, generator: generated.generator.name, seed: generated.seed, kind, indexBase: config.indexBase };
  }
  if (kind === 'json') {
    let doc;
    try {
      doc = parseJson(text);
    } catch (error) {
      return located(error);
    }
    const directions = doc.solution ?? shortestPath(doc.maze, doc.entry, doc.exit).directions;
    return { maze: doc.maze, entry: doc.entry, exit: doc.exit, path: pathCells(doc.maze, doc.entry, directions, file), directions, generator: doc.generator ?? undefined, seed: doc.seed ?? undefined, kind };
  }
  if (kind === 'text' || kind === 'blocks') {
    let read;
    try {
      read = kind === 'text' ? parseTextMaze(text) : parseBlocks(text);
    } catch (error) {
      return located(error);
    }
    const { maze, entry, exit } = read;
    const marks = kind === 'text' ? 'S and E marks' : 'blocks 2 (start) and 3 (end)';
    if (!entry || !exit) throw new CliError(`${file}: a ${kind === 'text' ? 'text maze' : 'block matrix'} needs its ${marks} to be drawn with a path`);
    const best = shortestPath(maze, entry, exit);
    return { maze, entry, exit, path: best.cells, directions: best.directions, kind };
  }
  let hex;
  try {
    hex = parseHex(text);
  } catch (error) {
    return located(error);
  }
  return { maze: hex.maze, entry: hex.entry, exit: hex.exit, path: pathCells(hex.maze, hex.entry, hex.path, file), directions: hex.path, kind };
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
async function runRender(input: string, flags: RenderFlags, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  const format = chooseFormat(flags);
  if (format === 'png' && !flags.output && (stdout as { isTTY?: boolean }).isTTY) {
    throw new UsageError('a PNG is binary: give -o FILE.png (or pipe the output)');
  }
  if (flags.output) checkWritable(flags.output, 'output file');
  const loaded = loadMaze(input);
  const { maze, entry, exit } = loaded;
  if (loaded.kind !== 'config') {
    // Draw what the file holds, but say so when it breaks a rule (a config's maze cannot).
    const broken = validate(maze, { entry, exit });
    if (broken.length > 0) {
      const rules = broken.map((v) => v.rule).join(', ');
      process.stderr.write(`a-maze-ing: note: ${input} breaks ${broken.length} rule${broken.length === 1 ? '' : 's'} (${rules}); it is drawn as it is, and 'a-maze-ing validate ${input}' says where\n`);
    }
  }
  const path = flags.path ? loaded.path : undefined;
  const colors: ThemeOverrides = { wall: flags.wallColor, background: flags.background, path: flags.pathColor };
  const theme = resolveTheme(flags.theme, colors);
  let cellSize = wholeNumber(flags.cellSize, '--cell-size');
  const margin = wholeNumber(flags.margin, '--margin');
  if (format === 'svg' || format === 'png') {
    // The library checks the sizes; here its refusal names the flag the user typed.
    try {
      mazeLayout(maze, theme, { cellSize, margin });
    } catch (error) {
      if (error instanceof OptionError && (error.key === 'cell-size' || error.key === 'margin')) throw new UsageError(`--${error.key}: ${error.message}`);
      throw error;
    }
  }
  if (format === 'png' && cellSize === undefined) {
    const cells = Math.max(maze.width, maze.height);
    const auto = Math.floor((MAX_AUTO_PNG_SIDE - 2 * (margin ?? 8) - 1) / cells);
    if (auto < 16) {
      cellSize = Math.max(2, auto);
      process.stderr.write(`a-maze-ing: a ${maze.width}x${maze.height} maze is drawn at ${cellSize} px a cell (use --cell-size to choose)\n`);
    }
  }
  if (loaded.kind === 'config') process.stderr.write(`a-maze-ing: seed ${loaded.seed}\n`);
  const text = (): string => {
    switch (format) {
      case 'svg':
        return toSvg(maze, { entry, exit, path, theme, cellSize, margin, title: `${maze.width}x${maze.height} maze${loaded.seed ? `, seed ${loaded.seed}` : ''}` });
      case 'ascii':
        return toAscii(maze, { entry, exit, path });
      case 'unicode':
        return toUnicode(maze, { entry, exit, path });
      case 'blocks':
        return toBlocksText(maze, { entry, exit });
      case 'hex':
        return toHex(maze, { entry: toConfigBase(entry, loaded.indexBase ?? 0), exit: toConfigBase(exit, loaded.indexBase ?? 0), path: loaded.directions });
      default:
        return toJson(maze, { entry, exit, solution: loaded.directions, generator: loaded.generator, seed: loaded.seed });
    }
  };
  if (format === 'png') {
    const layout = mazeLayout(maze, theme, { cellSize, margin });
    const picture = { maze, layout, theme, entry, exit, path };
    if (flags.output) await writePngFile(flags.output, picture);
    else await encodePng(picture, stdout as never);
    return;
  }
  const out = text();
  if (flags.output) writeFileAtomic(flags.output, out);
  else stdout.write(out);
}

export function register(program: Command): void {
  program
    .command('render')
    .description('draw a maze file (hex, JSON) or a config\'s maze as SVG, PNG, ASCII, Unicode, block matrix, JSON or hex')
    .argument('<input>', 'a hex maze file, a maze JSON, an ascii/unicode maze, a block matrix, or a KEY=VALUE config file')
    .addOption(new Option('-f, --format <format>', 'output format (default: from the -o extension)').choices([...RENDER_FORMATS, 'text', 'txt']))
    .option('-o, --output <file>', 'write here (atomically); text formats go to stdout without it')
    .option('-p, --path', 'draw the shortest path (svg, png, ascii, unicode)')
    .option('--cell-size <px>', 'pixels per cell for svg/png (default 16; big PNGs get smaller cells)')
    .option('--margin <px>', 'blank pixels around the maze (default half a cell)')
    .option('--theme <name>', 'colour theme: default, or heatmap (the MATLAB block-matrix colours)', 'default')
    .option('--wall-color <colour>', 'wall colour: one of the 13 names (black, blue, ...) or #rrggbb')
    .option('--background <colour>', 'background (passage) colour by name or #rrggbb')
    .option('--path-color <colour>', 'solution colour by name or #rrggbb')
    .addHelpText('after', '\nExamples:\n  a-maze-ing render maze.txt -o maze.svg --path\n  a-maze-ing render config.txt --format unicode\n  a-maze-ing render maze.txt -o big.png --theme heatmap\n')
    .action(async (input: string, flags: RenderFlags) => {
      await runRender(input, flags);
    });
}
