import type { GeneratorAlgorithm, SolverAlgorithm } from '../algorithm.js';
import { braidMaze, type BraidReport } from '../braid.js';
import { OptionError, UnsolvableError } from '../errors.js';
import { measureDifficulty } from '../difficulty.js';
import { farthestFrom, hardestPair } from '../endpoints.js';
import {
  DEFAULT_GENERATOR,
  DEFAULT_SOLVER,
  endpointRuleOf,
  generateMaze,
  levelProgress,
  randomSeed,
  SIDES,
  type EndpointRule,
  type EndSpec,
  type LevelProgress,
  type MazeOptions,
  type Side,
} from '../generate.js';
import { checkLevel, chooseByLevel, levelBand, type LevelPick } from '../levels.js';
import { MAX_CELLS, type Point } from '../maze.js';
import { GENERATORS, resolveGenerator, resolveSolver } from '../registry.js';
import { createRng, seedText, type Seed } from '../rng.js';
import type { StepReporter } from '../steps.js';
import { phaseReporter } from '../progress.js';
import { createTopology, resolveGridKind, resolveWrap } from './create.js';
import { GridMaze } from '../maze.js';
import { applyMask, applyOutline, freeRegions, resolveOutline, type MaskData, type OutlineName } from './mask.js';
import { DEFAULT_POLAR_FIRST_RING } from './polar.js';
import { cellLabel, type GridKind, type Wrap } from './topology.js';

/** A side of the shape, or on the polar grid its centre cell or a cell of the outer ring. */
export type GridSide = Side | 'centre' | 'center' | 'outer';

/** Everything that decides a maze on any grid. */
export interface GridMazeOptions extends Omit<MazeOptions, 'width' | 'height' | 'entry' | 'exit' | 'sharedMemory'> {
  /** square (default), hex, triangle, polar, or an alias. */
  grid?: GridKind | string;
  /** Columns (polar: the first ring's count, default 6). Absent with a mask: the mask's width. */
  width?: number;
  /** Rows (polar: rings around the centre). Absent with a mask: the mask's height. */
  height?: number;
  wrap?: Wrap | string;
  /** Cells left out (parsed: the CLI reads text or PNG files). */
  mask?: MaskData;
  /** A built-in outline. */
  shape?: OutlineName | string;
  /** A cell as {x: col, y: row} (polar: {x: index, y: ring}), a side name, or a rule (EXIT=farthest, ENTRY=EXIT=hardest). */
  entry?: Point | GridSide | EndpointRule;
  exit?: Point | GridSide | EndpointRule;
}

/** A maze on any grid and what decided it. Entry and exit are cell numbers. */
export interface GeneratedGridMaze {
  maze: GridMaze;
  entry: number;
  exit: number;
  seed: string;
  generator: GeneratorAlgorithm;
  perfect: boolean;
  braid: number;
  difficulty: number;
  patternPlaced: boolean;
  /** True for the plain square grid (no wrap, mask or outline): the 42 subject's maze, written as a hex file. */
  plainSquare: boolean;
  shape?: OutlineName;
  braidReport?: BraidReport;
  /** What LEVEL chose, when it was asked for (`seed` stays the seed LEVEL picks from; `level.seed` makes the same maze without LEVEL). */
  level?: LevelPick;
  /** The rule that placed the exit (and the entry, for 'hardest'), if any; the ends' distance in moves. */
  endpoints?: { rule: EndpointRule; distance: number };
  notes: string[];
}

function checkSize(key: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_CELLS) {
    throw new OptionError(key, `${key} must be a whole number from 1 to ${MAX_CELLS}, got ${String(value)}`);
  }
  return value;
}

/** The generators that work on this grid and wrap, for a refusal. */
function generatorsFor(kind: GridKind, wrap: Wrap): string[] {
  return GENERATORS.filter((g) => g.grids.includes(kind) && (wrap === 'none' || g.wraps)).map((g) => g.name);
}

