/**
 * Step events, so that a viewer or terminal can replay any algorithm. An algorithm
 * receives an optional reporter and checks for it once per event; a plain run passes
 * none and pays only for that check.
 */
export const Step = {
  /** A wall opened: `cell` and the direction bit `dir`. */
  Carve: 0,
  /** A wall closed: `cell` and `dir`. */
  Wall: 1,
  /** A cell visited (entered for the first time). */
  Visit: 2,
  /** A cell added to the frontier (queue, heap, candidate set). */
  Frontier: 3,
  /** A cell left for good (backtracked, filled, settled). */
  Retreat: 4,
  /** A cell on the final path, in order from start to goal. */
  Path: 5,
} as const;

export type StepKind = (typeof Step)[keyof typeof Step];

/** Receives steps in the order they happen. `dir` is 0 where the step has no direction. */
export type StepReporter = (kind: StepKind, cell: number, dir: number) => void;

export const STEP_NAMES: readonly string[] = ['carve', 'wall', 'visit', 'frontier', 'retreat', 'path'];
