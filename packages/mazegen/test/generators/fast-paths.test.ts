import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCKED, Maze, createRng, resolveGenerator } from 'mazegen';
import { placePattern } from 'mazegen';
import { DIRECTIONS, type Sfc32 } from 'mazegen/internal';
import { joinForest } from '../../src/generators/join-forest.js';
import { carveEllerRow, createEllerRowState, joinStuckSets } from '../../src/generators/eller.js';

/**
 * The row generators, Prim, GrowingTree, HuntAndKill, Wilson and Aldous-Broder keep sfc32's state in locals when no step reporter listens, and
 * tell `joinForest` their roots so that it walks only the small trees. With a reporter
 * they run the general loop. Both must carve the same maze from the same stream and
 * leave the stream in the same state, with the 42 pattern and without.
 */
const SIZES: [number, number][] = [
  [1, 1],
  [1, 7],
  [9, 1],
  [2, 2],
  [20, 15],
  [37, 23],
  [64, 64],
  [201, 3],
  [9, 7],
  [11, 9],
];

function carve(name: string, variant: string | undefined, width: number, height: number, seed: string, pattern: boolean, general: boolean) {
  const maze = new Maze(width, height);
  if (pattern) placePattern(maze);
  const rng = createRng(seed, 'generate') as Sfc32;
  resolveGenerator(name).generate(maze, rng, { start: 0, difficulty: 5, variant }, general ? () => {} : undefined);
  return { cells: maze.cells, next: rng.nextUint32() };
}

describe('fast loops against the general loop', () => {
  const cases: [string, string | undefined][] = [
    ['BinaryTree', 'NE'],
    ['BinaryTree', 'NW'],
    ['BinaryTree', 'SE'],
    ['BinaryTree', 'SW'],
    ['Sidewinder', undefined],
    ['Eller', undefined],
    ['RecursiveDivision', undefined],
    ['Prim', undefined],
    ['GrowingTree', 'newest'],
    ['GrowingTree', 'oldest'],
    ['GrowingTree', 'mix'],
    ['HuntAndKill', undefined],
    ['Wilson', undefined],
    ['AldousBroder', undefined],
  ];
  it.each(cases)('%s %s carves the same maze and leaves the stream where it does', (name, variant) => {
    for (const [width, height] of SIZES) {
      for (const seed of ['a', 'b', '42']) {
        for (const pattern of [false, true]) {
          const fast = carve(name, variant, width, height, seed, pattern, false);
          const general = carve(name, variant, width, height, seed, pattern, true);
          expect(fast.cells).toEqual(general.cells);
          expect(fast.next).toBe(general.next);
        }
      }
    }
  });
});

