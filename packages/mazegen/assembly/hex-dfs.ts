// AssemblyScript: the hex grid's depth-first search for its common case (no wrap, every
// free cell closed, no step reporter, the library's sfc32), src/generators/dfs-hex.ts
// hexSlice, compiled to WebAssembly: the same moves and the same draws. The walk is
// bound by the latency of each step's loads, so a step is as few dependent loads as it
// can be: the cells are words in a ring of zero words (grid-dfs-words.ts: a neighbour
// past the border reads as visited, no bounds test), the rows an even number of words
// long, so that a cell's index tells its column's parity, and one table read by the move
// gives the step. Built by scripts/build-wasm.mjs.

import { beginWords, saveSearch, searchA, searchB, searchC, searchD, searchCell, searchStart, setWord, stride, word } from './grid-dfs-words';
export { cellsAt, pad, state, unpad } from './grid-dfs-words';

/** Every wall of a hex cell closed: the word of a free cell not entered yet. */
const CLOSED_CELL: i32 = 63;

/**
 * Tables by a move, odd << 9 | open << 3 | k (odd: the cell's column is odd; open: the
 * closed neighbours' slots; k: the one drawn): the step to the
 * neighbour, the mask that opens the wall left, and the word entered (the wall it came
 * through open, and the slot back). Entries with open 0: the step back along slot k.
 */
const STEP: usize = memory.data(1024 * 4, 16);
const LEAVE: usize = memory.data(1024 * 2, 16);
const ENTER: usize = memory.data(1024 * 2, 16);

/** The padded step along a slot (N, NE, SE, S, SW, NW) from an odd column or an even one. */
function stepAlong(slot: i32, oddColumn: bool): i32 {
  const s = stride;
  if (slot == 0) return -s;
  if (slot == 3) return s;
  if (oddColumn) return slot == 1 ? 1 : slot == 2 ? s + 1 : slot == 4 ? s - 1 : -1;
  return slot == 1 ? 1 - s : slot == 2 ? 1 : slot == 4 ? -1 : -1 - s;
}

/** Room for a maze of `size` cells, `w` wide; the search starts at `start` with sfc32 state a, b, c, d. Returns 0, or -1 without the memory. */
export function begin(w: i32, size: i32, start: i32, a: i32, b: i32, c: i32, d: i32): i32 {
  if (beginWords(w, size, (w + 3) & ~1, start, a, b, c, d) < 0) return -1;
  for (let odd = 0; odd < 2; odd++) {
    const oddColumn = odd == 1;
    for (let slot = 0; slot < 6; slot++) store<i32>(STEP + (<usize>((odd << 9) | slot) << 2), stepAlong(slot, oddColumn));
    for (let open = 1; open < 64; open++) {
      let k = 0;
      for (let slot = 0; slot < 6; slot++) {
        if ((open & (1 << slot)) == 0) continue;
        const move = <usize>((odd << 9) | (open << 3) | k++);
        const backSlot = slot < 3 ? slot + 3 : slot - 3;
        const leave: i32 = 0xffff & ~(1 << slot);
        const enter: i32 = (CLOSED_CELL & ~(1 << backSlot)) | (backSlot << 8);
        store<i32>(STEP + (move << 2), stepAlong(slot, oddColumn));
        store<u16>(LEAVE + (move << 1), <u16>leave);
        store<u16>(ENTER + (move << 1), <u16>enter);
      }
    }
  }
  return 0;
}

/** Up to `turns` turns of the search; 0 once it is back at the start with nothing left, else 1. */
export function carve(turns: i32): i32 {
  const s = stride;
  const start = searchStart;
  let a = searchA;
  let b = searchB;
  let c = searchC;
  let d = searchD;
  let cell = searchCell;
  let entered = 0;
  let running = 1;
  for (; turns > 0; turns--) {
    const own = word(cell);
    // 1 in an odd column: its padded index (the column + 1 in rows of even length) is even.
    const odd = ~cell & 1;
    // The row of the NE and NW neighbours, and of SE and SW: an odd column's sit half a row lower.
    const upper = select<i32>(cell, cell - s, odd);
    const lower = select<i32>(cell + s, cell, odd);
    const open =
      (((word(cell - s) ^ CLOSED_CELL) - 1) >>> 31) |
      ((((word(upper + 1) ^ CLOSED_CELL) - 1) >>> 31) << 1) |
      ((((word(lower + 1) ^ CLOSED_CELL) - 1) >>> 31) << 2) |
      ((((word(cell + s) ^ CLOSED_CELL) - 1) >>> 31) << 3) |
      ((((word(lower - 1) ^ CLOSED_CELL) - 1) >>> 31) << 4) |
      ((((word(upper - 1) ^ CLOSED_CELL) - 1) >>> 31) << 5);
    const base = odd << 9;
    if (open == 0) {
      if (cell == start) {
        running = 0;
        break;
      }
      cell += load<i32>(STEP + (<usize>(base | (own >> 8)) << 2));
      continue;
    }
    const count = popcnt<i32>(open);
    let k = 0;
    if (count > 1) {
      // sfc32's step, and Sfc32.int's floor(r * count / 2^32).
      const r = a + b + d;
      d = d + 1;
      a = b ^ (b >>> 9);
      b = c + (c << 3);
      c = (c << 21) | (c >>> 11);
      c = c + r;
      k = <i32>((<u64><u32>r * <u64>count) >> 32);
    }
    const move = <usize>(base | (open << 3) | k);
    setWord(cell, own & <i32>load<u16>(LEAVE + (move << 1)));
    cell += load<i32>(STEP + (move << 2));
    setWord(cell, <i32>load<u16>(ENTER + (move << 1)));
    entered++;
  }
  saveSearch(a, b, c, d, cell, entered);
  return running;
}
