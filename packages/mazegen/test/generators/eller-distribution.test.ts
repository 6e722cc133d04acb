import { describe, expect, it } from 'vitest';
import { EAST, SOUTH, generateMaze, type Maze } from 'mazegen';

/**
 * Eller's distribution of mazes, exactly: on a 3x3 grid (no 42 pattern) the algorithm's
 * choices are few enough to enumerate with their probabilities (each pair of neighbours
 * in different sets joins with probability 1/2, left to right; each set then opens south
 * from a cell chosen uniformly among its k cells, and from each other cell with
 * probability 1/2, so a set of openings S has probability |S| / (k 2^(k-1)); the last row
 * joins every set left). 19 200 mazes from the fixed seeds 'e0'..'e19199' must fit those
 * probabilities: Pearson's chi-square over the trees (those expected fewer than 5 times
 * pooled into one bin) stays under the 0.999 quantile for its degrees of freedom. This
 * holds whatever order the generator draws its random numbers in, so it proves that a
 * faster draw order (a versioned output change) keeps the distribution.
 */

const SIDE = 3;
const DRAWS = 19_200;

/** The 12 inner walls of a 3x3 maze as a 12-bit number: bit set = wall open (as in uniformity.test.ts). */
function treeKey(isOpenEast: (x: number, y: number) => boolean, isOpenSouth: (x: number, y: number) => boolean): number {
  let key = 0;
  let bit = 0;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      if (x < SIDE - 1) key |= (isOpenEast(x, y) ? 1 : 0) << bit++;
      if (y < SIDE - 1) key |= (isOpenSouth(x, y) ? 1 : 0) << bit++;
    }
  }
  return key;
}

function mazeKey(maze: Maze): number {
  const cell = (x: number, y: number) => maze.cells[y * SIDE + x];
  return treeKey(
    (x, y) => !(cell(x, y) & EAST),
    (x, y) => !(cell(x, y) & SOUTH),
  );
}

/** Every tree Eller's algorithm makes on 3x3, with its exact probability, by walking all its choices. */
function ellerDistribution(): Map<number, number> {
  const result = new Map<number, number>();
  const east = new Set<number>();
  const south = new Set<number>();
  const finish = (p: number) => {
    const key = treeKey(
      (x, y) => east.has(y * SIDE + x),
      (x, y) => south.has(y * SIDE + x),
    );
    result.set(key, (result.get(key) ?? 0) + p);
  };
  const rename = (sets: number[], from: number, to: number) => sets.map((s) => (s === from ? to : s));

  const row = (y: number, sets: number[], p: number): void => {
    if (y === SIDE - 1) {
      const opened: number[] = [];
      let joined = sets;
      for (let x = 0; x + 1 < SIDE; x++) {
        if (joined[x] === joined[x + 1]) continue;
        joined = rename(joined, joined[x + 1], joined[x]);
        opened.push(y * SIDE + x);
      }
      for (const cell of opened) east.add(cell);
      finish(p);
      for (const cell of opened) east.delete(cell);
      return;
    }
    joins(y, 0, sets, p);
  };

  const joins = (y: number, x: number, sets: number[], p: number): void => {
    if (x + 1 >= SIDE) return openings(y, sets, p);
    if (sets[x] === sets[x + 1]) return joins(y, x + 1, sets, p);
    joins(y, x + 1, sets, p / 2);
    east.add(y * SIDE + x);
    joins(y, x + 1, rename(sets, sets[x + 1], sets[x]), p / 2);
    east.delete(y * SIDE + x);
  };

  const openings = (y: number, sets: number[], p: number): void => {
    const ids = [...new Set(sets)];
    const members = ids.map((id) => sets.flatMap((s, x) => (s === id ? [x] : [])));
    // One subset of openings per set, nonempty, with probability |S| / (k 2^(k-1)).
    const pick = (i: number, open: number[], q: number): void => {
      if (i === members.length) {
        const next = Array.from({ length: SIDE }, (_, x) => (open.includes(x) ? sets[x] : SIDE * (y + 1) + x));
        for (const x of open) south.add(y * SIDE + x);
        row(y + 1, next, q);
        for (const x of open) south.delete(y * SIDE + x);
        return;
      }
      const cells = members[i];
      const k = cells.length;
      for (let mask = 1; mask < 1 << k; mask++) {
        const chosen = cells.filter((_, j) => mask & (1 << j));
        pick(i + 1, [...open, ...chosen], (q * chosen.length) / (k * 2 ** (k - 1)));
      }
    };
    pick(0, [], p);
  };

  row(0, [0, 1, 2], 1);
  return result;
}

/** The chi-square 0.999 quantile for k degrees of freedom (Wilson-Hilferty; within 0.1 of scipy's near k = 191, 257.17 against 257.13). */
function critical999(k: number): number {
  const z = 3.090232;
  return k * (1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k))) ** 3;
}

describe("Eller's distribution of mazes on 3x3", () => {
  const exact = ellerDistribution();

  it('enumerates a distribution: probabilities summing to 1 over spanning trees', () => {
    let total = 0;
    for (const p of exact.values()) total += p;
    expect(total).toBeCloseTo(1, 12);
    // Every tree has 8 open walls; Eller cannot make every one of the 192 (a set never closes its last way south).
    for (const key of exact.keys()) expect(key.toString(2).split('1').length - 1).toBe(8);
    expect(exact.size).toBeGreaterThan(100);
    expect(exact.size).toBeLessThan(192);
  });

  it("the generator's mazes fit it (chi-square at p = 0.001), and a wrong distribution does not", () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < DRAWS; i++) {
      const { maze } = generateMaze({
        width: SIDE,
        height: SIDE,
        pattern: 'none',
        generator: 'Eller',
        seed: `e${i}`,
        entry: { x: 0, y: 0 },
        exit: { x: 2, y: 2 },
      });
      const key = mazeKey(maze);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const key of counts.keys()) expect(exact.has(key), `tree ${key} is not one Eller makes`).toBe(true);
    const statistic = (probabilities: Map<number, number>): [number, number] => {
      let sum = 0;
      let bins = 0;
      let pooledExpected = 0;
      let pooledSeen = 0;
      for (const [key, p] of probabilities) {
        const expected = p * DRAWS;
        const seen = counts.get(key) ?? 0;
        if (expected < 5) {
          pooledExpected += expected;
          pooledSeen += seen;
          continue;
        }
        sum += (seen - expected) ** 2 / expected;
        bins++;
      }
      if (pooledExpected > 0) {
        sum += (pooledSeen - pooledExpected) ** 2 / pooledExpected;
        bins++;
      }
      return [sum, bins - 1];
    };
    const [fit, freedom] = statistic(exact);
    expect(fit).toBeLessThan(critical999(freedom));
    // The same test tells a near miss apart: the trees with the south wall (0,0)-(0,1) open made a quarter likelier.
    const skewed = new Map<number, number>();
    let mass = 0;
    for (const [key, p] of exact) {
      const q = key & 2 ? p * 1.25 : p;
      skewed.set(key, q);
      mass += q;
    }
    for (const [key, q] of skewed) skewed.set(key, q / mass);
    const [miss, missFreedom] = statistic(skewed);
    expect(miss).toBeGreaterThan(critical999(missFreedom));
  });
});
