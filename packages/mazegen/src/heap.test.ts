import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexHeap } from './heap.js';

describe('IndexHeap', () => {
  it('pops items in key order, growing past its first capacity', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })), { maxLength: 300 }),
        (entries) => {
          const heap = new IndexHeap(1);
          for (const [item, key] of entries) heap.push(item, key);
          expect(heap.length).toBe(entries.length);
          const keys = new Map<number, number[]>();
          for (const [item, key] of entries) keys.set(key, [...(keys.get(key) ?? []), item]);
          const popped: number[] = [];
          while (heap.length > 0) {
            const key = heap.peekKey();
            const item = heap.pop();
            expect(keys.get(key)).toContain(item);
            popped.push(key);
          }
          // + 0 makes -0 and 0 one value: the heap (like <) does not tell them apart, toEqual does.
          expect(popped.map((key) => key + 0)).toEqual(entries.map(([, key]) => key + 0).sort((a, b) => a - b));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('interleaves pushes and pops', () => {
    const heap = new IndexHeap();
    heap.push(1, 5);
    heap.push(2, 3);
    expect(heap.pop()).toBe(2);
    heap.push(3, 4);
    heap.push(4, 9);
    expect([heap.pop(), heap.pop(), heap.pop()]).toEqual([3, 1, 4]);
    expect(heap.length).toBe(0);
  });
});
