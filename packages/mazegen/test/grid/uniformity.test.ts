import { describe, expect, it } from 'vitest';
import { gridForm } from '../support/grid.js';
import { createRng, createTopology, GridMaze, resolveGenerator, type Topology } from 'mazegen';
import { type GridSpec } from 'mazegen/internal';

/**
 * Wilson and Aldous-Broder draw uniform spanning trees on every grid. On a small hex and
 * a small polar grid the number of spanning trees T comes from Kirchhoff's matrix-tree
 * theorem (any cofactor of the Laplacian); 60 T mazes from fixed seeds should hit each
 * tree about 60 times, and Pearson's statistic over the T counts (T - 1 degrees of
 * freedom) stays under its 0.999 quantile (Wilson-Hilferty) with probability 0.999. The
 * seeds are fixed, so the outcome is the same on every run. DFS, biased towards long
 * paths, must fail the same test: the test can fail.
 */

const PER_TREE = 60;

/** Kirchhoff: the determinant of the Laplacian with the last row and column removed. */
function spanningTreeCount(t: Topology): number {
  const n = t.size;
  const m = Array.from({ length: n - 1 }, () => new Float64Array(n - 1));
  const around = new Int32Array(t.maxDegree);
  for (let a = 0; a < n - 1; a++) {
    const degree = t.neighbours(a, around);
    for (let s = 0; s < degree; s++) {
      const b = around[s];
      if (b < 0) continue;
      m[a][a] += 1;
      if (b < n - 1) m[a][b] -= 1;
    }
  }
  let det = 1;
  for (let col = 0; col < n - 1; col++) {
    let pivot = col;
    for (let r = col + 1; r < n - 1; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    if (pivot !== col) {
      [m[pivot], m[col]] = [m[col], m[pivot]];
      det = -det;
    }
    det *= m[col][col];
    for (let r = col + 1; r < n - 1; r++) {
      const f = m[r][col] / m[col][col];
      for (let c = col; c < n - 1; c++) m[r][c] -= f * m[col][c];
    }
  }
  return Math.round(det);
}

/** The open walls of a maze as a key. */
function treeKey(maze: GridMaze): string {
  const t = maze.topology;
  const open: number[] = [];
  for (let cell = 0; cell < t.size; cell++) {
    for (let s = 0; s < t.degree(cell); s++) if (t.neighbour(cell, s) > cell && maze.isOpen(cell, s)) open.push(t.edgeId(cell, s));
  }
  return open.join(',');
}

/** Pearson's chi-square 0.999 quantile for `dof` degrees of freedom (Wilson-Hilferty). */
function critical999(dof: number): number {
  const a = 2 / (9 * dof);
  return dof * (1 - a + 3.0902 * Math.sqrt(a)) ** 3;
}

function chiSquare(spec: GridSpec, generator: string): { trees: number; seen: number; statistic: number; critical: number } {
  const t = createTopology(spec);
  const trees = spanningTreeCount(t);
  const draws = trees * PER_TREE;
  const g = resolveGenerator(generator);
  const counts = new Map<string, number>();
  for (let i = 0; i < draws; i++) {
    const maze = new GridMaze(t);
    gridForm(g)(maze, createRng(`u${i}`, 'generate'), { start: 0, difficulty: 5 });
    const key = treeKey(maze);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let statistic = 0;
  for (const count of counts.values()) statistic += (count - PER_TREE) ** 2 / PER_TREE;
  statistic += (trees - counts.size) * PER_TREE; // trees never drawn
  return { trees, seen: counts.size, statistic, critical: critical999(trees - 1) };
}

describe('uniform spanning trees on the hex and polar grids', () => {
  it('counts trees right: the wheel of 5 spokes (polar 5 x 1) has 121 (Lucas L10 - 2)', () => {
    expect(spanningTreeCount(createTopology({ grid: 'polar', width: 5, height: 1 }))).toBe(121);
    expect(spanningTreeCount(createTopology({ grid: 'square', width: 3, height: 3 }))).toBe(192);
  });

  for (const spec of [
    { grid: 'hex', width: 4, height: 2 },
    { grid: 'polar', width: 5, height: 1 },
  ]) {
    for (const generator of ['Wilson', 'AldousBroder']) {
      it(`${generator} on ${spec.grid} ${spec.width}x${spec.height}: every tree drawn, chi-square under the 0.999 quantile`, () => {
        const r = chiSquare(spec, generator);
        expect(r.seen).toBe(r.trees);
        expect(r.statistic).toBeLessThan(r.critical);
      });
    }
    it(`DFS on ${spec.grid} ${spec.width}x${spec.height} fails the same test (it is not uniform)`, () => {
      const r = chiSquare(spec, 'DFS');
      expect(r.statistic).toBeGreaterThan(r.critical);
    });
  }
});
