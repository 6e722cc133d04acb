/**
 * `a-maze-ing CONFIG` (also `a-maze-ing generate CONFIG`): read the config, generate,
 * solve, write OUTPUT_FILE atomically, print the seed, show the maze.
 */
import type { Command } from 'commander';
import {
  generateMaze,
  ConfigError,
  OptionError,
  parseHex,
  randomSeed,
  resolveSolver,
  solveMaze,
  type GeneratedMaze,
  type Maze,
  type SquareMazeOptions,
  type Solution,
} from 'mazegen';
import { editDistance, encodeHexChunks, type RunOutput, hexFooter, type HexFooter } from 'mazegen/internal';
import {
  isPlainSquareConfig,
  MAX_CONFIG_BYTES,
  normalizeSeed,
  parseConfig,
  toConfigBase,
  toMazeOptions,
  type ConfigOptions,
} from 'mazegen/config';
import { builtin } from '../builtin.js';
import { CliError, UsageError } from '../errors.js';
import { AtomicFile, checkWritable, readTextFile, sameFile, STDIO_NAME, writeFileAtomic, type OutputTarget } from '../io.js';
import { collectGarbage, COLLECT_FROM_CELLS } from '../memory.js';
import { checkConfigRunFits } from '../memory-plan.js';
import { createProgress, phasedProgress, SOLVE_PROGRESS_CELLS, SOLVE_PROGRESS_EVERY, solveWithBars, type Progress } from '../progress.js';
import { writeHexRowsYielding } from '../hex-rows.js';
import type { RowsWriter } from '../rows-writer.js';
import type { solveInThread } from '../solve-thread.js';
import { streamDecision } from '../stream-decision.js';
import { displayMaze, lookFor } from '../term/display.js';
import { PLAY_KEY } from '../term/play.js';
import type { Shown } from '../term/interactive.js';
import { formatStats, statsReport } from '../stats-report.js';

export interface GenerateFlags {
  seed?: string;
  output?: string;
  display: boolean;
  path: boolean;
  color: boolean;
  theme?: string;
  animation: boolean;
  quiet?: boolean;
  stats?: boolean;
  json?: boolean;
}

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

