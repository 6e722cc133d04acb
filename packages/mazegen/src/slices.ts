/**
 * Turns of the hot loops' slices (docs/design.md, "Hot loops run in slices"). The first
 * WARM_SLICES slices of a run are WARM_TURNS turns each: V8 collects feedback for a
 * function only from about its eighth call, and a slice optimized mid-loop before any
 * call had returned with feedback lacked it for the state stores after the loop, and
 * deoptimized there at the end of every later slice (HuntAndKill: about 30% slower, in
 * about one process of three).
 */
export const WARM_SLICES = 24;
export const WARM_TURNS = 16;

/** The turns of slice number `calls` (from 1) of a kernel whose full slice is `slice` turns. */
export function sliceTurns(calls: number, slice: number): number {
  return calls <= WARM_SLICES ? WARM_TURNS : slice;
}
