import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Maze, createRng, resolveGenerator } from 'mazegen';
import { placePattern } from 'mazegen';
import { blockedMaze } from '../support/blocked-maze.js';
import { openMinimumSpanningTree } from '../../src/generators/mst.js';
import { openSpanningTreeInWasm } from '../../src/generators/square-mst-kernel.js';
import { stubKernels } from '../support/kernel-stub.js';

/**
 * The square grid's spanning-tree kernel built to WebAssembly (assembly/square-mst.ts)
 * against the JavaScript kernel it was ported from (mst.ts, itself tested against a
 * textbook Kruskal in kruskal-tiles.test.ts): the same maze bytes on every shape, tile
 * size, key and pattern, the 42 one and random ones.
 */

/** The WebAssembly kernel's maze and the JavaScript kernel's, from one shape. */
function bothKernels(maze: Maze, keys: readonly [number, number], tileBits: number): [Maze, Maze] {
  const wasm = maze.clone();
  const javascript = maze.clone();
  expect(openSpanningTreeInWasm(wasm, keys, tileBits)).toBe(true);
  openMinimumSpanningTree(javascript, keys, { tileBits });
  return [wasm, javascript];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('square spanning tree in WebAssembly', () => {
  it("makes the JavaScript kernel's maze byte for byte on any shape, blocked cells, tile size and keys (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 160 }),
        fc.integer({ min: 1, max: 160 }),
        fc.oneof(fc.constant('none' as const), fc.constant('pattern' as const), fc.double({ min: 0, max: 0.6, noNaN: true })),
        fc.integer({ min: 1, max: 8 }),
        fc.integer(),
        fc.integer(),
        fc.nat(),
        (width, height, blocked, tileBits, k1, k2, seed) => {
          const [wasm, javascript] = bothKernels(blockedMaze(width, height, blocked, seed), [k1 | 0, k2 | 0], tileBits);
          expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('makes it on mazes of several tiles a side, ragged at the east and south edges', () => {
    for (const [width, height, blocked] of [
      [1000, 700, 'pattern'],
      [517, 1030, 0.05],
      [2000, 1, 'none'],
      [1, 3000, 'none'],
    ] as const) {
      const [wasm, javascript] = bothKernels(blockedMaze(width, height, blocked, width), [0x5eed1234, -0x2468ace], 7);
      expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells)), `${width}x${height}`).toBe(true);
    }
  });

  it('is what Kruskal and TruePrim run, and reports progress by rows of tiles', () => {
    const seen: number[] = [];
    const maze = new Maze(1200, 1000);
    placePattern(maze);
    const kernels = stubKernels();
    resolveGenerator('Kruskal').generate(maze, createRng('wasm-progress'), {
      start: 0,
      difficulty: 5,
      onProgress: (done, total) => seen.push(done / total),
    });
    expect(kernels.instances).toBe(1);
    const [wasm, javascript] = bothKernels(blockedMaze(1200, 1000, 'pattern', 0), [1, 2], 7);
    expect(wasm.equals(javascript)).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    expect(seen.at(-1)).toBe(1);
  });

  it('leaves the maze untouched and returns false where WebAssembly is missing; the JavaScript kernel then makes the tree', () => {
    const shape = blockedMaze(300, 200, 'pattern', 0);
    const expected = shape.clone();
    openMinimumSpanningTree(expected, [7, 9]);
    vi.stubGlobal('WebAssembly', undefined);
    const maze = shape.clone();
    expect(openSpanningTreeInWasm(maze, [7, 9], 7)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
    openMinimumSpanningTree(maze, [7, 9]);
    expect(maze.equals(expected)).toBe(true);
  });

  it('leaves the maze untouched and returns false when the kernel traps (its memory cannot grow)', () => {
    stubKernels('band');
    const shape = blockedMaze(300, 300, 'none', 0);
    const maze = shape.clone();
    expect(openSpanningTreeInWasm(maze, [3, 4], 7)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
  });
});
