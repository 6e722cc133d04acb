/**
 * The statistics report shared by `a-maze-ing stats` and the `--stats` flag of the
 * default command: `analyze` plus what the configured solver did, as a table or JSON.
 */
import { analyze, measureDifficulty, resolveSolver, type GeneratedMaze, type Maze, type Point } from 'mazegen';
import { toConfigBase } from 'mazegen/config';
import { MAX_WALK_SYSTEM_CELLS, type Difficulty, type LevelPick, type MazeAnalysis, type SolutionAnalysis } from 'mazegen/internal';
import { squareMazeKind } from './maze-kind.js';

/** What the configured solver did on the maze. */
export interface SolverReport {
  name: string;
  shortest: boolean;
  handlesLoops: boolean;
  /** Moves of the path it found, or null when it found none. */
  moves: number | null;
  /** Cells it explored. */
  visited: number;
  failure?: string;
}

/**
 * The square maze's figures as `stats` prints them (its JSON keys since 1.0): `analyze`'s
 * `MazeAnalysis` with the cells outside the maze as the 42's `patternCells` and the ends
 * as points, without the fields every grid has (`grid`, `openings`, the end cells).
 */
export interface SquareStatsAnalysis {
  width: number;
  height: number;
  cells: number;
  patternCells: number;
  passages: number;
  deadEnds: number;
  deadEndShare: number;
  junctions: number;
  crossroads: number;
  straightCells: number;
  turningCells: number;
  isolatedCells: number;
  longestCorridor: number;
  components: number;
  loops: number;
  entry: Point;
  exit: Point;
  solution: SolutionAnalysis | null;
}

function squareStatsAnalysis(a: MazeAnalysis, entry: Point, exit: Point): SquareStatsAnalysis {
  return {
    width: a.width,
    height: a.height,
    cells: a.cells,
    patternCells: a.maskedCells,
    passages: a.passages,
    deadEnds: a.deadEnds,
    deadEndShare: a.deadEndShare,
    junctions: a.junctions,
    crossroads: a.crossroads,
    straightCells: a.straightCells,
    turningCells: a.turningCells,
    isolatedCells: a.isolatedCells,
    longestCorridor: a.longestCorridor,
    components: a.components,
    loops: a.loops,
    entry,
    exit,
    solution: a.solution,
  };
}

/** Everything `stats` reports, with coordinates in the config's base. */
export interface StatsReport {
  seed: string;
  generator: string;
  perfect: boolean;
  indexBase: 0 | 1;
  analysis: SquareStatsAnalysis;
  solver: SolverReport;
  /** What LEVEL picked, when the config sets it. */
  level?: LevelPick;
  /** How hard the way from entry to exit is, measured (docs/analysis.md); null when the exit cannot be reached. */
  difficulty: Difficulty | null;
}

