// AssemblyScript: the hex grid's depth-first search for its common case (every free cell
// closed, no step reporter, the library's sfc32), src/generators/dfs-hex.ts hexSlice,
// compiled to WebAssembly: the same moves and the same draws on raw memory. The search
// is a walk from cell to random cell, bound by the latency of each step's loads; V8's
// JavaScript adds a map, length and bounds check to each. Built by scripts/build-wasm.mjs.
//
// Memory: the maze's cells from cellsAt(), then a byte a cell for the way back. The host
// copies the cells in, calls begin, carve until it returns 0 (reporting progress in
// between), reads the stream's state back and copies the cells out.

const CLOSED_CELL: i32 = 63;
const START_MARK: i32 = 0x80;

let W: i32 = 0;
let H: i32 = 0;
let SIZE: i32 = 0;
let WRAP_X: bool = false;
let WRAP_Y: bool = false;
let CELLS: usize = 0;
let BACK: usize = 0;
let A: i32 = 0;
let B: i32 = 0;
let C: i32 = 0;
let D: i32 = 0;
let CELL: i32 = 0;
let COL: i32 = 0;
let START: i32 = 0;
let ENTERED_COUNT: i32 = 0;

/** SLOT_NTH[mask * 8 + k]: the k-th set slot of a 6-bit mask (as slot-bits.ts). */
const SLOT_NTH: usize = memory.data(64 * 8, 16);
/** SLOT_COUNT[mask]: how many slots are set. */
const SLOT_COUNT: usize = memory.data(64, 16);
/** The step to each slot's neighbour of an inner cell: an even column (0..5), an odd one (8..13); set by begin. */
const STEP: usize = memory.data(16 * 4, 16);
/** A border cell's neighbours by slot (-1 outside), as the topology gives them. */
const AROUND: usize = memory.data(8 * 4, 16);
/** Change of column along each slot (N, NE, SE, S, SW, NW). */
const DCOL: usize = memory.data<i32>([0, 1, 1, 0, -1, -1, 0, 0]);

@inline function cellAt(i: i32): i32 {
  return <i32>load<u8>(CELLS + <usize>i);
}
@inline function setCell(i: i32, v: i32): void {
  store<u8>(CELLS + <usize>i, <u8>v);
}
@inline function stepOf(k: i32): i32 {
  return load<i32>(STEP + (<usize>k << 2));
}
@inline function aroundOf(slot: i32): i32 {
  return load<i32>(AROUND + (<usize>slot << 2));
}

/** The cell at (col, row) after the wrap, or -1 outside (hex.ts at). */
function at(col: i32, row: i32): i32 {
  if (col < 0 || col >= W) {
    if (!WRAP_X) return -1;
    col = col < 0 ? col + W : col - W;
  }
  if (row < 0 || row >= H) {
    if (!WRAP_Y) return -1;
    row = row < 0 ? row + H : row - H;
  }
  return row * W + col;
}

/** The byte the cells start at. */
export function cellsAt(): usize {
  return (__heap_base + 15) & ~15;
}

/** Room for a maze of `size` cells, `w` wide, wrapped by `wrap` (bit 0 x, bit 1 y); the search starts at `start` with sfc32 state a, b, c, d. Returns 0, or -1 without the memory. */
export function begin(w: i32, size: i32, wrap: i32, start: i32, a: i32, b: i32, c: i32, d: i32): i32 {
  const end = cellsAt() + (<usize>size << 1);
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) return -1;
  for (let mask = 0; mask < 64; mask++) {
    let count = 0;
    for (let s = 0; s < 6; s++) if (mask & (1 << s)) store<u8>(SLOT_NTH + <usize>((mask << 3) | count++), <u8>s);
    store<u8>(SLOT_COUNT + <usize>mask, <u8>count);
  }
  W = w;
  H = size / w;
  SIZE = size;
  WRAP_X = (wrap & 1) != 0;
  WRAP_Y = (wrap & 2) != 0;
  store<i32>(STEP + 0, -w);
  store<i32>(STEP + 4, 1 - w);
  store<i32>(STEP + 8, 1);
  store<i32>(STEP + 12, w);
  store<i32>(STEP + 16, -1);
  store<i32>(STEP + 20, -1 - w);
  store<i32>(STEP + 32, -w);
  store<i32>(STEP + 36, 1);
  store<i32>(STEP + 40, w + 1);
  store<i32>(STEP + 44, w);
  store<i32>(STEP + 48, w - 1);
  store<i32>(STEP + 52, -1);
  CELLS = cellsAt();
  BACK = CELLS + <usize>size;
  A = a;
  B = b;
  C = c;
  D = d;
  CELL = start;
  COL = start % w;
  START = start;
  ENTERED_COUNT = 1;
  return 0;
}

