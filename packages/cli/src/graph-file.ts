/**
 * The files of any grid at the CLI: the graph JSON and the maze JSON of formatVersion 2
 * (docs/formats.md), told from other inputs, read for `render` (commands/render-grid.ts)
 * and `validate maze.json`; a grid config's maze made for `render`.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import {
  createTopology,
  FormatError,
  GridMaze,
  hardestPair,
  parseGraph,
  parseJson,
  toGraphJson,
  validate,
  type GridMaze as GridMazeType,
  type Maze,
} from 'mazegen';
import { isPlainSquareConfig, parseConfig, type ConfigOptions } from 'mazegen/config';
import {
  applyMask,
  applyOutline,
  bfsPass,
  cellLabel,
  defaultGridSize,
  sideCells,
  type GraphOptions,
  type GridSide,
} from 'mazegen/internal';
import { CliError, EXIT_INVALID } from './errors.js';
import { readTextFile } from './read-input.js';
import { graphText, makeGridMaze, readMask, runInfo, type GridRun } from './grid-run.js';
import { checkGraphReadFits, checkOutputFits, type RunUse } from './memory-plan.js';
import { diagnostic } from './diagnostic.js';
import { printUnreadableJson, printVerdict } from './validate-report.js';

/** Graph files up to this size are read (a graph spends about 80 bytes a cell). */
const MAX_GRAPH_BYTES = 500 * 1024 * 1024;

