import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GridMaze, HexTopology, TriangleTopology, createRng, generateMaze, type Topology } from 'mazegen';
import { type Sfc32 } from 'mazegen/internal';
import { dfsHex } from '../../src/generators/dfs-hex.js';
import { dfsTriangle } from '../../src/generators/dfs-triangle.js';
import { GRID_DFS_WASM_MAX_CELLS, carveGridInWasm, gridDfsPaddedCells } from '../../src/generators/grid-dfs-kernel.js';
import { HEX_DFS_WASM } from '../../src/generators/hex-dfs-wasm.js';
import { TRIANGLE_DFS_WASM } from '../../src/generators/triangle-dfs-wasm.js';
import { WASM_MIN_CELLS } from '../../src/wasm.js';
import { stubKernels } from '../support/kernel-stub.js';
import { randomlyMasked } from '../support/grid.js';

/**
 * The hex and triangle grids' depth-first searches built to WebAssembly
 * (assembly/hex-dfs.ts, triangle-dfs.ts) against the JavaScript kernels they were ported
 * from (dfs-hex.ts, dfs-triangle.ts, themselves tested against the generic loop): the
 * same maze bytes and the stream left in the same state, on any size, mask, start and seed.
 */

const GRIDS = [
  { name: 'hex', kernel: HEX_DFS_WASM, topology: (w: number, h: number): Topology => new HexTopology(w, h), javascript: dfsHex },
  // A triangle grid more than a row high is at least 2 wide (triangle.ts).
  {
    name: 'triangle',
    kernel: TRIANGLE_DFS_WASM,
    topology: (w: number, h: number): Topology => new TriangleTopology(h > 1 ? Math.max(2, w) : w, h),
    javascript: dfsTriangle,
  },
] as const;

/** A free cell of the maze from `pick` on, or -1 if none. */
function freeCell(maze: GridMaze, pick: number): number {
  const blocked = maze.topology.blockedBit;
  for (let i = 0; i < maze.size; i++) {
    const cell = (pick + i) % maze.size;
    if ((maze.cells[cell] & blocked) === 0) return cell;
  }
  return -1;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(GRIDS)('$name depth-first search in WebAssembly', ({ name, kernel, topology, javascript }) => {
  it("carves the JavaScript kernel's maze byte for byte and leaves the stream where it does (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 90 }),
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.5, noNaN: true })),
        fc.nat(),
        fc.string({ maxLength: 8 }),
        (width, height, density, pick, seed) => {
          const shape = randomlyMasked(topology(width, height), density, pick);
          const start = freeCell(shape, pick);
          if (start < 0) return;
          const wasm = new GridMaze(shape.topology, shape.cells.slice());
          const reference = new GridMaze(shape.topology, shape.cells.slice());
          const wasmRng = createRng(seed, 'generate') as Sfc32;
          const referenceRng = createRng(seed, 'generate') as Sfc32;
          expect(carveGridInWasm(kernel, wasm, wasmRng, start, undefined)).toBe(true);
          expect(javascript(reference, referenceRng, start, undefined)).toBe(true);
          expect(Buffer.from(wasm.cells).equals(Buffer.from(reference.cells))).toBe(true);
          expect(wasmRng.getState()).toEqual(referenceRng.getState());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('carves it on a masked maze of 1.2 million cells, and reports progress that only grows', () => {
    const shape = randomlyMasked(topology(1200, 1000), 0.05, 1);
    const start = freeCell(shape, 0);
    const wasm = new GridMaze(shape.topology, shape.cells.slice());
    const reference = new GridMaze(shape.topology, shape.cells.slice());
    const seen: number[] = [];
    expect(carveGridInWasm(kernel, wasm, createRng('big', 'generate') as Sfc32, start, (done) => seen.push(done))).toBe(true);
    expect(javascript(reference, createRng('big', 'generate') as Sfc32, start, undefined)).toBe(true);
    expect(Buffer.from(wasm.cells).equals(Buffer.from(reference.cells))).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });

  it(`is what DFS on the ${name} grid runs from WASM_MIN_CELLS cells on: the same maze with WebAssembly and without`, () => {
    expect(300 * 250).toBeGreaterThanOrEqual(WASM_MIN_CELLS);
    const options = { grid: name, width: 300, height: 250, seed: `${name}-dfs-wasm`, generator: 'DFS' };
    const kernels = stubKernels();
    const withWasm = generateMaze(options).maze;
    expect(kernels.instances).toBe(1);
    vi.stubGlobal('WebAssembly', undefined);
    const without = generateMaze(options).maze;
    expect(Buffer.from(without.cells).equals(Buffer.from(withWasm.cells))).toBe(true);
  });

  it('returns false with the maze and stream untouched where WebAssembly is missing', () => {
    vi.stubGlobal('WebAssembly', undefined);
    const shape = randomlyMasked(topology(50, 50), 0.1, 0);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    const rng = createRng('none', 'generate') as Sfc32;
    const before = rng.getState();
    expect(carveGridInWasm(kernel, maze, rng, freeCell(shape, 0), undefined)).toBe(false);
    expect(Buffer.from(maze.cells).equals(Buffer.from(shape.cells))).toBe(true);
    expect(rng.getState()).toEqual(before);
  });

  it('leaves a maze past GRID_DFS_WASM_MAX_CELLS padded cells to the JavaScript kernel, before it reads a cell', () => {
    // A stand-in: its cells are never read, so it holds none.
    const height = 2 ** 29;
    expect(gridDfsPaddedCells(1, height)).toBeGreaterThan(GRID_DFS_WASM_MAX_CELLS);
    const thin = { cells: new Uint8Array(0), size: height, topology: { width: 1, height } } as unknown as GridMaze;
    const rng = createRng('thin', 'generate') as Sfc32;
    const before = rng.getState();
    expect(carveGridInWasm(kernel, thin, rng, 0, undefined)).toBe(false);
    expect(rng.getState()).toEqual(before);
  });
});

describe('hex depth-first search on a wrapped maze', () => {
  it('is left to the JavaScript kernel (the kernel knows no wrap): the same maze with WebAssembly and without', () => {
    const options = { grid: 'hex' as const, width: 300, height: 250, wrap: 'xy' as const, seed: 'hex-wrap', generator: 'DFS' };
    const kernels = stubKernels();
    const withWasm = generateMaze(options).maze;
    expect(kernels.instances).toBe(0);
    vi.stubGlobal('WebAssembly', undefined);
    const without = generateMaze(options).maze;
    expect(Buffer.from(without.cells).equals(Buffer.from(withWasm.cells))).toBe(true);
  });
});