/** Runs the configured solver and analyses the maze; coordinates come back in `indexBase`. */
export function statsReport(generated: GeneratedMaze<Maze>, solverName: string, indexBase: 0 | 1): StatsReport {
  const { maze, entry, exit } = generated;
  const solver = resolveSolver(solverName);
  const result = solver.solve(maze, entry.y * maze.width + entry.x, exit.y * maze.width + exit.x);
  const analysis = analyze(maze, entry, exit);
  const difficulty = analysis.solution ? measureDifficulty(maze, entry.y * maze.width + entry.x, exit.y * maze.width + exit.x) : null;
  return {
    seed: generated.seed,
    generator: generated.generator.name,
    perfect: generated.perfect,
    indexBase,
    analysis: squareStatsAnalysis(analysis, toConfigBase(entry, indexBase), toConfigBase(exit, indexBase)),
    solver: {
      name: solver.name,
      shortest: solver.shortest,
      handlesLoops: solver.handlesLoops,
      moves: result.path ? result.path.length - 1 : null,
      visited: result.visited,
      ...(result.failure !== undefined && { failure: result.failure }),
    },
    ...(generated.level && { level: generated.level }),
    difficulty,
  };
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`;
}

function point(p: Point): string {
  return `${p.x},${p.y}`;
}

/** The report as label/value rows, labels padded to one column. */
export function formatStats(report: StatsReport): string {
  const a = report.analysis;
  const rows: [string, string][] = [
    ['maze', `${a.width}x${a.height} ${squareMazeKind(report.perfect, a.deadEnds)} by ${report.generator}, seed ${report.seed}`],
    ['entry, exit', `${point(a.entry)} -> ${point(a.exit)}${report.indexBase === 1 ? ' (counted from 1)' : ''}`],
    ['cells', a.patternCells > 0 ? `${a.cells} (plus ${a.patternCells} in the 42 pattern)` : `${a.cells}`],
    ['passages', `${a.passages}`],
    ['loops', `${a.loops}`],
    ['dead ends', `${a.deadEnds} (${percent(a.deadEnds, a.cells)} of cells)`],
    ['junctions (3 ways)', `${a.junctions} (${percent(a.junctions, a.cells)})`],
    ['crossroads (4 ways)', `${a.crossroads} (${percent(a.crossroads, a.cells)})`],
    ['straight cells', `${a.straightCells} (${percent(a.straightCells, a.cells)})`],
    ['turning cells', `${a.turningCells} (${percent(a.turningCells, a.cells)})`],
    ['longest corridor', `${a.longestCorridor} cells`],
  ];
  if (a.components !== 1) rows.push(['separate parts', `${a.components}`]);
  if (a.isolatedCells > 0) rows.push(['walled-in cells', `${a.isolatedCells}`]);
  const s = a.solution;
  if (s) {
    rows.push(
      ['solution', `${s.length} moves through ${s.cells} cells (${percent(s.cells, a.cells)} of cells)`],
      ['turns on it', `${s.turns}`],
      ['decision points on it', `${s.decisionPoints}`],
    );
  } else {
    rows.push(['solution', 'none: the exit cannot be reached from the entry']);
  }
  const r = report.solver;
  const claims = `${r.shortest ? 'shortest' : 'not always shortest'}, ${r.handlesLoops ? 'handles loops' : 'perfect mazes only'}`;
  const found = r.moves === null ? `no path: ${r.failure ?? 'none found'}` : `${r.moves} moves, explored ${r.visited} cells`;
  rows.push([`solver ${r.name}`, `${found} (${claims})`]);
  const d = report.difficulty;
  const l = report.level;
  if (l) {
    const how = l.inBand
      ? `in its band ${l.band[0]} to ${l.band[1]}`
      : `nearest its band ${l.band[0]} to ${l.band[1]}, none of ${l.candidates} in it`;
    rows.push(['level', `${l.level}: candidate ${l.candidate} (SEED=${l.seed} without LEVEL), score ${l.score}, ${how}`]);
  }
  if (d) {
    const walk =
      d.randomWalkSteps === null
        ? `not computed: a board with loops of over ${MAX_WALK_SYSTEM_CELLS} cells (the score leaves it out)`
        : `${Math.round(d.randomWalkSteps)} moves expected${d.randomWalkMethod === 'tree' ? '' : ' (solved as a linear system: the board has loops)'}`;
    rows.push(
      ['difficulty score', `${d.score} of 100 (one blend of the figures below; no number is a person's difficulty)`],
      ['BFS expands first', `${d.bfsExpanded} cells (${(100 * d.explored).toFixed(1)}% of cells) before it takes the exit`],
      ['dead-end corridors', `${d.deadEnds}, ${d.deadEndMeanLength.toFixed(1)} moves on average, ${d.deadEndMaxLength} at most`],
      ['farthest from path', `${d.farthestFromSolution} moves`],
      ['random walker', walk],
      ['bottlenecks', `${d.bottlenecks} passages every route uses`],
    );
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}\n`).join('');
}
