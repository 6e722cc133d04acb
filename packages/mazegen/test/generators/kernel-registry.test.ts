import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRng,
  createTopology,
  generateMaze,
  GENERATORS,
  OptionError,
  SOLVERS,
  type GeneratorAlgorithm,
  type GeneratorKernel,
  type GridMaze,
  type Rng,
  type GridKind,
  type SolverAlgorithm,
  type SolverKernel,
} from 'mazegen';
import { GRID_WRAPS, keepLargestRegion, type GeneratorOptions } from 'mazegen/internal';
import { randomlyMasked } from '../support/grid.js';

/**
 * Kernels are registry data: every kernel of every generator that has a generic form is held,
 * from that list alone, to the generic form's bytes and draws on random grids, masks, starts,
 * seeds, difficulties and variants; a generator without one (Eller, RecursiveDivision,
 * BinaryTree, Sidewinder) holds the square kernels tried before its square form to that
 * form. A kernel added to a generator's list is checked here without another line.
 */
type Form = (maze: GridMaze, rng: Rng, options: GeneratorOptions) => void;
const pairs = GENERATORS.flatMap((g) => {
  if (g.generic) return g.kernels.map((k) => [`${g.name} / ${k.name}`, g, k, g.generic!] as const);
  const square = g.kernels.findIndex((k) => k.name === 'square');
  const form: Form = (maze, rng, options) => void g.kernels[square].run(maze, rng, options);
  return g.kernels.slice(0, square).map((k) => [`${g.name} / ${k.name} (against its square form)`, g, k, form] as const);
});

function specFor(kernel: GeneratorKernel) {
  const grids = kernel.grids as readonly GridKind[];
  return fc
    .record({
      grid: fc.constantFrom(...grids),
      width: fc.integer({ min: 1, max: 24 }),
      height: fc.integer({ min: 1, max: 16 }),
      wrapPick: fc.nat(),
    })
    .map(({ grid, width, height, wrapPick }) => {
      const wraps = kernel.wraps ? GRID_WRAPS[grid] : ['none' as const];
      return { grid, width: grid === 'polar' ? Math.max(3, width) : width, height, wrap: wraps[wrapPick % wraps.length] };
    });
}

describe('every kernel in the registry', () => {
  it('is listed for a grid its generator works on', () => {
    for (const g of GENERATORS)
      for (const k of g.kernels) for (const grid of k.grids) expect(g.grids, `${g.name} / ${k.name}`).toContain(grid);
    // Every generator runs the plain square grid by its square form, which takes every maze, or by a faster square kernel tried before it (the 42 subject's speed).
    for (const g of GENERATORS) {
      const square = g.kernels.findIndex((k) => k.name === 'square');
      expect(square, g.name).toBeGreaterThanOrEqual(0);
      expect(g.kernels[square].takesAll, g.name).toBe(true);
      for (const k of g.kernels.slice(0, square)) expect(k.grids, `${g.name} / ${k.name}`).toEqual(['square']);
    }
  });

  it.each(pairs)(
    '%s: the same bytes and draws as the generic form wherever it takes the maze',
    (_name, g: GeneratorAlgorithm, k: GeneratorKernel, reference: Form) => {
      let took = 0;
      fc.assert(
        fc.property(
          specFor(k),
          fc.constantFrom(0, 0, 0.15),
          fc.nat(1000),
          fc.nat(),
          fc.integer({ min: 1, max: 10 }),
          fc.nat(),
          (spec, density, seed, startPick, difficulty, variantPick) => {
            let topology;
            try {
              topology = createTopology(spec);
            } catch (error) {
              if (error instanceof OptionError) return; // a size the wrap does not take
              throw error;
            }
            const base = randomlyMasked(topology, density, seed);
            if (density > 0) keepLargestRegion(base);
            const free: number[] = [];
            for (let cell = 0; cell < base.size; cell++) if (!base.isBlocked(cell)) free.push(cell);
            if (free.length < 2) return;
            const options = {
              start: free[startPick % free.length],
              difficulty,
              variant: g.variants ? g.variants[variantPick % g.variants.length] : undefined,
            };
            const byKernel = base.clone();
            const kernelRng = createRng(`k${seed}`, 'generate');
            const stateBefore = createRng(`k${seed}`, 'generate').nextUint32();
            if (!k.run(byKernel, kernelRng, options)) {
              expect(k.takesAll, 'a kernel that takes every maze never declines').not.toBe(true);
              expect(byKernel.equals(base), 'a kernel that declines leaves the maze as it was').toBe(true);
              expect(kernelRng.nextUint32(), 'and the random stream where it was').toBe(stateBefore);
              return;
            }
            took++;
            const byGeneric = base.clone();
            const genericRng = createRng(`k${seed}`, 'generate');
            reference(byGeneric, genericRng, options);
            expect(byKernel.equals(byGeneric)).toBe(true);
            expect(kernelRng.nextUint32()).toBe(genericRng.nextUint32());
          },
        ),
        { numRuns: 60 },
      );
      expect(took, 'the kernel ran on some of the cases').toBeGreaterThan(0);
    },
  );
});

describe('every solver kernel in the registry', () => {
  const solverPairs = SOLVERS.flatMap((s) => s.kernels.map((k) => [`${s.name} / ${k.name}`, s, k] as const));

  it.each(solverPairs)(
    '%s: the path of the generic form on random perfect mazes; as short, with loops',
    (_name, s: SolverAlgorithm, k: SolverKernel) => {
      fc.assert(
        fc.property(
          fc.constantFrom(...k.grids),
          fc.integer({ min: 2, max: 18 }),
          fc.integer({ min: 1, max: 12 }),
          fc.nat(1000),
          fc.boolean(),
          fc.nat(),
          fc.nat(),
          (grid, w, height, seed, perfect, a, b) => {
            // A polar grid's first ring holds 3 to 15 cells.
            const width = grid === 'polar' ? Math.min(15, Math.max(3, w)) : w;
            const made = generateMaze({ grid, width, height, seed, perfect, pattern: 'none', generator: 'Kruskal' });
            const free: number[] = [];
            for (let cell = 0; cell < made.maze.size; cell++) if (!made.maze.isBlocked(cell)) free.push(cell);
            const start = free[a % free.length];
            const goal = free[b % free.length];
            const byKernel = k.run(made.maze.clone(), start, goal);
            const byGeneric = s.generic(made.maze.clone(), start, goal);
            if (perfect) {
              // A tree has one path: every form must return it.
              expect(byKernel.path && [...byKernel.path]).toEqual(byGeneric.path && [...byGeneric.path]);
            } else {
              // With loops the forms may break ties between equal paths differently (each is tested as a solver on its own).
              // A solver that is not sure to arrive with loops (the wall followers) may circle in one form and not the other.
              if (s.handlesLoops) expect(byKernel.path === null).toBe(byGeneric.path === null);
              if (s.shortest) expect(byKernel.path?.length).toBe(byGeneric.path?.length);
            }
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
