// AssemblyScript: the triangle grid's depth-first search for its common case (every free
// cell closed, no step reporter, the library's sfc32), src/generators/dfs-triangle.ts
// triangleSlice, compiled to WebAssembly: the same moves and the same draws. As the hex
// kernel: the cells are words in a ring of zero words (grid-dfs-words.ts), the rows an
// odd number of words long, so that a cell's index tells whether it points up (even) or
// down (odd), and one table read by the move gives the step. Built by scripts/build-wasm.mjs.

import { beginWords, saveSearch, searchA, searchB, searchC, searchD, searchCell, searchStart, setWord, stride, word } from './grid-dfs-words';
export { cellsAt, pad, state, unpad } from './grid-dfs-words';

/** Every wall of a triangle closed: the word of a free cell not entered yet. */
const CLOSED_CELL: i32 = 7;

/**
 * Tables by a move, down << 5 | open << 2 | k (down: the cell points down; open: the
 * closed neighbours' slots; k: the one drawn): the step to the neighbour, the mask that
 * opens the wall left, and the word entered (the wall it came through open, and the slot
 * back). Entries with open 0: the step back along slot k.
 */
const STEP: usize = memory.data(64 * 4, 16);
const LEAVE: usize = memory.data(64 * 2, 16);
const ENTER: usize = memory.data(64 * 2, 16);

/** The padded step along a slot: W, E, S from a cell pointing up; W, N, E from one pointing down. */
function stepAlong(slot: i32, down: bool): i32 {
  if (slot == 0) return -1;
  if (down) return slot == 1 ? -stride : 1;
  return slot == 1 ? 1 : stride;
}

/** The neighbour's slot of the same wall (dfs-triangle.ts BACK_SLOT). */
function backSlotOf(slot: i32, down: bool): i32 {
  if (slot == 0) return down ? 1 : 2;
  if (down) return slot == 1 ? 2 : 0;
  return slot == 1 ? 0 : 1;
}

/** Room for a maze of `size` cells, `w` wide; the search starts at `start` with sfc32 state a, b, c, d. Returns 0, or -1 without the memory. */
export function begin(w: i32, size: i32, start: i32, a: i32, b: i32, c: i32, d: i32): i32 {
  if (beginWords(w, size, (w + 2) | 1, start, a, b, c, d) < 0) return -1;
  for (let down = 0; down < 2; down++) {
    const pointsDown = down == 1;
    for (let slot = 0; slot < 3; slot++) store<i32>(STEP + (<usize>((down << 5) | slot) << 2), stepAlong(slot, pointsDown));
    for (let open = 1; open < 8; open++) {
      let k = 0;
      for (let slot = 0; slot < 3; slot++) {
        if ((open & (1 << slot)) == 0) continue;
        const move = <usize>((down << 5) | (open << 2) | k++);
        const backSlot = backSlotOf(slot, pointsDown);
        const leave: i32 = 0xffff & ~(1 << slot);
        const enter: i32 = (CLOSED_CELL & ~(1 << backSlot)) | (backSlot << 8);
        store<i32>(STEP + (move << 2), stepAlong(slot, pointsDown));
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
    // 1 for a cell pointing down: (column + row) is odd, and so is its padded index (the rows have an odd length).
    const down = cell & 1;
    const open =
      (((word(cell - 1) ^ CLOSED_CELL) - 1) >>> 31) |
      ((((word(select<i32>(cell - s, cell + 1, down)) ^ CLOSED_CELL) - 1) >>> 31) << 1) |
      ((((word(select<i32>(cell + 1, cell + s, down)) ^ CLOSED_CELL) - 1) >>> 31) << 2);
    const base = down << 5;
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
    const move = <usize>(base | (open << 2) | k);
    setWord(cell, own & <i32>load<u16>(LEAVE + (move << 1)));
    cell += load<i32>(STEP + (move << 2));
    setWord(cell, <i32>load<u16>(ENTER + (move << 1)));
    entered++;
  }
  saveSearch(a, b, c, d, cell, entered);
  return running;
}
