/**
 * The maker of a maze on a named grid (any kind, mask, outline, wrap): `generateMaze`
 * (generate.ts) sends every request that names a grid here. The plain square grid is made
 * by the square maker itself (the same bytes, the 42 pattern), its ends turned into cell
 * numbers; a masked square one by the square kernels (every generator, masked cells as
 * obstacles); any other grid by the generic kernels of the generators that support it
 * (else a one-line refusal). EXIT=farthest and ENTRY=EXIT=hardest are placed on the carved
 * maze by endpoints.ts, through the passage graph of any grid.
 */
import type { GeneratorAlgorithm } from '../algorithm.js';
import { braidMaze, type BraidReport } from '../braid.js';
import { farthestFrom, hardestPair } from '../endpoints.js';
import { OptionError } from '../errors.js';
import {
  DEFAULT_GENERATOR,
  randomSeed,
  SIDES,
  type EndSpec,
  type GeneratedMaze,
  type GridSide,
  type MazeEnd,
  type MazeOptions,
} from '../generate-options.js';
import { GridMaze, MAX_CELLS, type Point } from '../maze.js';
import { phaseReporter } from '../progress.js';
import { GENERATORS, resolveGenerator } from '../registry.js';
import { createRng, seedText, type Seed } from '../rng.js';
import { endpointRuleOf, generateSquareMaze } from '../square-generate.js';
import type { StepReporter } from '../steps.js';
import { createTopology, resolveGridKind, resolveWrap } from './create.js';
import { applyMask, applyOutline, freeRegions, resolveOutline, type MaskData } from './mask.js';
import { DEFAULT_POLAR_FIRST_RING } from './polar.js';
import { cellLabel, type GridKind, type Wrap } from './topology.js';

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

function resolveGridPoint(key: 'ENTRY' | 'EXIT', spec: Point | number | GridSide, maze: GridMaze, seed: string, avoid: number): number {
  const t = maze.topology;
  if (typeof spec === 'number') {
    if (!Number.isInteger(spec) || spec < 0 || spec >= t.size)
      throw new OptionError(key, `${key} must be a cell from 0 to ${t.size - 1}, got ${spec}`);
    if (maze.isBlocked(spec))
      throw new OptionError(key, `${key} ${cellLabel(t, spec)} is a masked cell, outside the maze; choose a cell of the shape`);
    return spec;
  }
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

/** A cell number on the plain square grid as the square maker's Point (it checks the range itself). */
function squareEnd(end: MazeEnd | undefined, width: number): EndSpec | undefined {
  return typeof end === 'number' && Number.isInteger(end) && end >= 0 ? { x: end % width, y: Math.floor(end / width) } : (end as EndSpec);
}

/** One maze of a request that names a grid (or a wrap, mask or outline), without LEVEL; its ends are cell numbers. */
export function generateOnGrid(options: MazeOptions, onStep?: StepReporter): GeneratedMaze {
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
    const g = generateSquareMaze(
      {
        ...options,
        grid: undefined,
        wrap: undefined,
        mask: undefined,
        shape: undefined,
        width,
        height,
        entry: squareEnd(options.entry, width),
        exit: squareEnd(options.exit, width),
      },
      onStep,
    );
    return { ...g, maze: g.maze, entry: g.maze.index(g.entry.x, g.entry.y), exit: g.maze.index(g.exit.x, g.exit.y) };
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
  const givenEntry = options.entry === 'hardest' ? undefined : (options.entry as Point | number | GridSide | undefined);
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
      exitSpec === undefined
        ? firstFree(maze.size - 1, -1)
        : resolveGridPoint('EXIT', exitSpec as Point | number | GridSide, maze, seed, entry);
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
  let endpoints: GeneratedMaze['endpoints'];
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
