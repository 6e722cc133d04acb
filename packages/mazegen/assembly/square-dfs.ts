// AssemblyScript: the square grid's depth-first search for its common case (even
// weights, no step reporter, the library's sfc32), src/generators/dfs.ts carveSlice,
// compiled to WebAssembly: the same moves and the same draws on raw memory. The search
// is a walk from cell to random cell, bound by the latency of each step's loads; V8's
// JavaScript adds a map, length and bounds check to each. Built by scripts/build-wasm.mjs.
//
// Memory: the maze's cells from cellsAt(). The host copies them in, calls begin, carve
// until it returns 0 (reporting progress in between), reads the stream's state back and
// copies the cells out.

const ALL_WALLS: i32 = 15;
const NORTH: i32 = 1;
const EAST: i32 = 2;
const SOUTH: i32 = 4;
const WEST: i32 = 8;
const BACK_SHIFT: i32 = 5;
const BACK_MASK: i32 = 3 << BACK_SHIFT;
const START_MARK: i32 = 0x80;
const KEEP: i32 = 31;

let W: i32 = 0;
let SIZE: i32 = 0;
let CELLS: usize = 0;
let A: i32 = 0;
let B: i32 = 0;
let C: i32 = 0;
let D: i32 = 0;
let CELL: i32 = 0;
let X: i32 = 0;
let START: i32 = 0;
let ENTERED_COUNT: i32 = 0;

/** NTH_BIT[mask * 4 + k]: the k-th direction bit of mask, from north (as dfs.ts). */
const NTH_BIT: usize = memory.data<u8>([
  0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 2, 0, 0, 4, 0, 0, 0, 1, 4, 0, 0, 2, 4, 0, 0, 1, 2, 4, 0,
  8, 0, 0, 0, 1, 8, 0, 0, 2, 8, 0, 0, 1, 2, 8, 0, 4, 8, 0, 0, 1, 4, 8, 0, 2, 4, 8, 0, 1, 2, 4, 8,
]);
/** BIT_COUNT[mask]: how many direction bits are set. */
const BIT_COUNT: usize = memory.data<u8>([0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4]);
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

@inline function cellAt(i: i32): i32 {
  return <i32>load<u8>(CELLS + <usize>i);
}
@inline function setCell(i: i32, v: i32): void {
  store<u8>(CELLS + <usize>i, <u8>v);
}
/** Indexed by a direction bit: the step to the neighbour (set by begin), and the change of column. Tables, not branches: the direction is random. */
const STEP: usize = memory.data(9 * 4, 16);
const DX: usize = memory.data<i32>([0, 0, 1, 0, 0, 0, 0, 0, -1]);
@inline function stepOf(dir: i32): i32 {
  return load<i32>(STEP + (<usize>dir << 2));
}
@inline function dxOf(dir: i32): i32 {
  return load<i32>(DX + (<usize>dir << 2));
}

/** The byte the cells start at. */
export function cellsAt(): usize {
  return (__heap_base + 15) & ~15;
}

/** Room for a maze of `size` cells, `w` wide; the search starts at `start` with sfc32 state a, b, c, d. Returns 0, or -1 without the memory. */
export function begin(w: i32, size: i32, start: i32, a: i32, b: i32, c: i32, d: i32): i32 {
  const end = cellsAt() + <usize>size;
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) return -1;
  W = w;
  SIZE = size;
  store<i32>(STEP + (<usize>NORTH << 2), -w);
  store<i32>(STEP + (<usize>EAST << 2), 1);
  store<i32>(STEP + (<usize>SOUTH << 2), w);
  store<i32>(STEP + (<usize>WEST << 2), -1);
  CELLS = cellsAt();
  A = a;
  B = b;
  C = c;
  D = d;
  CELL = start;
  X = start % w;
  START = start;
  ENTERED_COUNT = 1;
  return 0;
}

/** Marks the start once its cells are in: a visited cell with all four walls. */
export function markStart(): void {
  setCell(START, cellAt(START) | START_MARK);
}

/** Up to `turns` turns of the search; 0 once it is back at the start with nothing left, else 1. */
export function carve(turns: i32): i32 {
  const w = W;
  const lastColumn = w - 1;
  const lastRow = SIZE - w;
  const start = START;
  let a = A;
  let b = B;
  let c = C;
  let d = D;
  let cell = CELL;
  let x = X;
  let entered = 0;
  let running = 1;
  for (; turns > 0; turns--) {
    const up = cellAt(select<i32>(cell - w, cell, cell >= w));
    const right = cellAt(select<i32>(cell + 1, cell, x < lastColumn));
    const down = cellAt(select<i32>(cell + w, cell, cell < lastRow));
    const left = cellAt(select<i32>(cell - 1, cell, x > 0));
    const open =
      (((up ^ ALL_WALLS) - 1) >>> 31) |
      ((((right ^ ALL_WALLS) - 1) >>> 31) << 1) |
      ((((down ^ ALL_WALLS) - 1) >>> 31) << 2) |
      ((((left ^ ALL_WALLS) - 1) >>> 31) << 3);
    if (open == 0) {
      if (cell == start) {
        setCell(start, cellAt(start) & KEEP);
        running = 0;
        break;
      }
      const byte = cellAt(cell);
      setCell(cell, byte & KEEP);
      const back = 1 << ((byte & BACK_MASK) >> BACK_SHIFT);
      cell += stepOf(back);
      x += dxOf(back);
      continue;
    }
    let dir = open;
    const count = <i32>load<u8>(BIT_COUNT + <usize>open);
    if (count > 1) {
      // sfc32's step and Sfc32.int's floor(r * count / 2^32), as dfs.ts computes them.
      const t = a + b + d;
      d = d + 1;
      a = b ^ (b >>> 9);
      b = c + (c << 3);
      c = (c << 21) | (c >>> 11);
      c = c + t;
      dir = <i32>load<u8>(NTH_BIT + <usize>((open << 2) | (((t >>> 16) * count + (((t & 0xffff) * count) >>> 16)) >>> 16)));
    }
    setCell(cell, cellAt(cell) & ~dir);
    cell += stepOf(dir);
    x += dxOf(dir);
    setCell(cell, <i32>load<u8>(ENTERED + <usize>dir));
    entered++;
  }
  A = a;
  B = b;
  C = c;
  D = d;
  CELL = cell;
  X = x;
  ENTERED_COUNT += entered;
  return running;
}

/** The sfc32 state word i (0-3), or the cells entered so far (4). */
export function state(i: i32): i32 {
  return i == 0 ? A : i == 1 ? B : i == 2 ? C : i == 3 ? D : ENTERED_COUNT;
}
