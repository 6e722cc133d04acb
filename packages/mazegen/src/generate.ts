/**
 * The one entry that makes a maze, on every grid: `generateMaze` takes the one options
 * type and gives the one result type; LEVEL picks among candidates the same way on every
 * grid. A request that names no grid is the plain square grid's (square-generate.ts); one
 * that names a grid goes to grid/generate-grid.ts. `MazeGenerator` is the seed-style
 * class around it, for any grid.
 */
import { measureDifficulty } from './difficulty.js';
import { OptionError } from './errors.js';
import { toHex } from './formats/hex.js';
import {
  DEFAULT_GENERATOR,
  DEFAULT_SOLVER,
  isSquareRequest,
  randomSeed,
  type GeneratedMaze,
  type GridMazeRequest,
  type MazeOptions,
  type SquareMazeOptions,
} from './generate-options.js';
import { generateOnGrid } from './grid/generate-grid.js';
import { resolveGridKind, resolveWrap } from './grid/create.js';
import { checkLevel, chooseByLevel, LEVEL_CANDIDATES, levelBand } from './levels.js';
import type { GridMaze, Maze, Point } from './maze.js';
import type { PhasedProgressReporter, ProgressPhase } from './progress.js';
import { resolveGenerator, resolveSolver } from './registry.js';
import { seedText } from './rng.js';
import { shortestPath, solveMaze, type Solution } from './solve.js';
import { generateSquareMaze, resolveMazeOptions } from './square-generate.js';
import type { StepReporter } from './steps.js';

/**
 * Generates a maze on any grid, mask, outline and wrap: validates the options, draws the
 * 42 where it belongs, carves, braids if asked, places the ends a rule decides. With
 * `level`, makes LEVEL_CANDIDATES candidates from the seed and keeps the one levels.ts
 * picks by difficulty score (`onStep` then reports only the kept one's making, again).
 *
 * The request's form decides the result's type, never its bytes: options that name no
 * grid (nor wrap, mask or outline) ask for the plain square grid and get a `Maze` with
 * Point ends; options that name a grid (`grid: 'square'` too) get a `GridMaze` with cell
 * numbers as ends. Both make the same bytes for the same square options.
 */
export function generateMaze(options: SquareMazeOptions, onStep?: StepReporter): GeneratedMaze<Maze>;
export function generateMaze(options: GridMazeRequest, onStep?: StepReporter): GeneratedMaze;
/** Options whose form is not known when compiled (a `MazeOptions` value): either result, told apart by `maze instanceof Maze`. */
export function generateMaze(options: MazeOptions, onStep?: StepReporter): GeneratedMaze<Maze> | GeneratedMaze;
export function generateMaze(options: MazeOptions, onStep?: StepReporter): GeneratedMaze<Maze> | GeneratedMaze {
  return makeMaze(options, onStep);
}

/** `generateMaze` for options of either form: the result's type is the union the overloads split. */
function makeMaze(options: MazeOptions, onStep?: StepReporter): GeneratedMaze<Maze> | GeneratedMaze {
  const square = isSquareRequest(options);
  const makeOne = (o: MazeOptions, step?: StepReporter): GeneratedMaze<Maze> | GeneratedMaze =>
    square ? generateSquareMaze(o as SquareMazeOptions, step) : generateOnGrid(o, step);
  // The grid is checked before LEVEL, as every candidate's maker checks it.
  const plainSize = square ? undefined : plainSquareCells(options);
  if (options.level === undefined) return makeOne(options, onStep);
  const level = checkLevel(options.level);
  let seed: string;
  let generatorName: string;
  let size = plainSize;
  if (square) {
    // Every option is checked before the first candidate; the seed drawn here is the one LEVEL picks from.
    const resolved = resolveMazeOptions({ ...(options as SquareMazeOptions), level: undefined });
    ({ seed } = resolved);
    generatorName = resolved.generator.name;
    size = resolved.width * resolved.height;
  } else {
    generatorName = resolveGenerator(options.generator ?? options.algorithm ?? DEFAULT_GENERATOR).name;
    if (typeof options.seed === 'number' && !Number.isFinite(options.seed))
      throw new OptionError('SEED', `SEED must be a whole number or any text, got ${options.seed}`);
    seed = options.seed === undefined ? randomSeed() : seedText(options.seed);
  }
  const perfect = options.perfect ?? true;
  const band = levelBand(level, generatorName, perfect);
  // A progress bar hears of every candidate as one 'level' phase, sized by the grid (or by the first report: the candidates share it).
  const report = options.onProgress;
  const withRule = options.exit === 'farthest' || options.exit === 'hardest';
  let progress: LevelProgress | undefined = report && size !== undefined ? levelProgress(report, size, perfect, withRule) : undefined;
  const { kept, pick } = chooseByLevel(
    level,
    seed,
    band,
    (candidate, k) =>
      makeOne({
        ...options,
        level: undefined,
        seed: candidate,
        onProgress:
          report &&
          ((done, total, phase) => {
            progress ??= levelProgress(report, total, perfect, withRule);
            progress.candidate(k)(done, total, phase);
          }),
      }),
    (made, k) => {
      const { maze } = made;
      const cellOf = (end: Point | number) => (typeof end === 'number' ? end : end.y * maze.topology.width + end.x);
      const score = measureDifficulty(maze, cellOf(made.entry), cellOf(made.exit)).score;
      progress?.scored(k);
      return score;
    },
  );
  let made = kept;
  // A step reporter watches the kept maze being made, once more (a progress bar saw it already).
  if (onStep) made = makeOne({ ...options, level: undefined, seed: pick.seed, onProgress: undefined }, onStep);
  const notes = [...made.notes];
  if (!pick.inBand)
    notes.push(
      `LEVEL=${level}: none of the ${LEVEL_CANDIDATES} candidates scored ${band[0]} to ${band[1]}; kept the nearest (score ${pick.score})`,
    );
  return { ...made, seed, level: pick, notes };
}