/** Refuses, in one line, a generator that does not work on the grid (capabilities from the registry). */
export function checkGeneratorSupports(generator: GeneratorAlgorithm, kind: GridKind, wrap: Wrap): void {
  if (generator.grids.includes(kind) && (wrap === 'none' || generator.wraps)) return;
  const grids = generator.grids;
  const where = grids.length === 1 ? `the ${grids[0]} grid` : `the ${grids.slice(0, -1).join(', ')} and ${grids[grids.length - 1]} grids`;
  const on = wrap === 'none' ? `the ${kind} grid` : `a ${kind} grid wrapped ${wrap}`;
  throw new OptionError(
    'GENERATOR',
    `${generator.name} works on ${where} only${generator.wraps ? '' : ', without wrap'}; on ${on} use one of ${generatorsFor(kind, wrap).join(', ')}`,
  );
}

/** The free cells on a side of the shape: the extreme row or column of free cells (polar: by centre); a side name picks one of them. */
export function sideCells(maze: GridMaze, side: GridSide): number[] {
  const t = maze.topology;
  // Two passes over the cells rather than a list of every free one: that list was 8-16 bytes of heap a cell (a polar maze's default exit).
  if (side === 'centre' || side === 'center') {
    if (t.kind !== 'polar')
      throw new OptionError('ENTRY', `'${side}' names the polar grid's centre cell; on the ${t.kind} grid use x,y or ${SIDES.join(', ')}`);
    return maze.isBlocked(0) ? [] : [0];
  }
  if (side === 'outer') {
    if (t.kind !== 'polar')
      throw new OptionError('ENTRY', `'outer' names the polar grid's outer ring; on the ${t.kind} grid use x,y or ${SIDES.join(', ')}`);
    const ring = (cell: number) => (t.coordinates(cell) as { ring: number }).ring;
    let outermost = 0;
    for (let cell = 0; cell < t.size; cell++) if (!maze.isBlocked(cell)) outermost = Math.max(outermost, ring(cell));
    const outer: number[] = [];
    for (let cell = 0; cell < t.size; cell++) if (!maze.isBlocked(cell) && ring(cell) === outermost) outer.push(cell);
    return outer;
  }
  const measure = (cell: number): number => {
    if (t.kind === 'polar') {
      const p = t.centre(cell);
      return side === 'top' ? p.y : side === 'bottom' ? -p.y : side === 'left' ? p.x : -p.x;
    }
    const c = t.coordinates(cell) as { col: number; row: number };
    return side === 'top' ? c.row : side === 'bottom' ? -c.row : side === 'left' ? c.col : -c.col;
  };
  let best = Infinity;
  for (let cell = 0; cell < t.size; cell++) if (!maze.isBlocked(cell)) best = Math.min(best, measure(cell));
  const onSide: number[] = [];
  for (let cell = 0; cell < t.size; cell++) if (!maze.isBlocked(cell) && Math.abs(measure(cell) - best) < 1e-9) onSide.push(cell);
  return onSide;
}

function resolveGridPoint(key: 'ENTRY' | 'EXIT', spec: Point | GridSide, maze: GridMaze, seed: string, avoid: number): number {
  const t = maze.topology;
  if (typeof spec === 'string') {
    const names = [...SIDES, 'centre', 'center', 'outer'];
    if (!names.includes(spec)) throw new OptionError(key, `${key} must be x,y or one of ${names.join(', ')}, got '${spec}'`);
    let candidates: number[];
    try {
      candidates = sideCells(maze, spec);
    } catch (error) {
      if (error instanceof OptionError) throw new OptionError(key, error.message);
      throw error;
    }
    const usable = candidates.filter((cell) => cell !== avoid);
    if (usable.length === 0)
      throw new OptionError(key, `${key}=${spec}: the ${spec === 'centre' || spec === 'center' ? 'centre' : spec} has no free cell to use`);
    const rng = createRng(seed, key.toLowerCase());
    return usable[usable.length === 1 ? 0 : rng.int(usable.length)];
  }
  const cell = t.cellAt(spec.x, spec.y);
  if (cell < 0) {
    const range =
      t.kind === 'polar'
        ? `index,ring with ring 0..${t.height} and index below the ring's count`
        : `col 0..${t.width - 1} and row 0..${t.height - 1}`;
    throw new OptionError(key, `${key} (${spec.x},${spec.y}) is outside the ${t.kind} grid: it takes ${range}`);
  }
  if (maze.isBlocked(cell))
    throw new OptionError(key, `${key} (${spec.x},${spec.y}) is a masked cell, outside the maze; choose a cell of the shape`);
  return cell;
}

