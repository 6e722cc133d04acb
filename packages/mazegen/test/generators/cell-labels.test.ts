import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CellLabels } from '../../src/generators/cell-labels.js';

describe('CellLabels', () => {
  it('answers as a Map does, through growth and overwrites', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.nat(1000)), { maxLength: 3000 }),
        fc.nat(64),
        (writes, capacity) => {
          const labels = new CellLabels(capacity);
          const model = new Map<number, number>();
          for (const [cell, label] of writes) {
            labels.set(cell, label);
            model.set(cell, label);
          }
          expect(labels.count).toBe(model.size);
          for (const [cell, label] of model) expect(labels.get(cell)).toBe(label);
          for (const [cell] of writes) expect(labels.get(cell + 1)).toBe(model.get(cell + 1) ?? -1);
          expect([...labels.cells()].sort((p, q) => p - q)).toEqual([...model.keys()].sort((p, q) => p - q));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('holds neighbouring cells of a large grid apart (a block of 10^5, from the default capacity)', () => {
    const labels = new CellLabels();
    for (let cell = 5_000_000; cell < 5_100_000; cell++) labels.set(cell, cell % 7);
    expect(labels.count).toBe(100_000);
    for (let cell = 4_999_990; cell < 5_100_010; cell++)
      expect(labels.get(cell)).toBe(cell < 5_000_000 || cell >= 5_100_000 ? -1 : cell % 7);
  });
});