/** The first bytes of a file as text ('' when it cannot be read: the real read reports why). */
function head(path: string, bytes = 4096): string {
  try {
    // Only a regular file can be peeked at: opening a FIFO waits for a writer, and reading it would take the bytes the parse needs.
    if (!statSync(path).isFile()) return '';
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const n = readSync(fd, buffer, 0, bytes, 0);
      return buffer.subarray(0, n).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/**
 * True when the file is a maze of any grid: a maze graph (its `graph.format` comes in the
 * first line) or a maze JSON of formatVersion 2 (its first lines say so).
 */
export function isGraphFile(path: string): boolean {
  const start = head(path)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!start.startsWith('{')) return false;
  return start.includes('"a-maze-ing/graph"') || (start.includes('"a-maze-ing/maze"') && /"formatVersion"\s*:\s*2\b/.test(start));
}

/** True when the file is a config whose maze is not a plain square one. */
export function isGridConfigFile(path: string): boolean {
  const start = head(path);
  if (!/^\s*(GRID|TOPOLOGY|WRAP|MASK|SHAPE|OUTLINE)\s*=/im.test(start)) return false;
  try {
    return !isPlainSquareConfig(
      parseConfig(readTextFile(path, { what: 'config file', maxBytes: 1024 * 1024, expected: 'KEY=VALUE lines' }), path),
    );
  } catch {
    return false; // the normal path reports the config's error
  }
}

/** What a file of any grid says of its maze, besides the walls. */
export interface GridFileInfo {
  entry: number;
  exit: number;
  solution: ArrayLike<number> | null;
  perfect: boolean | null;
  generator: string | null;
  seed: string | null;
  shape: string | null;
}

/** A maze of any grid read from its file. */
export interface GridFile {
  maze: GridMazeType;
  info: GridFileInfo;
}

/** Reads a graph file or a maze JSON of any grid, every problem one line naming the file. */
/** One too big to parse in the memory free is refused before it is read. */
export function readGraphFile(path: string): GridFile {
  checkGraphReadFits(path);
  const text = readTextFile(path, {
    what: 'maze file',
    maxBytes: MAX_GRAPH_BYTES,
    expected: 'the graph JSON or the maze JSON of a maze (render --format graph or json)',
  });
  try {
    if (!text.includes('"a-maze-ing/graph"')) {
      const doc = parseJson(text);
      const { maze, entry, exit, solution, perfect, generator, seed, shape } = doc;
      return { maze, info: { entry, exit, solution, perfect, generator, seed, shape } };
    }
    const { maze, info } = parseGraph(text);
    const { entry, exit, solution, perfect, generator, seed, shape } = info;
    return { maze, info: { entry, exit, solution, perfect: perfect ?? null, generator, seed, shape } };
  } catch (error) {
    if (error instanceof FormatError) throw new CliError(`${path}: ${error.detail}`);
    throw error;
  }
}

/** A maze of a graph file, a maze JSON or a grid config, with what its file says of it. */
export interface GridInput {
  maze: GridMazeType;
  info: GraphOptions;
  /** A config's whole graph JSON (as the default command writes it), made when asked for: a graph's objects weigh far more than the maze. */
  graph?: () => string;
  /** The config and its run, when the input was one. */
  config?: ConfigOptions;
  run?: GridRun;
}

/** Reads a file of any grid, or makes a grid config's maze (its SEED, else a random one); `use` is what is drawn of it, for the memory check. */
export function loadGridInput(input: string, use: RunUse = { output: { format: 'none' } }): GridInput {
  if (isGraphFile(input)) {
    const { maze, info } = readGraphFile(input);
    const t = maze.topology;
    if (use.output)
      checkOutputFits(
        input,
        { grid: t.kind, width: t.width, height: t.height, wrap: t.wrap, pathCells: info.solution?.length ?? t.size },
        use.output,
      );
    return {
      maze,
      info: {
        entry: info.entry,
        exit: info.exit,
        solution: info.solution,
        perfect: info.perfect ?? undefined,
        generator: info.generator ?? undefined,
        seed: info.seed ?? undefined,
        shape: info.shape ?? undefined,
      },
    };
  }
  const config = parseConfig(readTextFile(input, { what: 'config file', maxBytes: 1024 * 1024, expected: 'KEY=VALUE lines' }), input);
  const run = makeGridMaze(config, input, config.seed, use);
  return {
    maze: run.generated.maze,
    info: runInfo(run),
    graph: () => graphText(run),
    config,
    run,
  };
}

/** The graph of a square maze (any input render reads). */
export function squareGraph(
  maze: Maze,
  entry: { x: number; y: number },
  exit: { x: number; y: number },
  path: Int32Array,
  generator?: string,
  seed?: string,
): string {
  const grid = GridMaze.fromMaze(maze);
  const w = maze.width;
  return toGraphJson(grid, { entry: entry.y * w + entry.x, exit: exit.y * w + exit.x, solution: path, generator, seed });
}

/** One way the file differs from its config, as printed. */
interface ConfigProblem {
  rule: string;
  message: string;
}

/**
 * Where a graph file disagrees with the grid config it should have been made from: the
 * grid, its size and wrap, the cells the config's MASK or SHAPE leaves out, and the ends
 * (a cell, a side, the polar centre or outer ring, EXIT=farthest, ENTRY=EXIT=hardest).
 */
export function gridConfigProblems(
  config: ConfigOptions,
  configPath: string,
  maze: GridMazeType,
  info: { entry: number; exit: number },
): ConfigProblem[] {
  const t = maze.topology;
  const problem = (message: string): ConfigProblem => ({ rule: 'config', message });
  const mask = readMask(config, configPath);
  const fallback = defaultGridSize(config.grid, mask);
  const width = config.width > 0 ? config.width : (fallback.width ?? 0);
  const height = config.height > 0 ? config.height : (fallback.height ?? 0);
  const wrap = config.wrap === 'none' ? '' : ` wrapped ${config.wrap}`;
  if (t.kind !== config.grid || t.width !== width || t.height !== height || t.wrap !== config.wrap) {
    return [
      problem(
        `the maze is a ${t.width}x${t.height} ${t.kind} grid${t.wrap === 'none' ? '' : ` wrapped ${t.wrap}`}, the config asks for ${width}x${height} ${config.grid}${wrap}`,
      ),
    ];
  }
  const problems: ConfigProblem[] = [];
  const shape = new GridMaze(createTopology({ grid: t.kind, width, height, wrap: t.wrap }));
  if (mask) applyMask(shape, mask);
  if (config.shape) applyOutline(shape, config.shape);
  let differ = 0;
  for (let cell = 0; cell < t.size; cell++) if (shape.isBlocked(cell) !== maze.isBlocked(cell)) differ++;
  if (differ > 0)
    problems.push(
      problem(
        `${differ} cell${differ === 1 ? '' : 's'} ${differ === 1 ? 'is' : 'are'} masked differently from the config's ${config.mask !== undefined ? `MASK=${config.mask}` : config.shape ? `SHAPE=${config.shape}` : 'grid (no MASK or SHAPE)'}`,
      ),
    );
  const show = (cell: number): string => cellLabel(t, cell, config.indexBase);
  if (config.exit === 'farthest' || config.exit === 'hardest') {
    const fromEntry = bfsPass(maze, info.entry);
    const distance = fromEntry.dist[info.exit];
    const best = config.exit === 'farthest' ? fromEntry.eccentricity : hardestPair(maze, info.entry).distance;
    if (distance !== best) {
      const what = config.exit === 'farthest' ? `a cell ${best} moves from the entry exists` : `two cells ${best} moves apart exist`;
      problems.push(
        problem(
          `the config asks for ${config.exit === 'farthest' ? 'EXIT=farthest' : 'ENTRY=EXIT=hardest'}, but ${show(info.entry)} and ${show(info.exit)} are ${distance} moves apart and ${what}`,
        ),
      );
    }
  }
  for (const [name, found, wanted] of [
    ['entry', info.entry, config.entry],
    ['exit', info.exit, config.exit],
  ] as const) {
    if (wanted === 'farthest' || wanted === 'hardest') continue;
    if (typeof wanted === 'string') {
      const side = wanted as GridSide;
      const where = side === 'centre' || side === 'center' ? 'the centre' : side === 'outer' ? 'on the outer ring' : `on the ${side} side`;
      if (!sideCells(maze, side).includes(found)) problems.push(problem(`the ${name} ${show(found)} is not ${where} the config asks for`));
    } else if (t.cellAt(wanted.x, wanted.y) !== found) {
      problems.push(
        problem(`the ${name} is ${show(found)}, the config asks for (${wanted.x + config.indexBase},${wanted.y + config.indexBase})`),
      );
    }
  }
  return problems;
}

/** `validate maze.json [--config CFG]`: every rule that applies (and what the config asks), one line each, exit 1 if any. */
export function validateGraphFile(file: string, config?: ConfigOptions, configPath?: string, json = false): number {
  let parsed: GridFile;
  try {
    parsed = readGraphFile(file);
  } catch (error) {
    if (error instanceof CliError) {
      if (json) printUnreadableJson(file, error.message);
      diagnostic(error.message);
      return EXIT_INVALID;
    }
    throw error;
  }
  const { maze, info } = parsed;
  const problems = [
    ...(config ? gridConfigProblems(config, configPath ?? 'config', maze, info) : []),
    ...validate(maze, {
      entry: info.entry,
      exit: info.exit,
      perfect: config?.perfect ?? info.perfect ?? undefined,
      braid: config?.braid,
      solution: info.solution,
    }),
  ];
  const t = maze.topology;
  const moves = info.solution ? `a shortest path of ${info.solution.length - 1} moves` : 'no solution listed';
  const as = config ? ` as ${configPath} asks (PERFECT=${config.perfect ? 'True' : 'False'})` : '';
  const ok = `${t.kind} maze of ${maze.countOpenCells()} cells${t.wrap !== 'none' ? `, wrapped ${t.wrap}` : ''}, ${moves}; every rule holds${as}`;
  return printVerdict(file, problems, ok, json, t.kind);
}
