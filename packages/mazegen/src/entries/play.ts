// mazegen/play: walking a maze (the terminal's and the viewer's play mode), its keys and its score,
// and the helpers for games built on a maze (docs/games.md): placements, distance fields, level sets.
export { slotToward, directionTo, PLAY_DIRECTION_KEYS, PLAY_ARROWS, PLAY_GRID_KEY_HELP } from '../play-directions.js';
export type { PlayDirection } from '../play-directions.js';
export { PLAY_LETTERS, PLAY_KEY_HELP, playOptimality, playSummary, mazeOfTheDayShareLine, playerColor } from '../play.js';
export type { PlayOutcome, PlayScore } from '../play.js';
export { placements, distanceField, patternCellList, levels } from '../games.js';
export type { Placements, DistanceField, LevelsOptions } from '../games.js';
