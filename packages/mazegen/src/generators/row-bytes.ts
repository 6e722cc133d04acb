import { BLOCKED } from '../maze.js';

/** Byte runs of a maze's cells read and masked four cells per operation, for the row generators. */

/**
 * Which rows hold a blocked cell (the 42 pattern's): 1 for such a row, else 0. The
 * row generators test this once per row instead of every byte of it and the row
 * above, since that scan cost as much as carving the row. One loop over the maze,
 * four cells a read: it runs hot in a process's first (small) maze, so V8 has compiled
 * it before the big ones (a loop per row turned only a few hundred times a maze, and was
 * compiled a few runs later, inside them).
 */
export function blockedRows(cells: Uint8Array, width: number, height: number, spans?: BlockedSpans): Uint8Array {
  const rows = new Uint8Array(height);
  const { head, words } = wordView(cells);
  const end = Math.min(cells.length, width * height);
  if (spans) {
    spans.first.fill(width);
    spans.last.fill(-1);
  }
  const mark = (i: number): void => {
    const y = Math.floor(i / width);
    rows[y] = 1;
    if (spans) {
      spans.first[y] = Math.min(spans.first[y], i - y * width);
      spans.last[y] = i - y * width;
    }
  };
  for (let i = 0; i < head && i < end; i++) if (cells[i] & BLOCKED) mark(i);
  const quad = Math.imul(BLOCKED, 0x01010101);
  // The words with a blocked byte, found by a loop of their own: a hot loop whose rare path had
  // not run when V8 compiled it would leave its compiled code there, every run.
  const n = words.length;
  for (let q = nextWordWith(words, 0, n, quad); q < n; q = nextWordWith(words, q + 1, n, quad)) {
    for (let i = head + q * 4, last = i + 4; i < last; i++) if (cells[i] & BLOCKED) mark(i);
  }
  for (let i = head + words.length * 4; i < end; i++) if (cells[i] & BLOCKED) mark(i);
  return rows;
}

/** Per row, the first and the last column of a blocked cell (width and -1 for a free row), filled by `blockedRows`. */
export interface BlockedSpans {
  readonly first: Int32Array;
  readonly last: Int32Array;
}

/**
 * The first index from `q` on, below `n` (words.length: given, as a read of it on entry had
 * no type feedback when V8 compiled the loop mid-call, and deoptimised), of a word of
 * `words` with a bit of `bits`, or n.
 */
function nextWordWith(words: Uint32Array, q: number, n: number, bits: number): number {
  while (q < n && (words[q] & bits) === 0) q++;
  return q;
}

/** The bytes of `cells` from `head` on as 32-bit words, `head` (0 to 3) making them aligned. */
export interface WordView {
  head: number;
  words: Uint32Array;
}

export function wordView(cells: Uint8Array): WordView {
  const head = (4 - (cells.byteOffset & 3)) & 3;
  // Fewer bytes than it takes to reach a word boundary: no words (and no misaligned view).
  if (head >= cells.length) return { head: cells.length, words: new Uint32Array(0) };
  return { head, words: new Uint32Array(cells.buffer, cells.byteOffset + head, (cells.length - head) >>> 2) };
}

/** The OR of cells[from..to), four bytes at a time where the word view covers them. */
export function orBytes(cells: Uint8Array, view: WordView, from: number, to: number): number {
  const { head, words } = view;
  let flags = 0;
  let i = from;
  for (; i < to && ((i - head) & 3) !== 0; i++) flags |= cells[i];
  // Here i >= head (i is head mod 4) unless i === to.
  let word = 0;
  if (i < to) {
    const first = (i - head) >>> 2;
    const last = first + ((to - i) >>> 2);
    for (let q = first; q < last; q++) word |= words[q];
    i += (last - first) * 4;
  }
  for (; i < to; i++) flags |= cells[i];
  return (flags | word | (word >>> 8) | (word >>> 16) | (word >>> 24)) & 0xff;
}

/** cells[from..to) &= mask (a byte), four bytes at a time where the word view covers them. */
export function andBytes(cells: Uint8Array, view: WordView, from: number, to: number, mask: number): void {
  const { head, words } = view;
  let i = from;
  for (; i < to && ((i - head) & 3) !== 0; i++) cells[i] &= mask;
  if (i < to) {
    const quad = Math.imul(mask, 0x01010101);
    const first = (i - head) >>> 2;
    const last = first + ((to - i) >>> 2);
    for (let q = first; q < last; q++) words[q] &= quad;
    i += (last - first) * 4;
  }
  for (; i < to; i++) cells[i] &= mask;
}
