import { describe, expect, it } from 'vitest';
import { blockComponents, mazeComponents, scrambled } from '../../test/support/grid-walls.js';
import { createTopology } from '../grid/create.js';
import { generateMaze } from '../generate.js';
import { GridMaze } from '../maze.js';
import type { GridKind, Wrap } from '../grid/topology.js';
import { RASTER_CODE, rasterGridBlocks, wallProbeBlocks } from './block-raster.js';
import { MAX_RASTER_BLOCKS, narrowestFeature, rasterFrame, rasterScale } from './shape-raster.js';

/** Checks that two cells share a component of the picture exactly when they share one of the maze. */
function expectSameComponents(maze: GridMaze): void {
  const raster = rasterGridBlocks(maze);
  const blocks = blockComponents(raster.codes, raster.rows, raster.cols, raster.wrapX, raster.wrapY);
  const cells = mazeComponents(maze);
  const pictureOf = new Map<number, number>();
  const mazeOf = new Map<number, number>();
  for (let cell = 0; cell < maze.size; cell++) {
    const block = raster.cellBlock(cell);
    if (maze.isBlocked(cell)) {
      expect(raster.codes[block], `masked cell ${cell}`).toBe(RASTER_CODE.WALL);
      continue;
    }
    const b = blocks[block];
    expect(b, `cell ${cell}'s centre block is a path block`).toBeGreaterThanOrEqual(0);
    const c = cells[cell];
    // One picture component per maze component and back: the two partitions are the same.
    expect(pictureOf.get(c) ?? b, `cell ${cell}`).toBe(b);
    expect(mazeOf.get(b) ?? c, `cell ${cell}`).toBe(c);
    pictureOf.set(c, b);
    mazeOf.set(b, c);
  }
  // No path block is left in a component that holds no cell (no specks).
  const used = new Set(pictureOf.values());
  for (let i = 0; i < blocks.length; i++) if (blocks[i] >= 0) expect(used.has(blocks[i]), `block ${i}`).toBe(true);
}