/** One made maze: the maze, the configured solver's path, a shortest path. */
export interface MadeMaze {
  generated: GeneratedMaze<Maze>;
  solution: Solution;
  shortest: Solution;
  notes: string[];
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

/** Generates and solves the config's maze with `seed` (undefined = random), and encodes the output file. */
function makeMaze(config: ConfigOptions, seed: string | undefined): MadeMaze & { bytes: Iterable<Uint8Array> } {
  const progress = createProgress();
  const generated = generateWithProgress(config, seed, progress, false);
  const made = solveWithProgress(generated, config, progress);
  // The output file, in chunks of whole rows (re-iterable), so a big maze is never held twice.
  return { ...made, bytes: encodeHexChunks(generated.maze, footerOf(made, config)) };
}

function generateWithProgress(config: ConfigOptions, seed: string | undefined, progress: Progress, shared: boolean): GeneratedMaze<Maze> {
  progress.start('generate', config.width * config.height);
  try {
    return generateFromConfig(config, { ...toMazeOptions(config, seed), onProgress: phasedProgress(progress), sharedMemory: shared });
  } finally {
    progress.stop();
  }
}

/** Solves with the configured solver (BFS where it finds nothing) and takes a shortest path for the file. */
function solveWithProgress(generated: GeneratedMaze<Maze>, config: ConfigOptions, progress: Progress): MadeMaze {
  const { maze, entry, exit } = generated;
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

function footerOf(made: MadeMaze, config: ConfigOptions): HexFooter {
  const { entry, exit } = made.generated;
  const base = config.indexBase;
  return { entry: toConfigBase(entry, base), exit: toConfigBase(exit, base), path: made.shortest.directions };
}

/**
 * Solvers whose state lives in the scratch bits and that never change a generated
 * maze's walls (the border they seal is closed already), so that another thread can
 * write the file's rows while they search. On a perfect maze each returns the one path
 * there is, which the solver thread then finds by `treePath` (solve-worker.ts).
 */
const WALL_KEEPING_SOLVERS: ReadonlySet<string> = new Set(['BFS', 'AStar', 'DFS']);
/** From this many cells, the rows are written by a worker thread while the maze is solved. */
const OVERLAP_CELLS = 1 << 22;

/**
 * Makes the config's maze and writes OUTPUT_FILE atomically. The temp file exists only
 * while the main thread can answer a signal (signals.ts): a maze is written after its
 * solve, in chunks that yield; a big maze with a solver that leaves the walls alone
 * lives in shared memory, and worker threads write its rows and solve it at once while
 * this thread waits. The footer (the path) goes last.
 */
async function makeAndWrite(config: ConfigOptions, seed: string | undefined, target: OutputTarget): Promise<MadeMaze> {
  const cells = config.width * config.height;
  const overlap = cells >= OVERLAP_CELLS && WALL_KEEPING_SOLVERS.has(resolveSolver(config.solver).name);
  const progress = createProgress();
  const generated = generateWithProgress(config, seed, progress, overlap);
  const { maze, entry, exit } = generated;
  if (!overlap) {
    const made = solveWithProgress(generated, config, progress);
    const file = new AtomicFile(target);
    try {
      progress.start('write', maze.height);
      try {
        await writeHexRowsYielding(maze, file.fd, 1 << 22, (rows) => progress.update(rows));
      } finally {
        progress.stop();
      }
      file.write(Buffer.from(hexFooter(footerOf(made, config)), 'latin1'));
      file.commit();
      return made;
    } catch (error) {
      file.abort();
      throw file.failure(error);
    }
  }
  // The threads' code (and node:worker_threads) loads only for mazes this big.
  const [{ startRowsWriter }, threads] = await Promise.all([import('../rows-writer.js'), import('../solve-thread.js')]);
  const file = new AtomicFile(target);
  let writer: RowsWriter | undefined;
  let solving: ReturnType<typeof solveInThread> | undefined;
  try {
    writer = startRowsWriter(maze, file.fd);
    progress.start('solve', maze.size);
    let solved;
    try {
      const every = progress.enabled && maze.size >= SOLVE_PROGRESS_CELLS ? SOLVE_PROGRESS_EVERY : 0;
      solving = threads.solveInThread(maze, entry, exit, config.solver, generated.perfect, every, (visited) => progress.update(visited));
      solved = await solving.result;
      solving = undefined;
    } finally {
      progress.stop();
    }
    const made: MadeMaze = {
      generated,
      solution: solved.solution,
      shortest: solved.shortest,
      notes: [...generated.notes, ...(solved.note ? [solved.note] : [])],
    };
    progress.start('write', maze.height);
    try {
      await writer.finished((rows) => progress.update(rows));
      writer = undefined;
    } finally {
      progress.stop();
    }
    file.write(Buffer.from(hexFooter(footerOf(made, config)), 'latin1'));
    file.commit();
    return made;
  } catch (error) {
    // The workers must be gone before the descriptor they use is closed.
    if (solving) await solving.stop();
    if (writer) await writer.stop();
    file.abort();
    throw file.failure(error);
  }
}

function shownOf(made: MadeMaze, config: ConfigOptions): Shown {
  const { maze, entry, exit, seed } = made.generated;
  return { maze, entry, exit, seed, path: made.shortest.cells, options: toMazeOptions(config, seed) };
}

/** The summary line's facts as one object (--json). */
function runSummary(
  made: MadeMaze,
  config: ConfigOptions,
  output: string,
  seedWasRandom: boolean,
  notes: string[],
  withStats: boolean | undefined,
): Record<string, unknown> {
  const { maze, seed, generator, perfect, entry, exit } = made.generated;
  const base = config.indexBase;
  return {
    output,
    width: maze.width,
    height: maze.height,
    perfect,
    generator: generator.name,
    seed,
    seedWasRandom,
    entry: toConfigBase(entry, base),
    exit: toConfigBase(exit, base),
    indexBase: base,
    solver: made.solution.solver.name,
    solverMoves: made.solution.cells.length - 1,
    moves: made.shortest.directions.length,
    notes,
    ...(withStats ? { stats: statsReport(made.generated, config.solver, config.indexBase) } : {}),
  };
}

function describeRun(made: MadeMaze, config: ConfigOptions, output: string): string {
  const { maze, seed, generator, perfect } = made.generated;
  const kind = perfect ? 'perfect maze' : 'Pac-Man board';
  const moves = made.shortest.directions.length;
  const solver = made.solution.solver.name;
  const found = made.solution.cells.length - 1;
  const by = found === moves ? `${solver}` : `${solver} found ${found} moves; the file holds a shortest one`;
  const base = config.indexBase === 1 ? ', coordinates from 1' : '';
  // A seed with spaces or punctuation is quoted, so the sentence around it stays readable.
  const shownSeed = /^[\w.:+-]+$/.test(seed) ? seed : `'${seed}'`;
  return `wrote ${output === STDIO_NAME ? 'standard output' : output}: ${maze.width}x${maze.height} ${kind} by ${generator.name}, seed ${shownSeed}, path of ${moves} move${moves === 1 ? '' : 's'} (${by})${base}`;
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
  for (const note of [...ignoredKeyNotes(config, configPath), ...generatorNotes]) process.stderr.write(`a-maze-ing: note: ${note}\n`);
}

/** Keys the config sets but this maze does not use: said once, so a silent no-op does not look like a bug. */
function ignoredKeyNotes(config: ConfigOptions, configPath: string): string[] {
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

/** The default command: `hasView` when the program has `view` to point at. */
export async function generateCommand(configPath: string, flags: GenerateFlags, hasView: boolean): Promise<number> {
  const seedGiven = seedFlag(flags.seed);
  const config = loadConfig(configPath);
  const seed = seedGiven ?? config.seed;
  const output = flags.output ?? config.outputFile;
  const label = flags.output !== undefined ? '--output' : `${configPath}, line ${config.lines.OUTPUT_FILE}: OUTPUT_FILE`;
  if (sameFile(output, configPath)) throw new CliError(`${label} '${output}' is the config file itself; choose another output path`);
  const target = checkWritable(output, label);
  if (!isPlainSquareConfig(config)) {
    // Grid runs load their own code (and PNG's zlib) only when a config asks for a grid.
    const { gridCommand } = await import('../grid-command.js');
    return gridCommand(config, configPath, flags, seed, output, (notes) => printConfigNotes(config, configPath, notes));
  }
  // The drawing's colours are settled first: a colour that hides the maze fails before any file is written.
  const look = flags.display ? lookFor(config, flags) : undefined;
  const streaming = streamDecision(config, configPath, flags);
  if (!streaming) checkConfigFits(config, configPath, true, flags.stats === true);
  // Standard output carries the maze: every message goes to stderr and nothing is drawn.
  const toStdout = target.kind === 'stdout';
  const info = toStdout ? process.stderr : process.stdout;
  if (streaming) {
    // The stream's code and its threads load only for a streamed run.
    const { runStreamed } = await import('../stream-write.js');
    return runStreamed(
      config,
      configPath,
      { ...flags, display: flags.display && !toStdout && !flags.json },
      seed,
      target,
      streaming,
      (notes) => printConfigNotes(config, configPath, notes),
      info,
    );
  }

  const made = await makeAndWrite(config, seed, target);

  if (flags.json) {
    info.write(
      `${JSON.stringify(runSummary(made, config, output, seed === undefined, [...ignoredKeyNotes(config, configPath), ...made.notes], flags.stats), null, 2)}\n`,
    );
    return 0;
  }
  if (!flags.quiet) {
    printConfigNotes(config, configPath, made.notes);
    info.write(`${describeRun(made, config, output)}\n`);
    if (seed === undefined) {
      const used = made.generated.seed;
      info.write(`the seed was random: SEED=${used} in the config (or --seed ${used}) makes this maze again\n`);
    }
  }
  if (flags.stats) info.write(formatStats(statsReport(made.generated, config.solver, config.indexBase)));
  if (!look || toStdout) return 0;

  const rerun = `a-maze-ing render ${output} -f svg -o maze.svg`;
  await displayMaze({
    shown: shownOf(made, config),
    look,
    showPath: flags.path,
    animate: flags.animation,
    hint: hasView
      ? `the maze is in ${output}; see it with 'a-maze-ing view ${configPath}', '${rerun}' or in a larger terminal`
      : `the maze is in ${output}; see it with '${rerun}' or in a larger terminal`,
    footer: hasView && !flags.quiet ? `watch it generate and solve in the browser: a-maze-ing view ${configPath}` : undefined,
    regenerate: () => {
      const again = makeMaze(config, randomSeed());
      writeFileAtomic(output, again.bytes);
      return { shown: shownOf(again, config), message: `rewrote ${output} with a new maze, seed ${again.generated.seed}` };
    },
    extraKeys: [PLAY_KEY],
  });
  return 0;
}

/** The default command's action: a mistyped command name is a usage error, else the config's run. */
export async function generateAction(program: Command, configPath: string, flags: GenerateFlags): Promise<void> {
  const command = mistypedCommand(program, configPath);
  if (command) throw new UsageError(`'${configPath}' is neither a file nor a command. Did you mean '${command}'?`);
  const hasView = program.commands.some((c) => c.name() === 'view');
  process.exitCode = await generateCommand(configPath, flags, hasView);
}

/** The command a missing "config file" name was probably meant to be ('valdate' -> 'validate'). */
function mistypedCommand(program: Command, name: string): string | undefined {
  if (builtin('node:fs').existsSync(name) || /[./\\]/.test(name)) return undefined;
  for (const command of program.commands) {
    if (editDistance(name.toLowerCase(), command.name()) <= 2) return command.name();
  }
  return undefined;
}
