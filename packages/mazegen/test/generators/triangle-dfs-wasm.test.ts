import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GridMaze, TriangleTopology, createRng, generateGridMaze, type Sfc32 } from 'mazegen';
import { dfsTriangle } from '../../src/generators/dfs-triangle.js';
import { dfsTriangleInWasm } from '../../src/generators/triangle-dfs-kernel.js';
import { DFS_WASM_MAX_CELLS } from '../../src/generators/square-dfs-kernel.js';
import { WASM_MIN_CELLS } from '../../src/wasm.js';

/**
 * The triangle grid's depth-first search built to WebAssembly (assembly/triangle-dfs.ts)
 * against the JavaScript kernel it was ported from (dfs-triangle.ts dfsTriangle, itself
 * tested against the generic loop): the same maze bytes and the stream left in the same
 * state, on any size, mask, start and seed (the triangle grid has no wrap).
 */

/** A triangle maze of `width` x `height`, about `density` of its cells masked out at random. */
function maskedTriangle(width: number, height: number, density: number, seed: number): GridMaze {
  const maze = new GridMaze(new TriangleTopology(width, height));
  const rng = createRng(`masked${seed}`);
  if (density > 0) for (let cell = 0; cell < maze.size; cell++) if (rng.float() < density) maze.block(cell);
  return maze;
}

/** A free cell of the maze from `pick` on, or -1 if none. */
function freeCell(maze: GridMaze, pick: number): number {
  const blocked = maze.topology.blockedBit;
  for (let i = 0; i < maze.size; i++) {
    const cell = (pick + i) % maze.size;
    if ((maze.cells[cell] & blocked) === 0) return cell;
  }
  return -1;
}

/** Both kernels on copies of `shape` from `start` with `seed`: [wasm maze, wasm rng, js maze, js rng]. */
function bothKernels(shape: GridMaze, start: number, seed: string): [GridMaze, Sfc32, GridMaze, Sfc32] {
  const wasm = new GridMaze(shape.topology, shape.cells.slice());
  const javascript = new GridMaze(shape.topology, shape.cells.slice());
  const wasmRng = createRng(seed, 'generate') as Sfc32;
  const javascriptRng = createRng(seed, 'generate') as Sfc32;
  expect(dfsTriangleInWasm(wasm, wasmRng, start, undefined)).toBe(true);
  expect(dfsTriangle(javascript, javascriptRng, start, undefined)).toBe(true);
  return [wasm, wasmRng, javascript, javascriptRng];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('triangle depth-first search in WebAssembly', () => {
  it('carves the JavaScript kernel\'s maze byte for byte and leaves the stream where it does (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 90 }),
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.5, noNaN: true })),
        fc.nat(),
        fc.string({ maxLength: 8 }),
        (width, height, density, pick, seed) => {
          // More than one row needs two triangles a row (triangle.ts).
          if (height > 1 && width < 2) width = 2;
          const shape = maskedTriangle(width, height, density, pick);
          const start = freeCell(shape, pick);
          if (start < 0) return;
          const [wasm, wasmRng, javascript, javascriptRng] = bothKernels(shape, start, seed);
          expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells))).toBe(true);
          expect(wasmRng.getState()).toEqual(javascriptRng.getState());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('carves it on a masked maze of 1.2 million cells, and reports progress that only grows', () => {
    const shape = maskedTriangle(1200, 1000, 0.05, 1);
    const start = freeCell(shape, 0);
    const wasm = new GridMaze(shape.topology, shape.cells.slice());
    const javascript = new GridMaze(shape.topology, shape.cells.slice());
    const seen: number[] = [];
    expect(dfsTriangleInWasm(wasm, createRng('big', 'generate') as Sfc32, start, (done) => seen.push(done))).toBe(true);
    expect(dfsTriangle(javascript, createRng('big', 'generate') as Sfc32, start, undefined)).toBe(true);
    expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells))).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });

  it('is what DFS on the triangle grid runs from WASM_MIN_CELLS cells on: the same maze with WebAssembly and without', () => {
    expect(300 * 250).toBeGreaterThanOrEqual(WASM_MIN_CELLS);
    const options = { grid: 'triangle' as const, width: 300, height: 250, seed: 'triangle-dfs-wasm', generator: 'DFS' };
    const withWasm = generateGridMaze(options).maze;
    vi.stubGlobal('WebAssembly', undefined);
    const without = generateGridMaze(options).maze;
    expect(Buffer.from(without.cells).equals(Buffer.from(withWasm.cells))).toBe(true);
  });

  it('returns false with the maze and stream untouched where WebAssembly is missing', () => {
    vi.stubGlobal('WebAssembly', undefined);
    const shape = maskedTriangle(50, 50, 0.1, 0);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    const rng = createRng('none', 'generate') as Sfc32;
    const before = rng.getState();
    expect(dfsTriangleInWasm(maze, rng, freeCell(shape, 0), undefined)).toBe(false);
    expect(Buffer.from(maze.cells).equals(Buffer.from(shape.cells))).toBe(true);
    expect(rng.getState()).toEqual(before);
  });

  it('returns false, untouched, on a maze with a wall open already (dfsTriangle declines it too) or past DFS_WASM_MAX_CELLS', () => {
    const shape = maskedTriangle(40, 40, 0, 0);
    shape.cells[5] &= ~1;
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    const rng = createRng('open', 'generate') as Sfc32;
    const before = rng.getState();
    expect(dfsTriangleInWasm(maze, rng, 0, undefined)).toBe(false);
    expect(Buffer.from(maze.cells).equals(Buffer.from(shape.cells))).toBe(true);
    expect(rng.getState()).toEqual(before);
    const wide = new GridMaze(new TriangleTopology(DFS_WASM_MAX_CELLS / 1024 + 2, 1024));
    expect(dfsTriangleInWasm(wide, rng, 0, undefined)).toBe(false);
    expect(rng.getState()).toEqual(before);
  });
});
