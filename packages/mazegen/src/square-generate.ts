/**
 * The plain square grid's maker: checks its options, draws the seed, places the ends (a
 * cell, a side, a rule) and the 42 pattern, carves with the square kernels and braids.
 * `generateMaze` (generate.ts) sends a request that names no grid here; streamMaze shares
 * `resolveMazeOptions`, so a streamed maze is decided the same way.
 */
import { braidMaze, type BraidReport } from './braid.js';
import { farthestFrom, hardestPair } from './endpoints.js';
import { OptionError } from './errors.js';
import type { GeneratorAlgorithm } from './algorithm.js';
import {
  DEFAULT_GENERATOR,
  describeValue,
  randomSeed,
  SIDES,
  type EndpointRule,
  type EndSpec,
  type GeneratedMaze,
  type Side,
  type SquareMazeOptions,
} from './generate-options.js';
import { MAX_CELLS, Maze, type Point } from './maze.js';
import { patternFits, patternTooSmallMessage, placePattern, isPatternCell } from './pattern.js';
import { phaseReporter, type ProgressReporter } from './progress.js';
import { resolveGenerator } from './registry.js';
import { createRng, seedText } from './rng.js';
import type { StepReporter } from './steps.js';

function checkInteger(key: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number')
    throw new OptionError(key, `${key} must be a whole number from ${min} to ${max}, got ${describeValue(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new OptionError(key, `${key} must be a whole number from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/** The k-th cell along `side` of a width x height grid. */
function cellOnSide(side: Side, k: number, width: number, height: number): Point {
  if (side === 'top') return { x: k, y: 0 };
  if (side === 'bottom') return { x: k, y: height - 1 };
  return side === 'left' ? { x: 0, y: k } : { x: width - 1, y: k };
}

function pickOnSide(side: Side, width: number, height: number, rng: ReturnType<typeof createRng>, avoid: number): Point {
  const along = side === 'top' || side === 'bottom' ? width : height;
  for (let attempt = 0; attempt < 64; attempt++) {
    const p = cellOnSide(side, rng.int(along), width, height);
    if (p.y * width + p.x !== avoid) return p;
  }
  // A side of one or two cells: take the first cell that is not the other end.
  for (let k = 0; k < along; k++) {
    const p = cellOnSide(side, k, width, height);
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

/** The square options checked, with the seed drawn and the entry and exit placed: what generateSquareMaze and streamMaze share. */
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
export function resolveMazeOptions(options: SquareMazeOptions, maxCells: number = MAX_CELLS): ResolvedMazeOptions {
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

/** One plain square maze of the options, without LEVEL: the 42 subject's maze, its bytes the established ones. */
export function generateSquareMaze(options: SquareMazeOptions, onStep?: StepReporter): GeneratedMaze<Maze> {
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
  let endpoints: GeneratedMaze<Maze>['endpoints'];
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
    plainSquare: true,
    braidReport,
    ...(endpoints && { endpoints }),
    notes,
  };
}
