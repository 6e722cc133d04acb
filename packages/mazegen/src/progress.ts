/**
 * Progress of the long phases of making a maze, for a progress bar. Reports are coarse
 * (about every PROGRESS_EVERY units of work, never per cell) and never change a maze.
 */

/** A phase of making a maze that reports progress. */
export type ProgressPhase = 'generate' | 'braid' | 'endpoints' | 'level';
export const PROGRESS_PHASES: readonly ProgressPhase[] = ['generate', 'braid', 'endpoints', 'level'];

/** `done` of `total` units of one phase are finished (done only grows; total may shrink as an estimate firms up). */
export type ProgressReporter = (done: number, total: number) => void;

/** A reporter for several phases: the phase each report belongs to. */
export type PhasedProgressReporter = (done: number, total: number, phase: ProgressPhase) => void;

/** Units of work between two reports of a long loop. */
export const PROGRESS_EVERY = 1 << 20;

/** The reporter of one phase of `report` (undefined stays undefined, so a loop can test it once). */
export function phaseReporter(report: PhasedProgressReporter | undefined, phase: ProgressPhase): ProgressReporter | undefined {
  return report && ((done, total) => report(done, total, phase));
}

/**
 * A sub-range of a reporter: the sub-task's `done` of `total` maps onto
 * [offset, offset + span) of the whole, `whole` units in all.
 */
export function spanReporter(
  report: ProgressReporter | undefined,
  offset: number,
  span: number,
  whole: number,
): ProgressReporter | undefined {
  return report && ((done, total) => report(offset + Math.floor((Math.min(done, total) / Math.max(1, total)) * span), whole));
}
