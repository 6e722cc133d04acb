/**
 * The console menu's keys 1-5 on any keyboard. The C seed's window also took what a French
 * AZERTY keyboard's digit row types without Shift (& é " ' ( for 1-5), so its users need not
 * hold Shift; every face does the same.
 */
const AZERTY_DIGITS: ReadonlyMap<string, string> = new Map([
  ['&', '1'],
  ['é', '2'],
  ['"', '3'],
  ["'", '4'],
  ['(', '5'],
]);

/** The menu key a typed character stands for: 1-5 for its AZERTY twin, else the character itself. */
export function menuKey(typed: string): string {
  return AZERTY_DIGITS.get(typed) ?? typed;
}

/** The digit 1-5 of a key's place on the keyboard (a DOM `KeyboardEvent.code`, `Digit1` to `Digit5`), whatever the layout types there. */
export function menuDigitOfCode(code: string): string | undefined {
  return /^Digit[1-5]$/.test(code) ? code.slice(5) : undefined;
}
