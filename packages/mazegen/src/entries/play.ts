// mazegen/play: walking a maze (the terminal's and the viewer's play mode), its keys and its score.
export { slotToward, directionTo, PLAY_DIRECTION_KEYS, PLAY_ARROWS, PLAY_GRID_KEY_HELP } from '../play-directions.js';
export type { PlayDirection } from '../play-directions.js';
export { PLAY_LETTERS, PLAY_KEY_HELP, playOptimality, playSummary, mazeOfTheDayShareLine, playerColor } from '../play.js';
export type { PlayOutcome, PlayScore } from '../play.js';
