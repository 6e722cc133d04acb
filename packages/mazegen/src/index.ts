export {
  Maze,
  NORTH,
  EAST,
  SOUTH,
  WEST,
  ALL_WALLS,
  BLOCKED,
  DIRECTIONS,
  OPPOSITE,
  DIRECTION_LETTER,
  MAX_CELLS,
  MAZE_FORMAT_VERSION,
} from './maze.js';
export type { Point } from './maze.js';
export { createRng, hashSeed, seedText, shuffle, Sfc32, RNG_ALGORITHM, RNG_VERSION } from './rng.js';
export type { Rng, Seed } from './rng.js';
export {
  MazeError,
  OptionError,
  ConfigError,
  UnknownAlgorithmError,
  FormatError,
  BufferFormatError,
  SizeError,
  UnsolvableError,
} from './errors.js';
export { Step, STEP_NAMES } from './steps.js';
export { PROGRESS_PHASES, PROGRESS_EVERY } from './progress.js';
export type { ProgressPhase, ProgressReporter, PhasedProgressReporter } from './progress.js';
export type { StepKind, StepReporter } from './steps.js';
export type { GeneratorAlgorithm, GeneratorOptions, SolverAlgorithm, SolverResult } from './algorithm.js';
export { GENERATORS, SOLVERS, resolveGenerator, resolveSolver, normalizeName, editDistance } from './registry.js';
export {
  generateMaze,
  solveMaze,
  shortestPath,
  randomSeed,
  MazeGenerator,
  SIDES,
  ENDPOINT_RULES,
  DEFAULT_GENERATOR,
  DEFAULT_SOLVER,
} from './generate.js';
export type { MazeOptions, GeneratedMaze, Solution, Side, EndpointRule, EndSpec } from './generate.js';
export { farthestFrom, hardestPair } from './endpoints.js';
export { LEVELS, LEVEL_QUARTILES, POOLED_QUARTILES, LEVEL_CANDIDATES, candidateSeed, levelBand, pickCandidate } from './levels.js';
export type { Level, LevelPick } from './levels.js';
export { placements, distanceField, patternCellList, levels } from './games.js';
export type { Placements, DistanceField, LevelsOptions } from './games.js';
export { measureDifficulty, treeHittingTime, DIFFICULTY_WEIGHTS, MAX_WALK_SYSTEM_CELLS } from './difficulty.js';
export type { Difficulty } from './difficulty.js';
export type { FarthestCell, HardestPair } from './endpoints.js';
export { openNeighbours, bfsPass, bfsBuffers, MAX_NEIGHBOURS } from './graph.js';
export type { BfsPass, BfsBuffers, PassageGraph } from './graph.js';
export { braidMaze, findDeadEnds, isDeadEnd, countLoops, isOpenBlock, wouldOpenBlock, reachableLoops, MIN_LOOPS } from './braid.js';
export type { BraidReport } from './braid.js';
export { validate } from './validate.js';
export type { Violation, ValidateOptions } from './validate.js';
export { pathToDirections, walkPath, letterToDirection } from './path.js';
export { distanceMap } from './solvers/bfs.js';
export { treePath, TREE_PATH_BYTES_PER_CELL } from './solvers/tree-path.js';
export {
  PATTERN_ROWS,
  PATTERN_WIDTH,
  PATTERN_HEIGHT,
  PATTERN_MIN_WIDTH,
  PATTERN_MIN_HEIGHT,
  patternFits,
  patternOrigin,
  patternCells,
  placePattern,
  isPatternCell,
} from './pattern.js';
export {
  toHex,
  parseHex,
  encodeHex,
  encodeHexRows,
  encodeHexRowsInto,
  encodeHexCells,
  decodeHexCells,
  encodeHexChunks,
  hexFooter,
  hexFooterBytes,
} from './formats/hex.js';
export type { HexFile, HexFooter } from './formats/hex.js';
export {
  COLOR_NAMES,
  COLORS,
  isColorName,
  parseColorName,
  COMPLEXITY_LEVELS,
  DIMENSIONS,
  gridForWindow,
  utcDateKey,
  mazeOfTheDaySeed,
} from './presets.js';
export type { ColorName } from './presets.js';
export {
  parseConfig,
  configEndpointRule,
  toMazeOptions,
  toGridMazeOptions,
  isPlainSquareConfig,
  toConfigBase,
  normalizeSeed,
  configTheme,
  stripComment,
  CONFIG_KEYS,
  MAX_CONFIG_BYTES,
  DEFAULT_WALL_COLOR,
  DEFAULT_PATTERN_COLOR,
  DEFAULT_PATH_COLOR,
} from './config.js';
export type { ConfigOptions, ConfigKeyInfo } from './config.js';
export * from './formats/svg.js';
export * from './formats/text.js';
export * from './formats/blocks.js';
export * from './formats/json.js';
export * from './render/context.js';
export * from './render/draw.js';
export * from './render/raster.js';
export * from './render/theme.js';
export * from './analyze.js';
export { mazeOfTheDayOptions, parseUtcDate } from './motd.js';
export { streamMaze, STREAMING_GENERATORS, MAX_STREAM_CELLS } from './stream.js';
export type { MazeStream } from './stream.js';
export { findPathByRows, rowsReadAtMost } from './row-solver.js';
export type { RowSource, RowPathOptions, RowPath } from './row-solver.js';
export { GRID_KINDS, WRAPS, GRID_ALIASES, gridKindOf, allWallsOf, coordinatePair, cellLabel } from './grid/topology.js';
export type { GridKind, Wrap, Topology, DrawPoint, GridCoordinates } from './grid/topology.js';
export { SquareTopology } from './grid/square.js';
export { HexTopology } from './grid/hex.js';
export { TriangleTopology } from './grid/triangle.js';
export { PolarTopology, DEFAULT_POLAR_FIRST_RING, MIN_POLAR_FIRST_RING } from './grid/polar.js';
export { createTopology, resolveGridKind, resolveWrap, GRID_WRAPS } from './grid/create.js';
export { cellAtPoint, gridCellAtPoint, slotTowardPoint } from './grid/locate.js';
export type { GridSpec } from './grid/create.js';
export { GridMaze } from './grid/grid-maze.js';
export type { WallWords } from './grid/grid-maze.js';
export {
  generateGridMaze,
  solveGridMaze,
  shortestGridPath,
  checkGeneratorSupports,
  sideCells,
  defaultGridSize,
} from './grid/generate-grid.js';
export type { GridMazeOptions, GeneratedGridMaze, GridSolution, GridSide } from './grid/generate-grid.js';
export {
  parseTextMask,
  maskToText,
  maskFromPicture,
  resolveOutline,
  outlineContains,
  freeRegions,
  keepLargestRegion,
  applyMask,
  applyOutline,
  OUTLINES,
} from './grid/mask.js';
export type { MaskData, MaskPicture, OutlineName } from './grid/mask.js';
export { braidGridMaze, isGridDeadEnd, findGridDeadEnds, countGridLoops } from './grid/braid.js';
export { gridDistanceMap } from './solvers/grid-search.js';
export { toGraph, toGraphJson, parseGraph, GRAPH_FORMAT, GRAPH_FORMAT_VERSION } from './formats/graph.js';
export type { MazeGraph, GraphInfo, GraphNode, GraphLink, GraphOptions, ParsedGraph } from './formats/graph.js';
export { validateGrid } from './grid/validate-grid.js';
export type { GridValidateOptions } from './grid/validate-grid.js';
export { toGridSvg } from './render/grid-svg.js';
export { forEachGridWall, arcPoints, gridCellOutline, gridPathLines } from './render/grid-geometry.js';
export type { GridWall } from './render/grid-geometry.js';
export { drawGridMaze, fillGridCells, gridLayout } from './render/grid-draw.js';
export type { GridLayout, GridLayoutOptions, GridDrawOptions, GridFillOptions } from './render/grid-draw.js';
export type { GridSvgOptions } from './render/grid-svg.js';
export { analyzeGrid } from './grid/analyze-grid.js';
export type { GridAnalysis } from './grid/analyze-grid.js';
export { PlayGame, GridPlayGame, PLAY_LETTERS, PLAY_KEY_HELP, playOptimality, playSummary, mazeOfTheDayShareLine } from './play.js';
export type { PlayOutcome, PlayScore } from './play.js';
export { slotToward, directionTo, PLAY_DIRECTION_KEYS, PLAY_ARROWS, PLAY_GRID_KEY_HELP } from './play-directions.js';
export type { PlayDirection } from './play-directions.js';
export * from './render/sheet.js';
export { paintPuzzleSheet } from './render/sheet-pdf.js';
export type { PdfLibrary } from './render/sheet-pdf.js';
export * from './render/distance.js';
export { gridDistanceShading } from './render/grid-distance.js';
export { distanceLegendSvg } from './render/distance-legend.js';
export { estimateRunMemory, gridCellCount, TEXT_MASK_HEAP_BYTES_PER_CHAR } from './run-memory.js';
export type { RunMemory, RunMemoryOptions, RunOutput, OutputFormat, PhaseMemory, MemoryPhase } from './run-memory.js';
export { polarCellCount } from './grid/polar.js';
