import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EAST, SOUTH, generateMaze, type Maze, type Point } from 'mazegen';

/**
 * Wilson and Aldous-Broder draw uniform spanning trees. On a 3x3 grid (no 42 pattern)
 * there are 192 spanning trees; 19 200 mazes with the fixed seeds 'u0'..'u19199' should
 * hit each about 100 times. Pearson's chi-square statistic over the 192 counts has 191
 * degrees of freedom under uniformity; its 0.999 quantile is 257.13 (scipy
 * chi2.ppf(0.999, 191) = 257.1346; the Wilson-Hilferty approximation
 * 191 * (1 - 2/(9*191) + 3.0902 * sqrt(2/(9*191)))^3 = 257.17 agrees, and the test
 * recomputes it). A uniform sampler stays under it with probability 0.999, and since
 * the seeds are fixed the outcome is the same on every run. Binary Tree (which can
 * make only 16 of the 192 trees) and DFS (biased towards long paths) must fail it.
 * TruePrim, a minimum spanning tree under random weights, is not uniform either, but
 * its distribution must match Kruskal's (the same random MST built another way).
 */

const TREES_3X3 = 192;
const DRAWS = TREES_3X3 * 100;
const CRITICAL_191_P001 = 257.13;

/** The 12 inner walls of a 3x3 maze as a 12-bit number: bit set = wall open. */
function treeKey(maze: Maze): number {
  let key = 0;
  let bit = 0;
  for (let y = 0; y < 3; y++) {
    for (let x = 0; x < 3; x++) {
      const cell = y * 3 + x;
      if (x < 2) key |= (maze.cells[cell] & EAST ? 0 : 1) << bit++;
      if (y < 2) key |= (maze.cells[cell] & SOUTH ? 0 : 1) << bit++;
    }
  }
  return key;
}

/** Every subset of the 12 inner walls that opens exactly 8 and connects all 9 cells. */
function spanningTrees3x3(): Set<number> {
  const edges: [number, number][] = [];
  for (let y = 0; y < 3; y++) {
    for (let x = 0; x < 3; x++) {
      if (x < 2) edges.push([y * 3 + x, y * 3 + x + 1]);
      if (y < 2) edges.push([y * 3 + x, y * 3 + x + 3]);
    }
  }
  const trees = new Set<number>();
  for (let mask = 0; mask < 1 << 12; mask++) {
    let bits = 0;
    for (let m = mask; m; m &= m - 1) bits++;
    if (bits !== 8) continue;
    const parent = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const find = (a: number): number => (parent[a] === a ? a : (parent[a] = find(parent[a])));
    let joined = 0;
    edges.forEach(([a, b], i) => {
      if (!(mask & (1 << i))) return;
      const ra = find(a);
      const rb = find(b);
      if (ra === rb) return;
      parent[ra] = rb;
      joined++;
    });
    if (joined === 8) trees.add(mask);
  }
  return trees;
}

function draw(generator: string, entry: Point = { x: 0, y: 0 }, seedPrefix = 'u'): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = 0; i < DRAWS; i++) {
    const { maze } = generateMaze({
      width: 3,
      height: 3,
      pattern: 'none',
      generator,
      seed: `${seedPrefix}${i}`,
      entry,
      exit: { x: 2, y: 2 },
    });
    const key = treeKey(maze);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Pearson's statistic against equal counts over all 192 trees (missing ones count as 0). */
function chiSquare(counts: Map<number, number>, trees: Set<number>): number {
  const expected = DRAWS / trees.size;
  let sum = 0;
  for (const tree of trees) sum += ((counts.get(tree) ?? 0) - expected) ** 2 / expected;
  return sum;
}

const DOC = readFileSync(new URL('../../../../docs/generators.md', import.meta.url), 'utf8');

/** The docs/generators.md row a generator's draw gives (from (0,0)): trees seen and the statistic, 1 decimal below 1000, else whole with spaced thousands. */
function documentedRow(label: string, seen: number, statistic: number): string {
  const shown = statistic < 1000 ? statistic.toFixed(1) : String(Math.round(statistic)).replace(/\B(?=(\d{3})+$)/g, ' ');
  return `| ${label} | ${seen} | ${shown} |`;
}

describe('uniform spanning trees on 3x3', () => {
  const trees = spanningTrees3x3();

  it('has 192 spanning trees and the critical value matches Wilson-Hilferty', () => {
    expect(trees.size).toBe(TREES_3X3);
    const k = TREES_3X3 - 1;
    const z = 3.090232; // standard normal 0.999 quantile
    const approx = k * (1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k))) ** 3;
    expect(Math.abs(approx - CRITICAL_191_P001)).toBeLessThan(0.5);
  });

  for (const [generator, entry] of [
    ['Wilson', { x: 0, y: 0 }],
    ['AldousBroder', { x: 0, y: 0 }],
    ['Wilson', { x: 1, y: 1 }],
    ['AldousBroder', { x: 2, y: 0 }],
  ] as const) {
    it(`${generator} from (${entry.x},${entry.y}) makes every tree, with counts passing chi-square at p = 0.001`, () => {
      const counts = draw(generator, entry);
      for (const key of counts.keys()) expect(trees.has(key)).toBe(true);
      expect(counts.size).toBe(TREES_3X3);
      expect(chiSquare(counts, trees)).toBeLessThan(CRITICAL_191_P001);
      if (entry.x === 0 && entry.y === 0) expect(DOC).toContain(documentedRow(generator, counts.size, chiSquare(counts, trees)));
    });
  }

  for (const generator of ['BinaryTree', 'DFS']) {
    it(`${generator} fails the same test`, () => {
      const counts = draw(generator);
      for (const key of counts.keys()) expect(trees.has(key)).toBe(true);
      expect(chiSquare(counts, trees)).toBeGreaterThan(CRITICAL_191_P001);
      expect(DOC).toContain(
        documentedRow(generator === 'DFS' ? 'DFS (= GrowingTree `newest`)' : generator, counts.size, chiSquare(counts, trees)),
      );
    });
  }

  it('TruePrim draws the same (non-uniform) random minimum spanning tree distribution as Kruskal', () => {
    // Two-sample chi-square for homogeneity with equal sample sizes: sum (a - b)^2 / (a + b), 191 degrees of freedom.
    const prim = draw('TruePrim', { x: 0, y: 0 }, 'p');
    const kruskal = draw('Kruskal');
    let statistic = 0;
    for (const tree of trees) {
      const a = prim.get(tree) ?? 0;
      const b = kruskal.get(tree) ?? 0;
      if (a + b > 0) statistic += (a - b) ** 2 / (a + b);
    }
    expect(statistic).toBeLessThan(CRITICAL_191_P001);
    expect(chiSquare(prim, trees)).toBeGreaterThan(CRITICAL_191_P001);
    expect(DOC).toContain(documentedRow('Kruskal', kruskal.size, chiSquare(kruskal, trees)));
  });
});
