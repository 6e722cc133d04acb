// One file, just past 500 lines: checking the options, placing the ends and the 42 pattern, and
// making and solving a square maze are one pipeline (MazeGenerator is its seed-style wrapper).
import type { GeneratorAlgorithm, SolverAlgorithm } from './algorithm.js';
import { braidMaze, type BraidReport } from './braid.js';
import { measureDifficulty } from './difficulty.js';
import { farthestFrom, hardestPair } from './endpoints.js';
import { candidateSeed, checkLevel, LEVEL_CANDIDATES, levelBand, pickCandidate, type Level, type LevelPick } from './levels.js';
import { OptionError, UnsolvableError } from './errors.js';
import { toHex } from './formats/hex.js';
import { MAX_CELLS, Maze, type Point } from './maze.js';
import { pathToDirections } from './path.js';
import { patternFits, patternTooSmallMessage, placePattern, isPatternCell } from './pattern.js';
import { phaseReporter, type PhasedProgressReporter, type ProgressPhase, type ProgressReporter } from './progress.js';
import { resolveGenerator, resolveSolver } from './registry.js';
import { createRng, seedText, type Seed } from './rng.js';
import { bfs } from './solvers/bfs.js';
import type { StepReporter } from './steps.js';

/** A side of the maze; a cell on it is picked from the seed. */
export type Side = 'top' | 'bottom' | 'left' | 'right';
export const SIDES: readonly Side[] = ['top', 'bottom', 'left', 'right'];
/**
 * An end the carved maze decides: EXIT 'farthest' is the free cell farthest from the
 * entry; ENTRY and EXIT 'hardest' (both, together) are two cells farthest apart.
 */
export type EndpointRule = 'farthest' | 'hardest';
export const ENDPOINT_RULES: readonly EndpointRule[] = ['farthest', 'hardest'];
/** What ENTRY or EXIT may be: a cell, a side, or a rule. */
export type EndSpec = Point | Side | EndpointRule;

/** Everything that decides a maze. Only width and height are required. */
export interface MazeOptions {
  width: number;
  height: number;
  /** Default (0, 0). 'hardest' goes with exit 'hardest'; 'farthest' is for the exit only. */
  entry?: EndSpec;
  /** Default (width - 1, height - 1). */
  exit?: EndSpec;
  /** true (default): a spanning tree; false: a Pac-Man board with loops. */
  perfect?: boolean;
  /** Integer or any text. Default: a random seed (see `result.seed`). */
  seed?: Seed;
  /** Generator name or alias. Default 'DFS'. */
  generator?: string;
  /** Another name for `generator` (the seed project's word); `generator` wins when both are given. */
  algorithm?: string;
  /** Algorithm-specific variant (Growing Tree's method, Binary Tree's corner). */
  variant?: string;
  /**
   * Coarse progress for a progress bar, phase by phase: 'generate' (cells carved),
   * 'braid', 'endpoints' (EXIT=farthest, hardest) or, with LEVEL, 'level' for all the
   * candidates together. Never part of the maze.
   */
  onProgress?: PhasedProgressReporter;
  /** Allocate the maze on a SharedArrayBuffer (`Maze.shared`), for a reader in another thread. Default false. */
  sharedMemory?: boolean;
  /** Percentage (0..100) of dead ends removed when perfect is false. Default 100. */
  braid?: number;
  /** DFS direction bias, 1..10. Default 5 (even). */
  difficulty?: number;
  /** '42' (default) draws the pattern where it fits; 'none' leaves it out. */
  pattern?: '42' | 'none';
  /** Keep, among LEVEL_CANDIDATES mazes made from the seed, one whose difficulty score is in this level's band (levels.ts). */
  level?: Level;
}

export const DEFAULT_GENERATOR = 'DFS';
export const DEFAULT_SOLVER = 'AStar';

/** A generated maze and what decided it. */
export interface GeneratedMaze {
  maze: Maze;
  entry: Point;
  exit: Point;
  /** The seed text used (the random one where none was given). */
  seed: string;
  generator: GeneratorAlgorithm;
  perfect: boolean;
  braid: number;
  difficulty: number;
  /** True when the 42 pattern was drawn. */
  patternPlaced: boolean;
  /** What the braiding did, for imperfect mazes. */
  braidReport?: BraidReport;
  /** What LEVEL chose, when it was asked for (`seed` stays the seed LEVEL picks from; `level.seed` makes the same maze without LEVEL). */
  level?: LevelPick;
  /** The rule that placed the exit (and the entry, for 'hardest'), if any; the ends' distance in moves. */
  endpoints?: { rule: EndpointRule; distance: number };
  /** One-line messages for the user (pattern left out, board smaller than asked, ...). */
  notes: string[];
}

