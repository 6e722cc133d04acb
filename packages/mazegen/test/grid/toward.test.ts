import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTopology } from 'mazegen';
import { slotTowardPoint } from 'mazegen/internal';

const grids = fc.record({
  grid: fc.constantFrom('square', 'hex', 'triangle', 'polar'),
  width: fc.integer({ min: 3, max: 9 }),
  height: fc.integer({ min: 2, max: 7 }),
});

describe('slotTowardPoint (what an arrow or a swipe points at, on any grid)', () => {
  it("pointing straight at a neighbour's centre names that neighbour's slot", () => {
    fc.assert(
      fc.property(grids, ({ grid, width, height }) => {
        const t = createTopology({ grid, width, height, wrap: 'none' });
        for (let cell = 0; cell < t.size; cell++) {
          const from = t.centre(cell);
          for (let slot = 0; slot < t.degree(cell); slot++) {
            const next = t.neighbour(cell, slot);
            if (next < 0) continue;
            const to = t.centre(next);
            const found = slotTowardPoint(t, cell, to.x - from.x, to.y - from.y, 0.3);
            expect(t.neighbour(cell, found), `${grid} cell ${cell} slot ${slot}`).toBe(next);
          }
        }
      }),
    );
  });

  it('names -1 for no direction, for a direction no neighbour lies along, and skips what `usable` refuses', () => {
    const t = createTopology({ grid: 'square', width: 3, height: 3, wrap: 'none' });
    expect(slotTowardPoint(t, 4, 0, 0, 0.3)).toBe(-1);
    expect(slotTowardPoint(t, 0, -1, 0, 0.3)).toBe(-1); // the top-left corner has nothing to its left
    expect(slotTowardPoint(t, 4, 1, 0, 0.3)).toBe(1); // east
    expect(slotTowardPoint(t, 4, 1, 0, 0.3, (next) => next !== 5)).toBe(-1);
  });

  it('never points across a wrapped edge', () => {
    const t = createTopology({ grid: 'square', width: 4, height: 3, wrap: 'x' });
    // Cell 0's west neighbour is the row's last cell, drawn at the far side.
    expect(t.neighbour(0, 3)).toBe(3);
    expect(slotTowardPoint(t, 0, -1, 0, 0.3)).toBe(-1);
  });
});
