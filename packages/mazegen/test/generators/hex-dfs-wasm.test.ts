import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GridMaze, HexTopology, createRng, generateGridMaze, type Sfc32, type Wrap } from 'mazegen';
import { dfsHex } from '../../src/generators/dfs-hex.js';
import { dfsHexInWasm } from '../../src/generators/hex-dfs-kernel.js';
import { DFS_WASM_MAX_CELLS } from '../../src/generators/square-dfs-kernel.js';
import { WASM_MIN_CELLS } from '../../src/wasm.js';

/**
 * The hex grid's depth-first search built to WebAssembly (assembly/hex-dfs.ts) against
 * the JavaScript kernel it was ported from (dfs-hex.ts dfsHex, itself tested against the
 * generic loop): the same maze bytes and the stream left in the same state, on any size,
 * wrap, mask, start and seed.
 */

/** A hex maze of `width` x `height` wrapped by `wrap`, about `density` of its cells masked out at random. */
function maskedHex(width: number, height: number, wrap: Wrap, density: number, seed: number): GridMaze {
  const maze = new GridMaze(new HexTopology(width, height, wrap));
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
  expect(dfsHexInWasm(wasm, wasmRng, start, undefined)).toBe(true);
  expect(dfsHex(javascript, javascriptRng, start, undefined)).toBe(true);
  return [wasm, wasmRng, javascript, javascriptRng];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hex depth-first search in WebAssembly', () => {
  it('carves the JavaScript kernel\'s maze byte for byte and leaves the stream where it does (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 90 }),
        fc.constantFrom<Wrap>('none', 'x', 'y', 'xy'),
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.5, noNaN: true })),
        fc.nat(),
        fc.string({ maxLength: 8 }),
        (width, height, wrap, density, pick, seed) => {
          // Wrap x needs an even width of 4 or more, wrap y a height of 3 or more (hex.ts).
          if ((wrap === 'x' || wrap === 'xy') && (width < 4 || width % 2 !== 0)) width = Math.max(4, width + (width % 2));
          if ((wrap === 'y' || wrap === 'xy') && height < 3) height = 3;
          const shape = maskedHex(width, height, wrap, density, pick);
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

  it('carves it on a wrapped maze of 1.2 million cells, and reports progress that only grows', () => {
    const shape = maskedHex(1200, 1000, 'xy', 0.05, 1);
    const start = freeCell(shape, 0);
    const wasm = new GridMaze(shape.topology, shape.cells.slice());
    const javascript = new GridMaze(shape.topology, shape.cells.slice());
    const seen: number[] = [];
    expect(dfsHexInWasm(wasm, createRng('big', 'generate') as Sfc32, start, (done) => seen.push(done))).toBe(true);
    expect(dfsHex(javascript, createRng('big', 'generate') as Sfc32, start, undefined)).toBe(true);
    expect(Buffer.from(wasm.cells).equals(Buffer.from(javascript.cells))).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });

  it('is what DFS on the hex grid runs from WASM_MIN_CELLS cells on: the same maze with WebAssembly and without', () => {
    expect(300 * 250).toBeGreaterThanOrEqual(WASM_MIN_CELLS);
    const options = { grid: 'hex' as const, width: 300, height: 250, wrap: 'x' as const, seed: 'hex-dfs-wasm', generator: 'DFS' };
    const withWasm = generateGridMaze(options).maze;
    vi.stubGlobal('WebAssembly', undefined);
    const without = generateGridMaze(options).maze;
    expect(Buffer.from(without.cells).equals(Buffer.from(withWasm.cells))).toBe(true);
  });

  it('returns false with the maze and stream untouched where WebAssembly is missing', () => {
    vi.stubGlobal('WebAssembly', undefined);
    const shape = maskedHex(50, 50, 'none', 0.1, 0);
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    const rng = createRng('none', 'generate') as Sfc32;
    const before = rng.getState();
    expect(dfsHexInWasm(maze, rng, freeCell(shape, 0), undefined)).toBe(false);
    expect(Buffer.from(maze.cells).equals(Buffer.from(shape.cells))).toBe(true);
    expect(rng.getState()).toEqual(before);
  });

  it('returns false, untouched, on a maze with a wall open already (dfsHex declines it too) or past DFS_WASM_MAX_CELLS', () => {
    const shape = maskedHex(40, 40, 'none', 0, 0);
    shape.cells[5] &= ~1;
    const maze = new GridMaze(shape.topology, shape.cells.slice());
    const rng = createRng('open', 'generate') as Sfc32;
    const before = rng.getState();
    expect(dfsHexInWasm(maze, rng, 0, undefined)).toBe(false);
    expect(Buffer.from(maze.cells).equals(Buffer.from(shape.cells))).toBe(true);
    expect(rng.getState()).toEqual(before);
    const wide = new GridMaze(new HexTopology(DFS_WASM_MAX_CELLS / 1024 + 2, 1024));
    expect(dfsHexInWasm(wide, rng, 0, undefined)).toBe(false);
    expect(rng.getState()).toEqual(before);
  });
});
