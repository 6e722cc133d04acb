import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GridMaze } from 'mazegen';
import { rasterGridBlocks, RASTER_CODE, roleRaster, ROLE_ENTRY, ROLE_MARGIN, roleRasterSize } from 'mazegen/render';
import { cellOutline, fillPolygon, rasterFrame, RasterSpace, shapeFrame, type RasterFrame } from '../../src/render/shape-raster.js';
import { anyGridMazeArb } from './arbitraries.js';

/**
 * The one shape rasteriser (render/shape-raster.ts) under both its rules: the block matrix's
 * frame (every grid but the square, which has its lattice) and the terminal's role picture at
 * any scale. Cells tile the plane, so laid on either frame no block is taken by two cells.
 */

/** How many cells' outlines (each period copy counted) take each block of the frame. */
function coverage(maze: GridMaze, frame: RasterFrame, snapped: boolean): Uint8Array {
  const space = new RasterSpace(frame, snapped);
  const count = new Uint8Array(frame.rows * frame.cols);
  const one = new Uint8Array(count.length);
  for (let cell = 0; cell < maze.size; cell++) {
    one.fill(0);
    space.shifted(cellOutline(maze, cell, frame), (flat) => fillPolygon(one, frame, flat, 1));
    for (let i = 0; i < one.length; i++) count[i] += one[i];
  }
  return count;
}

const scaleArb = fc.record({ x: fc.integer({ min: 1, max: 6 }), y: fc.integer({ min: 1, max: 4 }) });

describe('the one shape rasteriser, every grid kind, mask and wrap', () => {
  it("the block frame: no block under two cells, every free cell's centre block its own and path in the block matrix", () => {
    fc.assert(
      fc.property(anyGridMazeArb, (g) => {
        const t = g.maze.topology;
        if (t.kind === 'square') return; // the square grid's blocks are its lattice, not this raster
        const frame = rasterFrame(t);
        const count = coverage(g.maze, frame, true);
        expect(count.every((n) => n <= 1)).toBe(true);
        const raster = rasterGridBlocks(g.maze, {});
        const space = new RasterSpace(frame);
        for (let cell = 0; cell < t.size; cell++) {
          const block = space.blockAt(t.centre(cell));
          expect(block).toBe(raster.cellBlock(cell));
          expect(count[block], `cell ${cell}`).toBe(1);
          expect(raster.codes[block]).toBe(g.maze.isBlocked(cell) ? RASTER_CODE.WALL : RASTER_CODE.PATH);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("the role picture's frame at any scale: its size, no pixel under two cells, the entry's mark at its centre pixel", () => {
    fc.assert(
      fc.property(anyGridMazeArb, scaleArb, (g, scale) => {
        const t = g.maze.topology;
        const frame = shapeFrame(t, scale, ROLE_MARGIN);
        expect(roleRasterSize(g.maze, { scale })).toEqual({ width: frame.cols, height: frame.rows });
        expect(coverage(g.maze, frame, false).every((n) => n <= 1)).toBe(true);
        const picture = roleRaster({ maze: g.maze, entry: g.entry }, { scale });
        expect(picture.entryPixel).toBe(new RasterSpace(frame, false).blockAt(t.centre(g.entry)));
        expect(picture.roles[picture.entryPixel]).toBe(ROLE_ENTRY);
      }),
      { numRuns: 80 },
    );
  });
});