/** A path from entry to exit. */
export interface Solution {
  solver: SolverAlgorithm;
  /** Cells from entry to exit inclusive. */
  cells: Int32Array;
  /** The moves as N/E/S/W letters. */
  directions: string;
  /** Cells the solver explored. */
  visited: number;
}

/** A fresh random seed: 9 decimal digits from the platform's crypto source, not the unseeded built-in generator. */
export function randomSeed(): string {
  const words = new Uint32Array(1);
  // Node >= 20 and browsers both have Web Crypto as a global; the library's lib has no DOM types.
  (globalThis as unknown as { crypto: { getRandomValues(a: Uint32Array): Uint32Array } }).crypto.getRandomValues(words);
  return String(100_000_000 + (words[0] % 900_000_000));
}

/** A wrong value named with its type, for messages: "the string '20'", "an object", "the boolean true". */
export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return `the string '${value.length > 40 ? `${value.slice(0, 37)}... (${value.length} characters)` : value}'`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return `the ${typeof value} ${String(value)}`;
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'function' ? 'a function' : typeof value === 'symbol' ? 'a symbol' : 'an object';
}

function checkInteger(key: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number')
    throw new OptionError(key, `${key} must be a whole number from ${min} to ${max}, got ${describeValue(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new OptionError(key, `${key} must be a whole number from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

function pickOnSide(side: Side, width: number, height: number, rng: ReturnType<typeof createRng>, avoid: number): Point {
  const along = side === 'top' || side === 'bottom' ? width : height;
  for (let attempt = 0; attempt < 64; attempt++) {
    const k = rng.int(along);
    const p =
      side === 'top'
        ? { x: k, y: 0 }
        : side === 'bottom'
          ? { x: k, y: height - 1 }
          : side === 'left'
            ? { x: 0, y: k }
            : { x: width - 1, y: k };
    if (p.y * width + p.x !== avoid) return p;
  }
  // A side of one or two cells: take the first cell that is not the other end.
  for (let k = 0; k < along; k++) {
    const p =
      side === 'top'
        ? { x: k, y: 0 }
        : side === 'bottom'
          ? { x: k, y: height - 1 }
          : side === 'left'
            ? { x: 0, y: k }
            : { x: width - 1, y: k };
    if (p.y * width + p.x !== avoid) return p;
  }
  return side === 'top' || side === 'left' ? { x: 0, y: 0 } : { x: width - 1, y: height - 1 };
}

function resolvePoint(key: 'ENTRY' | 'EXIT', spec: Point | Side, width: number, height: number, seed: string, avoid: number): Point {
  if (typeof spec === 'string') {
    if (!SIDES.includes(spec))
      throw new OptionError(
        key,
        `${key} must be x,y, one of ${SIDES.join(', ')} or a rule (EXIT=farthest, ENTRY=EXIT=hardest), got '${spec}'`,
      );
    return pickOnSide(spec, width, height, createRng(seed, key.toLowerCase()), avoid);
  }
  const { x, y } = spec;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) {
    throw new OptionError(key, `${key} (${x},${y}) is outside the maze: x must be 0..${width - 1} and y 0..${height - 1}`);
  }
  return { x, y };
}

/** MazeOptions checked, with the seed drawn and the entry and exit placed: what generateMaze and streamMaze share. */
export interface ResolvedMazeOptions {
  width: number;
  height: number;
  perfect: boolean;
  braid: number;
  difficulty: number;
  generator: GeneratorAlgorithm;
  seed: string;
  entry: Point;
  exit: Point;
  /** PATTERN=42 was asked for. */
  wantPattern: boolean;
  /** The 42 is drawn (asked for and it fits). */
  drawPattern: boolean;
  /**
   * Set when the carved maze decides the ends: `exit` (and `entry` for 'hardest') above
   * is then only where the generator starts, cell (0,0) for 'hardest'.
   */
  endpointRule?: EndpointRule;
}

/** Checks the ENTRY/EXIT rules: EXIT=farthest with any entry, or ENTRY=EXIT=hardest. */
export function endpointRuleOf(entry: EndSpec, exit: EndSpec): EndpointRule | undefined {
  if (entry === 'farthest') {
    throw new OptionError(
      'ENTRY',
      "ENTRY cannot be 'farthest' (it is measured from the entry); use EXIT=farthest, or ENTRY=hardest with EXIT=hardest",
    );
  }
  if (entry === 'hardest' && exit !== 'hardest') {
    throw new OptionError('EXIT', 'ENTRY=hardest needs EXIT=hardest too (the two cells farthest apart are chosen together)');
  }
  if (exit === 'hardest' && entry !== 'hardest') {
    throw new OptionError(
      'ENTRY',
      'EXIT=hardest needs ENTRY=hardest too (the two cells farthest apart are chosen together); for the cell farthest from this entry use EXIT=farthest',
    );
  }
  return exit === 'farthest' || exit === 'hardest' ? exit : undefined;
}

/**
 * Checks the options and resolves what they leave open (seed, sides, the pattern), so
 * that every way of making a maze (in memory or streamed) decides it the same way.
 * `maxCells` is the size limit (a streamed maze is never held whole).
 */
export function resolveMazeOptions(options: MazeOptions, maxCells: number = MAX_CELLS): ResolvedMazeOptions {
  const width = checkInteger('WIDTH', options.width, 1, MAX_CELLS);
  const height = checkInteger('HEIGHT', options.height, 1, MAX_CELLS);
  if (width * height > maxCells) {
    throw new OptionError('WIDTH', `a maze holds at most ${maxCells} cells; ${width}x${height} has ${width * height}`);
  }
  if (options.perfect !== undefined && typeof options.perfect !== 'boolean') {
    throw new OptionError('PERFECT', `PERFECT must be true or false, got ${describeValue(options.perfect)}`);
  }
  const perfect = options.perfect ?? true;
  const braid = checkInteger('BRAID', options.braid ?? 100, 0, 100);
  const difficulty = checkInteger('DIFFICULTY', options.difficulty ?? 5, 1, 10);
  const patternOption = options.pattern ?? '42';
  if (patternOption !== '42' && patternOption !== 'none') {
    throw new OptionError('PATTERN', `PATTERN must be 42 or none, got '${String(patternOption)}'`);
  }
  const generator = resolveGenerator(options.generator ?? options.algorithm ?? DEFAULT_GENERATOR);
  if (options.seed !== undefined && typeof options.seed !== 'number' && typeof options.seed !== 'string') {
    // An object would turn into '[object Object]', the same maze for every object.
    throw new OptionError('SEED', `SEED must be a whole number or any text, got ${describeValue(options.seed)}`);
  }
  if (typeof options.seed === 'number' && !Number.isFinite(options.seed)) {
    throw new OptionError('SEED', `SEED must be a whole number or any text, got ${options.seed}`);
  }
  const seed = options.seed === undefined ? randomSeed() : seedText(options.seed);

  const wantPattern = patternOption === '42';
  const drawPattern = wantPattern && patternFits(width, height);
  // A side avoids the other end, so the end with no choice (a point, a one-cell side)
  // is placed first; each side draws from its own stream, so the order changes nothing else.
  const endpointRule = endpointRuleOf(options.entry ?? { x: 0, y: 0 }, options.exit ?? { x: 0, y: 0 });
  // A rule's end is placed after carving; the generator starts from the entry, or from (0,0) for 'hardest'.
  const entrySpec = options.entry === 'hardest' ? { x: 0, y: 0 } : ((options.entry as Point | Side | undefined) ?? { x: 0, y: 0 });
  const exitSpec: Point | Side = endpointRule ? entrySpec : ((options.exit as Point | Side | undefined) ?? { x: width - 1, y: height - 1 });
  const sideCells = (side: Side): number => (side === 'top' || side === 'bottom' ? width : height);
  let entry: Point;
  let exit: Point;
  if (endpointRule) {
    entry = resolvePoint('ENTRY', entrySpec, width, height, seed, -1);
    exit = entry;
  } else if (typeof entrySpec === 'string' && (typeof exitSpec !== 'string' || (sideCells(exitSpec) === 1 && sideCells(entrySpec) > 1))) {
    exit = resolvePoint('EXIT', exitSpec, width, height, seed, -1);
    entry = resolvePoint('ENTRY', entrySpec, width, height, seed, exit.y * width + exit.x);
  } else {
    entry = resolvePoint('ENTRY', entrySpec, width, height, seed, -1);
    exit = resolvePoint('EXIT', exitSpec, width, height, seed, entry.y * width + entry.x);
  }
  if (!endpointRule && entry.x === exit.x && entry.y === exit.y) {
    throw new OptionError('EXIT', `ENTRY and EXIT are the same cell (${entry.x},${entry.y}); they must differ`);
  }
  if (drawPattern) {
    for (const [key, p] of [
      ['ENTRY', entry],
      ['EXIT', exit],
    ] as const) {
      if (isPatternCell(width, height, p.x, p.y)) {
        throw new OptionError(
          key,
          `${key} (${p.x},${p.y}) is on the 42 pattern, whose cells are closed; choose another cell or set PATTERN=none`,
        );
      }
    }
  }
  return {
    width,
    height,
    perfect,
    braid,
    difficulty,
    generator,
    seed,
    entry,
    exit,
    wantPattern,
    drawPattern,
    ...(endpointRule && { endpointRule }),
  };
}

/** Places the ends a rule decides, on the carved maze. */
function placeByRule(
  maze: Maze,
  rule: EndpointRule,
  start: Point,
  onProgress?: ProgressReporter,
): { entry: Point; exit: Point; distance: number } {
  if (rule === 'farthest') {
    const far = farthestFrom(maze, start.y * maze.width + start.x, onProgress);
    if (far.distance === 0)
      throw new OptionError('EXIT', `EXIT=farthest: no other cell can be reached from the entry (${start.x},${start.y})`);
    return { entry: start, exit: maze.point(far.cell), distance: far.distance };
  }
  const pair = hardestPair(maze, undefined, onProgress);
  if (pair.distance === 0) throw new OptionError('EXIT', 'ENTRY=EXIT=hardest: the maze has no two joined cells');
  return { entry: maze.point(pair.entry), exit: maze.point(pair.exit), distance: pair.distance };
}

/**
 * Generates a maze: validates the options, draws the 42, carves, braids if asked. With
 * `level`, makes LEVEL_CANDIDATES candidates from the seed and keeps the one levels.ts
 * picks by difficulty score (`onStep` then reports only the kept one's making, again).
 */
export function generateMaze(options: MazeOptions, onStep?: StepReporter): GeneratedMaze {
  if (options.level === undefined) return generateOne(options, onStep);
  const level = checkLevel(options.level);
  const resolved = resolveMazeOptions({ ...options, level: undefined });
  const seed = resolved.seed;
  const band = levelBand(level, resolved.generator.name, resolved.perfect);
  const scores: number[] = [];
  let kept: GeneratedMaze | undefined;
  const progress =
    options.onProgress &&
    levelProgress(options.onProgress, resolved.width * resolved.height, resolved.perfect, resolved.endpointRule !== undefined);
  for (let k = 0; k < LEVEL_CANDIDATES; k++) {
    const candidate = generateOne({ ...options, seed: candidateSeed(seed, k), onProgress: progress?.candidate(k) });
    const { maze, entry, exit } = candidate;
    scores.push(measureDifficulty(maze, entry.y * maze.width + entry.x, exit.y * maze.width + exit.x).score);
    progress?.scored(k);
    const best = pickCandidate(band, scores);
    if (best.candidate === k) kept = candidate;
    if (best.inBand) break; // the first candidate in the band is the pick: the rest need not be made
  }
  const { candidate, inBand } = pickCandidate(band, scores);
  // A step reporter watches the kept maze being made, once more (a progress bar saw it already).
  if (onStep) kept = generateOne({ ...options, seed: candidateSeed(seed, candidate), onProgress: undefined }, onStep);
  const pick: LevelPick = {
    level,
    seed: candidateSeed(seed, candidate),
    candidate,
    candidates: scores.length,
    score: scores[candidate],
    band,
    inBand,
  };
  const notes = [...kept!.notes];
  if (!inBand) {
    notes.push(
      `LEVEL=${level}: none of the ${LEVEL_CANDIDATES} candidates scored ${band[0]} to ${band[1]}; kept the nearest (score ${scores[candidate]})`,
    );
  }
  return { ...kept!, seed, level: pick, notes };
}

/** LEVEL's reporters: one for candidate k's phases, and the call that ends candidate k's share once it is scored. */
export interface LevelProgress {
  candidate(k: number): PhasedProgressReporter;
  scored(k: number): void;
}

/** The phases of one candidate, in order, with the cells' worth of work each stands for. */
const CANDIDATE_PHASES: readonly ProgressPhase[] = ['generate', 'braid', 'endpoints'];

/**
 * LEVEL's progress: every candidate's phases (and its scoring, one share more) as one
 * 'level' phase of LEVEL_CANDIDATES equal parts, so the bar only moves forward.
 */
export function levelProgress(report: PhasedProgressReporter, size: number, perfect: boolean, withRule: boolean): LevelProgress {
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

function generateOne(options: MazeOptions, onStep?: StepReporter): GeneratedMaze {
  const { width, height, perfect, braid, difficulty, generator, seed, wantPattern, drawPattern, endpointRule, ...ends } =
    resolveMazeOptions(options);
  let { entry, exit } = ends;
  const notes: string[] = [];
  const maze = options.sharedMemory ? Maze.shared(width, height) : new Maze(width, height);
  if (drawPattern) placePattern(maze);
  else if (wantPattern) notes.push(patternTooSmallMessage(width, height));

  const start = entry.y * width + entry.x;
  const report = options.onProgress;
  generator.generate(
    maze,
    createRng(seed, 'generate'),
    { start, difficulty, variant: options.variant, onProgress: phaseReporter(report, 'generate') },
    onStep,
  );

  let braidReport: BraidReport | undefined;
  if (!perfect) {
    braidReport = braidMaze(maze, createRng(seed, 'braid'), braid, onStep, phaseReporter(report, 'braid'));
    notes.push(...braidReport.notes);
  }
  let endpoints: GeneratedMaze['endpoints'];
  if (endpointRule) {
    const placed = placeByRule(maze, endpointRule, entry, phaseReporter(report, 'endpoints'));
    ({ entry, exit } = placed);
    endpoints = { rule: endpointRule, distance: placed.distance };
  }
  return {
    maze,
    entry,
    exit,
    seed,
    generator,
    perfect,
    braid,
    difficulty,
    patternPlaced: drawPattern,
    braidReport,
    ...(endpoints && { endpoints }),
    notes,
  };
}

/** Solves from entry to exit with the named solver (default A*). */
export function solveMaze(maze: Maze, entry: Point, exit: Point, solverName: string = DEFAULT_SOLVER, onStep?: StepReporter): Solution {
  const solver = resolveSolver(solverName);
  for (const [key, p] of [
    ['ENTRY', entry],
    ['EXIT', exit],
  ] as const) {
    if (!maze.contains(p.x, p.y)) {
      throw new OptionError(key, `${key} (${p.x},${p.y}) is outside the maze: x must be 0..${maze.width - 1} and y 0..${maze.height - 1}`);
    }
  }
  const start = entry.y * maze.width + entry.x;
  const goal = exit.y * maze.width + exit.x;
  const result = solver.solve(maze, start, goal, onStep);
  if (!result.path) {
    throw new UnsolvableError(
      `${solver.name} found no path from (${entry.x},${entry.y}) to (${exit.x},${exit.y}): ${result.failure ?? 'no path'}`,
    );
  }
  return { solver, cells: result.path, directions: pathToDirections(maze, result.path), visited: result.visited };
}

/** A shortest path, whatever solver was asked for: the one the output file holds. */
export function shortestPath(maze: Maze, entry: Point, exit: Point, solution?: Solution): Solution {
  if (solution && solution.solver.shortest) return solution;
  return solveMaze(maze, entry, exit, bfs.name);
}

/**
 * The seed's class-shaped API: options in, then the maze, a solution and the hex text.
 *
 *     const gen = new MazeGenerator({ width: 20, height: 15, seed: 42 });
 *     gen.maze.cells;          // one byte of walls per cell
 *     gen.solution.directions; // 'EESSW...'
 *     gen.toHex();             // the output file's text
 */
export class MazeGenerator {
  readonly options: Readonly<MazeOptions & { solver?: string }>;
  readonly result: GeneratedMaze;
  private solved: Solution | undefined;

  constructor(options: MazeOptions & { solver?: string }) {
    this.options = Object.freeze({ ...options });
    resolveSolver(options.solver ?? DEFAULT_SOLVER); // fail before the work on a misspelt solver
    this.result = generateMaze(options);
  }

  get maze(): Maze {
    return this.result.maze;
  }

  get entry(): Point {
    return this.result.entry;
  }

  get exit(): Point {
    return this.result.exit;
  }

  get seed(): string {
    return this.result.seed;
  }

  /** The configured solver's path (computed once). */
  get solution(): Solution {
    this.solved ??= solveMaze(this.maze, this.entry, this.exit, this.options.solver ?? DEFAULT_SOLVER);
    return this.solved;
  }

  /** The hex file's text, with a shortest path in the footer. */
  toHex(): string {
    // Ask the configured solver only when its path is the one the file needs: a wall
    // follower may fail on a board with loops, and the file holds BFS's path then anyway.
    const solver = resolveSolver(this.options.solver ?? DEFAULT_SOLVER);
    const best = solver.shortest ? this.solution : shortestPath(this.maze, this.entry, this.exit);
    return toHex(this.maze, { entry: this.entry, exit: this.exit, path: best.directions });
  }
}
