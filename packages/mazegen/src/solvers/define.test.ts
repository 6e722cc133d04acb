import { describe, expect, it } from 'vitest';
import type { SolverAlgorithm, SolverKernel } from '../algorithm.js';
import { createTopology } from '../grid/create.js';
import { GridMaze } from '../maze.js';
import { runSolver } from './define.js';

/** A solver whose forms say which of them ran. */
function solver(kernels: SolverKernel[], ran: string[]): SolverAlgorithm {
  return {
    name: 'Test',
    aliases: [],
    description: '',
    reference: '',
    scratchBytesPerCell: 1,
    gridScratchBytesPerCell: 1,
    shortest: true,
    handlesLoops: true,
    grids: ['square', 'polar'],
    kernels,
    generic: () => (ran.push('generic'), { path: null, visited: 0 }),
    solve: () => ({ path: null, visited: 0 }),
  };
}

function kernel(name: string, data: Partial<SolverKernel>, ran: string[]): SolverKernel {
  return { name, grids: ['polar'], wraps: false, ...data, run: () => (ran.push(name), { path: null, visited: 0 }) };
}

describe('the one choice of a solver kernel (runSolver)', () => {
  it('runs a quiet kernel where nobody watches, and the next form that fits for a step reporter', () => {
    const ran: string[] = [];
    const s = solver([kernel('quiet', { quiet: true }, ran)], ran);
    const maze = new GridMaze(createTopology({ grid: 'polar', width: 6, height: 3 }));
    runSolver(s, maze, 0, 1);
    runSolver(s, maze, 0, 1, () => {});
    expect(ran).toEqual(['quiet', 'generic']);
  });
});
