/**
 * A config's maze on any grid other than the plain square one (another grid, a wrap, a
 * mask or an outline): its MASK file read, the run weighed, the maze made and solved the
 * one way (config-run.ts), and the graph JSON (docs/formats.md) the default command writes
 * for it atomically (graph-output.ts); the hex file holds only the 42 subject's plain
 * square mazes. Loaded only for such a config (PNG masks bring zlib).
 */
import { analyze, FormatError, parseTextMask, toGraphJson, type MaskData } from 'mazegen';
import { type ConfigOptions } from 'mazegen/config';
import { maskFromPicture, type MazeAnalysis } from 'mazegen/internal';
import { readFileSync, statSync } from 'node:fs';
import { generateConfigMaze, solveConfigMaze, type ConfigMaze } from './config-run.js';
import { CliError } from './errors.js';
import { createProgress } from './progress.js';
import { decodePng, type RgbaImage } from './png-read.js';
import { writeFileAtomic } from './io.js';
import { readTextFile } from './read-input.js';
import { checkConfigRunFits, checkMaskReadFits, type RunUse } from './memory-plan.js';

/** A text mask is at most this big (a 4096 x 4096 mask and its line ends). */
const MAX_MASK_BYTES = 4097 * 4096;

/** A PNG mask's most bytes (a 4096 x 4096 RGBA picture compresses far below this). */
const MAX_PNG_MASK_BYTES = 64 * 1024 * 1024;

/**
 * A PNG mask: dark (luminance below half) or transparent (alpha below half) pixels are no
 * cell. On grids of columns and rows it is sampled at each cell's middle to WIDTH x HEIGHT
 * (the picture's own size when they are left out); the polar grid takes it whole and
 * reads it at each cell's centre.
 */
