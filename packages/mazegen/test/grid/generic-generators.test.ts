import { describe, expect, it } from 'vitest';
import { createRng, createTopology, GENERATORS, GridMaze, Maze, Step, type GeneratorAlgorithm, type PolarTopology } from 'mazegen';
import { placePattern } from 'mazegen';
import { openGridSpanningTree } from '../../src/generators/grid-mst.js';
import { gridDistances, gridForm, gridMazeProblems, TOPOLOGY_SPECS } from '../support/grid.js';

const generic = GENERATORS.filter((g) => g.grids.length > 1);
/** The generators whose generic kernel covers every grid (the others have a ring form for the polar grid only). */
const everyGrid = generic.filter((g) => g.grids.length === 4);
const takes = (g: GeneratorAlgorithm, spec: { grid: string; wrap: string }) =>
  g.grids.includes(spec.grid as never) && (spec.wrap === 'none' || g.wraps) && (spec.grid !== 'square' || everyGrid.includes(g));

function carveGrid(g: GeneratorAlgorithm, maze: GridMaze, seed: string, start: number, difficulty = 5, variant?: string): number {
  const rng = createRng(seed, 'generate');
  gridForm(g)(maze, rng, { start, difficulty, variant }, undefined);
  return rng.nextUint32();
}

describe('generic generators on every grid', () => {
  for (const g of generic) {
    for (const spec of TOPOLOGY_SPECS.filter((sp) => takes(g, sp))) {
      it(`${g.name} on ${spec.grid} ${spec.width}x${spec.height} wrap ${spec.wrap}: a spanning tree, walls agreeing on both sides`, () => {
        for (const seed of ['1', '2', '3']) {
          const maze = new GridMaze(createTopology(spec));
          carveGrid(g, maze, seed, maze.size - 1);
          expect(gridMazeProblems(maze)).toEqual([]);
        }
      });
    }
    it(`${g.name} leaves masked cells untouched and spans the rest`, () => {
      for (const spec of TOPOLOGY_SPECS.filter((sp) => takes(g, sp))) {
        const t = createTopology(spec);
        const maze = new GridMaze(t);
        // Mask the last cell whose loss cuts nothing off.
        let masked = t.size - 1;
        while (gridDistances(t, masked === 0 ? 1 : 0, (c, s) => t.neighbour(c, s) !== masked).filter((d) => d < 0).length > 1) masked--;
        maze.block(masked);
        const before = maze.cells[masked];
        carveGrid(g, maze, 'mask', masked === 0 ? 1 : 0);
        expect(maze.cells[masked]).toBe(before);
        expect(gridMazeProblems(maze)).toEqual([]);
      }
    });
  }
});

describe("generic kernels on the square grid make the square kernels' bytes", () => {
  const squareCases: [number, number, number][] = [
    [1, 1, 0],
    [1, 9, 4],
    [9, 1, 0],
    [20, 15, 0],
    [37, 23, 100],
    [64, 64, 4095],
  ];
  for (const g of everyGrid) {
    const variants = g.variants ?? [undefined];
    it(`${g.name}: same walls and the same stream left, plain and around the 42 pattern${g.variants ? ', every variant' : ''}`, () => {
      for (const [width, height, start] of squareCases) {
        for (const seed of ['a', '42']) {
          for (const variant of variants) {
            for (const pattern of [false, true]) {
              const square = new Maze(width, height);
              if (pattern && width >= 9 && height >= 7) placePattern(square);
              else if (pattern) continue;
              if (square.isBlocked(start)) continue;
              const grid = GridMaze.fromMaze(square.clone());
              const rng = createRng(seed, 'generate');
              g.generate(square, rng, { start, difficulty: 5, variant }, undefined);
              const next = carveGrid(g, grid, seed, start, 5, variant);
              expect(grid.cells).toEqual(square.cells);
              expect(next).toBe(rng.nextUint32());
            }
          }
        }
      }
    });
  }

  it('DFS: the same bytes with a DIFFICULTY bias too', () => {
    const dfs = GENERATORS.find((g) => g.name === 'DFS')!;
    for (const difficulty of [1, 3, 8, 10]) {
      const square = new Maze(30, 20);
      const grid = GridMaze.fromMaze(square.clone());
      dfs.generate(square, createRng('d', 'generate'), { start: 0, difficulty }, undefined);
      carveGrid(dfs, grid, 'd', 0, difficulty);
      expect(grid.cells).toEqual(square.cells);
    }
  });
});

