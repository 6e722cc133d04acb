import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EAST, Maze, NORTH, SOUTH, Step, WEST, createRng, generateMaze, resolveGenerator } from 'mazegen';
import { placePattern } from 'mazegen';
import { shuffle } from 'mazegen/internal';
import { primWeightKeys } from '../../src/generators/true-prim.js';
import { edgeWeight, openMinimumSpanningTree } from '../../src/generators/mst.js';

/**
 * The tiled minimum spanning tree (mst.ts) against the textbook: every wall between
 * two free cells sorted by the same weights, joined by a plain union-find. The trees
 * must be identical wall for wall, on random shapes, with and without the 42 pattern,
 * and with tiles from 2x2 (every cell on a tile border) up to wider than the maze.
 */
function referenceTree(width: number, height: number, pattern: boolean, keys: readonly [number, number]): Maze {
  const maze = new Maze(width, height);
  if (pattern) placePattern(maze);
  const walls: number[] = [];
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    const x = cell % width;
    if (x + 1 < width && !maze.isBlocked(cell + 1)) walls.push(cell * 2);
    if (cell + width < maze.size && !maze.isBlocked(cell + width)) walls.push(cell * 2 + 1);
  }
  walls.sort((a, b) => edgeWeight(a, keys[0], keys[1]) - edgeWeight(b, keys[0], keys[1]));
  const parent = Array.from({ length: maze.size }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]];
    return a;
  };
  for (const wall of walls) {
    const cell = wall >>> 1;
    const other = wall & 1 ? cell + width : cell + 1;
    const a = find(cell);
    const b = find(other);
    if (a === b) continue;
    parent[a] = b;
    maze.carvePassage(cell, wall & 1 ? SOUTH : EAST);
  }
  return maze;
}

describe('tiled minimum spanning tree', () => {
  it('equals a plain Kruskal over all walls in weight order', () => {
    const rng = createRng('mst-tiles');
    for (let round = 0; round < 120; round++) {
      const width = 1 + rng.int(round < 60 ? 12 : 70);
      const height = 1 + rng.int(round < 60 ? 12 : 70);
      const pattern = rng.int(2) === 1;
      const tileBits = 1 + rng.int(5);
      const keys = [rng.nextUint32() | 0, rng.nextUint32() | 0] as const;
      const tiled = new Maze(width, height);
      if (pattern) placePattern(tiled);
      openMinimumSpanningTree(tiled, keys, { tileBits });
      const expected = referenceTree(width, height, pattern, keys);
      expect(tiled.equals(expected), `${width}x${height} pattern ${pattern} tiles ${1 << tileBits}`).toBe(true);
    }
  });

  it('equals it on any shape, pattern, tile size and keys, and reports each opened wall once (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 48 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 6 }),
        fc.integer(),
        fc.integer(),
        (width, height, pattern, tileBits, k1, k2) => {
          const keys = [k1 | 0, k2 | 0] as const;
          const tiled = new Maze(width, height);
          if (pattern) placePattern(tiled);
          const opened: number[] = [];
          openMinimumSpanningTree(tiled, keys, { tileBits, opened });
          expect(tiled.equals(referenceTree(width, height, pattern, keys))).toBe(true);
          // The reporter's walls are exactly the open ones, each once.
          const open: number[] = [];
          for (let cell = 0; cell < tiled.size; cell++) {
            if ((cell % width) + 1 < width && !tiled.hasWall(cell, EAST)) open.push(cell * 2);
            if (cell + width < tiled.size && !tiled.hasWall(cell, SOUTH)) open.push(cell * 2 + 1);
          }
          expect([...opened].sort((a, b) => a - b)).toEqual(open);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives distinct walls distinct weights', () => {
    const seen = new Set<number>();
    for (let wall = 0; wall < 50_000; wall++) seen.add(edgeWeight(wall, 0x1234567, -0x7654321));
    expect(seen.size).toBe(50_000);
  });
});

/** The 12 inner walls of a 3x3 maze as a 12-bit number: bit set = wall open. */
function treeKey(maze: Maze): number {
  let key = 0;
  let bit = 0;
  for (let cell = 0; cell < 9; cell++) {
    if (cell % 3 < 2) key |= (maze.hasWall(cell, EAST) ? 0 : 1) << bit++;
    if (cell < 6) key |= (maze.hasWall(cell, SOUTH) ? 0 : 1) << bit++;
  }
  return key;
}

