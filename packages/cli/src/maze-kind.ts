/** The most dead ends a Pac-Man board may keep (the 42 subject's BRAID=100 rule; `validate` checks it). */
const BOARD_DEAD_ENDS = 2;

/**
 * What a square run made, in the summary's words: a maze with loops that keeps more dead
 * ends than a Pac-Man board may (BRAID below 100) is not called one, as the subject's
 * analyser would not.
 */
export function squareMazeKind(perfect: boolean, deadEnds: number | undefined): string {
  if (perfect) return 'perfect maze';
  if (deadEnds !== undefined && deadEnds > BOARD_DEAD_ENDS) return `maze with loops and ${deadEnds} dead ends`;
  return 'Pac-Man board';
}
