// mazegen/internal: the building blocks the a-maze-ing CLI and viewer share (streaming writers, passage
// graphs, the 42 pattern, level tables, did-you-mean). Documented in README.md; may change in any minor version.
// The console menu's keys on any keyboard (the AZERTY digit row), for the terminal, the menu and the viewer.
export { menuKey, menuDigitOfCode } from '../menu-keys.js';
export type { GeneratorOptions, SolverResult } from '../algorithm.js';
export type { SolutionAnalysis, MazeAnalysis } from '../analyze.js';
export { findDeadEnds, isDeadEnd, countLoops, isOpenBlock, wouldOpenBlock, reachableLoops, MIN_LOOPS } from '../braid.js';
export type { BraidReport } from '../braid.js';
export { treeHittingTime, DIFFICULTY_WEIGHTS, MAX_WALK_SYSTEM_CELLS } from '../difficulty.js';
export type { Difficulty } from '../difficulty.js';
export type { FarthestCell, HardestPair } from '../endpoints.js';
export { blockRow, blocksToText, encodeBlocksChunks, toBlocksText, blocksToMaze, BLOCK } from '../formats/blocks.js';
export type { BlockMatrix, BlockOptions, BlockMaze } from '../formats/blocks.js';
export { GRAPH_FORMAT, GRAPH_FORMAT_VERSION } from '../formats/graph.js';
export type { MazeGraph, GraphInfo, GraphNode, GraphLink, GraphOptions, ParsedGraph } from '../formats/graph.js';
export {
  encodeHex,
  encodeHexRows,
  encodeHexRowsInto,
  encodeHexCells,
  decodeHexCells,
  encodeHexChunks,
  hexFooter,
  hexFooterBytes,
} from '../formats/hex.js';
export type { HexFile, HexFooter } from '../formats/hex.js';
export { toJsonObject, encodeJsonChunks, MAZEGEN_VERSION, JSON_FORMAT, JSON_FORMAT_VERSION } from '../formats/json.js';
export type { MazeJson, JsonOptions, SquareJsonView } from '../formats/json.js';
export { encodeAsciiChunks, encodeUnicodeChunks, parseTextMaze } from '../formats/text.js';
export type { TextOptions, TextMaze } from '../formats/text.js';
export { SIDES, ENDPOINT_RULES, DEFAULT_GENERATOR, DEFAULT_SOLVER } from '../generate-options.js';
export type { Side, EndpointRule, EndSpec, GridSide, MazeEnd } from '../generate-options.js';
export { openNeighbours, bfsPass, bfsBuffers, MAX_NEIGHBOURS } from '../graph.js';
export type { BfsPass, BfsBuffers, PassageGraph } from '../graph.js';
export { resolveGridKind, resolveWrap, GRID_WRAPS } from '../grid/create.js';
export type { GridSpec } from '../grid/create.js';
export { checkGeneratorSupports, sideCells, defaultGridSize } from '../grid/generate-grid.js';
export { cellAtPoint, gridCellAtPoint, slotTowardPoint } from '../grid/locate.js';
export {
  maskToText,
  maskFromPicture,
  resolveOutline,
  outlineContains,
  freeRegions,
  keepLargestRegion,
  applyMask,
  applyOutline,
} from '../grid/mask.js';
export type { MaskPicture } from '../grid/mask.js';
export { DEFAULT_POLAR_FIRST_RING, MIN_POLAR_FIRST_RING } from '../grid/polar.js';
export { GRID_ALIASES, gridKindOf, allWallsOf, coordinatePair, cellLabel } from '../grid/topology.js';
export type { DrawPoint, GridCoordinates } from '../grid/topology.js';
export { LEVEL_QUARTILES, POOLED_QUARTILES, LEVEL_CANDIDATES, candidateSeed, levelBand, pickCandidate } from '../levels.js';
export type { LevelPick } from '../levels.js';
export { ALL_WALLS, DIRECTIONS, OPPOSITE, DIRECTION_LETTER } from '../maze.js';
export { pathToDirections, walkPath, letterToDirection } from '../path.js';
export {
  PATTERN_ROWS,
  PATTERN_WIDTH,
  PATTERN_HEIGHT,
  PATTERN_MIN_WIDTH,
  PATTERN_MIN_HEIGHT,
  patternFits,
  patternOrigin,
  patternCells,
  isPatternCell,
} from '../pattern.js';
export { PROGRESS_PHASES, PROGRESS_EVERY } from '../progress.js';
export type { ProgressPhase, ProgressReporter } from '../progress.js';
export { normalizeName } from '../registry.js';
export { editDistance, didYouMean } from '../suggest.js';
export { hashSeed, seedText, shuffle, Sfc32, RNG_ALGORITHM } from '../rng.js';
export { findPathByRows, rowsReadAtMost } from '../row-solver.js';
export type { RowSource, RowPathOptions, RowPath } from '../row-solver.js';
export { treePath, TREE_PATH_BYTES_PER_CELL } from '../solvers/tree-path.js';
export { STEP_NAMES } from '../steps.js';
export { STREAMING_GENERATORS, MAX_STREAM_CELLS } from '../stream.js';
export type { MazeStream } from '../stream.js';
export type { ValidateOptions } from '../validate.js';
export { GRID_JSON_FORMAT_VERSION, cellDigits } from '../formats/grid-json.js';
export { isPlainSquareMaze } from '../plain-square.js';
export { gridBlockPicture, describeGrid, parseBlockMatrix } from '../formats/blocks.js';
export { gridTextToBlocks } from '../formats/text.js';
export type { JsonMaze } from '../formats/grid-json.js';
export type { BlockPicture } from '../formats/blocks.js';
export { estimateRunMemory, gridCellCount, TEXT_MASK_HEAP_BYTES_PER_CHAR } from '../run-memory.js';
export type { RunMemory, RunMemoryOptions, RunOutput, OutputFormat, PhaseMemory, MemoryPhase } from '../run-memory.js';
export { polarCellCount } from '../grid/polar.js';