/** Marks the start once its cells are in (it may still have every wall). */
export function markStart(): void {
  setCell(START, cellAt(START) | START_MARK);
}

/** Up to `turns` turns of the search; 0 once it is back at the start with nothing left (its mark cleared), else 1. */
export function carve(turns: i32): i32 {
  const w = W;
  const lastCol = w - 1;
  const lastRow = SIZE - w;
  const start = START;
  let a = A;
  let b = B;
  let c = C;
  let d = D;
  let cell = CELL;
  let col = COL;
  let entered = 0;
  let running = 1;
  for (; turns > 0; turns--) {
    let mask: i32;
    const parity = (col & 1) << 3;
    const inner = col > 0 && col < lastCol && cell >= w && cell < lastRow;
    if (inner) {
      mask =
        (((cellAt(cell + stepOf(parity)) ^ CLOSED_CELL) - 1) >>> 31) |
        ((((cellAt(cell + stepOf(parity | 1)) ^ CLOSED_CELL) - 1) >>> 31) << 1) |
        ((((cellAt(cell + stepOf(parity | 2)) ^ CLOSED_CELL) - 1) >>> 31) << 2) |
        ((((cellAt(cell + stepOf(parity | 3)) ^ CLOSED_CELL) - 1) >>> 31) << 3) |
        ((((cellAt(cell + stepOf(parity | 4)) ^ CLOSED_CELL) - 1) >>> 31) << 4) |
        ((((cellAt(cell + stepOf(parity | 5)) ^ CLOSED_CELL) - 1) >>> 31) << 5);
    } else {
      const row = (cell - col) / w;
      const odd = col & 1;
      store<i32>(AROUND + 0, at(col, row - 1));
      store<i32>(AROUND + 4, at(col + 1, row - 1 + odd));
      store<i32>(AROUND + 8, at(col + 1, row + odd));
      store<i32>(AROUND + 12, at(col, row + 1));
      store<i32>(AROUND + 16, at(col - 1, row + odd));
      store<i32>(AROUND + 20, at(col - 1, row - 1 + odd));
      mask = 0;
      for (let s = 0; s < 6; s++) {
        const next = aroundOf(s);
        if (next >= 0 && cellAt(next) == CLOSED_CELL) mask |= 1 << s;
      }
    }
    if (mask == 0) {
      if (cell == start) {
        setCell(start, cellAt(start) & ~START_MARK);
        running = 0;
        break;
      }
      const slot = <i32>load<u8>(BACK + <usize>cell) - 1;
      cell = inner ? cell + stepOf(parity | slot) : aroundOf(slot);
      col += load<i32>(DCOL + (<usize>slot << 2));
      if (col < 0) col += w;
      else if (col > lastCol) col -= w;
      continue;
    }
    const count = <i32>load<u8>(SLOT_COUNT + <usize>mask);
    let slot = <i32>load<u8>(SLOT_NTH + (<usize>mask << 3));
    if (count > 1) {
      // sfc32's step and Sfc32.int's floor(r * count / 2^32), as dfs-hex.ts computes them.
      const r = a + b + d;
      d = d + 1;
      a = b ^ (b >>> 9);
      b = c + (c << 3);
      c = (c << 21) | (c >>> 11);
      c = c + r;
      slot = <i32>load<u8>(SLOT_NTH + <usize>((mask << 3) | (((r >>> 16) * count + (((r & 0xffff) * count) >>> 16)) >>> 16)));
    }
    const next = inner ? cell + stepOf(parity | slot) : aroundOf(slot);
    const backSlot = slot < 3 ? slot + 3 : slot - 3;
    setCell(cell, cellAt(cell) & ~(1 << slot));
    setCell(next, cellAt(next) & ~(1 << backSlot));
    store<u8>(BACK + <usize>next, <u8>(backSlot + 1));
    cell = next;
    col += load<i32>(DCOL + (<usize>slot << 2));
    if (col < 0) col += w;
    else if (col > lastCol) col -= w;
    entered++;
  }
  A = a;
  B = b;
  C = c;
  D = d;
  CELL = cell;
  COL = col;
  ENTERED_COUNT += entered;
  return running;
}

/** The sfc32 state word i (0-3), or the cells entered so far (4). */
export function state(i: i32): i32 {
  return i == 0 ? A : i == 1 ? B : i == 2 ? C : i == 3 ? D : ENTERED_COUNT;
}
