import { describe, expect, it } from 'vitest';
import { BLOCKED, GENERATORS, Maze, createRng, generateMaze, validate, type GeneratorAlgorithm } from 'mazegen';
import { placePattern } from 'mazegen';
import { independentProblems } from '../support/invariants.js';

/**
 * SPEC 4 for every generator (and every variant of those that have them) over chosen
 * sizes: the degenerate ones (1x1, 1xN, Nx1, 2x2), 9x7 where the 42 pattern just fits,
 * 8x7 and 9x6 where it just does not, and some larger and odd ones, with several seeds
 * and both PERFECT modes. Checked by validate() and by the independent checker.
 */

const VARIANTS: Record<string, (string | undefined)[]> = {
  GrowingTree: [undefined, 'newest', 'random', 'oldest', 'mix', 'newest:0.25', 'oldest:0.5'],
  BinaryTree: [undefined, 'NE', 'NW', 'SE', 'SW'],
};

const SIZES: [number, number][] = [
  [1, 2],
  [2, 1],
  [1, 9],
  [9, 1],
  [2, 2],
  [3, 3],
  [9, 7],
  [8, 7],
  [9, 6],
  [10, 8],
  [11, 9],
  [13, 7],
  [9, 12],
  [25, 20],
  [40, 13],
];

// A few random sizes too, drawn from a fixed seed so the run is repeatable.
const sizeRng = createRng('generator-invariant-sizes');
for (let k = 0; k < 6; k++) SIZES.push([1 + sizeRng.int(45), 1 + sizeRng.int(45)]);

const SEEDS = [1, 'two', 3141];

function variantsOf(generator: GeneratorAlgorithm): (string | undefined)[] {
  return VARIANTS[generator.name] ?? [undefined];
}

describe.each(GENERATORS.map((g) => [g.name, g] as const))('%s', (_name, generator) => {
  it('carves a 1x1 maze (no passage) and leaves it valid', () => {
    for (const variant of variantsOf(generator)) {
      const maze = new Maze(1, 1);
      generator.generate(maze, createRng('one'), { start: 0, difficulty: 5, variant });
      expect(maze.cells[0]).toBe(15);
      expect(validate(maze, { perfect: true })).toEqual([]);
    }
  });

  it('never opens a wall of a 42-pattern cell when called directly', () => {
    for (const variant of variantsOf(generator)) {
      const maze = new Maze(15, 11);
      placePattern(maze);
      generator.generate(maze, createRng('direct'), { start: 0, difficulty: 5, variant });
      for (let cell = 0; cell < maze.size; cell++) if (maze.cells[cell] & BLOCKED) expect(maze.cells[cell]).toBe(31);
      expect(validate(maze, { perfect: true, pattern: true, entry: { x: 0, y: 0 } })).toEqual([]);
    }
  });

  for (const perfect of [true, false]) {
    it(`meets SPEC 4 at every size, seed and variant with PERFECT=${perfect}`, () => {
      for (const [width, height] of SIZES) {
        for (const seed of SEEDS) {
          for (const variant of variantsOf(generator)) {
            const { maze, entry, exit, patternPlaced } = generateMaze({ width, height, seed, perfect, generator: generator.name, variant });
            const where = `${width}x${height} seed ${seed} variant ${variant ?? '(default)'}`;
            expect(patternPlaced, where).toBe(width >= 9 && height >= 7);
            expect(validate(maze, { entry, exit, perfect, pattern: true }), where).toEqual([]);
            expect(independentProblems(maze, { entry, exit, perfect, braid: 100, pattern: true }), where).toEqual([]);
          }
        }
      }
    });
  }

  it('is deterministic by seed and changes with it', () => {
    for (const variant of variantsOf(generator)) {
      const a = generateMaze({ width: 23, height: 17, seed: 'same', generator: generator.name, variant }).maze;
      const b = generateMaze({ width: 23, height: 17, seed: 'same', generator: generator.name, variant }).maze;
      const c = generateMaze({ width: 23, height: 17, seed: 'other', generator: generator.name, variant }).maze;
      expect(a.equals(b)).toBe(true);
      expect(a.equals(c)).toBe(false);
    }
  });

  it('starts anywhere: a random entry still gives a spanning tree', () => {
    for (const seed of SEEDS) {
      const { maze, entry, exit } = generateMaze({
        width: 17,
        height: 12,
        seed,
        generator: generator.name,
        entry: { x: 16, y: 5 },
        exit: { x: 0, y: 11 },
      });
      expect(validate(maze, { entry, exit, perfect: true, pattern: true })).toEqual([]);
    }
  });
});
