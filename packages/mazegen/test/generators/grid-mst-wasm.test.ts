import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GridMaze, HexTopology, PolarTopology, TriangleTopology, createRng, resolveGenerator, type Topology, type Wrap } from 'mazegen';
import { openGridSpanningTree } from '../../src/generators/grid-mst.js';
import { openHexTreeInWasm } from '../../src/generators/hex-mst-kernel.js';
import { openTriangleTreeInWasm } from '../../src/generators/triangle-mst-kernel.js';
import { openPolarTreeInWasm } from '../../src/generators/polar-mst-kernel.js';
import { stubKernels } from '../support/kernel-stub.js';

/**
 * The non-square grids' spanning-tree kernels built to WebAssembly (assembly/hex-mst.ts,
 * triangle-mst.ts, polar-mst.ts) against the JavaScript kernels they were ported from (grid-mst.ts, itself tested
 * against a plain Kruskal in test/grid/kernels.test.ts): the same maze bytes on every
 * size, wrap, mask, tile size and key.
 */

/** Tiles of at most this many framed cells, as grid-mst.ts's MAX_TILE_CELLS. */
const MAX_TILE_CELLS = 1 << 14;

/** A maze of `topology` with about `density` of its cells masked out at random. */
function maskedMaze(topology: Topology, density: number, seed: number): GridMaze {
  const maze = new GridMaze(topology);
  const rng = createRng(`masked${seed}`);
  if (density > 0) for (let cell = 0; cell < maze.size; cell++) if (rng.float() < density) maze.block(cell);
  return maze;
}

/** The WebAssembly kernel's maze and the JavaScript kernel's, from one shape. */
function bothHexKernels(shape: GridMaze, keys: readonly [number, number], tileCells: number): [GridMaze, GridMaze] {
  const wasm = new GridMaze(shape.topology, shape.cells.slice());
  const javascript = new GridMaze(shape.topology, shape.cells.slice());
  const tile = Math.min(tileCells, shape.size, MAX_TILE_CELLS);
  expect(openHexTreeInWasm(wasm, shape.topology as HexTopology, keys, tile, MAX_TILE_CELLS)).toBe(true);
  openGridSpanningTree(javascript, keys, { tileCells, javascript: true });
  return [wasm, javascript];
}

const hexArb = fc.oneof(
  // Wrap x joins columns of different parity: an even width of at least 4.
  fc.record({ width: fc.integer({ min: 2, max: 40 }).map((n) => n * 2), height: fc.integer({ min: 3, max: 70 }), wrap: fc.constantFrom<Wrap>('none', 'x', 'y', 'xy') }),
  fc.record({ width: fc.integer({ min: 1, max: 81 }), height: fc.integer({ min: 1, max: 70 }), wrap: fc.constant<Wrap>('none') }),
  fc.record({ width: fc.integer({ min: 1, max: 81 }), height: fc.integer({ min: 3, max: 70 }), wrap: fc.constant<Wrap>('y') }),
);

/** The triangle kernel's maze and the JavaScript kernel's, from one shape. */
function bothTriangleKernels(shape: GridMaze, keys: readonly [number, number], tileCells: number): [GridMaze, GridMaze] {
  const wasm = new GridMaze(shape.topology, shape.cells.slice());
  const javascript = new GridMaze(shape.topology, shape.cells.slice());
  expect(openTriangleTreeInWasm(wasm, shape.topology as TriangleTopology, keys, tileCells)).toBe(true);
  openGridSpanningTree(javascript, keys, { tileCells, javascript: true });
  return [wasm, javascript];
}

/** Triangle grids: no wrap; a width of at least 2 once there are two rows. */
const triangleArb = fc.oneof(
  fc.record({ width: fc.integer({ min: 2, max: 120 }), height: fc.integer({ min: 1, max: 90 }) }),
  fc.record({ width: fc.integer({ min: 1, max: 300 }), height: fc.constant(1) }),
);

/** The polar kernel's maze and the JavaScript kernel's, from one shape. */
function bothPolarKernels(shape: GridMaze, keys: readonly [number, number], tileCells: number): [GridMaze, GridMaze] {
  const wasm = new GridMaze(shape.topology, shape.cells.slice());
  const javascript = new GridMaze(shape.topology, shape.cells.slice());
  const tile = Math.min(tileCells, shape.size, MAX_TILE_CELLS);
  expect(openPolarTreeInWasm(wasm, shape.topology as PolarTopology, keys, tile, MAX_TILE_CELLS)).toBe(true);
  openGridSpanningTree(javascript, keys, { tileCells, javascript: true });
  return [wasm, javascript];
}

