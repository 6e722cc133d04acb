// The library's public surface: what a user of mazegen needs (README.md, "API", lists every name).
// The faces' building blocks are behind the subpaths in ./entries/ (mazegen/config, /render, /play, /internal).
export type { GeneratorAlgorithm, GeneratorKernel, SolverAlgorithm, SolverKernel } from './algorithm.js';
export { analyze } from './analyze.js';
export { braidMaze } from './braid.js';
export { measureDifficulty } from './difficulty.js';
export { farthestFrom, hardestPair } from './endpoints.js';
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
export { toBlocks, parseBlocks } from './formats/blocks.js';
export { toGraph, toGraphJson, parseGraph } from './formats/graph.js';
export { toHex, parseHex } from './formats/hex.js';
export { toJson } from './formats/json.js';
export { parseJson } from './formats/grid-json.js';
export { toSvg } from './formats/svg.js';
export { toAscii, toUnicode } from './formats/text.js';
export { generateMaze, MazeGenerator } from './generate.js';
export { randomSeed } from './generate-options.js';
export type { MazeOptions, SquareMazeOptions, GridMazeRequest, GeneratedMaze } from './generate-options.js';
export { createTopology } from './grid/create.js';
export { GridMaze } from './maze.js';
export type { WallWords } from './maze.js';
export { HexTopology } from './grid/hex.js';
export { parseTextMask, OUTLINES } from './grid/mask.js';
export type { MaskData, OutlineName } from './grid/mask.js';
export { PolarTopology } from './grid/polar.js';
export { SquareTopology } from './grid/square.js';
export { GRID_KINDS, WRAPS } from './grid/topology.js';
export type { GridKind, Wrap, Topology } from './grid/topology.js';
export { TriangleTopology } from './grid/triangle.js';
export { LEVELS } from './levels.js';
export type { Level } from './levels.js';
export { Maze, NORTH, EAST, SOUTH, WEST, BLOCKED, MAX_CELLS, MAZE_FORMAT_VERSION } from './maze.js';
export type { Point } from './maze.js';
export { placePattern } from './pattern.js';
export { PlayGame, GridPlayGame } from './play.js';
export type { PhasedProgressReporter } from './progress.js';
export { GENERATORS, SOLVERS, resolveGenerator, resolveSolver } from './registry.js';
export type { DrawContext } from './render/context.js';
export { drawMaze } from './render/draw.js';
export { resolveTheme, THEMES } from './render/theme.js';
export type { Theme } from './render/theme.js';
export { createRng, RNG_VERSION } from './rng.js';
export { solveMaze, shortestPath } from './solve.js';
export type { Solution } from './solve.js';
export type { Rng, Seed } from './rng.js';
export { distanceMap } from './solvers/bfs.js';
export { Step } from './steps.js';
export type { StepKind, StepReporter } from './steps.js';
export { streamMaze } from './stream.js';
export { validate } from './validate.js';
export type { Violation } from './validate.js';