function readPngMask(config: ConfigOptions, where: string): MaskData {
  const path = config.mask!;
  let image: RgbaImage;
  try {
    if (statSync(path).size > MAX_PNG_MASK_BYTES)
      throw new CliError(`${where} '${path}' is over ${MAX_PNG_MASK_BYTES / 2 ** 20} MiB; a mask picture needs far less`);
    image = decodePng(readFileSync(path));
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${where} '${path}' does not exist`);
    throw new CliError(`${where} '${path}' is not a PNG this reader understands: ${(error as Error).message}`);
  }
  const polar = config.grid === 'polar';
  return maskFromPicture(
    image,
    polar || config.width === 0 ? image.width : config.width,
    polar || config.height === 0 ? image.height : config.height,
  );
}

/** Reads the config's MASK file (a path relative to the current directory, as OUTPUT_FILE). */
export function readMask(config: ConfigOptions, configPath: string): MaskData | undefined {
  if (config.mask === undefined) return undefined;
  const where = `${configPath}, line ${config.lines.MASK}: MASK`;
  if (/\.png$/i.test(config.mask)) return readPngMask(config, where);
  // Every refusal names the config line that asked for the file, then what is wrong with it.
  let text: string;
  try {
    text = readTextFile(config.mask, {
      what: 'mask file',
      maxBytes: MAX_MASK_BYTES,
      expected: 'one line of characters per row, X or # for no cell',
    });
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`${where}: ${error.message}`);
    throw error;
  }
  try {
    return parseTextMask(text);
  } catch (error) {
    if (error instanceof FormatError) throw new CliError(`${where}: ${config.mask}, ${error.message}`);
    throw error;
  }
}

/** A grid maze made and solved. */
export type GridRun = ConfigMaze;

/**
 * Generates and solves the config's grid maze; a refused option names its config line.
 * `use` is what follows (the file written, the picture drawn, the analysis; default
 * nothing): the whole run is weighed against free memory before any of it starts.
 */
export function makeGridMaze(
  config: ConfigOptions,
  configPath: string,
  seed: string | undefined,
  use: RunUse = { output: { format: 'none' } },
): GridRun {
  checkMaskReadFits(config, configPath);
  const mask = readMask(config, configPath);
  checkConfigRunFits(config, configPath, use, mask);
  const progress = createProgress();
  return solveConfigMaze(generateConfigMaze(config, configPath, seed, progress, { mask }), config, progress);
}

/** What a run says of its maze besides the walls: the ends, a shortest path and how it was made (graph JSON, render). */
export function runInfo(run: GridRun) {
  const g = run.generated;
  return {
    entry: g.entry,
    exit: g.exit,
    solution: run.shortest.cells,
    perfect: g.perfect,
    generator: g.generator.name,
    seed: g.seed,
    shape: g.shape,
  };
}

/** The graph JSON of a run. */
export function graphText(run: GridRun): string {
  return toGraphJson(run.generated.maze, runInfo(run));
}

/** One sentence on what was written. */
export function describeGridRun(run: GridRun, output: string): string {
  const g = run.generated;
  const t = g.maze.topology;
  const size = t.kind === 'polar' ? `${t.height}-ring polar (first ring ${t.width})` : `${t.width}x${t.height} ${t.kind}`;
  const extras = [
    t.wrap !== 'none' ? `wrapped ${t.wrap}` : '',
    g.shape ? `${g.shape} outline` : '',
    g.maze.countOpenCells() < t.size ? `${g.maze.countOpenCells()} cells` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const kind = g.perfect ? 'perfect maze' : 'board with loops';
  const moves = run.shortest.cells.length - 1;
  const shownSeed = /^[\w.:+-]+$/.test(g.seed) ? g.seed : `'${g.seed}'`;
  return `wrote ${output}: ${size} ${kind}${extras ? ` (${extras})` : ''} by ${g.generator.name}, seed ${shownSeed}, path of ${moves} move${moves === 1 ? '' : 's'} (${run.solution.solver.name}), as graph JSON (the hex file holds plain square mazes only)`;
}

/** Makes the grid maze and writes it; returns the run. */
export function writeGridMaze(config: ConfigOptions, configPath: string, seed: string | undefined, output: string): GridRun {
  const run = makeGridMaze(config, configPath, seed, { output: { format: 'graph', whole: true } });
  writeFileAtomic(output, graphText(run));
  return run;
}

/**
 * A grid maze's figures as `stats` prints them (its JSON keys since grids came): `junctions`
 * are the cells of three or more openings, and the path's figures leave out its turns.
 */
function gridStatsAnalysis(a: MazeAnalysis) {
  return {
    grid: a.grid,
    cells: a.cells,
    maskedCells: a.maskedCells,
    passages: a.passages,
    deadEnds: a.deadEnds,
    deadEndShare: a.deadEndShare,
    junctions: a.junctions + a.crossroads,
    openings: a.openings,
    longestCorridor: a.longestCorridor,
    components: a.components,
    loops: a.loops,
    entry: a.entry,
    exit: a.exit,
    solution: a.solution && {
      length: a.solution.length,
      cells: a.solution.cells,
      decisionPoints: a.solution.decisionPoints,
      share: a.solution.share,
    },
  };
}

/** `stats CONFIG` for a grid config: what `analyze` measures, as a table or one JSON object. */
export function gridStats(
  config: ConfigOptions,
  configPath: string,
  seed: string | undefined,
  json: boolean,
  printNotes: (notes: string[]) => void,
): string {
  const run = makeGridMaze(config, configPath, seed, { output: { format: 'none' }, analysis: true });
  printNotes(run.notes);
  const g = run.generated;
  const measured = analyze(g.maze, g.entry, g.exit, run.shortest.cells);
  const a = gridStatsAnalysis(measured);
  const report = {
    ...a,
    seed: g.seed,
    generator: g.generator.name,
    perfect: g.perfect,
    solver: { name: run.solution.solver.name, moves: run.solution.cells.length - 1, visited: run.solution.visited },
  };
  if (json) return `${JSON.stringify(report, null, 2)}\n`;
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  const rows: [string, string][] = [
    [
      'grid',
      `${a.grid} ${g.maze.topology.width}x${g.maze.topology.height}${g.maze.topology.wrap !== 'none' ? ` wrapped ${g.maze.topology.wrap}` : ''}`,
    ],
    ['seed', g.seed],
    ['generator', `${g.generator.name}${g.perfect ? '' : ' (braided)'}`],
    ['cells', `${a.cells}${a.maskedCells ? ` (${a.maskedCells} masked)` : ''}`],
    ['passages', String(a.passages)],
    ['dead ends', `${a.deadEnds} (${pct(a.deadEndShare)})`],
    ['junctions', `${a.junctions} (3 or more openings)`],
    [
      'openings',
      a.openings
        .map((n, k) => (n ? `${k}: ${n}` : ''))
        .filter(Boolean)
        .join(', '),
    ],
    ['longest corridor', `${a.longestCorridor} cells`],
    ['loops', String(a.loops)],
    [
      'solution',
      a.solution
        ? `${a.solution.length} moves, ${a.solution.decisionPoints} decision points, ${pct(a.solution.share)} of the cells`
        : 'none',
    ],
    ['solver', `${run.solution.solver.name}: ${run.solution.cells.length - 1} moves, ${run.solution.visited} cells visited`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n') + '\n';
}
