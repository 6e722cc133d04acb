/**
 * The CLI's lines on stderr. Every one is one line with the `a-maze-ing:` prefix, and what
 * it quotes (a file name, a value from a config) is shown, never obeyed: a control
 * character in it, an escape sequence that would recolour or clear the terminal say, is
 * written as a visible `\xHH`.
 */

/** `text` with its control characters (C0 but tab, DEL, C1) written as `\xHH`, so a terminal shows it as it is and it stays one line. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what this replaces
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Writes `a-maze-ing: TEXT` as one line on stderr. */
export function diagnostic(text: string): void {
  process.stderr.write(`a-maze-ing: ${printable(text)}\n`);
}
