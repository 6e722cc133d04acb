// mazegen/config: the a-maze-ing config file (KEY=VALUE), the C seed's presets and the Maze of the Day.
export {
  parseConfig,
  configEndpointRule,
  toMazeOptions,
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
} from '../config.js';
export type { ConfigOptions, ConfigKeyInfo, PlainSquareConfig, PlainSquareKeys } from '../config.js';
export { mazeOfTheDayOptions, parseUtcDate } from '../motd.js';
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
} from '../presets.js';
export type { ColorName } from '../presets.js';
