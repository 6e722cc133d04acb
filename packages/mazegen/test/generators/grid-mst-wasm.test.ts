import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GridMaze, HexTopology, PolarTopology, TriangleTopology, createRng, resolveGenerator, type Wrap } from 'mazegen';
import { openGridSpanningTree } from '../../src/generators/grid-mst.js';
import { openHexTreeInWasm } from '../../src/generators/hex-mst-kernel.js';
import { openTriangleTreeInWasm } from '../../src/generators/triangle-mst-kernel.js';
import { openPolarTreeInWasm } from '../../src/generators/polar-mst-kernel.js';
import { stubKernels } from '../support/kernel-stub.js';
import { randomlyMasked } from '../support/grid.js';

/**
 * The non-square grids' spanning-tree kernels built to WebAssembly (assembly/hex-mst.ts,
 * triangle-mst.ts, polar-mst.ts) against the JavaScript kernels they were ported from (grid-mst.ts, itself tested
 * against a plain Kruskal in test/grid/kernels.test.ts): the same maze bytes on every
 * size, wrap, mask, tile size and key.
 */

/** Tiles of at most this many framed cells, as grid-mst.ts's MAX_TILE_CELLS. */
const MAX_TILE_CELLS = 1 << 14;

/** The WebAssembly kernel's maze and the JavaScript kernel's, from one shape. */
function bothHexKernels(shape: GridMaze, keys: readonly [number, number], tileCells: number): [GridMaze, GridMaze] {
  const wasm = new GridMaze(shape.topology, shape.cells.slice());
  const javascript = new GridMaze(shape.topology, shape.cells.slice());
  const tile = Math.min(tileCells, shape.size, MAX_TILE_CELLS);
  expect(openHexTreeInWasm(wasm, shape.topology as HexTopology, keys, tile, MAX_TILE_CELLS)).toBe(true);
  openGridSpanningTree(javascript, keys, { tileCells });
  return [wasm, javascript];
}

const hexArb = fc.oneof(
  // Wrap x joins columns of different parity: an even width of at least 4.
  fc.record({
    width: fc.integer({ min: 2, max: 40 }).map((n) => n * 2),
    height: fc.integer({ min: 3, max: 70 }),
    wrap: fc.constantFrom<Wrap>('none', 'x', 'y', 'xy'),
  }),
  fc.record({ width: fc.integer({ min: 1, max: 81 }), height: fc.integer({ min: 1, max: 70 }), wrap: fc.constant<Wrap>('none') }),
  fc.record({ width: fc.integer({ min: 1, max: 81 }), height: fc.integer({ min: 3, max: 70 }), wrap: fc.constant<Wrap>('y') }),
);

/** The triangle kernel's maze and the JavaScript kernel's, from one shape. */
function bothTriangleKernels(shape: GridMaze, keys: readonly [number, number], tileCells: number): [GridMaze, GridMaze] {
  const wasm = new GridMaze(shape.topology, shape.cells.slice());
  const javascript = new GridMaze(shape.topology, shape.cells.slice());
  expect(openTriangleTreeInWasm(wasm, shape.topology as TriangleTopology, keys, tileCells)).toBe(true);
  openGridSpanningTree(javascript, keys, { tileCells });
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
  openGridSpanningTree(javascript, keys, { tileCells });
  return [wasm, javascript];
}

/** The same cells, whatever their width (a polar grid of 8 or more walls a cell has two bytes a cell). */
function sameCells(a: GridMaze, b: GridMaze): boolean {
  return Buffer.from(a.cells.buffer, a.cells.byteOffset, a.cells.byteLength).equals(
    Buffer.from(b.cells.buffer, b.cells.byteOffset, b.cells.byteLength),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hex spanning tree in WebAssembly', () => {
  it("makes the JavaScript kernel's maze byte for byte on any size, wrap, mask, tile size and keys (fast-check)", () => {
    fc.assert(
      fc.property(
        hexArb,
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.6, noNaN: true })),
        fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 1 << 15 })),
        fc.integer(),
        fc.integer(),
        fc.nat(),
        ({ width, height, wrap }, density, tileCells, k1, k2, seed) => {
          const [wasm, javascript] = bothHexKernels(
            randomlyMasked(new HexTopology(width, height, wrap), density, seed),
            [k1 | 0, k2 | 0],
            tileCells,
          );
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
      const [wasm, javascript] = bothHexKernels(
        randomlyMasked(new HexTopology(width, height, wrap), density, width),
        [0x5eed1234, -0x2468ace],
        1 << 14,
      );
      expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells)), `${width}x${height} ${wrap}`).toBe(true);
    }
  });
});

