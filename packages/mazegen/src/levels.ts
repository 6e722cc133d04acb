/**
 * LEVEL=easy|medium|hard|expert: from the seed, LEVEL_CANDIDATES mazes are made with
 * the seeds `<seed>~0`, `<seed>~1`, ... and the first whose difficulty score falls in
 * the level's band is kept (the one nearest the band when none does): mazelib's Monte
 * Carlo selection, made deterministic. Every level draws from the same candidates, so
 * a harder level never picks a lower score than an easier one.
 */
import { OptionError } from './errors.js';
import { didYouMean } from './suggest.js';

export type Level = 'easy' | 'medium' | 'hard' | 'expert';
export const LEVELS: readonly Level[] = ['easy', 'medium', 'hard', 'expert'];

/** How many candidates a LEVEL pick makes and measures. */
export const LEVEL_CANDIDATES = 10;

/**
 * The quartiles of the score per generator and PERFECT, measured over 160 mazes each
 * (10x10, 20x15, 30x30 and 50x50, seeds 1..40, default ends; bench/level-bands.js, the
 * table in docs/analysis.md). Each level is one quarter of its generator's own mazes:
 * easy below the first quartile, medium to the median, hard to the third, expert above.
 * One band table for all generators would leave DFS (median 39) without hard mazes and
 * Prim (median 69) without easy ones.
 */
export const LEVEL_QUARTILES: Readonly<Record<string, readonly [number, number, number]>> = {
  'DFS/perfect': [31.8, 39.2, 52.6],
  'DFS/braided': [47.7, 49.1, 51.3],
  'Kruskal/perfect': [51.9, 58, 62.9],
  'Kruskal/braided': [51.4, 52.7, 54.8],
  'Prim/perfect': [67.8, 68.8, 69.8],
  'Prim/braided': [52.9, 54.3, 56.3],
  'TruePrim/perfect': [52.4, 59, 63.1],
  'TruePrim/braided': [51.1, 52.3, 54.7],
  'Wilson/perfect': [48, 55.6, 62],
  'Wilson/braided': [51.2, 52.5, 53.9],
  'AldousBroder/perfect': [49.8, 56.1, 62.2],
  'AldousBroder/braided': [51.5, 52.7, 54.6],
  'Eller/perfect': [48.1, 54.1, 60.5],
  'Eller/braided': [51.1, 52, 53.9],
  'GrowingTree/perfect': [31.8, 39.2, 52.6],
  'GrowingTree/braided': [47.7, 49.1, 51.3],
  'HuntAndKill/perfect': [56, 60.2, 63.1],
  'HuntAndKill/braided': [49.5, 51.2, 53.9],
  'BinaryTree/perfect': [45.5, 47.9, 50.1],
  'BinaryTree/braided': [48.3, 50.1, 52.3],
  'Sidewinder/perfect': [62.9, 65.7, 67],
  'Sidewinder/braided': [51.4, 53.2, 55.1],
  'RecursiveDivision/perfect': [49.6, 55.1, 62.3],
  'RecursiveDivision/braided': [50.8, 52.6, 55.5],
};

/** Quartiles of all 3840 mazes pooled, for a generator the table does not list. */
export const POOLED_QUARTILES: readonly [number, number, number] = [49.7, 52.9, 58.1];

/** The score band [low, high) of `level` for mazes of this generator (canonical name) and PERFECT. */
export function levelBand(level: Level, generator: string, perfect: boolean): readonly [number, number] {
  const [q1, median, q3] = LEVEL_QUARTILES[`${generator}/${perfect ? 'perfect' : 'braided'}`] ?? POOLED_QUARTILES;
  const cuts = [0, q1, median, q3, 100.1];
  const i = LEVELS.indexOf(level);
  return [cuts[i], cuts[i + 1]];
}

/** The seed of candidate k for a level pick from `seed`. */
export function candidateSeed(seed: string, k: number): string {
  return `${seed}~${k}`;
}

/** What a LEVEL pick chose. */
export interface LevelPick {
  level: Level;
  /** The kept candidate's seed: the same options with this seed and no level make the same maze. */
  seed: string;
  /** Index of the kept candidate. */
  candidate: number;
  /** Candidates made: up to the first in the band, else LEVEL_CANDIDATES. */
  candidates: number;
  score: number;
  band: readonly [number, number];
  /** False when no candidate scored in the band and the nearest was kept. */
  inBand: boolean;
}

export function checkLevel(value: unknown): Level {
  if (typeof value !== 'string' || !(LEVELS as readonly string[]).includes(value)) {
    throw new OptionError(
      'LEVEL',
      `LEVEL must be one of ${LEVELS.join(', ')}, got '${String(value)}'${typeof value === 'string' ? didYouMean(value, LEVELS) : ''}`,
    );
  }
  return value as Level;
}

/** The candidate to keep for `level` among `scores` (by index): the first in the band, else the nearest to it (the first of equals). */
export function pickCandidate(band: readonly [number, number], scores: readonly number[]): { candidate: number; inBand: boolean } {
  const [low, high] = band;
  const inBand = scores.findIndex((s) => s >= low && s < high);
  if (inBand >= 0) return { candidate: inBand, inBand: true };
  let best = 0;
  let bestGap = Infinity;
  scores.forEach((s, k) => {
    const gap = s < low ? low - s : s - high;
    if (gap < bestGap) {
      bestGap = gap;
      best = k;
    }
  });
  return { candidate: best, inBand: false };
}

/**
 * A LEVEL pick on any kind of maze: makes candidate k from `candidateSeed(seed, k)` with
 * `make` and scores it with `score` until one falls in `band` (at most LEVEL_CANDIDATES),
 * and returns the one `pickCandidate` keeps, with what was chosen.
 */
export function chooseByLevel<T>(
  level: Level,
  seed: string,
  band: readonly [number, number],
  make: (seed: string, k: number) => T,
  score: (made: T, k: number) => number,
): { kept: T; pick: LevelPick } {
  const scores: number[] = [];
  let kept: T | undefined;
  for (let k = 0; k < LEVEL_CANDIDATES; k++) {
    const made = make(candidateSeed(seed, k), k);
    scores.push(score(made, k));
    const best = pickCandidate(band, scores);
    if (best.candidate === k) kept = made;
    if (best.inBand) break; // the first candidate in the band is the pick: the rest need not be made
  }
  const { candidate, inBand } = pickCandidate(band, scores);
  return {
    kept: kept!,
    pick: { level, seed: candidateSeed(seed, candidate), candidate, candidates: scores.length, score: scores[candidate], band, inBand },
  };
}