/** The cells of a request naming the plain square grid (no wrap, mask or outline), or undefined for any other grid. */
function plainSquareCells(options: MazeOptions): number | undefined {
  const kind = resolveGridKind(options.grid ?? 'square');
  const plain = kind === 'square' && resolveWrap(options.wrap ?? 'none') === 'none' && !options.mask && options.shape === undefined;
  return plain && typeof options.width === 'number' && typeof options.height === 'number' ? options.width * options.height : undefined;
}

/** LEVEL's reporters: one for candidate k's phases, and the call that ends candidate k's share once it is scored. */
interface LevelProgress {
  candidate(k: number): PhasedProgressReporter;
  scored(k: number): void;
}

/** The phases of one candidate, in order, with the cells' worth of work each stands for. */
const CANDIDATE_PHASES: readonly ProgressPhase[] = ['generate', 'braid', 'endpoints'];

/**
 * LEVEL's progress: every candidate's phases (and its scoring, one share more) as one
 * 'level' phase of LEVEL_CANDIDATES equal parts, so the bar only moves forward.
 */
function levelProgress(report: PhasedProgressReporter, size: number, perfect: boolean, withRule: boolean): LevelProgress {
  const phases = CANDIDATE_PHASES.filter((phase) => phase === 'generate' || (phase === 'braid' ? !perfect : withRule));
  const share = phases.length + 1; // the last share is the scoring
  const whole = LEVEL_CANDIDATES * share * size;
  return {
    candidate: (k) => (done, total, phase) => {
      const at = Math.max(0, phases.indexOf(phase));
      report((k * share + at) * size + Math.floor((Math.min(done, total) / Math.max(1, total)) * size), whole, 'level');
    },
    scored: (k) => report((k + 1) * share * size, whole, 'level'),
  };
}

/** The maze a request gets: a `Maze` when it names no grid, a `GridMaze` when it names one. */
export type MazeOf<O extends MazeOptions> = O extends { grid: string } ? GridMaze : Maze;

/**
 * The seed's class-shaped API, on any grid: options in, then the maze, a solution and,
 * for a square maze without wrap, the hex text.
 *
 *     const gen = new MazeGenerator({ width: 20, height: 15, seed: 42 });
 *     gen.maze.cells;          // one byte of walls per cell
 *     gen.solution.directions; // 'EESSW...'
 *     gen.toHex();             // the output file's text
 *     new MazeGenerator({ grid: 'hex', width: 12, height: 9 }).solution.cells; // any grid
 */
export class MazeGenerator<O extends SquareMazeOptions | GridMazeRequest = SquareMazeOptions> {
  readonly options: Readonly<O & { solver?: string }>;
  readonly result: GeneratedMaze<MazeOf<O>>;
  private solved: Solution | undefined;

  constructor(options: O & { solver?: string }) {
    this.options = Object.freeze({ ...options } as O & { solver?: string });
    resolveSolver(options.solver ?? DEFAULT_SOLVER); // fail before the work on a misspelt solver
    // The request's form decides the result's type (generateMaze's overloads); the class carries it as MazeOf<O>.
    this.result = makeMaze(options) as unknown as GeneratedMaze<MazeOf<O>>;
  }

  get maze(): MazeOf<O> {
    return this.result.maze;
  }

  get entry(): GeneratedMaze<MazeOf<O>>['entry'] {
    return this.result.entry;
  }

  get exit(): GeneratedMaze<MazeOf<O>>['exit'] {
    return this.result.exit;
  }

  get seed(): string {
    return this.result.seed;
  }

  /** The configured solver's path (computed once). */
  get solution(): Solution {
    this.solved ??= solveMaze(this.maze, this.entry as Point | number, this.exit as Point | number, this.options.solver ?? DEFAULT_SOLVER);
    return this.solved;
  }

  /** The hex file's text, with a shortest path in the footer: a square maze without wrap only (any other grid's file is graph JSON). */
  toHex(): string {
    const t = this.maze.topology;
    if (t.kind !== 'square' || t.wrap !== 'none') {
      throw new OptionError(
        'GRID',
        `the hex file holds square mazes without wrap; this is a ${t.kind} maze${t.wrap === 'none' ? '' : ` wrapped ${t.wrap}`}: write it with toGraphJson`,
      );
    }
    const maze = this.maze.asMaze();
    const pointOf = (end: Point | number): Point => (typeof end === 'number' ? maze.point(end) : end);
    // Ask the configured solver only when its path is the one the file needs: a wall
    // follower may fail on a board with loops, and the file holds BFS's path then anyway.
    const solver = resolveSolver(this.options.solver ?? DEFAULT_SOLVER);
    const best = solver.shortest ? this.solution : shortestPath(maze, this.entry as Point | number, this.exit as Point | number);
    return toHex(maze, { entry: pointOf(this.entry as Point | number), exit: pointOf(this.exit as Point | number), path: best.directions });
  }
}
