import { describe, expect, it } from 'vitest';
import type { GeneratorAlgorithm, GeneratorKernel } from '../algorithm.js';
import { GridMaze } from '../maze.js';
import { createTopology } from '../grid/create.js';
import { createRng } from '../rng.js';
import { candidateForms, generatorScratchBytesPerCell, runGenerator } from './define.js';

/** A kernel that records its runs and takes the maze or not. */
function kernel(name: string, takes: boolean, data: Partial<GeneratorKernel> = {}, ran: string[] = []): GeneratorKernel {
  return {
    name,
    grids: ['square'],
    wraps: false,
    ...data,
    run() {
      ran.push(name);
      return takes;
    },
  };
}

function generator(kernels: GeneratorKernel[], ran: string[]): GeneratorAlgorithm {
  return {
    name: 'Test',
    aliases: [],
    description: '',
    reference: '',
    scratchBytesPerCell: 3,
    gridScratchBytesPerCell: 7,
    grids: ['square', 'hex'],
    wraps: true,
    kernels,
    generic: () => void ran.push('generic'),
    generate: () => undefined,
  };
}

const square = (width: number, height: number) => new GridMaze(createTopology({ grid: 'square', width, height }));
const options = { start: 0, difficulty: 5 };

describe('the one choice of a kernel (runGenerator) and what it reads', () => {
  it('tries the kernels that fit in order, skips one below its cells, stops at the first that takes the maze', () => {
    const ran: string[] = [];
    const g = generator(
      [
        kernel('big', true, { minCells: 100 }, ran),
        kernel('declines', false, {}, ran),
        kernel('takes', true, {}, ran),
        kernel('never', true, {}, ran),
      ],
      ran,
    );
    runGenerator(g, square(5, 5), createRng(1), options);
    expect(ran).toEqual(['declines', 'takes']);
    ran.length = 0;
    runGenerator(g, square(10, 10), createRng(1), options);
    expect(ran).toEqual(['big']);
  });

  it('runs the generic form when every kernel declines or none fits (a wrap, another grid)', () => {
    const ran: string[] = [];
    const g = generator([kernel('declines', false, {}, ran)], ran);
    runGenerator(g, square(4, 4), createRng(1), options);
    expect(ran).toEqual(['declines', 'generic']);
    ran.length = 0;
    runGenerator(g, new GridMaze(createTopology({ grid: 'square', width: 4, height: 4, wrap: 'xy' })), createRng(1), options);
    expect(ran).toEqual(['generic']);
  });

  it('lists as candidates the kernels that fit, up to one that takes every maze, and the generic form only past them', () => {
    const g = generator([kernel('wasm', false, { minCells: 100 }), kernel('quiet', false), kernel('form', true, { takesAll: true })], []);
    const names = (size: number) => candidateForms(g, { kind: 'square', wrap: 'none', size }).kernels.map((k) => k.name);
    expect(names(99)).toEqual(['quiet', 'form']);
    expect(names(100)).toEqual(['wasm', 'quiet', 'form']);
    expect(candidateForms(g, { kind: 'square', wrap: 'none', size: 100 }).generic).toBe(false);
    expect(candidateForms(g, { kind: 'hex', wrap: 'none', size: 100 })).toEqual({ kernels: [], generic: true });
  });

  it("estimates scratch memory as the most of those forms' figures: a kernel's own, else its generator's for the grid", () => {
    const g = generator([kernel('wasm', false, { minCells: 100, scratchBytesPerCell: 9 }), kernel('form', true, { takesAll: true })], []);
    // Below its cells the WebAssembly kernel is not chosen: the square form's figure.
    expect(generatorScratchBytesPerCell(g, { kind: 'square', wrap: 'none', size: 99 })).toBe(3);
    expect(generatorScratchBytesPerCell(g, { kind: 'square', wrap: 'none', size: 100 })).toBe(9);
    // Where only the generic form runs: the grids' figure.
    expect(generatorScratchBytesPerCell(g, { kind: 'hex', wrap: 'none', size: 100 })).toBe(7);
    const lean = generator(
      [kernel('wasm', false, { minCells: 100, scratchBytesPerCell: 1 }), kernel('form', true, { takesAll: true })],
      [],
    );
    // A kernel that may decline never lowers the figure of the form that runs then.
    expect(generatorScratchBytesPerCell(lean, { kind: 'square', wrap: 'none', size: 100 })).toBe(3);
  });
});