/**
 * Generates a maze on any grid, mask, outline and wrap. The plain square grid is made by
 * `generateMaze` itself (the same bytes, the 42 pattern); a masked square one by the
 * square kernels (every generator, masked cells as obstacles); any other grid by the
 * generic kernels of the generators that support it (else a one-line refusal). EXIT=farthest
 * and ENTRY=EXIT=hardest are placed on the carved maze by endpoints.ts, and LEVEL picks
 * among candidates by levels.ts and difficulty.ts, all through the passage graph of any grid.
 */
export function generateGridMaze(options: GridMazeOptions, onStep?: StepReporter): GeneratedGridMaze {
  const kind = resolveGridKind(options.grid ?? 'square');
  const plainSquare = kind === 'square' && resolveWrap(options.wrap ?? 'none') === 'none' && !options.mask && options.shape === undefined;
  // generateMaze makes LEVEL's candidates of the plain square grid itself.
  if (options.level === undefined || plainSquare) return generateOneGridMaze(options, onStep);
  const level = checkLevel(options.level);
  const generator = resolveGenerator(options.generator ?? options.algorithm ?? DEFAULT_GENERATOR);
  if (typeof options.seed === 'number' && !Number.isFinite(options.seed))
    throw new OptionError('SEED', `SEED must be a whole number or any text, got ${options.seed}`);
  const seed = options.seed === undefined ? randomSeed() : seedText(options.seed as Seed);
  const band = levelBand(level, generator.name, options.perfect ?? true);
  // A progress bar hears of every candidate as one 'level' phase, sized by the first report (the candidates share the grid).
  const report = options.onProgress;
  const withRule = options.exit === 'farthest' || options.exit === 'hardest';
  let progress: LevelProgress | undefined;
  const { kept, pick } = chooseByLevel(
    level,
    seed,
    band,
    (candidate, k) =>
      generateOneGridMaze({
        ...options,
        level: undefined,
        seed: candidate,
        onProgress:
          report &&
          ((done, total, phase) => {
            progress ??= levelProgress(report, total, options.perfect ?? true, withRule);
            progress.candidate(k)(done, total, phase);
          }),
      }),
    (made, k) => {
      const score = measureDifficulty(made.maze, made.entry, made.exit).score;
      progress?.scored(k);
      return score;
    },
  );
  let made = kept;
  // A step reporter watches the kept maze being made, once more (a progress bar saw it already).
  if (onStep) made = generateOneGridMaze({ ...options, level: undefined, seed: pick.seed, onProgress: undefined }, onStep);
  const notes = [...made.notes];
  if (!pick.inBand)
    notes.push(
      `LEVEL=${level}: none of the ${pick.candidates} candidates scored ${band[0]} to ${band[1]}; kept the nearest (score ${pick.score})`,
    );
  return { ...made, seed, level: pick, notes };
}

/**
 * A grid's WIDTH and HEIGHT where the options leave them out: a mask's size on the grids
 * of cells in rows, the first ring's default count on the polar grid (a polar mask is
 * sampled, so it sets no ring count); undefined where nothing gives one.
 */
export function defaultGridSize(
  kind: GridKind,
  mask: Pick<MaskData, 'width' | 'height'> | undefined,
): { width: number | undefined; height: number | undefined } {
  if (kind === 'polar') return { width: DEFAULT_POLAR_FIRST_RING, height: undefined };
  return { width: mask?.width, height: mask?.height };
}

