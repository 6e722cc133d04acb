/**
 * The hex file, the 42 subject's output: the default command's plug-in for the plain
 * square grid. It writes the maze in chunks that yield; a big maze with a solver that
 * leaves the walls alone lives in shared memory while worker threads write its rows and
 * solve it at once; a huge Eller maze is streamed row by row (stream-write.ts) and never
 * held whole. Its bytes are the established ones (e2e goldens).
 */
import { randomSeed, resolveSolver, type GeneratedMaze, type Maze } from 'mazegen';
import { toConfigBase, toMazeOptions, type ConfigOptions, type PlainSquareConfig } from 'mazegen/config';
import { encodeHexChunks, hexFooter, type HexFooter } from 'mazegen/internal';
import type { DefaultJob, MazeFile, MadeRun } from './commands/generate.js';
import { checkConfigFits, generateConfigMaze, ignoredKeyNotes, solveConfigMaze, type ConfigMaze } from './config-run.js';
import { writeHexRowsYielding } from './hex-rows.js';
import { AtomicFile, STDIO_NAME, writeFileAtomic, type OutputTarget } from './io.js';
import { createProgress, SOLVE_PROGRESS_CELLS, SOLVE_PROGRESS_EVERY, type Progress } from './progress.js';
import type { RowsWriter } from './rows-writer.js';
import type { solveInThread } from './solve-thread.js';
import { formatStats, statsReport } from './stats-report.js';
import { streamDecision } from './stream-decision.js';
import type { Shown } from './term/interactive.js';
import { squareMazeKind } from './maze-kind.js';

/** One made plain square maze: its `Maze` with Point ends, the configured solver's path, a shortest path. */
type MadeMaze = ConfigMaze<Maze>;

/** Generates and solves the config's maze with `seed` (undefined = random), and encodes the output file. */
function makeMaze(config: PlainSquareConfig, configPath: string, seed: string | undefined): MadeMaze & { bytes: Iterable<Uint8Array> } {
  const progress = createProgress();
  const generated = generateWithProgress(config, configPath, seed, progress, false);
  const made = solveConfigMaze(generated, config, progress);
  // The output file, in chunks of whole rows (re-iterable), so a big maze is never held twice.
  return { ...made, bytes: encodeHexChunks(generated.maze, footerOf(made, config)) };
}

/** The config's maze made the one way, seen as the plain square `Maze` it is (its bytes shared), its ends as Points for the file. */
function generateWithProgress(
  config: ConfigOptions,
  configPath: string,
  seed: string | undefined,
  progress: Progress,
  shared: boolean,
): GeneratedMaze<Maze> {
  progress.start('generate', config.width * config.height);
  const generated = generateConfigMaze(config, configPath, seed, progress, { sharedMemory: shared });
  const maze = generated.maze.asMaze();
  return { ...generated, maze, entry: maze.point(generated.entry), exit: maze.point(generated.exit) };
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
async function makeAndWrite(
  config: PlainSquareConfig,
  configPath: string,
  seed: string | undefined,
  target: OutputTarget,
): Promise<MadeMaze> {
  const cells = config.width * config.height;
  const overlap = cells >= OVERLAP_CELLS && WALL_KEEPING_SOLVERS.has(resolveSolver(config.solver).name);
  const progress = createProgress();
  const generated = generateWithProgress(config, configPath, seed, progress, overlap);
  const { maze, entry, exit } = generated;
  if (!overlap) {
    const made = solveConfigMaze(generated, config, progress);
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
  const [{ startRowsWriter }, threads] = await Promise.all([import('./rows-writer.js'), import('./solve-thread.js')]);
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

function shownOf(made: MadeMaze, config: PlainSquareConfig): Shown {
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
  const kind = squareMazeKind(perfect, made.generated.braidReport?.deadEndsAfter);
  const moves = made.shortest.directions.length;
  const solver = made.solution.solver.name;
  const found = made.solution.cells.length - 1;
  const by = found === moves ? `${solver}` : `${solver} found ${found} moves; the file holds a shortest one`;
  const base = config.indexBase === 1 ? ', coordinates from 1' : '';
  // A seed with spaces or punctuation is quoted, so the sentence around it stays readable.
  const shownSeed = /^[\w.:+-]+$/.test(seed) ? seed : `'${seed}'`;
  return `wrote ${output === STDIO_NAME ? 'standard output' : output}: ${maze.width}x${maze.height} ${kind} by ${generator.name}, seed ${shownSeed}, path of ${moves} move${moves === 1 ? '' : 's'} (${by})${base}`;
}

/** The hex file as the default command's plug-in for the config's plain square maze. */
export function hexFile(config: PlainSquareConfig, configPath: string): MazeFile {
  return {
    viewable: true,
    refuse: () => undefined,
    async run({ flags, seed, target, info, printNotes }: DefaultJob): Promise<MadeRun | number> {
      const streaming = streamDecision(config, configPath, flags);
      if (streaming) {
        // The stream's code and its threads load only for a streamed run.
        const { runStreamed } = await import('./stream-write.js');
        const display = flags.display && target.kind !== 'stdout' && !flags.json;
        return runStreamed(config, configPath, { ...flags, display }, seed, target, streaming, printNotes, info);
      }
      checkConfigFits(config, configPath, true, flags.stats === true);
      const made = await makeAndWrite(config, configPath, seed, target);
      return {
        seed: made.generated.seed,
        notes: made.notes,
        describe: (to) => describeRun(made, config, to),
        shown: shownOf(made, config),
        summary: (to, seedWasRandom, withStats) =>
          runSummary(made, config, to, seedWasRandom, [...ignoredKeyNotes(config, configPath), ...made.notes], withStats),
        stats: () => formatStats(statsReport(made.generated, config.solver, config.indexBase)),
      };
    },
    regenerate(output) {
      const again = makeMaze(config, configPath, randomSeed());
      writeFileAtomic(output, again.bytes);
      return { shown: shownOf(again, config), message: `rewrote ${output} with a new maze` };
    },
  };
}
