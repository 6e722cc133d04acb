import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCKED } from '../maze.js';
import { blockedRows, orBytes, wordView } from './row-bytes.js';

describe('blockedRows and orBytes', () => {
  it('agree with a byte-by-byte scan at any alignment, width and placement of blocked cells', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 23 }),
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (offset, width, height, picks) => {
          // A view that starts `offset` bytes into its buffer, as a maze's cells may.
          const cells = new Uint8Array(new ArrayBuffer(offset + width * height + 3), offset, width * height).fill(0x0f);
          for (const pick of picks) cells[pick % cells.length] |= BLOCKED;
          const rows = blockedRows(cells, width, height);
          const view = wordView(cells);
          for (let y = 0; y < height; y++) {
            const row = cells.subarray(y * width, (y + 1) * width);
            expect(rows[y]).toBe(row.some((cell) => (cell & BLOCKED) !== 0) ? 1 : 0);
            for (let from = y * width; from <= (y + 1) * width; from += 3) {
              const expected = cells.subarray(from, (y + 1) * width).reduce((flags, cell) => flags | cell, 0);
              expect(orBytes(cells, view, from, (y + 1) * width)).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
