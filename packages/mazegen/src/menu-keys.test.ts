import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { menuDigitOfCode, menuKey } from './menu-keys.js';

describe('the menu keys on any keyboard', () => {
  it("reads the AZERTY digit row's unshifted & é \" ' ( as 1-5 and leaves every other character as it is", () => {
    expect(['&', 'é', '"', "'", '('].map(menuKey)).toEqual(['1', '2', '3', '4', '5']);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 1 }), (ch) => {
        if (!['&', 'é', '"', "'", '('].includes(ch)) expect(menuKey(ch)).toBe(ch);
      }),
    );
  });

  it('gives the digit of the keys Digit1 to Digit5 by their place, and nothing for any other key', () => {
    expect(['Digit1', 'Digit2', 'Digit3', 'Digit4', 'Digit5'].map(menuDigitOfCode)).toEqual(['1', '2', '3', '4', '5']);
    for (const code of ['Digit0', 'Digit6', 'Numpad1', 'KeyA', 'Digit12', '']) expect(menuDigitOfCode(code)).toBeUndefined();
  });
});
