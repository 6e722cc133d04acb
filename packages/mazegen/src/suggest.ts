/** Did-you-mean hints for a mistyped name: the registry's algorithms, a config's named values. */

/** Levenshtein distance, for did-you-mean hints. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * `; did you mean X?` for the name among `names` nearest `given` (case and spaces ignored)
 * when it is plausibly a typo (at most 2 edits, or a third of its length), else ''. A long
 * value is not compared: the distance costs its length per name.
 */
export function didYouMean(given: string, names: readonly string[]): string {
  const wanted = given.trim().toLowerCase();
  if (wanted === '' || wanted.length > 64) return '';
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = editDistance(wanted, name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  // A name that shares nothing with the value (one letter for another) is no hint.
  const plausible = bestDistance > 0 && bestDistance < wanted.length && bestDistance <= Math.max(2, Math.floor(wanted.length / 3));
  return best !== undefined && plausible ? `; did you mean ${best}?` : '';
}
