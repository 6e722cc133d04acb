import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_KINDS, GridMaze, WRAPS, createTopology, parseTextMask, OUTLINES, type GridKind, type Wrap } from 'mazegen';
import { GRID_WRAPS, applyOutline, cellAtPoint, gridCellAtPoint, maskToText } from 'mazegen/internal';
import { TOPOLOGY_SPECS } from '../support/grid.js';

const specArb = fc.oneof(
  fc
    .record({
      grid: fc.constant<GridKind>('square'),
      width: fc.integer({ min: 1, max: 12 }),
      height: fc.integer({ min: 1, max: 10 }),
      wrap: fc.constantFrom<Wrap>('none', 'x', 'y', 'xy'),
    })
    .filter((s) => (s.wrap === 'none' || s.wrap === 'y' || s.width >= 3) && (s.wrap === 'none' || s.wrap === 'x' || s.height >= 3)),
  fc.record({
    grid: fc.constant<GridKind>('hex'),
    width: fc.integer({ min: 1, max: 12 }),
    height: fc.integer({ min: 1, max: 9 }),
    wrap: fc.constant<Wrap>('none'),
  }),
  fc.record({
    grid: fc.constant<GridKind>('hex'),
    width: fc.integer({ min: 2, max: 6 }).map((n) => 2 * n),
    height: fc.integer({ min: 3, max: 9 }),
    wrap: fc.constantFrom<Wrap>('x', 'y', 'xy'),
  }),
  fc.record({
    grid: fc.constant<GridKind>('triangle'),
    width: fc.integer({ min: 2, max: 14 }),
    height: fc.integer({ min: 1, max: 9 }),
    wrap: fc.constant<Wrap>('none'),
  }),
  fc.record({
    grid: fc.constant<GridKind>('polar'),
    width: fc.integer({ min: 3, max: 12 }),
    height: fc.integer({ min: 1, max: 9 }),
    wrap: fc.constant<Wrap>('none'),
  }),
);

describe('cellAtPoint: the cell under a point of the picture', () => {
  it('maps the centre of every cell, and points between the centre and each corner, back to that cell (every grid and wrap)', () => {
    fc.assert(
      fc.property(specArb, fc.double({ min: 0.05, max: 0.9, noNaN: true }), (spec, share) => {
        const t = createTopology(spec);
        for (let cell = 0; cell < t.size; cell++) {
          const c = t.centre(cell);
          expect(cellAtPoint(t, c)).toBe(cell);
          // Polar sectors are not convex along their arcs: stay within half way there.
          const k = t.kind === 'polar' ? Math.min(share, 0.5) : share;
          for (const corner of t.corners(cell)) {
            const p = { x: c.x + (corner.x - c.x) * k, y: c.y + (corner.y - c.y) * k };
            expect(cellAtPoint(t, p), `${t.kind} ${t.width}x${t.height} cell ${cell} towards ${corner.x},${corner.y}`).toBe(cell);
          }
        }
      }),
      { numRuns: 120 },
    );
  });

  it('names no cell outside the drawing, and none for NaN', () => {
    for (const spec of TOPOLOGY_SPECS) {
      const t = createTopology(spec);
      for (const p of [
        { x: -0.5, y: -0.5 },
        { x: t.extent.width + 0.5, y: t.extent.height / 2 },
        { x: t.extent.width / 2, y: t.extent.height + 0.5 },
        { x: Number.NaN, y: 1 },
      ]) {
        expect(cellAtPoint(t, p), `${t.kind} at ${p.x},${p.y}`).toBe(-1);
      }
    }
  });

  it('gridCellAtPoint names no masked cell: every outline on every grid, centre by centre', () => {
    for (const grid of GRID_KINDS) {
      for (const shape of OUTLINES) {
        const maze = new GridMaze(createTopology({ grid, width: grid === 'polar' ? 6 : 12, height: grid === 'polar' ? 5 : 10 }));
        applyOutline(maze, shape);
        let masked = 0;
        for (let cell = 0; cell < maze.size; cell++) {
          const found = gridCellAtPoint(maze, maze.topology.centre(cell));
          if (maze.isBlocked(cell)) masked++;
          expect(found, `${grid} ${shape} cell ${cell}`).toBe(maze.isBlocked(cell) ? -1 : cell);
        }
        if (grid !== 'polar' || shape !== 'circle') expect(masked, `${grid} ${shape} masks some cells`).toBeGreaterThan(0);
      }
    }
  });
});

describe('GRID_WRAPS: the wraps a grid takes', () => {
  it('lists exactly the wraps each grid builds (a menu offers them, a topology refuses the others)', () => {
    for (const grid of GRID_KINDS) {
      for (const wrap of WRAPS) {
        let built = true;
        try {
          createTopology({ grid, width: 6, height: 6, wrap });
        } catch {
          built = false;
        }
        expect(GRID_WRAPS[grid].includes(wrap), `${grid} wrap ${wrap}`).toBe(built);
      }
    }
  });
});

describe('maskToText', () => {
  it('writes what parseTextMask reads back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.infiniteStream(fc.boolean()),
        (width, height, bits) => {
          const cells = Uint8Array.from({ length: width * height }, () => (bits.next().value ? 1 : 0));
          const back = parseTextMask(maskToText({ width, height, cells }));
          expect([back.width, back.height]).toEqual([width, height]);
          expect(Array.from(back.cells)).toEqual(Array.from(cells));
        },
      ),
    );
  });
});
