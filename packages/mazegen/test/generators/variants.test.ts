import { describe, expect, it } from 'vitest';
import { EAST, GENERATORS, Maze, NORTH, OptionError, SOUTH, WEST, createRng, generateMaze, resolveGenerator } from 'mazegen';
import { placePattern } from 'mazegen';
import { findDeadEnds, patternCells } from 'mazegen/internal';

/** Names, aliases and variants of the generators, and the texture each variant promises. */

const ALIASES: [string, string][] = [
  ['prims', 'Prim'],
  ['simplified-prim', 'Prim'],
  ['true prim', 'TruePrim'],
  ['weighted_prim', 'TruePrim'],
  ['wilsons', 'Wilson'],
  ['aldous-broder', 'AldousBroder'],
  ['AB', 'AldousBroder'],
  ['ellers', 'Eller'],
  ['growing-tree', 'GrowingTree'],
  ['hunt-and-kill', 'HuntAndKill'],
  ['binary', 'BinaryTree'],
  ['binary_tree', 'BinaryTree'],
  ['side winder', 'Sidewinder'],
  ['recursive-division', 'RecursiveDivision'],
  ['division', 'RecursiveDivision'],
  ['backtracker', 'DFS'],
  ['KRUSKAL', 'Kruskal'],
];

const CANONICAL = [
  'DFS',
  'Kruskal',
  'Prim',
  'TruePrim',
  'Wilson',
  'AldousBroder',
  'Eller',
  'GrowingTree',
  'HuntAndKill',
  'BinaryTree',
  'Sidewinder',
  'RecursiveDivision',
];

function deadEndShare(maze: Maze): number {
  return findDeadEnds(maze).length / maze.countOpenCells();
}

function rowOpenEastWest(maze: Maze, y: number): boolean {
  for (let x = 0; x + 1 < maze.width; x++) if (maze.cells[y * maze.width + x] & EAST) return false;
  return true;
}

function columnOpenNorthSouth(maze: Maze, x: number): boolean {
  for (let y = 0; y + 1 < maze.height; y++) if (maze.cells[y * maze.width + x] & SOUTH) return false;
  return true;
}

describe('generator names', () => {
  it('lists exactly the canonical names of SPEC 6, in order', () => {
    expect(GENERATORS.map((g) => g.name)).toEqual(CANONICAL);
  });

  it.each(ALIASES)('resolves %s to %s', (alias, name) => {
    expect(resolveGenerator(alias).name).toBe(name);
  });

  it('has no alias shared by two generators', () => {
    const seen = new Map<string, string>();
    for (const g of GENERATORS) {
      for (const name of [g.name, ...g.aliases]) {
        const key = name.toLowerCase().replace(/[\s_-]+/g, '');
        expect(seen.get(key) ?? g.name, `${name} of ${g.name}`).toBe(g.name);
        seen.set(key, g.name);
      }
    }
  });

  it('gives every generator a description and a reference link', () => {
    for (const g of GENERATORS) {
      expect(g.description.length).toBeGreaterThan(10);
      expect(g.reference).toMatch(/^https:\/\//);
    }
  });
});

describe('variants', () => {
  it.each([
    ['GrowingTree', 'sideways', /newest, random, oldest, mix/],
    ['GrowingTree', 'newest:1.5', /newest:P/],
    ['BinaryTree', 'N', /NE, NW, SE, SW/],
    ['BinaryTree', 'up', /NE, NW, SE, SW/],
  ])('%s rejects variant %s with the valid ones listed', (generator, variant, listed) => {
    const run = (): unknown => generateMaze({ width: 10, height: 10, seed: 1, generator, variant });
    expect(run).toThrow(OptionError);
    expect(run).toThrow(listed);
  });

  it('accepts variants in any case and with spaces', () => {
    expect(() => generateMaze({ width: 10, height: 10, seed: 1, generator: 'BinaryTree', variant: ' sw ' })).not.toThrow();
    expect(() => generateMaze({ width: 10, height: 10, seed: 1, generator: 'GrowingTree', variant: 'Newest : 0.75' })).not.toThrow();
  });

  it('Binary Tree leans to its corner: the two sides at that corner are straight corridors', () => {
    const sides: Record<string, [number, number, number, number]> = {
      NE: [NORTH, EAST, 0, 29],
      NW: [NORTH, WEST, 0, 0],
      SE: [SOUTH, EAST, 19, 29],
      SW: [SOUTH, WEST, 19, 0],
    };
    for (const [variant, [, , row, column]] of Object.entries(sides)) {
      const { maze } = generateMaze({ width: 30, height: 20, seed: variant, generator: 'BinaryTree', variant });
      expect(rowOpenEastWest(maze, row), variant).toBe(true);
      expect(columnOpenNorthSouth(maze, column), variant).toBe(true);
    }
    const byDefault = generateMaze({ width: 30, height: 20, seed: 3, generator: 'BinaryTree' }).maze;
    const ne = generateMaze({ width: 30, height: 20, seed: 3, generator: 'BinaryTree', variant: 'NE' }).maze;
    expect(byDefault.equals(ne)).toBe(true);
  });

  it('Sidewinder keeps the top row one straight corridor', () => {
    for (const seed of [1, 2, 3])
      expect(rowOpenEastWest(generateMaze({ width: 31, height: 17, seed, generator: 'Sidewinder' }).maze, 0)).toBe(true);
  });

  it('Growing Tree variants order by dead ends: oldest < newest < mix < random', () => {
    const share = (variant: string): number =>
      deadEndShare(generateMaze({ width: 80, height: 80, seed: 'gt', generator: 'GrowingTree', variant }).maze);
    const [oldest, newest, mix, random] = ['oldest', 'newest', 'mix', 'random'].map(share);
    expect(oldest).toBeLessThan(newest);
    expect(newest).toBeLessThan(mix);
    expect(mix).toBeLessThan(random);
    expect(share('newest:0.5')).toBe(mix);
    expect(share('newest:0')).toBe(random);
  });

  it('ignores a variant where the generator has none (like DFS)', () => {
    const a = generateMaze({ width: 12, height: 12, seed: 5, generator: 'Wilson' }).maze;
    const b = generateMaze({ width: 12, height: 12, seed: 5, generator: 'Wilson', variant: 'NE' }).maze;
    expect(a.equals(b)).toBe(true);
  });
});

describe('start cell', () => {
  const growsFromStart = ['DFS', 'Prim', 'TruePrim', 'Wilson', 'AldousBroder', 'GrowingTree', 'HuntAndKill'];
  it.each(growsFromStart)('%s refuses to start on a 42-pattern cell or outside the maze', (name) => {
    const generator = resolveGenerator(name);
    const maze = new Maze(15, 11);
    placePattern(maze);
    const blocked = patternCells(15, 11)[0];
    expect(() => generator.generate(maze, createRng(1), { start: blocked, difficulty: 5 })).toThrow(/on the 42 pattern/);
    expect(() => generator.generate(new Maze(4, 4), createRng(1), { start: 16, difficulty: 5 })).toThrow(OptionError);
  });
});