describe("Kruskal's distribution on 3x3", () => {
  it('matches a textbook randomized Kruskal (Fisher-Yates over the walls), two-sample chi-square at p = 0.001', () => {
    // 19 200 trees each; the statistic sum (a - b)^2 / (a + b) over the 192 spanning
    // trees has 191 degrees of freedom when both samplers draw from one distribution;
    // chi2.ppf(0.999, 191) = 257.13. The seeds are fixed, so the outcome is too.
    const draws = 19_200;
    const ours = new Map<number, number>();
    const textbook = new Map<number, number>();
    for (let i = 0; i < draws; i++) {
      const { maze } = generateMaze({ width: 3, height: 3, pattern: 'none', generator: 'Kruskal', seed: `kd${i}` });
      const key = treeKey(maze);
      ours.set(key, (ours.get(key) ?? 0) + 1);

      const walls = new Int32Array([0, 1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 14]); // cell * 2 (+1 south) of the 12 inner walls
      shuffle(walls, createRng(`kr${i}`));
      const reference = new Maze(3, 3);
      const parent = [0, 1, 2, 3, 4, 5, 6, 7, 8];
      const find = (a: number): number => (parent[a] === a ? a : (parent[a] = find(parent[a])));
      for (const wall of walls) {
        const cell = wall >>> 1;
        const a = find(cell);
        const b = find(wall & 1 ? cell + 3 : cell + 1);
        if (a === b) continue;
        parent[a] = b;
        reference.carvePassage(cell, wall & 1 ? SOUTH : EAST);
      }
      const referenceKey = treeKey(reference);
      textbook.set(referenceKey, (textbook.get(referenceKey) ?? 0) + 1);
    }
    let statistic = 0;
    for (const tree of new Set([...ours.keys(), ...textbook.keys()])) {
      const a = ours.get(tree) ?? 0;
      const b = textbook.get(tree) ?? 0;
      statistic += (a - b) ** 2 / (a + b);
    }
    expect(ours.size).toBe(192);
    expect(textbook.size).toBe(192);
    expect(statistic).toBeLessThan(257.13);
  });
});

describe('reporters', () => {
  it('Kruskal reports its walls in increasing weight order', () => {
    for (let round = 0; round < 20; round++) {
      const maze = new Maze(3 + round, 2 + (round % 7));
      const rng = createRng(`ko${round}`);
      const carves: number[] = [];
      resolveGenerator('Kruskal').generate(maze, rng, { start: 0, difficulty: 5 }, (kind, cell, dir) => {
        if (kind === Step.Carve) carves.push(cell * 2 + (dir === SOUTH ? 1 : 0));
      });
      const keys = createRng(`ko${round}`);
      const k1 = keys.nextUint32() | 0;
      const k2 = keys.nextUint32() | 0;
      const weights = carves.map((wall) => edgeWeight(wall, k1, k2));
      for (let i = 1; i < weights.length; i++) expect(weights[i]).toBeGreaterThan(weights[i - 1]);
    }
  });

  it('TruePrim reports the carves a textbook Prim over all walls makes, in its order', () => {
    for (let round = 0; round < 40; round++) {
      const width = 2 + (round % 9);
      const height = 2 + ((round * 5) % 8);
      const size = width * height;
      const start = (round * 31) % size;
      const carves: [number, number][] = [];
      resolveGenerator('TruePrim').generate(
        new Maze(width, height),
        createRng(`po${round}`),
        { start, difficulty: 5 },
        (kind, cell, dir) => {
          if (kind === Step.Carve) carves.push([cell, dir]);
        },
      );
      const [k1, k2] = primWeightKeys(createRng(`po${round}`));
      const inside = new Uint8Array(size);
      inside[start] = 1;
      const expected: [number, number][] = [];
      for (let n = 1; n < size; n++) {
        let best: [number, number, number] | undefined;
        for (let cell = 0; cell < size; cell++) {
          if (!inside[cell]) continue;
          const x = cell % width;
          const options: [number, number, number][] = []; // wall, outside cell, its way back
          if (x + 1 < width && !inside[cell + 1]) options.push([cell * 2, cell + 1, WEST]);
          if (x > 0 && !inside[cell - 1]) options.push([(cell - 1) * 2, cell - 1, EAST]);
          if (cell + width < size && !inside[cell + width]) options.push([cell * 2 + 1, cell + width, NORTH]);
          if (cell >= width && !inside[cell - width]) options.push([(cell - width) * 2 + 1, cell - width, SOUTH]);
          for (const [wall, other, back] of options) {
            const weight = edgeWeight(wall, k1, k2);
            if (!best || weight < best[0]) best = [weight, other, back];
          }
        }
        inside[best![1]] = 1;
        expected.push([best![1], best![2]]);
      }
      expect(carves).toEqual(expected);
    }
  });
});