describe('triangle spanning tree in WebAssembly', () => {
  it("makes the JavaScript kernel's maze byte for byte on any size, mask, tile size and keys (fast-check)", () => {
    fc.assert(
      fc.property(
        triangleArb,
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.6, noNaN: true })),
        fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 1 << 17 })),
        fc.integer(),
        fc.integer(),
        fc.nat(),
        ({ width, height }, density, tileCells, k1, k2, seed) => {
          const [wasm, javascript] = bothTriangleKernels(
            randomlyMasked(new TriangleTopology(width, height), density, seed),
            [k1 | 0, k2 | 0],
            tileCells,
          );
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
      const [wasm, javascript] = bothTriangleKernels(
        randomlyMasked(new TriangleTopology(width, height), density, width),
        [0x5eed1234, -0x2468ace],
        tileCells,
      );
      expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells)), `${width}x${height}`).toBe(true);
    }
  });
});

describe('polar spanning tree in WebAssembly', () => {
  it("makes the JavaScript kernel's maze byte for byte on any first ring, ring count, mask, tile size and keys (fast-check)", () => {
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
          const [wasm, javascript] = bothPolarKernels(
            randomlyMasked(new PolarTopology(firstRing, rings), density, seed),
            [k1 | 0, k2 | 0],
            tileCells,
          );
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
      const [wasm, javascript] = bothPolarKernels(
        randomlyMasked(new PolarTopology(firstRing, rings), density, rings),
        [0x5eed1234, -0x2468ace],
        tileCells,
      );
      expect(sameCells(wasm, javascript), `${firstRing} x ${rings}`).toBe(true);
    }
  });
});

/** Each grid's kernel as the generator and the fallbacks meet it: a large grid, a masked one, a plain one, the export made to trap, the kernel's call. */
const GRID_KERNELS = [
  {
    name: 'hex',
    large: () => new HexTopology(1200, 1000),
    masked: () => new HexTopology(300, 200, 'x'),
    plain: () => new HexTopology(300, 300),
    trapping: 'finish',
    progressBy: 'bands of tiles',
    open: (maze: GridMaze, keys: [number, number]) => openHexTreeInWasm(maze, maze.topology as HexTopology, keys, 1 << 14, MAX_TILE_CELLS),
  },
  {
    name: 'triangle',
    large: () => new TriangleTopology(1200, 1000),
    masked: () => new TriangleTopology(300, 200),
    plain: () => new TriangleTopology(300, 300),
    trapping: 'band',
    progressBy: 'rows of tiles',
    open: (maze: GridMaze, keys: [number, number]) => openTriangleTreeInWasm(maze, maze.topology as TriangleTopology, keys, 1 << 14),
  },
  {
    name: 'polar',
    large: () => new PolarTopology(6, 700),
    masked: () => new PolarTopology(9, 120),
    plain: () => new PolarTopology(6, 150),
    trapping: 'finish',
    progressBy: 'bands of tiles',
    open: (maze: GridMaze, keys: [number, number]) =>
      openPolarTreeInWasm(maze, maze.topology as PolarTopology, keys, 1 << 14, MAX_TILE_CELLS),
  },
] as const;

describe.each(GRID_KERNELS)(
  '$name spanning tree in WebAssembly, as Kruskal and the fallbacks run it',
  ({ name, large, masked, plain, trapping, progressBy, open }) => {
    it(`is what Kruskal runs on the ${name} grid, and reports progress by ${progressBy}`, () => {
      const seen: number[] = [];
      const topology = large();
      const maze = new GridMaze(topology);
      const kernels = stubKernels();
      resolveGenerator('Kruskal').generate(maze, createRng('wasm-progress'), {
        start: 0,
        difficulty: 5,
        onProgress: (done, total) => seen.push(done / total),
      });
      expect(kernels.instances).toBe(1);
      const keysRng = createRng('wasm-progress');
      const expected = new GridMaze(topology);
      openGridSpanningTree(expected, [keysRng.nextUint32() | 0, keysRng.nextUint32() | 0]);
      expect(maze.equals(expected)).toBe(true);
      expect(seen.length).toBeGreaterThan(1);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
      expect(seen.at(-1)).toBe(1);
    });

    it('leaves the maze untouched and returns false where WebAssembly is missing; the JavaScript kernel then makes the tree', () => {
      const shape = randomlyMasked(masked(), 0.1, 0);
      const expected = new GridMaze(shape.topology, shape.cells.slice());
      openGridSpanningTree(expected, [7, 9]);
      vi.stubGlobal('WebAssembly', undefined);
      const maze = new GridMaze(shape.topology, shape.cells.slice());
      expect(open(maze, [7, 9])).toBe(false);
      expect(maze.equals(shape)).toBe(true);
      openGridSpanningTree(maze, [7, 9]);
      expect(maze.equals(expected)).toBe(true);
    });

    it('leaves the maze untouched and returns false when the kernel traps (its memory cannot grow)', () => {
      stubKernels(trapping);
      const shape = randomlyMasked(plain(), 0, 0);
      const maze = new GridMaze(shape.topology, shape.cells.slice());
      expect(open(maze, [3, 4])).toBe(false);
      expect(maze.equals(shape)).toBe(true);
    });
  },
);
