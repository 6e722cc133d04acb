import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printable } from './diagnostic.js';

describe('printable', () => {
  it('shows control characters as \\xHH and leaves every other character as it is', () => {
    expect(printable('\x1b[31mred\x1b[0m.txt')).toBe('\\x1b[31mred\\x1b[0m.txt');
    expect(printable('a\nb\rc\x07\x7f\x9b')).toBe('a\\x0ab\\x0dc\\x07\\x7f\\x9b');
    expect(printable('tab\tand é 漢 ✓')).toBe('tab\tand é 漢 ✓');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = printable(text);
        // eslint-disable-next-line no-control-regex -- what must never reach the terminal
        expect(shown).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
        // eslint-disable-next-line no-control-regex -- text without them comes out unchanged
        if (!/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/.test(text)) expect(shown).toBe(text);
      }),
    );
  });
});
