// AssemblyScript: the square grid's depth-first search for its common case (even
// weights, no step reporter, the library's sfc32), src/generators/dfs.ts carveSlice,
// compiled to WebAssembly: the same moves and the same draws on raw memory. The search
// is a walk from cell to random cell, bound by the latency of each step's loads, so each
// step here is as few dependent loads as it can be: the cells lie in a ring of zero
// bytes (a cell past the border reads as visited, no bounds test), and one table read by
// the chosen neighbour's index gives the step there (not a read of its bit, then of its
// step). Built by scripts/build-wasm.mjs.
//
// Memory: the maze's cells from cellsAt(), room for them padded. The host copies them in,
// calls begin, pad, then carve until it returns 0 (reporting progress in between), unpad,
// reads the stream's state back and copies the cells out.

const ALL_WALLS: i32 = 15;
const NORTH: i32 = 1;
const EAST: i32 = 2;
const SOUTH: i32 = 4;
const WEST: i32 = 8;
const BACK_SHIFT: i32 = 5;
const START_MARK: i32 = 0x80;
const KEEP: i32 = 31;

let W: i32 = 0;
let H: i32 = 0;
/** The padded row's length, w + 2. */
let STRIDE: i32 = 0;
let CELLS: usize = 0;
let A: i32 = 0;
let B: i32 = 0;
let C: i32 = 0;
let D: i32 = 0;
/** The current cell and the start, as padded indices. */
let CELL: i32 = 0;
let START: i32 = 0;
let ENTERED_COUNT: i32 = 0;

/** NTH_BIT[mask * 4 + k]: the k-th direction bit of mask, from north (as dfs.ts). */
const NTH_BIT: usize = memory.data<u8>([
  0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 2, 0, 0, 4, 0, 0, 0, 1, 4, 0, 0, 2, 4, 0, 0, 1, 2, 4, 0,
  8, 0, 0, 0, 1, 8, 0, 0, 2, 8, 0, 0, 1, 2, 8, 0, 4, 8, 0, 0, 1, 4, 8, 0, 2, 4, 8, 0, 1, 2, 4, 8,
]);
/** Indexed by the direction bit moved along: the byte of the cell entered (one wall open, the way back). */
const ENTERED: usize = memory.data<u8>([
  0,
  <u8>((ALL_WALLS & ~SOUTH) | (2 << BACK_SHIFT)),
  <u8>((ALL_WALLS & ~WEST) | (3 << BACK_SHIFT)),
  0,
  <u8>((ALL_WALLS & ~NORTH) | (0 << BACK_SHIFT)),
  0,
  0,
  0,
  <u8>((ALL_WALLS & ~EAST) | (1 << BACK_SHIFT)),
]);
/**
 * Tables by a move's index, open * 4 + k (4-63; set by begin): the step to the k-th open
 * neighbour, the mask that opens the wall of the cell left, the byte of the cell entered.
 * STEP's entries 0-3 are the steps back, by the two bits of the way back.
 */
const STEP: usize = memory.data(64 * 4, 16);
const LEAVE_MASK: usize = memory.data(64, 16);
const ENTER_BYTE: usize = memory.data(64, 16);

@inline function cellAt(i: i32): i32 {
  return <i32>load<u8>(CELLS + <usize>i);
}
@inline function setCell(i: i32, v: i32): void {
  store<u8>(CELLS + <usize>i, <u8>v);
}
/** The padded step along a direction bit. */
function stepAlong(bit: i32): i32 {
  return bit == NORTH ? -STRIDE : bit == EAST ? 1 : bit == SOUTH ? STRIDE : -1;
}

/** The byte the cells start at. */
export function cellsAt(): usize {
  return (__heap_base + 15) & ~15;
}