/** The same cells, whatever their width (a polar grid of 8 or more walls a cell has two bytes a cell). */
function sameCells(a: GridMaze, b: GridMaze): boolean {
  return Buffer.from(a.cells.buffer, a.cells.byteOffset, a.cells.byteLength).equals(Buffer.from(b.cells.buffer, b.cells.byteOffset, b.cells.byteLength));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hex spanning tree in WebAssembly', () => {
  it('makes the JavaScript kernel\'s maze byte for byte on any size, wrap, mask, tile size and keys (fast-check)', () => {
    fc.assert(
      fc.property(
        hexArb,
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.6, noNaN: true })),
        fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 1 << 15 })),
        fc.integer(),
        fc.integer(),
        fc.nat(),
        ({ width, height, wrap }, density, tileCells, k1, k2, seed) => {
          const [wasm, javascript] = bothHexKernels(maskedMaze(new HexTopology(width, height, wrap), density, seed), [k1 | 0, k2 | 0], tileCells);
          expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('makes it on grids of many full tiles, ragged at the east and south edges, wrapped and masked', () => {
    for (const [width, height, wrap, density] of [
      [700, 500, 'none', 0.05],
      [520, 390, 'xy', 0],
      [333, 600, 'y', 0.2],
      [2000, 1, 'none', 0],
      [1, 3000, 'none', 0],
    ] as const) {
      const [wasm, javascript] = bothHexKernels(maskedMaze(new HexTopology(width, height, wrap), density, width), [0x5eed1234, -0x2468ace], 1 << 14);
      expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells)), `${width}x${height} ${wrap}`).toBe(true);
    }
  });

  it('is what Kruskal runs on the hex grid, and reports progress by bands of tiles', () => {
    const seen: number[] = [];
    const topology = new HexTopology(1200, 1000);
    const maze = new GridMaze(topology);
    const kernels = stubKernels();
    resolveGenerator('Kruskal').generateGrid!(maze, createRng('wasm-progress'), { start: 0, difficulty: 5, onProgress: (done, total) => seen.push(done / total) });
    expect(kernels.instances).toBe(1);
    const keysRng = createRng('wasm-progress');
    const expected = new GridMaze(topology);
    openGridSpanningTree(expected, [keysRng.nextUint32() | 0, keysRng.nextUint32() | 0], { javascript: true });
    expect(maze.equals(expected)).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    expect(seen.at(-1)).toBe(1);
  });

  it('leaves the maze untouched and returns false where WebAssembly is missing; the JavaScript kernel then makes the tree', () => {
    const shape = maskedMaze(new HexTopology(300, 200, 'x'), 0.1, 0);
    const expected = new GridMaze(shape.topology, shape.cells.slice());
    openGridSpanningTree(expected, [7, 9], { javascript: true });
    vi.stubGlobal('WebAssembly', undefined);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    expect(openHexTreeInWasm(maze, shape.topology as HexTopology, [7, 9], 1 << 14, MAX_TILE_CELLS)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
    openGridSpanningTree(maze, [7, 9]);
    expect(maze.equals(expected)).toBe(true);
  });

  it('leaves the maze untouched and returns false when the kernel traps (its memory cannot grow)', () => {
    stubKernels('finish');
    const shape = maskedMaze(new HexTopology(300, 300), 0, 0);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    expect(openHexTreeInWasm(maze, shape.topology as HexTopology, [3, 4], 1 << 14, MAX_TILE_CELLS)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
  });
});

