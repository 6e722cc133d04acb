import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Maze, createRng, generateMaze, resolveGenerator } from 'mazegen';
import { placePattern } from 'mazegen';
import { type Sfc32 } from 'mazegen/internal';
import { blockedMaze } from '../support/blocked-maze.js';
import { carveUnweighted } from '../../src/generators/dfs.js';
import { DFS_WASM_MAX_CELLS, carveUnweightedInWasm, paddedCells } from '../../src/generators/square-dfs-kernel.js';
import { WASM_MIN_CELLS } from '../../src/wasm.js';
import { stubKernels } from '../support/kernel-stub.js';

/**
 * The square grid's depth-first search built to WebAssembly (assembly/square-dfs.ts)
 * against the JavaScript search it was ported from (dfs.ts carveUnweighted, itself
 * tested against the general loop in dfs-fast-path.test.ts): the same maze bytes and the
 * stream left in the same state, on any shape, start and blocked cells.
 */

/** A free cell of the maze chosen from `pick`, or -1 if none. */
function freeCell(maze: Maze, pick: number): number {
  for (let i = 0; i < maze.size; i++) {
    const cell = (pick + i) % maze.size;
    if (!maze.isBlocked(cell)) return cell;
  }
  return -1;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('square depth-first search in WebAssembly', () => {
  it("carves the JavaScript search's maze byte for byte and leaves the stream where it does (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 120 }),
        fc.oneof(fc.constant('none' as const), fc.constant('pattern' as const), fc.double({ min: 0, max: 0.5, noNaN: true })),
        fc.nat(),
        fc.string({ maxLength: 8 }),
        (width, height, blocked, pick, seed) => {
          const shape = blockedMaze(width, height, blocked, pick);
          const start = freeCell(shape, pick);
          if (start < 0) return;
          const wasm = shape.clone();
          const javascript = shape.clone();
          const wasmRng = createRng(seed, 'generate') as Sfc32;
          const javascriptRng = createRng(seed, 'generate') as Sfc32;
          expect(carveUnweightedInWasm(wasm, wasmRng, start, undefined)).toBe(true);
          carveUnweighted(javascript, javascriptRng, start, undefined);
          expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells))).toBe(true);
          expect(wasmRng.getState()).toEqual(javascriptRng.getState());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('carves it on a maze of 3 million cells, and reports progress that only grows', () => {
    const shape = blockedMaze(2000, 1500, 'pattern', 0);
    const wasm = shape.clone();
    const javascript = shape.clone();
    const seen: number[] = [];
    expect(carveUnweightedInWasm(wasm, createRng('big', 'generate') as Sfc32, 0, (done) => seen.push(done))).toBe(true);
    carveUnweighted(javascript, createRng('big', 'generate') as Sfc32, 0, undefined);
    expect(wasm.equals(javascript)).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });

  it('is what DFS and GrowingTree (newest) run from WASM_MIN_CELLS cells on: the same maze with WebAssembly and without', () => {
    expect(300 * 250).toBeGreaterThanOrEqual(WASM_MIN_CELLS);
    const kernels = stubKernels();
    const withWasm = generateMaze({ width: 300, height: 250, seed: 'dfs-wasm', generator: 'DFS' }).maze;
    expect(kernels.instances).toBe(1);
    const newest = new Maze(300, 250);
    placePattern(newest);
    resolveGenerator('GrowingTree').generate(newest, createRng('gt', 'generate'), { start: 0, difficulty: 5, variant: 'newest' });
    expect(kernels.instances).toBe(2);
    vi.stubGlobal('WebAssembly', undefined);
    expect(generateMaze({ width: 300, height: 250, seed: 'dfs-wasm', generator: 'DFS' }).maze.equals(withWasm)).toBe(true);
    const newestJs = new Maze(300, 250);
    placePattern(newestJs);
    resolveGenerator('GrowingTree').generate(newestJs, createRng('gt', 'generate'), { start: 0, difficulty: 5, variant: 'newest' });
    expect(newestJs.equals(newest)).toBe(true);
  });

  it('returns false with the maze and stream untouched where WebAssembly is missing', () => {
    vi.stubGlobal('WebAssembly', undefined);
    const shape = blockedMaze(50, 50, 'none', 0);
    const maze = shape.clone();
    const rng = createRng('none', 'generate') as Sfc32;
    const before = rng.getState();
    expect(carveUnweightedInWasm(maze, rng, 0, undefined)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
    expect(rng.getState()).toEqual(before);
  });
});

describe('square depth-first search in WebAssembly, size', () => {
  it('counts the ring around the maze in its cells', () => {
    expect(paddedCells(3000, 3000)).toBe(3002 * 3002);
    expect(paddedCells(1, 1)).toBe(9);
  });

  it('leaves a maze whose padded cells overflow its 32-bit indices to the JavaScript search, before it reads a cell', () => {
    // A thin maze of 2^30 cells pads to 3 x 2^30; its cells are never read, so a stand-in holds none.
    const height = 2 ** 30;
    expect(paddedCells(1, height)).toBeGreaterThan(DFS_WASM_MAX_CELLS);
    const thin = { cells: new Uint8Array(0), width: 1, height, size: height } as unknown as Maze;
    const rng = createRng('thin', 'generate') as Sfc32;
    const before = rng.getState();
    expect(carveUnweightedInWasm(thin, rng, 0, undefined)).toBe(false);
    expect(rng.getState()).toEqual(before);
  });
});