/** Room for a maze of `size` cells, `w` wide, padded; the search starts at `start` with sfc32 state a, b, c, d. Returns 0, or -1 without the memory. */
export function begin(w: i32, size: i32, start: i32, a: i32, b: i32, c: i32, d: i32): i32 {
  W = w;
  H = size / w;
  STRIDE = w + 2;
  const end = cellsAt() + <usize>(H + 2) * <usize>STRIDE;
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) return -1;
  for (let back = 0; back < 4; back++) store<i32>(STEP + (<usize>back << 2), stepAlong(1 << back));
  for (let move = 4; move < 64; move++) {
    const bit = <i32>load<u8>(NTH_BIT + <usize>move);
    store<i32>(STEP + (<usize>move << 2), bit ? stepAlong(bit) : 0);
    store<u8>(LEAVE_MASK + <usize>move, <u8>~bit);
    store<u8>(ENTER_BYTE + <usize>move, load<u8>(ENTERED + <usize>bit));
  }
  CELLS = cellsAt();
  A = a;
  B = b;
  C = c;
  D = d;
  START = (start / w + 1) * STRIDE + (start % w) + 1;
  CELL = START;
  ENTERED_COUNT = 1;
  return 0;
}

/** Once the cells are in: spreads the rows to their padded places in a ring of zero bytes, and marks the start (a visited cell with all four walls). */
export function pad(): void {
  const w = W;
  const stride = STRIDE;
  for (let y = H - 1; y >= 0; y--) memory.copy(CELLS + <usize>((y + 1) * stride + 1), CELLS + <usize>(y * w), <usize>w);
  memory.fill(CELLS, 0, <usize>stride);
  memory.fill(CELLS + <usize>((H + 1) * stride), 0, <usize>stride);
  for (let y = 1; y <= H; y++) {
    setCell(y * stride, 0);
    setCell(y * stride + stride - 1, 0);
  }
  setCell(START, cellAt(START) | START_MARK);
}

/** Once the search is done: the rows back together at cellsAt(). */
export function unpad(): void {
  const w = W;
  const stride = STRIDE;
  for (let y = 0; y < H; y++) memory.copy(CELLS + <usize>(y * w), CELLS + <usize>((y + 1) * stride + 1), <usize>w);
}

/** Up to `turns` turns of the search; 0 once it is back at the start with nothing left, else 1. */
export function carve(turns: i32): i32 {
  const stride = STRIDE;
  const start = START;
  let a = A;
  let b = B;
  let c = C;
  let d = D;
  let cell = CELL;
  let entered = 0;
  let running = 1;
  for (; turns > 0; turns--) {
    const own = cellAt(cell);
    const open =
      (((cellAt(cell - stride) ^ ALL_WALLS) - 1) >>> 31) |
      ((((cellAt(cell + 1) ^ ALL_WALLS) - 1) >>> 31) << 1) |
      ((((cellAt(cell + stride) ^ ALL_WALLS) - 1) >>> 31) << 2) |
      ((((cellAt(cell - 1) ^ ALL_WALLS) - 1) >>> 31) << 3);
    if (open == 0) {
      if (cell == start) {
        setCell(start, own & KEEP);
        running = 0;
        break;
      }
      setCell(cell, own & KEEP);
      cell += load<i32>(STEP + (<usize>((own >> BACK_SHIFT) & 3) << 2));
      continue;
    }
    const count = popcnt<i32>(open);
    let k = 0;
    if (count > 1) {
      // sfc32's step, and Sfc32.int's floor(r * count / 2^32).
      const t = a + b + d;
      d = d + 1;
      a = b ^ (b >>> 9);
      b = c + (c << 3);
      c = (c << 21) | (c >>> 11);
      c = c + t;
      k = <i32>((<u64><u32>t * <u64>count) >> 32);
    }
    const move = <usize>((open << 2) | k);
    setCell(cell, own & <i32>load<u8>(LEAVE_MASK + move));
    cell += load<i32>(STEP + (move << 2));
    setCell(cell, <i32>load<u8>(ENTER_BYTE + move));
    entered++;
  }
  A = a;
  B = b;
  C = c;
  D = d;
  CELL = cell;
  ENTERED_COUNT += entered;
  return running;
}

/** The sfc32 state word i (0-3), or the cells entered so far (4). */
export function state(i: i32): i32 {
  return i == 0 ? A : i == 1 ? B : i == 2 ? C : i == 3 ? D : ENTERED_COUNT;
}