describe('the registry states where each generator works', () => {
  it('lists square for every generator, and every grid exactly for those with a generic kernel', () => {
    for (const g of GENERATORS) {
      expect(g.grids).toContain('square');
      if (everyGrid.includes(g)) expect(g.wraps).toBe(true);
      else if (g.grids.length > 1) expect([g.grids, g.wraps]).toEqual([['square', 'polar'], false]);
      else expect(g.grids).toEqual(['square']);
    }
    expect(everyGrid.map((g) => g.name)).toEqual([
      'DFS',
      'Kruskal',
      'Prim',
      'TruePrim',
      'Wilson',
      'AldousBroder',
      'GrowingTree',
      'HuntAndKill',
    ]);
    expect(generic.filter((g) => !everyGrid.includes(g)).map((g) => g.name)).toEqual(['BinaryTree', 'Sidewinder']);
    expect(GENERATORS.find((g) => g.name === 'DFS')!.grids).toEqual(['square', 'hex', 'triangle', 'polar']);
  });
});

describe('generic kernels report their steps', () => {
  for (const g of generic) {
    it(`${g.name}: replaying the Carve steps on a closed maze gives the maze`, () => {
      for (const spec of [TOPOLOGY_SPECS[4], TOPOLOGY_SPECS[8], TOPOLOGY_SPECS[9], TOPOLOGY_SPECS[11]].filter((sp) => takes(g, sp))) {
        const t = createTopology(spec);
        const maze = new GridMaze(t);
        const replay = new GridMaze(t);
        let visits = 0;
        gridForm(g)(maze, createRng('steps', 'generate'), { start: 0, difficulty: 5 }, (kind, cell, dir) => {
          if (kind === Step.Carve) replay.carve(cell, 31 - Math.clz32(dir));
          if (kind === Step.Visit) visits++;
        });
        expect(replay.equals(maze)).toBe(true);
        if (g.name !== 'Kruskal') expect(visits).toBeGreaterThanOrEqual(t.size);
        // The reporter changes nothing: the same maze without it.
        const quiet = new GridMaze(t);
        gridForm(g)(quiet, createRng('steps', 'generate'), { start: 0, difficulty: 5 });
        expect(quiet.equals(maze)).toBe(true);
      }
    });
  }
});

describe('openGridSpanningTree', () => {
  it('finds the same tree in many small passes as in one', () => {
    for (const spec of [TOPOLOGY_SPECS[4], TOPOLOGY_SPECS[11], { grid: 'hex', width: 40, height: 30, wrap: 'xy' } as const]) {
      const one = new GridMaze(createTopology(spec));
      const many = new GridMaze(createTopology(spec));
      openGridSpanningTree(one, [123, -456]);
      openGridSpanningTree(many, [123, -456], { passWalls: 7 });
      expect(many.equals(one)).toBe(true);
      expect(gridMazeProblems(many)).toEqual([]);
    }
  });
});

describe('the ring forms of BinaryTree and Sidewinder on the polar grid', () => {
  it('BinaryTree: every ring cell opens inward or clockwise, the last of a ring inward', () => {
    const maze = new GridMaze(createTopology({ grid: 'polar', width: 6, height: 6 }));
    GENERATORS.find((g) => g.name === 'BinaryTree')!.generate(maze, createRng('bt', 'generate'), { start: 0, difficulty: 5 });
    const t = maze.topology as PolarTopology;
    for (let ring = 1; ring <= t.height; ring++) {
      const cw = 2 + t.outwardCount(ring);
      for (let i = 0; i < t.ringCount[ring]; i++) {
        const cell = t.ringStart[ring] + i;
        if (i + 1 === t.ringCount[ring]) expect(maze.isOpen(cell, 0)).toBe(true);
        else expect(maze.isOpen(cell, 0) !== maze.isOpen(cell, cw)).toBe(true);
      }
    }
    expect(gridMazeProblems(maze)).toEqual([]);
  });

  it('Sidewinder: each clockwise run of a ring opens inward exactly once', () => {
    const maze = new GridMaze(createTopology({ grid: 'polar', width: 7, height: 5 }));
    GENERATORS.find((g) => g.name === 'Sidewinder')!.generate(maze, createRng('sw', 'generate'), { start: 0, difficulty: 5 });
    const t = maze.topology as PolarTopology;
    for (let ring = 1; ring <= t.height; ring++) {
      const cw = 2 + t.outwardCount(ring);
      let inward = 0;
      for (let i = 0; i < t.ringCount[ring]; i++) {
        const cell = t.ringStart[ring] + i;
        if (maze.isOpen(cell, 0)) inward++;
        if (!maze.isOpen(cell, cw) || i + 1 === t.ringCount[ring]) {
          expect(inward, `ring ${ring} run ending at ${i}`).toBe(1);
          inward = 0;
        }
      }
    }
    expect(() =>
      GENERATORS.find((g) => g.name === 'Sidewinder')!.generate(maze, createRng('x'), { start: 0, difficulty: 5, variant: 'NE' }),
    ).toThrow(/one form/);
  });
});