/** One maze of the options, without LEVEL. */
function generateOneGridMaze(options: GridMazeOptions, onStep?: StepReporter): GeneratedGridMaze {
  const kind = resolveGridKind(options.grid ?? 'square');
  const wrap = resolveWrap(options.wrap ?? 'none');
  const shape = options.shape === undefined ? undefined : resolveOutline(options.shape);
  const mask = options.mask;
  const fallback = defaultGridSize(kind, mask);
  const width = checkSize('WIDTH', options.width ?? fallback.width);
  const height = checkSize('HEIGHT', options.height ?? fallback.height);
  const generator = resolveGenerator(options.generator ?? options.algorithm ?? DEFAULT_GENERATOR);
  checkGeneratorSupports(generator, kind, wrap);
  const plainSquare = kind === 'square' && wrap === 'none' && !mask && !shape;
  if (plainSquare) {
    const g = generateMaze(
      { ...options, width, height, entry: options.entry as Point | Side | undefined, exit: options.exit as Point | Side | undefined },
      onStep,
    );
    return {
      maze: GridMaze.fromMaze(g.maze),
      entry: g.entry.y * width + g.entry.x,
      exit: g.exit.y * width + g.exit.x,
      seed: g.seed,
      generator: g.generator,
      perfect: g.perfect,
      braid: g.braid,
      difficulty: g.difficulty,
      patternPlaced: g.patternPlaced,
      plainSquare,
      braidReport: g.braidReport,
      ...(g.level && { level: g.level }),
      ...(g.endpoints && { endpoints: g.endpoints }),
      notes: g.notes,
    };
  }
  const perfect = options.perfect ?? true;
  const braid = options.braid ?? 100;
  if (!Number.isInteger(braid) || braid < 0 || braid > 100)
    throw new OptionError('BRAID', `BRAID must be a whole number from 0 to 100, got ${String(braid)}`);
  const difficulty = options.difficulty ?? 5;
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > 10)
    throw new OptionError('DIFFICULTY', `DIFFICULTY must be a whole number from 1 to 10, got ${String(difficulty)}`);
  if (typeof options.seed === 'number' && !Number.isFinite(options.seed))
    throw new OptionError('SEED', `SEED must be a whole number or any text, got ${options.seed}`);
  const seed = options.seed === undefined ? randomSeed() : seedText(options.seed as Seed);
  const notes: string[] = [];
  if ((options.pattern ?? '42') === '42')
    notes.push(
      `the 42 pattern is a feature of the plain square grid; this ${kind === 'square' ? (wrap !== 'none' ? 'wrapped' : 'shaped') : kind} maze has none`,
    );

  const topology = createTopology({ grid: kind, width, height, wrap });
  const maze = new GridMaze(topology);
  if (mask) {
    applyMask(maze, mask);
    const regions = freeRegions(maze).count;
    if (regions === 0) throw new OptionError('MASK', 'the mask leaves no cell: mark cells with any character but X or #');
    if (regions > 1)
      throw new OptionError(
        'MASK',
        `the mask leaves ${regions} separate regions of cells; a maze needs one (join them or mask the smaller ones)`,
      );
  }
  if (shape) {
    applyOutline(maze, shape);
    if (maze.countOpenCells() === 0)
      throw new OptionError('SHAPE', `SHAPE=${shape} leaves no cell on a ${width}x${height} ${kind} grid; make it larger`);
  }
  if (maze.countOpenCells() < 2)
    throw new OptionError('WIDTH', `this ${kind} maze has ${maze.countOpenCells()} cell; it needs at least 2 for an entry and an exit`);

  const firstFree = (from: number, step: number): number => {
    for (let cell = from; cell >= 0 && cell < maze.size; cell += step) if (!maze.isBlocked(cell)) return cell;
    return -1;
  };
  const endpointRule = endpointRuleOf((options.entry ?? { x: 0, y: 0 }) as EndSpec, (options.exit ?? { x: 0, y: 0 }) as EndSpec);
  // A rule's end is placed after carving; the generator starts from the entry, or for 'hardest' from the default entry.
  const givenEntry = options.entry === 'hardest' ? undefined : (options.entry as Point | GridSide | undefined);
  const entrySpec = givenEntry ?? (kind === 'polar' && !maze.isBlocked(0) ? 'centre' : undefined);
  const exitSpec = options.exit ?? (kind === 'polar' ? 'outer' : undefined);
  let entry: number;
  let exit: number;
  if (endpointRule) {
    entry = entrySpec === undefined ? firstFree(0, 1) : resolveGridPoint('ENTRY', entrySpec, maze, seed, -1);
    exit = entry;
  } else if (typeof entrySpec === 'string' && typeof exitSpec !== 'string') {
    exit = exitSpec === undefined ? firstFree(maze.size - 1, -1) : resolveGridPoint('EXIT', exitSpec, maze, seed, -1);
    entry = resolveGridPoint('ENTRY', entrySpec, maze, seed, exit);
  } else {
    entry = entrySpec === undefined ? firstFree(0, 1) : resolveGridPoint('ENTRY', entrySpec, maze, seed, -1);
    exit =
      exitSpec === undefined ? firstFree(maze.size - 1, -1) : resolveGridPoint('EXIT', exitSpec as Point | GridSide, maze, seed, entry);
  }
  if (!endpointRule && entry === exit)
    throw new OptionError('EXIT', `ENTRY and EXIT are the same cell ${cellLabel(topology, entry)}; they must differ`);
  if (difficulty !== 5 && generator.name === 'DFS' && kind !== 'square')
    notes.push(`DIFFICULTY biases DFS on the square grid only; it is ignored on the ${kind} grid`);

  const rng = createRng(seed, 'generate');
  const generatorOptions = {
    start: entry,
    difficulty,
    variant: options.variant,
    onProgress: phaseReporter(options.onProgress, 'generate'),
  };
  let braidReport: BraidReport | undefined;
  generator.generate(maze, rng, generatorOptions, onStep);
  if (!perfect) {
    braidReport = braidMaze(maze, createRng(seed, 'braid'), braid, onStep, phaseReporter(options.onProgress, 'braid'));
  }
  if (braidReport) notes.push(...braidReport.notes);
  let endpoints: GeneratedGridMaze['endpoints'];
  if (endpointRule) {
    if (endpointRule === 'farthest') {
      const far = farthestFrom(maze, entry, phaseReporter(options.onProgress, 'endpoints'));
      if (far.distance === 0)
        throw new OptionError('EXIT', `EXIT=farthest: no other cell can be reached from the entry ${cellLabel(topology, entry)}`);
      exit = far.cell;
      endpoints = { rule: endpointRule, distance: far.distance };
    } else {
      const pair = hardestPair(maze, entry, phaseReporter(options.onProgress, 'endpoints'));
      if (pair.distance === 0) throw new OptionError('EXIT', 'ENTRY=EXIT=hardest: the maze has no two joined cells');
      ({ entry, exit } = pair);
      endpoints = { rule: endpointRule, distance: pair.distance };
    }
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
    patternPlaced: false,
    plainSquare,
    shape,
    braidReport,
    ...(endpoints && { endpoints }),
    notes,
  };
}

