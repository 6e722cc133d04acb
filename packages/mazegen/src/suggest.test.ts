import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTopology } from './grid/create.js';
import { resolveOutline } from './grid/mask.js';
import { resolveTheme } from './render/theme.js';
import { didYouMean } from './suggest.js';

describe('didYouMean', () => {
  it('names the nearest name for a typo, and nothing for an exact name, a far one or a long one', () => {
    expect(didYouMean('hexagon', ['square', 'hex', 'hexagonal', 'triangle'])).toBe('; did you mean hexagonal?');
    expect(didYouMean('hart', ['circle', 'heart', 'diamond'])).toBe('; did you mean heart?');
    expect(didYouMean('darkk', ['default', 'light', 'dark'])).toBe('; did you mean dark?');
    expect(didYouMean('dark', ['default', 'light', 'dark'])).toBe('');
    expect(didYouMean('zebra', ['default', 'light', 'dark'])).toBe('');
    expect(didYouMean('x'.repeat(65), ['x'])).toBe('');
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ minLength: 1 }), { maxLength: 6 }), (given, names) => {
        const hint = didYouMean(given, names);
        if (hint) expect(names.map((n) => `; did you mean ${n}?`)).toContain(hint);
      }),
    );
  });

  it("ends the refusals of GRID, SHAPE and THEME with the hint the issue's examples ask for", () => {
    expect(() => createTopology({ grid: 'hexagon', width: 4, height: 4 })).toThrow(/got 'hexagon'; did you mean hexagonal\?$/);
    expect(() => resolveOutline('hart')).toThrow(/got 'hart'; did you mean heart\?$/);
    expect(() => resolveTheme('darkk')).toThrow(/got 'darkk'; did you mean dark\?$/);
  });
});
