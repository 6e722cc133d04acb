import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createRng,
  createTopology,
  generateMaze,
  GridMaze,
  MazeError,
  OUTLINES,
  PolarTopology,
  resolveGenerator,
  resolveSolver,
  Step,
  type Rng,
} from 'mazegen';
import { IndexHeap } from '../../src/heap.js';
import { openGridSpanningTree } from '../../src/generators/grid-mst.js';
import { gridBreadthFirst } from '../../src/solvers/grid-search.js';
import { polarBreadthFirst } from '../../src/solvers/bfs-polar.js';
import { gridMazeProblems } from '../support/grid.js';

// Random grids of every kind and wrap, small enough to cross many tiles and borders.
const gridArb = fc.oneof(
  fc
    .record({
      grid: fc.constant('square'),
      width: fc.integer({ min: 1, max: 14 }),
      height: fc.integer({ min: 1, max: 12 }),
      wrap: fc.constantFrom('none', 'x', 'y', 'xy'),
    })
    .filter((g) => g.wrap === 'none' || ((g.wrap.includes('x') ? g.width >= 3 : true) && (g.wrap.includes('y') ? g.height >= 3 : true))),
  fc.record({
    grid: fc.constant('hex'),
    width: fc.integer({ min: 2, max: 7 }).map((n) => n * 2),
    height: fc.integer({ min: 3, max: 10 }),
    wrap: fc.constantFrom('none', 'x', 'y', 'xy'),
  }),
  fc
    .record({
      grid: fc.constant('hex'),
      width: fc.integer({ min: 1, max: 13 }),
      height: fc.integer({ min: 1, max: 10 }),
      wrap: fc.constantFrom('none', 'y'),
    })
    .filter((g) => g.wrap === 'none' || g.height >= 3),
  fc.record({
    grid: fc.constant('triangle'),
    width: fc.integer({ min: 2, max: 16 }),
    height: fc.integer({ min: 1, max: 10 }),
    wrap: fc.constant('none'),
  }),
  fc.record({
    grid: fc.constant('polar'),
    width: fc.integer({ min: 3, max: 12 }),
    height: fc.integer({ min: 1, max: 6 }),
    wrap: fc.constant('none'),
  }),
);

/** A maze of `spec` with every cell whose bit is set in `holes` (cycling) masked out. */
function maskedMaze(spec: { grid: string; width: number; height: number; wrap: string }, holes: number[]): GridMaze {
  const maze = new GridMaze(createTopology(spec as never));
  if (holes.length > 0) for (let cell = 0; cell < maze.size; cell++) if (holes[cell % holes.length] === 1) maze.block(cell);
  return maze;
}

const casesArb = fc.record({
  spec: gridArb,
  holes: fc.oneof(fc.constant([] as number[]), fc.array(fc.constantFrom(0, 0, 0, 1), { minLength: 1, maxLength: 23 })),
  k1: fc.integer(),
  k2: fc.integer(),
  tile: fc.integer({ min: 1, max: 200 }),
});

