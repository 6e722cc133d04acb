/**
 * A config's maze for every command that makes one: reading the config, the --seed flag,
 * generating with the config's lines in the messages, the memory check and the notes.
 */
import {
  ConfigError,
  generateMaze,
  OptionError,
  parseHex,
  solveMaze,
  type GeneratedMaze,
  type GridMaze,
  type MaskData,
  type Maze,
  type Point,
  type Solution,
  type SquareMazeOptions,
} from 'mazegen';
import { MAX_CONFIG_BYTES, normalizeSeed, parseConfig, toMazeOptions, type ConfigOptions } from 'mazegen/config';
import type { RunOutput } from 'mazegen/internal';
import { CliError, UsageError } from './errors.js';
import { readTextFile } from './read-input.js';
import { collectGarbage, COLLECT_FROM_CELLS } from './memory.js';
import { checkConfigRunFits } from './memory-plan.js';
import { createProgress, phasedProgress, solveWithBars, type Progress } from './progress.js';
import { diagnostic } from './diagnostic.js';

/** Reads and parses a config file; every problem is one line (CliError or ConfigError). */
export function loadConfig(path: string): ConfigOptions {
  const text = readTextFile(path, {
    what: 'config file',
    maxBytes: MAX_CONFIG_BYTES,
    expected: 'KEY=VALUE lines (WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT)',
  });
  try {
    return parseConfig(text, path);
  } catch (error) {
    if (error instanceof ConfigError && looksLikeMazeFile(text)) {
      throw new CliError(
        `${path} is a maze file (hex rows, entry, exit, path), not a config; give the KEY=VALUE config it was made from (validate and render read maze files)`,
      );
    }
    throw error;
  }
}

function looksLikeMazeFile(text: string): boolean {
  try {
    parseHex(text);
    return true;
  } catch {
    return false;
  }
}

/** generateMaze for a config's maze: an option the library refuses (ENTRY and EXIT on one cell) names the file and line. */
export function generateFromConfig(config: ConfigOptions, options: SquareMazeOptions): GeneratedMaze<Maze> {
  // Every command that makes a config's maze shows its phases' bars (the default command brings its own).
  const progress = options.onProgress ? undefined : createProgress();
  try {
    const generated = generateMaze(progress ? { ...options, onProgress: phasedProgress(progress) } : options);
    // The generator's WebAssembly memory goes now, before the solver's arrays come (memory.ts).
    if (generated.maze.size >= COLLECT_FROM_CELLS) collectGarbage();
    return generated;
  } catch (error) {
    const line = error instanceof OptionError ? config.lines[error.key] : undefined;
    if (line !== undefined)
      throw new CliError(`${config.file ?? 'config'}, line ${line}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  } finally {
    progress?.stop();
  }
}

/** A --seed flag, normalized like the config's SEED; undefined when not given, a usage error when empty. */
export function seedFlag(seed: string | undefined): string | undefined {
  if (seed === undefined) return undefined;
  if (seed.trim() === '') throw new UsageError('--seed is empty; give an integer or some text');
  return normalizeSeed(seed.trim());
}

/**
 * Refuses a config's maze that would not fit in memory (maze, solution, shortest path,
 * output), naming its WIDTH/HEIGHT line; `offerStream` (the default command) adds the
 * --stream hint where it applies, `output` is what render draws (default: the hex file).
 */
export function checkConfigFits(
  config: ConfigOptions,
  configPath: string,
  offerStream = false,
  analysis = false,
  output?: RunOutput,
): void {
  checkConfigRunFits(config, configPath, { offerStream, analysis, output });
}

/** Says on stderr, one line each, the keys the config sets but this maze ignores and the generator's notes. */
export function printConfigNotes(config: ConfigOptions, configPath: string, generatorNotes: readonly string[]): void {
  for (const note of [...ignoredKeyNotes(config, configPath), ...generatorNotes]) diagnostic(`note: ${note}`);
}

/** Keys the config sets but this maze does not use: said once, so a silent no-op does not look like a bug. */
export function ignoredKeyNotes(config: ConfigOptions, configPath: string): string[] {
  const notes: string[] = [];
  const { DIFFICULTY: difficultyLine, BRAID: braidLine } = config.lines;
  if (difficultyLine !== undefined && config.generator !== 'DFS') {
    notes.push(`${configPath}, line ${difficultyLine}: DIFFICULTY steers only the DFS generator; ${config.generator} ignores it`);
  }
  if (braidLine !== undefined && config.perfect) {
    notes.push(`${configPath}, line ${braidLine}: BRAID applies only when PERFECT=False; a perfect maze ignores it`);
  }
  return notes;
}

/** A config's maze made and solved: the maze, the configured solver's path, a shortest path, the notes. */
export interface ConfigMaze<M extends GridMaze = GridMaze> {
  generated: GeneratedMaze<M>;
  solution: Solution;
  shortest: Solution;
  notes: string[];
}

/**
 * Generates the config's maze, on any grid (`mask`: its MASK file, read): the one way the
 * default command makes it, whatever file it writes. A refused option names its config
 * line (WIDTH or HEIGHT a mask's size: the MASK or GRID line). The run is weighed before.
 */
export function generateConfigMaze(
  config: ConfigOptions,
  configPath: string,
  seed: string | undefined,
  progress: Progress,
  extra: { mask?: MaskData; sharedMemory?: boolean } = {},
): GeneratedMaze {
  let generated: GeneratedMaze;
  try {
    const options = toMazeOptions(config, seed, extra.mask);
    const made = generateMaze({ ...options, onProgress: phasedProgress(progress), ...(extra.sharedMemory && { sharedMemory: true }) });
    // Every run names its ends by cell (the plain square config's maze comes with Points); the bytes are the same.
    const cellOf = (end: number | Point): number => (typeof end === 'number' ? end : made.maze.topology.cellAt(end.x, end.y));
    generated = { ...made, entry: cellOf(made.entry), exit: cellOf(made.exit) };
  } catch (error) {
    if (error instanceof OptionError) {
      const line =
        config.lines[error.key] ?? (error.key === 'WIDTH' || error.key === 'HEIGHT' ? (config.lines.MASK ?? config.lines.GRID) : undefined);
      throw new CliError(line !== undefined ? `${configPath}, line ${line}: ${error.message}` : `${configPath}: ${error.message}`);
    }
    throw error;
  } finally {
    progress.stop();
  }
  // The generator's WebAssembly memory goes now, before the solver's arrays come (memory.ts).
  if (generated.maze.size >= COLLECT_FROM_CELLS) collectGarbage();
  return generated;
}

/** Solves a config's maze with its solver (BFS where that finds nothing) and takes a shortest path for the file. */
export function solveConfigMaze<M extends GridMaze>(generated: GeneratedMaze<M>, config: ConfigOptions, progress: Progress): ConfigMaze<M> {
  const { maze } = generated;
  const entry = generated.entry as Point | number;
  const exit = generated.exit as Point | number;
  const notes = [...generated.notes];
  const { solution, shortest } = solveWithBars(
    progress,
    maze.size,
    config.solver,
    (name, onStep) => solveMaze(maze, entry, exit, name, onStep),
    notes,
  );
  return { generated, solution, shortest, notes };
}