describe('rasterGridBlocks: a grid maze as blocks a reader can walk', () => {
  const grids: [GridKind, number, number, Wrap][] = [
    ['hex', 9, 7, 'none'],
    ['hex', 8, 6, 'x'],
    ['hex', 7, 5, 'y'],
    ['hex', 6, 6, 'xy'],
    ['triangle', 11, 7, 'none'],
    ['triangle', 2, 3, 'none'],
    ['polar', 3, 5, 'none'],
    ['polar', 6, 6, 'none'],
    ['polar', 15, 3, 'none'],
    ['polar', 4, 9, 'none'],
    ['polar', 5, 16, 'none'],
  ];

  for (const [grid, width, height, wrap] of grids) {
    it(`${grid} ${width}x${height} wrap ${wrap}: cells share a component of blocks exactly when the maze joins them`, () => {
      for (let seed = 1; seed <= 6; seed++)
        expectSameComponents(scrambled(grid, width, height, wrap, seed, seed % 3 === 0 && wrap === 'none'));
    });
  }

  it('closing a wall of the only path between the ends separates their blocks; opening it joins them again', () => {
    for (const grid of ['hex', 'triangle', 'polar'] as const) {
      const g = generateMaze({ grid, width: grid === 'polar' ? 6 : 8, height: 5, seed: 'cut' });
      const t = g.maze.topology;
      const around = new Int32Array(t.maxDegree);
      // A wall on the way: the first open slot of the entry (a perfect maze has one path between any two cells).
      const degree = t.neighbours(g.entry, around);
      let slot = -1;
      for (let s = 0; s < degree && slot < 0; s++) if (around[s] >= 0 && g.maze.isOpen(g.entry, s)) slot = s;
      const joined = (maze: GridMaze) => {
        const r = rasterGridBlocks(maze, { entry: g.entry, exit: g.exit });
        const labels = blockComponents(r.codes, r.rows, r.cols, r.wrapX, r.wrapY);
        expect(r.codes[r.cellBlock(g.entry)]).toBe(RASTER_CODE.START);
        expect(r.codes[r.cellBlock(g.exit)]).toBe(RASTER_CODE.END);
        return labels[r.cellBlock(g.entry)] === labels[r.cellBlock(g.exit)];
      };
      expect(joined(g.maze), grid).toBe(true);
      const cut = g.maze.clone();
      cut.build(g.entry, slot);
      // The other side of the cut wall holds the exit or not; either way the entry's side is smaller now.
      const cells = mazeComponents(cut);
      expect(joined(cut), grid).toBe(cells[g.entry] === cells[g.exit]);
      cut.carve(g.entry, slot);
      expect(joined(cut), grid).toBe(true);
    }
  });

  it('a wall is at least one block thick, a passage at least two blocks wide, on the scale the rule gives', () => {
    expect(rasterScale(createTopology({ grid: 'hex', width: 5, height: 5 }))).toBe(4);
    expect(rasterScale(createTopology({ grid: 'triangle', width: 5, height: 5 }))).toBe(7);
    expect(rasterScale(createTopology({ grid: 'polar', width: 6, height: 8 }))).toBe(6);
    expect(rasterScale(createTopology({ grid: 'polar', width: 15, height: 2 }))).toBe(10);
    const polar = createTopology({ grid: 'polar', width: 6, height: 8 });
    expect(narrowestFeature(polar) * rasterScale(polar)).toBeGreaterThanOrEqual(4);
    // Two hexes and the wall between them: open, the blocks along its middle third are path and so is every block on the
    // line between the two centres; closed, the middle third is all wall and the line crosses at least one wall block.
    const maze = new GridMaze(createTopology({ grid: 'hex', width: 2, height: 1 }));
    const t = maze.topology;
    const line = (r: ReturnType<typeof rasterGridBlocks>) => {
      const [a, b] = [t.centre(0), t.centre(1)];
      const blocks = new Set<number>();
      for (let k = 0; k <= 100; k++)
        blocks.add(
          Math.floor((a.y + ((b.y - a.y) * k) / 100) * r.scaleY) * r.cols + Math.floor((a.x + ((b.x - a.x) * k) / 100) * r.scaleX),
        );
      return [...blocks].map((i) => r.codes[i]);
    };
    maze.carve(0, 2);
    const open = rasterGridBlocks(maze);
    const probe = wallProbeBlocks(maze, open, 0, 2);
    expect(probe.length).toBeGreaterThanOrEqual(2);
    expect(probe.map((i) => open.codes[i]).every((c) => c === RASTER_CODE.PATH)).toBe(true);
    expect(line(open).every((c) => c === RASTER_CODE.PATH)).toBe(true);
    maze.build(0, 2);
    const shut = rasterGridBlocks(maze);
    expect(probe.map((i) => shut.codes[i]).every((c) => c === RASTER_CODE.WALL)).toBe(true);
    expect(line(shut).filter((c) => c === RASTER_CODE.WALL).length).toBeGreaterThanOrEqual(1);
  });

  it('marks the solution on path blocks only, and an outline leaves border around and wall in its cut cells', () => {
    const g = generateMaze({ grid: 'hex', width: 9, height: 8, shape: 'heart', seed: 2 });
    const cells = [g.entry, g.exit];
    const r = rasterGridBlocks(g.maze, { entry: g.entry, exit: g.exit, path: cells });
    const codes = new Set(r.codes);
    expect([...codes].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 8, 9].filter((c) => codes.has(c)));
    expect(codes.has(RASTER_CODE.WALL) && codes.has(RASTER_CODE.BORDER)).toBe(true);
    for (let cell = 0; cell < g.maze.size; cell++) if (g.maze.isBlocked(cell)) expect(r.codes[r.cellBlock(cell)]).toBe(RASTER_CODE.WALL);
  });

  it('refuses a raster past MAX_RASTER_BLOCKS before drawing it', () => {
    const t = createTopology({ grid: 'hex', width: 3000, height: 2000 });
    const frame = rasterFrame(t);
    expect(frame.rows * frame.cols).toBeGreaterThan(MAX_RASTER_BLOCKS);
    expect(() => rasterGridBlocks(new GridMaze(t))).toThrow(/blocks as a block picture.*write it as svg, png, json or graph/);
  });
});