/** A path on any grid. */
export interface GridSolution {
  solver: SolverAlgorithm;
  cells: Int32Array;
  visited: number;
}

/** Solves a grid maze from entry to exit with the named solver (default A*). */
export function solveGridMaze(
  maze: GridMaze,
  entry: number,
  exit: number,
  solverName: string = DEFAULT_SOLVER,
  onStep?: StepReporter,
): GridSolution {
  const solver = resolveSolver(solverName);
  const t = maze.topology;
  for (const [key, cell] of [
    ['ENTRY', entry],
    ['EXIT', exit],
  ] as const) {
    if (!Number.isInteger(cell) || cell < 0 || cell >= t.size)
      throw new OptionError(key, `${key} must be a cell from 0 to ${t.size - 1}, got ${cell}`);
    if (maze.isBlocked(cell)) throw new OptionError(key, `${key} ${cellLabel(t, cell)} is a masked cell, outside the maze`);
  }
  const result = solver.solve(maze, entry, exit, onStep);
  if (!result.path) {
    throw new UnsolvableError(
      `${solver.name} found no path from ${cellLabel(t, entry)} to ${cellLabel(t, exit)}: ${result.failure ?? 'no path'}`,
    );
  }
  return { solver, cells: result.path, visited: result.visited };
}

/** A shortest path, whatever solver was asked for (the graph export's solution). */
export function shortestGridPath(maze: GridMaze, entry: number, exit: number, solution?: GridSolution): GridSolution {
  if (solution && solution.solver.shortest) return solution;
  return solveGridMaze(maze, entry, exit, 'BFS');
}
