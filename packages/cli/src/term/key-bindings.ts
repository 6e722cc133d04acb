/** The interactive display's keys and what they do, for its help line and `--help`. */
export const KEY_BINDINGS: readonly [string, string][] = [
  ['1', 'new maze with a new random seed (rewrites OUTPUT_FILE atomically; the footer says so, with the seed)'],
  ['2', 'show or hide the shortest path'],
  ['3', 'next wall colour (colours that would hide something are skipped)'],
  ['5', "next colour of the '42' cells (likewise)"],
  ['4, q, Esc, Ctrl-C', 'quit (the terminal is restored)'],
];