describe("Eller's list rows against its union-find rows", () => {
  // Rows clear of the 42 keep their sets in cyclic lists; rows near it, the last row and a
  // reported run use the union-find. Wide rows and the pattern's edges switch between them.
  it('carves the same maze and leaves the stream where it does, over random sizes and seeds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        fc.string(),
        fc.boolean(),
        (width, height, seed, pattern) => {
          const fast = carve('Eller', undefined, width, height, seed, pattern, false);
          const general = carve('Eller', undefined, width, height, seed, pattern, true);
          expect(fast.cells).toEqual(general.cells);
          expect(fast.next).toBe(general.next);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('Sidewinder and RecursiveDivision fast loops against their general loops', () => {
  // Sidewinder's free rows carve by masks, without a branch on the coin; rows at or below
  // the 42 take the general loop. RecursiveDivision's walls clear of the 42 are built without tests.
  it.each(['Sidewinder', 'RecursiveDivision'])(
    '%s carves the same maze and leaves the stream where it does, over random sizes and seeds',
    (name) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 300 }),
          fc.integer({ min: 1, max: 60 }),
          fc.string(),
          fc.boolean(),
          (width, height, seed, pattern) => {
            const fast = carve(name, undefined, width, height, seed, pattern, false);
            const general = carve(name, undefined, width, height, seed, pattern, true);
            expect(fast.cells).toEqual(general.cells);
            expect(fast.next).toBe(general.next);
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});

describe("Prim's fast loop against its general loop", () => {
  // The fast loop reads a picked cell's four neighbours with no test unless the cell is on
  // the border (first or last row or column), and takes the side's draw by a mask. Random
  // sizes (one-cell-wide and one-cell-tall grids too), starts anywhere, blocked cells
  // anywhere, on the border and next to the start.
  it('carves the same maze and leaves the stream where it does, from any start, by any blocked cells', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 60 }),
        fc.string(),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.boolean(),
        (width, height, seed, startPick, blocked, pattern) => {
          const carve = (general: boolean) => {
            const maze = new Maze(width, height);
            if (pattern) placePattern(maze);
            for (const cell of blocked) maze.cells[cell % maze.size] |= BLOCKED;
            for (const y of blocked.slice(0, 4)) maze.cells[(y % height) * width + (y % 2 ? width - 1 : 0)] |= BLOCKED;
            const start = startPick % maze.size;
            maze.cells[start] &= ~BLOCKED;
            const rng = createRng(seed, 'generate') as Sfc32;
            resolveGenerator('Prim').generate(maze, rng, { start, difficulty: 5 }, general ? () => {} : undefined);
            return { cells: maze.cells, next: rng.nextUint32() };
          };
          const fast = carve(false);
          const general = carve(true);
          expect(fast.cells).toEqual(general.cells);
          expect(fast.next).toBe(general.next);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("Sidewinder's and Eller's rows by blocked cells", () => {
  // Sidewinder: a row with blocked cells in it or above goes to the general loop only across
  // its blocked columns (up to the first run that ends past them); carveFree does the cells
  // either side. Eller: bands of free rows in the lists, the last row there too when it is
  // free. Blocked cells anywhere, in clusters, at the row ends and in the top row.
  it.each(['Sidewinder', 'Eller'])('%s carves the same maze as its general loop and leaves the stream where it does', (name) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 30 }),
        fc.string(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 })), { maxLength: 8 }),
        (width, height, seed, picks) => {
          const carve = (general: boolean) => {
            const maze = new Maze(width, height);
            for (const [pick, run] of picks) for (let i = 0; i < run; i++) maze.cells[(pick + i) % maze.size] |= BLOCKED;
            for (const [pick] of picks.slice(0, 2)) maze.cells[(pick % height) * width + (pick % 2 ? width - 1 : 0)] |= BLOCKED;
            const rng = createRng(seed, 'generate') as Sfc32;
            resolveGenerator(name).generate(maze, rng, { start: 0, difficulty: 5 }, general ? () => {} : undefined);
            return { cells: maze.cells, next: rng.nextUint32() };
          };
          const fast = carve(false);
          const general = carve(true);
          expect(fast.cells).toEqual(general.cells);
          expect(fast.next).toBe(general.next);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("Eller's stuck-set rule", () => {
  // joinStuckSets looks only at the columns of cells over blocked ones: a set with no way
  // south has all its cells there. The same joins as over the whole row, on random labels.
  it('joins the same sets over the columns above blocked cells as over the whole row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 5 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (drawn, blockedBelow) => {
          // Set ids 0, 1, ... in order of their first cell, as the rows number them; -1 a blocked cell.
          const ids0: number[] = [];
          const labels = drawn.map((label) => (label < 0 ? -1 : ids0.indexOf(label) >= 0 ? ids0.indexOf(label) : ids0.push(label) - 1));
          const w = labels.length;
          const run = (whole: boolean) => {
            const cells = new Uint8Array(2 * w).fill(15);
            const state = createEllerRowState(cells, 0, w);
            const ids = Math.max(0, ...labels) + 1;
            for (let x = 0; x < w; x++) {
              state.set[x] = labels[x];
              if (blockedBelow[x]) cells[w + x] |= BLOCKED;
            }
            for (let id = 0; id < ids; id++) {
              state.parent[id] = id;
              state.candidates[id] = 0;
            }
            let first = w;
            let last = -1;
            for (let x = 0; x < w; x++) {
              if (labels[x] < 0) continue;
              if (blockedBelow[x]) {
                first = Math.min(first, x);
                last = x;
              } else state.candidates[labels[x]]++;
            }
            const carved = whole
              ? joinStuckSets(state, cells, 0, 0, w - 1, undefined)
              : joinStuckSets(state, cells, 0, first, last, undefined);
            // Each id's root (the finds compress paths differently; the sets they give are what counts).
            const rootOf = (id: number): number => (state.parent[id] === id ? id : rootOf(state.parent[id]));
            const roots = Array.from({ length: ids }, (_, id) => rootOf(id));
            return { carved, cells: Array.from(cells), roots, candidates: roots.map((root) => state.candidates[root]) };
          };
          expect(run(false)).toEqual(run(true));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("Eller's rows on cell bytes at any offset in their buffer", () => {
  // The rows test for the 42 four bytes a read where the bytes align, one at a time elsewhere.
  it('carve the same bytes wherever the cells start', () => {
    fc.assert(
      // Blocked cells anywhere, the row ends too, where a word read one byte off would miss them.
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 30 }),
        fc.string(),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.integer({ min: 1, max: 7 }),
        (width, height, seed, blocked, offset) => {
          const maze = new Maze(width, height);
          for (const cell of blocked) maze.cells[cell % maze.size] |= BLOCKED;
          for (const y of blocked) maze.cells[(y % height) * width + width - 1] |= BLOCKED;
          const carve = (cells: Uint8Array): Uint8Array => {
            const rng = createRng(seed, 'generate');
            const state = createEllerRowState(cells, 0, width);
            for (let y = 0; y < height; y++) carveEllerRow(state, cells, y * width, (y + 1) * width, y, y === height - 1, rng);
            return cells;
          };
          const aligned = carve(maze.cells.slice());
          const shifted = new Uint8Array(new ArrayBuffer(maze.size + 16), offset, maze.size);
          shifted.set(maze.cells);
          expect(carve(shifted)).toEqual(aligned);
        },
      ),
      { numRuns: 120 },
    );
  });
});

/** Labels the trees of a forest by a walk through open walls; returns one cell of each. */
function treeRoots(maze: Maze): number[] {
  const seen = new Uint8Array(maze.size);
  const roots: number[] = [];
  for (let root = 0; root < maze.size; root++) {
    if (seen[root] || maze.cells[root] & BLOCKED) continue;
    roots.push(root);
    const stack = [root];
    seen[root] = 1;
    while (stack.length) {
      const cell = stack.pop()!;
      for (const dir of DIRECTIONS) {
        if (maze.hasWall(cell, dir)) continue;
        const next = maze.neighbor(cell, dir);
        if (!seen[next]) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
  }
  return roots;
}

describe('joinForest with a hint', () => {
  it('makes the same repair as the full scan, for small trees and for several large ones', () => {
    let hinted = 0;
    for (const [width, height, cuts] of [
      [30, 20, 1],
      [30, 20, 3],
      [50, 40, 12],
      [9, 7, 2],
      [120, 80, 2],
      [400, 300, 3],
    ] as const) {
      for (const seed of ['x', 'y', 'z']) {
        for (const pattern of [false, true]) {
          // A perfect maze with a few walls closed again is a forest of cuts + 1 trees.
          const maze = new Maze(width, height);
          if (pattern) placePattern(maze);
          resolveGenerator('DFS').generate(maze, createRng(seed, 'generate'), { start: 0, difficulty: 5 });
          const pick = createRng(seed, 'cuts');
          let free = 0;
          for (let cell = 0; cell < maze.size; cell++) if ((maze.cells[cell] & BLOCKED) === 0) free++;
          for (let closed = 0; closed < cuts;) {
            const cell = pick.int(maze.size);
            // Dead ends cut off one cell (a small tree); other walls may split the maze in two large ones.
            const open = DIRECTIONS.filter((dir) => !maze.hasWall(cell, dir));
            if (open.length === 0) continue;
            maze.buildWall(cell, open[pick.int(open.length)]);
            closed++;
          }
          const carved = free - 1 - cuts;
          const roots = treeRoots(maze);
          expect(roots.length).toBe(cuts + 1);
          const full = maze.clone();
          const fullRng = createRng(seed, 'join');
          const a = joinForest(full, fullRng, carved);
          const fullAfter = fullRng.nextUint32();
          // The hint may name a tree several times (extra cells), or miss one (then the full scan runs).
          const extra = Array.from({ length: 5 }, () => pick.int(maze.size)).filter((cell) => (maze.cells[cell] & BLOCKED) === 0);
          for (const given of [roots, [...extra, ...roots, ...roots.slice(0, 2)], roots.slice(1)]) {
            const copy = maze.clone();
            const hintRng = createRng(seed, 'join');
            const b = joinForest(copy, hintRng, carved, undefined, { free, roots: given });
            expect(b).toBe(a);
            expect(b).toBe(cuts);
            expect(copy.cells).toEqual(full.cells);
            expect(hintRng.nextUint32()).toBe(fullAfter);
          }
          hinted++;
        }
      }
    }
    expect(hinted).toBe(36);
  });
});

describe("Sidewinder's bands of free rows", () => {
  it('report progress where the row-by-row general loop does, with the 42 and without', () => {
    // 2^20 cells between reports: these sizes put report rows inside bands, next to the 42 and at the end.
    for (const [width, height] of [
      [1200, 1000],
      [700, 1600],
      [4099, 300],
    ] as const) {
      for (const pattern of [true, false]) {
        const reports = (general: boolean): number[] => {
          const maze = new Maze(width, height);
          if (pattern) placePattern(maze);
          const done: number[] = [];
          resolveGenerator('Sidewinder').generate(
            maze,
            createRng('bands', 'generate'),
            { start: 0, difficulty: 5, onProgress: (d) => done.push(d) },
            general ? () => {} : undefined,
          );
          return done;
        };
        const fast = reports(false);
        expect(fast.length).toBeGreaterThan(1);
        expect(fast).toEqual(reports(true));
      }
    }
  });
});
