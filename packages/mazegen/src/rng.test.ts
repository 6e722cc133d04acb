import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng, drawBelow, hashSeed, Sfc32 } from './rng.js';

describe('rng', () => {
  it('pins the first values of seed 12345 (the stream is public output)', () => {
    const rng = createRng(12345);
    const first = [rng.nextUint32(), rng.nextUint32(), rng.nextUint32()];
    expect(first).toEqual(FIRST_12345);
  });

  it('gives the same stream for the number and the text of a seed', () => {
    const a = createRng(42);
    const b = createRng('42');
    for (let i = 0; i < 100; i++) expect(a.nextUint32()).toBe(b.nextUint32());
  });

  it('gives independent streams for different stream names', () => {
    expect(createRng('x', 'generate').nextUint32()).not.toBe(createRng('x', 'braid').nextUint32());
  });

  it('hashes different texts to different states', () => {
    expect(hashSeed('')).not.toEqual(hashSeed('\u0000'));
    expect(hashSeed('a')).not.toEqual(hashSeed('b'));
  });

  it('keeps int(n) inside [0, n) and reaches every value', () => {
    const rng = createRng('range');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(7);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(7);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
  });

  it('restores a stream from its state', () => {
    const rng = createRng('state') as Sfc32;
    rng.nextUint32();
    const copy = Sfc32.fromState(rng.getState());
    for (let i = 0; i < 10; i++) expect(copy.nextUint32()).toBe(rng.nextUint32());
  });

  it('drawBelow(t, n) is what Sfc32.int(n) makes of the draw t, in integers up to n = 2^16 and beyond', () => {
    const sizes = fc.oneof(
      fc.integer({ min: 1, max: 0x10000 }),
      fc.integer({ min: 0x10001, max: 2 ** 31 }),
      fc.constantFrom(1, 2, 3, 0xffff, 0x10000, 0x10001),
    );
    const draws = fc.oneof(fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(0, 1, 0xffff, 0x10000, 0xffffffff, 0x80000000));
    fc.assert(
      fc.property(draws, sizes, (t, n) => {
        const expected = Math.floor((t / 4294967296) * n);
        // As an unsigned draw and as the same bits in an int32 (the kernels keep t signed).
        expect(drawBelow(t, n)).toBe(expected);
        expect(drawBelow(t | 0, n)).toBe(expected);
      }),
      { numRuns: 20000 },
    );
    // And against the generator itself.
    const a = createRng('below') as Sfc32;
    const b = createRng('below') as Sfc32;
    for (let n = 1; n < 70000; n += 97) expect(drawBelow(a.nextUint32(), n)).toBe(b.int(n));
  });
});

const FIRST_12345 = [3723049845, 250936447, 1378774462];