describe('triangle spanning tree in WebAssembly', () => {
  it('makes the JavaScript kernel\'s maze byte for byte on any size, mask, tile size and keys (fast-check)', () => {
    fc.assert(
      fc.property(
        triangleArb,
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.6, noNaN: true })),
        fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 1 << 17 })),
        fc.integer(),
        fc.integer(),
        fc.nat(),
        ({ width, height }, density, tileCells, k1, k2, seed) => {
          const [wasm, javascript] = bothTriangleKernels(maskedMaze(new TriangleTopology(width, height), density, seed), [k1 | 0, k2 | 0], tileCells);
          expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('makes it on grids of many full tiles, of either parity at their corners, ragged at the east and south edges, masked', () => {
    for (const [width, height, density, tileCells] of [
      [700, 500, 0.05, 1 << 14],
      [333, 601, 0.2, 1 << 14],
      [255, 257, 0, 1 << 10],
      [2000, 1, 0, 1 << 14],
      [2, 3000, 0, 1 << 14],
    ] as const) {
      const [wasm, javascript] = bothTriangleKernels(maskedMaze(new TriangleTopology(width, height), density, width), [0x5eed1234, -0x2468ace], tileCells);
      expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells)), `${width}x${height}`).toBe(true);
    }
  });

  it('is what Kruskal runs on the triangle grid, and reports progress by rows of tiles', () => {
    const seen: number[] = [];
    const topology = new TriangleTopology(1200, 1000);
    const maze = new GridMaze(topology);
    const kernels = stubKernels();
    resolveGenerator('Kruskal').generateGrid!(maze, createRng('wasm-progress'), { start: 0, difficulty: 5, onProgress: (done, total) => seen.push(done / total) });
    expect(kernels.instances).toBe(1);
    const keysRng = createRng('wasm-progress');
    const expected = new GridMaze(topology);
    openGridSpanningTree(expected, [keysRng.nextUint32() | 0, keysRng.nextUint32() | 0], { javascript: true });
    expect(maze.equals(expected)).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    expect(seen.at(-1)).toBe(1);
  });

  it('leaves the maze untouched and returns false where WebAssembly is missing; the JavaScript kernel then makes the tree', () => {
    const shape = maskedMaze(new TriangleTopology(300, 200), 0.1, 0);
    const expected = new GridMaze(shape.topology, shape.cells.slice());
    openGridSpanningTree(expected, [7, 9], { javascript: true });
    vi.stubGlobal('WebAssembly', undefined);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    expect(openTriangleTreeInWasm(maze, shape.topology as TriangleTopology, [7, 9], 1 << 14)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
    openGridSpanningTree(maze, [7, 9]);
    expect(maze.equals(expected)).toBe(true);
  });

  it('leaves the maze untouched and returns false when the kernel traps (its memory cannot grow)', () => {
    stubKernels('band');
    const shape = maskedMaze(new TriangleTopology(300, 300), 0, 0);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    expect(openTriangleTreeInWasm(maze, shape.topology as TriangleTopology, [3, 4], 1 << 14)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
  });
});

describe('polar spanning tree in WebAssembly', () => {
  it('makes the JavaScript kernel\'s maze byte for byte on any first ring, ring count, mask, tile size and keys (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 15 }),
        fc.integer({ min: 1, max: 45 }),
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.6, noNaN: true })),
        fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 1 << 15 })),
        fc.integer(),
        fc.integer(),
        fc.nat(),
        (firstRing, rings, density, tileCells, k1, k2, seed) => {
          const [wasm, javascript] = bothPolarKernels(maskedMaze(new PolarTopology(firstRing, rings), density, seed), [k1 | 0, k2 | 0], tileCells);
          expect(sameCells(wasm, javascript)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('makes it on grids of many bands, sectors and runs of rings of one count, masked, one and two bytes a cell', () => {
    for (const [firstRing, rings, density, tileCells] of [
      [6, 400, 0.05, 1 << 14],
      [6, 300, 0, 1 << 10],
      [10, 200, 0.2, 1 << 14],
      [3, 250, 0, 1 << 14],
    ] as const) {
      const [wasm, javascript] = bothPolarKernels(maskedMaze(new PolarTopology(firstRing, rings), density, rings), [0x5eed1234, -0x2468ace], tileCells);
      expect(sameCells(wasm, javascript), `${firstRing} x ${rings}`).toBe(true);
    }
  });

  it('is what Kruskal runs on the polar grid, and reports progress by bands of tiles', () => {
    const seen: number[] = [];
    const topology = new PolarTopology(6, 700);
    const maze = new GridMaze(topology);
    const kernels = stubKernels();
    resolveGenerator('Kruskal').generateGrid!(maze, createRng('wasm-progress'), { start: 0, difficulty: 5, onProgress: (done, total) => seen.push(done / total) });
    expect(kernels.instances).toBe(1);
    const keysRng = createRng('wasm-progress');
    const expected = new GridMaze(topology);
    openGridSpanningTree(expected, [keysRng.nextUint32() | 0, keysRng.nextUint32() | 0], { javascript: true });
    expect(maze.equals(expected)).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    expect(seen.at(-1)).toBe(1);
  });

  it('leaves the maze untouched and returns false where WebAssembly is missing; the JavaScript kernel then makes the tree', () => {
    const shape = maskedMaze(new PolarTopology(9, 120), 0.1, 0);
    const expected = new GridMaze(shape.topology, shape.cells.slice());
    openGridSpanningTree(expected, [7, 9], { javascript: true });
    vi.stubGlobal('WebAssembly', undefined);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    expect(openPolarTreeInWasm(maze, shape.topology as PolarTopology, [7, 9], 1 << 14, MAX_TILE_CELLS)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
    openGridSpanningTree(maze, [7, 9]);
    expect(maze.equals(expected)).toBe(true);
  });

  it('leaves the maze untouched and returns false when the kernel traps (its memory cannot grow)', () => {
    stubKernels('finish');
    const shape = maskedMaze(new PolarTopology(6, 150), 0, 0);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    expect(openPolarTreeInWasm(maze, shape.topology as PolarTopology, [3, 4], 1 << 14, MAX_TILE_CELLS)).toBe(false);
    expect(maze.equals(shape)).toBe(true);
  });
});