describe('the tiled grid spanning tree', () => {
  it('is the tree Kruskal finds in one pass over all walls by weight, on every grid, wrap and mask and any tile size', () => {
    fc.assert(
      fc.property(casesArb, ({ spec, holes, k1, k2, tile }) => {
        const reference = maskedMaze(spec, holes);
        const tiled = maskedMaze(spec, holes);
        openGridSpanningTree(reference, [k1, k2], { passWalls: 1 << 30 });
        openGridSpanningTree(tiled, [k1, k2], { tileCells: tile });
        expect(tiled.equals(reference)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is that tree on bigger hex and polar grids too, masked and wrapped, in tiles of 1 to 400 cells (many bands, sectors and runs of rings of one count)', () => {
    // The hex and polar tiles (grid-mst-hex.ts, grid-mst-polar.ts) keep each wall between
    // two tiles in the later one, reading the earlier side's part from the edges of the
    // tiles done: the band above, the tile before, and the first column and row when wrapped.
    const bigArb = fc.oneof(
      fc.record({
        grid: fc.constant('hex'),
        width: fc.integer({ min: 2, max: 20 }).map((n) => n * 2),
        height: fc.integer({ min: 3, max: 30 }),
        wrap: fc.constantFrom('none', 'x', 'y', 'xy'),
      }),
      fc.record({
        grid: fc.constant('hex'),
        width: fc.integer({ min: 1, max: 41 }),
        height: fc.integer({ min: 1, max: 30 }),
        wrap: fc.constant('none'),
      }),
      fc.record({
        grid: fc.constant('polar'),
        width: fc.integer({ min: 3, max: 15 }),
        height: fc.integer({ min: 1, max: 24 }),
        wrap: fc.constant('none'),
      }),
    );
    fc.assert(
      fc.property(
        bigArb,
        casesArb.map((c) => c.holes),
        fc.integer(),
        fc.integer(),
        fc.integer({ min: 1, max: 400 }),
        (spec, holes, k1, k2, tile) => {
          const reference = maskedMaze(spec, holes);
          const tiled = maskedMaze(spec, holes);
          openGridSpanningTree(reference, [k1, k2], { passWalls: 1 << 30 });
          openGridSpanningTree(tiled, [k1, k2], { tileCells: tile });
          expect(tiled.equals(reference)).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('drops the heaviest wall of each hex triangle only where all three walls are in the tile: hex grids of every wrap, masked, in tiles of 1 to 60 cells', () => {
    // The hex tiles drop about half their walls before sorting (dropHeaviestOfTriangles);
    // triangles cut by a tile border, a mask or a wrapped edge must be left alone.
    const rng = createRng('hex-triangles');
    for (let round = 0; round < 60; round++) {
      const wrap = (['none', 'x', 'y', 'xy'] as const)[round % 4];
      const spec = { grid: 'hex', width: 4 + 2 * rng.int(6), height: 3 + rng.int(9), wrap };
      const holes = round % 3 === 0 ? [] : Array.from({ length: 5 + rng.int(9) }, () => (rng.int(5) === 0 ? 1 : 0));
      const keys: [number, number] = [rng.nextUint32() | 0, rng.nextUint32() | 0];
      const reference = maskedMaze(spec, holes);
      const tiled = maskedMaze(spec, holes);
      openGridSpanningTree(reference, keys, { passWalls: 1 << 30 });
      openGridSpanningTree(tiled, keys, { tileCells: 1 + rng.int(60) });
      expect(tiled.equals(reference), `${spec.width}x${spec.height} wrap ${wrap}`).toBe(true);
    }
  });

  it('spans a large hex grid in default tiles as the passes do', () => {
    const spec = { grid: 'hex', width: 300, height: 500, wrap: 'xy' } as const;
    const reference = maskedMaze(spec, []);
    const tiled = maskedMaze(spec, []);
    openGridSpanningTree(reference, [7, 11], { passWalls: 1 << 30 });
    openGridSpanningTree(tiled, [7, 11]);
    expect(tiled.equals(reference)).toBe(true);
    expect(gridMazeProblems(tiled)).toEqual([]);
  });

  it('spans large polar and triangle grids in about square tiles (rows cut into sectors) as the passes do', () => {
    for (const [spec, tileCells] of [
      [{ grid: 'polar', width: 6, height: 90, wrap: 'none' }, 700],
      [{ grid: 'polar', width: 6, height: 90, wrap: 'none' }, undefined],
      [{ grid: 'triangle', width: 333, height: 120, wrap: 'none' }, 1000],
      [{ grid: 'hex', width: 250, height: 90, wrap: 'x' }, 999],
    ] as const) {
      const reference = maskedMaze(spec, []);
      const tiled = maskedMaze(spec, []);
      openGridSpanningTree(reference, [5, 3], { passWalls: 1 << 30 });
      openGridSpanningTree(tiled, [5, 3], { tileCells });
      expect(tiled.equals(reference)).toBe(true);
      expect(gridMazeProblems(tiled)).toEqual([]);
    }
  });
});

/** The stream of createRng behind an object that is not an Sfc32: the generic kernels. */
function plainRng(seed: number): Rng {
  const inner = createRng(seed, 'generate');
  return { nextUint32: () => inner.nextUint32(), float: () => inner.float(), int: (n) => inner.int(n) };
}

describe("the DFS kernels for the library stream make the generic kernel's bytes", () => {
  const dfsCases = fc.record({
    spec: gridArb,
    holes: casesArb.map((c) => c.holes),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    startPick: fc.nat(),
    opened: fc.option(fc.nat(), { nil: undefined }),
  });
  it('same walls and the same stream left, on every grid, wrap and mask, and on a maze with a wall already open', () => {
    const dfs = resolveGenerator('DFS');
    fc.assert(
      fc.property(dfsCases, ({ spec, holes, seed, startPick, opened }) => {
        const generic = maskedMaze(spec, holes);
        const free: number[] = [];
        for (let cell = 0; cell < generic.size; cell++) if (!generic.isBlocked(cell)) free.push(cell);
        if (free.length < 2) return;
        if (opened !== undefined) {
          // A wall open before the search (the kernels must not take that cell for visited).
          const cell = free[opened % free.length];
          const t = generic.topology;
          for (let s = 0; s < t.degree(cell); s++) {
            const next = t.neighbour(cell, s);
            if (next >= 0 && !generic.isBlocked(next)) {
              generic.carve(cell, s);
              break;
            }
          }
        }
        const fast = generic.clone();
        const start = free[startPick % free.length];
        // A step reporter (which changes nothing, tested elsewhere) and a stream that is not an Sfc32: the generic kernel.
        const plain = plainRng(seed);
        dfs.generic!(generic, plain, { start, difficulty: 5 }, () => {});
        const own = createRng(seed, 'generate');
        dfs.generic!(fast, own, { start, difficulty: 5 });
        expect(fast.equals(generic)).toBe(true);
        expect(own.nextUint32()).toBe(plain.nextUint32());
      }),
      { numRuns: 600 },
    );
  });

  it('same walls and stream on larger grids, where most cells are inner cells (polar: rings of one count)', () => {
    const dfs = resolveGenerator('DFS');
    const largeArb = fc.oneof(
      fc
        .record({
          grid: fc.constant('hex'),
          width: fc.integer({ min: 2, max: 40 }),
          height: fc.integer({ min: 2, max: 40 }),
          wrap: fc.constantFrom('none', 'y'),
        })
        .filter((g) => g.wrap === 'none' || g.height >= 3),
      fc.record({
        grid: fc.constant('hex'),
        width: fc.integer({ min: 2, max: 20 }).map((n) => n * 2),
        height: fc.integer({ min: 3, max: 40 }),
        wrap: fc.constantFrom('x', 'xy'),
      }),
      fc.record({
        grid: fc.constant('triangle'),
        width: fc.integer({ min: 2, max: 60 }),
        height: fc.integer({ min: 1, max: 40 }),
        wrap: fc.constant('none'),
      }),
      fc.record({
        grid: fc.constant('polar'),
        width: fc.integer({ min: 3, max: 15 }),
        height: fc.integer({ min: 1, max: 40 }),
        wrap: fc.constant('none'),
      }),
    );
    fc.assert(
      fc.property(
        largeArb,
        fc.oneof(fc.constant([] as number[]), fc.array(fc.constantFrom(0, 0, 0, 0, 0, 0, 1), { minLength: 1, maxLength: 37 })),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.nat(),
        (spec, holes, seed, startPick) => {
          let generic: GridMaze;
          try {
            generic = maskedMaze(spec, holes);
          } catch (error) {
            if (error instanceof MazeError) return;
            throw error;
          }
          const free: number[] = [];
          for (let cell = 0; cell < generic.size; cell++) if (!generic.isBlocked(cell)) free.push(cell);
          if (free.length < 2) return;
          const fast = generic.clone();
          const start = free[startPick % free.length];
          const plain = plainRng(seed);
          dfs.generic!(generic, plain, { start, difficulty: 5 }, () => {});
          const own = createRng(seed, 'generate');
          dfs.generic!(fast, own, { start, difficulty: 5 });
          expect(fast.equals(generic)).toBe(true);
          expect(own.nextUint32()).toBe(plain.nextUint32());
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The open set of an oracle A*: cells pushed with their f and moves so far, popped best first (undefined when empty). */
interface OpenSet {
  push(cell: number, f: number, moves: number): void;
  pop(): number | undefined;
}

/** A* as first written: g, parent slots and closed flags in arrays of their own, the open set given. */
function referenceAStar(maze: GridMaze, start: number, goal: number, open: OpenSet): { path: number[] | null; visited: number } {
  const t = maze.topology;
  const g = new Int32Array(maze.size).fill(-1);
  const parent = new Int32Array(maze.size).fill(-1);
  const closed = new Uint8Array(maze.size);
  const around = new Int32Array(t.maxDegree);
  g[start] = 0;
  open.push(start, t.distance(start, goal), 0);
  let visited = 0;
  for (let cell = open.pop(); cell !== undefined; cell = open.pop()) {
    if (closed[cell]) continue;
    closed[cell] = 1;
    visited++;
    if (cell === goal) {
      const path = [goal];
      for (let c = goal; c !== start; c = parent[c]) path.push(parent[c]);
      return { path: path.reverse(), visited };
    }
    const degree = t.neighbours(cell, around);
    const moves = g[cell] + 1;
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || maze.cells[cell] & (1 << s) || closed[next] || (g[next] >= 0 && g[next] <= moves)) continue;
      g[next] = moves;
      parent[next] = cell;
      open.push(next, moves + t.distance(next, goal), moves);
    }
  }
  return { path: null, visited };
}

/** The generic kernel's order (the oracle for the one-byte A*): a binary heap on f, more moves first among equal f. */
function heapOpenSet(size: number): OpenSet {
  const heap = new IndexHeap(64);
  return {
    push: (cell, f, moves) => heap.push(cell, f - moves / (2 * (size + 1))),
    pop: () => (heap.length > 0 ? heap.pop() : undefined),
  };
}

/**
 * The polar grid's order (the oracle for a-star-polar.ts's three stacks): one array per f,
 * last in first out, f taken in increasing order.
 */
function stacksOpenSet(): OpenSet {
  const open = new Map<number, number[]>();
  let f = Infinity;
  return {
    push: (cell, cellF) => {
      if (!open.has(cellF)) open.set(cellF, []);
      open.get(cellF)!.push(cell);
      f = Math.min(f, cellF);
    },
    pop: () => {
      while (open.size > 0) {
        const stack = open.get(f);
        if (stack && stack.length > 0) return stack.pop();
        open.delete(f);
        f++;
      }
      return undefined;
    },
  };
}

/** The A* oracle in the generic form's order (a heap), or in the polar kernel's (three stacks). */
function oracleAStar(
  maze: GridMaze,
  start: number,
  goal: number,
  order: 'heap' | 'stacks' = 'heap',
): { path: number[] | null; visited: number } {
  return referenceAStar(maze, start, goal, order === 'stacks' ? stacksOpenSet() : heapOpenSet(maze.size));
}

describe('A* on any grid in a byte a cell', () => {
  it('finds the path the array A* finds, visiting as many cells, on every grid and wrap, with loops and masks', () => {
    const solver = resolveSolver('AStar');
    fc.assert(
      fc.property(
        gridArb,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(true, false),
        fc.constantFrom(0, 50, 100),
        fc.nat(),
        fc.nat(),
        fc.option(fc.constantFrom(...OUTLINES), { nil: undefined }),
        (spec, seed, perfect, braid, a, b, shape) => {
          let made;
          try {
            made = generateMaze({ ...spec, seed, perfect, braid, shape });
          } catch (error) {
            if (error instanceof MazeError) return;
            throw error;
          }
          const { maze } = made;
          const free: number[] = [];
          for (let cell = 0; cell < maze.size; cell++) if (!maze.isBlocked(cell)) free.push(cell);
          const start = free[a % free.length];
          const goal = free[b % free.length];
          const expected = oracleAStar(maze, start, goal);
          const got = solver.generic!(maze, start, goal);
          expect(got.path ? [...got.path] : null).toEqual(expected.path);
          expect(got.visited).toBe(expected.visited);
        },
      ),
      { numRuns: 400 },
    );
  });
});

/** True when the free cells of `maze` are one region over the grid's neighbours (walls ignored). */
function freeCellsConnected(maze: GridMaze): boolean {
  const t = maze.topology;
  const seen = new Uint8Array(maze.size);
  const around = new Int32Array(t.maxDegree);
  let first = -1;
  let free = 0;
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    free++;
    if (first < 0) first = cell;
  }
  if (first < 0) return false;
  const stack = [first];
  seen[first] = 1;
  let reached = 1;
  while (stack.length > 0) {
    const cell = stack.pop()!;
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || seen[next] || maze.isBlocked(next)) continue;
      seen[next] = 1;
      reached++;
      stack.push(next);
    }
  }
  return reached === free;
}

describe("the Wilson walk kernel for the library stream makes the generic kernel's bytes", () => {
  it('same walls and the same stream left, on hex, triangle and polar grids of every wrap, with masks', () => {
    const wilson = resolveGenerator('Wilson');
    const walkArb = fc.oneof(
      fc
        .record({
          grid: fc.constant('hex'),
          width: fc.integer({ min: 1, max: 24 }),
          height: fc.integer({ min: 1, max: 20 }),
          wrap: fc.constantFrom('none', 'y'),
        })
        .filter((g) => g.wrap === 'none' || g.height >= 3),
      fc.record({
        grid: fc.constant('hex'),
        width: fc.integer({ min: 2, max: 12 }).map((n) => n * 2),
        height: fc.integer({ min: 3, max: 20 }),
        wrap: fc.constantFrom('x', 'xy'),
      }),
      fc.record({
        grid: fc.constant('triangle'),
        width: fc.integer({ min: 2, max: 30 }),
        height: fc.integer({ min: 1, max: 20 }),
        wrap: fc.constant('none'),
      }),
      fc.record({
        grid: fc.constant('polar'),
        width: fc.integer({ min: 3, max: 15 }),
        height: fc.integer({ min: 1, max: 24 }),
        wrap: fc.constant('none'),
      }),
    );
    fc.assert(
      fc.property(
        walkArb,
        fc.oneof(fc.constant([] as number[]), fc.array(fc.constantFrom(0, 0, 0, 0, 0, 1), { minLength: 1, maxLength: 29 })),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.nat(),
        (spec, holes, seed, startPick) => {
          const generic = maskedMaze(spec, holes);
          if (!freeCellsConnected(generic)) return;
          const free: number[] = [];
          for (let cell = 0; cell < generic.size; cell++) if (!generic.isBlocked(cell)) free.push(cell);
          const fast = generic.clone();
          const start = free[startPick % free.length];
          const plain = plainRng(seed);
          wilson.generic!(generic, plain, { start, difficulty: 5 }, () => {});
          const own = createRng(seed, 'generate');
          wilson.generic!(fast, own, { start, difficulty: 5 });
          expect(fast.equals(generic)).toBe(true);
          expect(own.nextUint32()).toBe(plain.nextUint32());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the polar A* kernel', () => {
  it('finds the path the array A* with stacks finds, visiting as many cells, on larger polar grids with loops and outlines, with and without a step reporter', () => {
    const solver = resolveSolver('AStar');
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 15 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(true, false),
        fc.option(fc.constantFrom(...OUTLINES), { nil: undefined }),
        fc.nat(),
        fc.nat(),
        (width, height, seed, perfect, shape, a, b) => {
          let made;
          try {
            made = generateMaze({ grid: 'polar', width, height, seed, perfect, braid: 100, shape });
          } catch (error) {
            if (error instanceof MazeError) return;
            throw error;
          }
          const { maze } = made;
          const free: number[] = [];
          for (let cell = 0; cell < maze.size; cell++) if (!maze.isBlocked(cell)) free.push(cell);
          const start = free[a % free.length];
          const goal = free[b % free.length];
          const expected = oracleAStar(maze, start, goal, 'stacks');
          // `solve` picks the polar kernel from the registry (the generic form keeps a heap: another order).
          const got = solver.solve(maze, start, goal);
          expect(got.path ? [...got.path] : null).toEqual(expected.path);
          expect(got.visited).toBe(expected.visited);
          // The animated run (a step reporter) is the same search: the same path, a Visit per cell closed.
          let visits = 0;
          const animated = solver.solve(maze, start, goal, (kind) => {
            if (kind === Step.Visit) visits++;
          });
          expect(animated.path ? [...animated.path] : null).toEqual(expected.path);
          expect(visits).toBe(expected.visited);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the polar BFS kernel', () => {
  it('reaches the cells the generic BFS reaches, with the same parent slots, on polar grids with loops, masks and outlines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 15 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(true, false),
        fc.option(fc.constantFrom(...OUTLINES), { nil: undefined }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (width, height, seed, perfect, shape, a, b, toEnd) => {
          let made;
          try {
            made = generateMaze({ grid: 'polar', width, height, seed, perfect, braid: 100, shape });
          } catch (error) {
            if (error instanceof MazeError) return;
            throw error;
          }
          const { maze } = made;
          const free: number[] = [];
          for (let cell = 0; cell < maze.size; cell++) if (!maze.isBlocked(cell)) free.push(cell);
          const start = free[a % free.length];
          const goal = toEnd ? -1 : free[b % free.length];
          const generic = gridBreadthFirst(maze, start, goal);
          const fast = polarBreadthFirst(maze, start, goal);
          expect(fast.found).toBe(generic.found);
          expect(fast.reached).toBe(generic.reached);
          expect([...fast.parentSlot]).toEqual([...generic.parentSlot]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the polar ring lookup', () => {
  it("names every cell's ring, in any order of asking", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 15 }),
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 200 }),
        (first, rings, picks) => {
          const t = new PolarTopology(first, rings);
          const ringOfSlowly = (cell: number) => {
            let ring = 0;
            while (t.ringStart[ring + 1] <= cell) ring++;
            return ring;
          };
          for (const pick of picks) {
            const cell = pick % t.size;
            expect(t.ringOf(cell)).toBe(ringOfSlowly(cell));
            expect(t.distance(cell, (pick * 7919) % t.size)).toBe(Math.abs(ringOfSlowly(cell) - ringOfSlowly((pick * 7919) % t.size)));
          }
          for (let cell = 0; cell < t.size; cell += 1 + (t.size >> 9)) expect(t.ringOf(cell)).toBe(ringOfSlowly(cell));
        },
      ),
      { numRuns: 200 },
    );
  });
});
