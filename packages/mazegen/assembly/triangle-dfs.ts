// AssemblyScript: the triangle grid's depth-first search for its common case (every free
// cell closed, no step reporter, the library's sfc32), src/generators/dfs-triangle.ts
// triangleSlice, compiled to WebAssembly: the same moves and the same draws on raw
// memory. The search is a walk from cell to random cell, bound by the latency of each
// step's loads; V8's JavaScript adds a map, length and bounds check to each. Built by
// scripts/build-wasm.mjs.
//
// Memory: the maze's cells from cellsAt(), then a byte a cell for the way back. The host
// copies the cells in, calls begin, carve until it returns 0 (reporting progress in
// between), reads the stream's state back and copies the cells out.

const CLOSED_CELL: i32 = 7;
const START_MARK: i32 = 0x80;

let W: i32 = 0;
let SIZE: i32 = 0;
let CELLS: usize = 0;
let BACK: usize = 0;
let A: i32 = 0;
let B: i32 = 0;
let C: i32 = 0;
let D: i32 = 0;
let CELL: i32 = 0;
let COL: i32 = 0;
let ORIENT: i32 = 0;
let START: i32 = 0;
let ENTERED_COUNT: i32 = 0;

/** NTH[mask * 4 + k]: the k-th set bit of a 3-bit slot mask, from slot 0 (as dfs-triangle.ts). */
const NTH: usize = memory.data<u8>([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 1, 2, 0, 0, 0, 1, 2, 0]);
/** COUNT[mask]: how many slots are set. */
const COUNT: usize = memory.data<u8>([0, 1, 1, 2, 1, 2, 2, 3]);
/** Indexed by orientation (0 up, 4 down) | slot: the slot of the same wall on the other side. */
const BACK_SLOT: usize = memory.data<u8>([2, 0, 1, 0, 1, 2, 0, 0]);
/** Indexed by orientation | slot: the change of column. */
const DCOL: usize = memory.data<i32>([-1, 1, 0, 0, -1, 0, 1, 0]);
/** Indexed by orientation | slot: the step to an inner cell's neighbour (up: W, E, S; down: W, N, E); set by begin. */
const STEP: usize = memory.data(8 * 4, 16);
/** A border cell's neighbours by slot (-1 outside), as the topology gives them. */
const AROUND: usize = memory.data(4 * 4, 16);

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

/** The byte the cells start at. */
export function cellsAt(): usize {
  return (__heap_base + 15) & ~15;
}

/** Room for a maze of `size` cells, `w` wide; the search starts at `start` with sfc32 state a, b, c, d. Returns 0, or -1 without the memory. */
export function begin(w: i32, size: i32, start: i32, a: i32, b: i32, c: i32, d: i32): i32 {
  const end = cellsAt() + (<usize>size << 1);
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) return -1;
  W = w;
  SIZE = size;
  store<i32>(STEP + 0, -1);
  store<i32>(STEP + 4, 1);
  store<i32>(STEP + 8, w);
  store<i32>(STEP + 16, -1);
  store<i32>(STEP + 20, -w);
  store<i32>(STEP + 24, 1);
  CELLS = cellsAt();
  BACK = CELLS + <usize>size;
  A = a;
  B = b;
  C = c;
  D = d;
  CELL = start;
  const col = start % w;
  COL = col;
  ORIENT = ((col + (start - col) / w) & 1) == 0 ? 0 : 4;
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
  let orient = ORIENT;
  let entered = 0;
  let running = 1;
  for (; turns > 0; turns--) {
    let mask: i32;
    const inner = col > 0 && col < lastCol && cell >= w && cell < lastRow;
    if (inner) {
      mask =
        (((cellAt(cell + stepOf(orient)) ^ CLOSED_CELL) - 1) >>> 31) |
        ((((cellAt(cell + stepOf(orient | 1)) ^ CLOSED_CELL) - 1) >>> 31) << 1) |
        ((((cellAt(cell + stepOf(orient | 2)) ^ CLOSED_CELL) - 1) >>> 31) << 2);
    } else {
      // triangle.ts neighbours: an up cell's third slot is below it, a down cell's second above.
      const east = col < lastCol ? cell + 1 : -1;
      store<i32>(AROUND + 0, col > 0 ? cell - 1 : -1);
      store<i32>(AROUND + 4, orient == 0 ? east : cell >= w ? cell - w : -1);
      store<i32>(AROUND + 8, orient == 0 ? (cell < lastRow ? cell + w : -1) : east);
      mask = 0;
      for (let s = 0; s < 3; s++) {
        const next = aroundOf(s);
        if (next >= 0 && cellAt(next) == CLOSED_CELL) mask |= 1 << s;
      }
    }
    let slot: i32;
    if (mask == 0) {
      if (cell == start) {
        setCell(start, cellAt(start) & ~START_MARK);
        running = 0;
        break;
      }
      slot = <i32>load<u8>(BACK + <usize>cell) - 1;
      cell = inner ? cell + stepOf(orient | slot) : aroundOf(slot);
    } else {
      const count = <i32>load<u8>(COUNT + <usize>mask);
      slot = <i32>load<u8>(NTH + (<usize>mask << 2));
      if (count > 1) {
        // sfc32's step and Sfc32.int's floor(r * count / 2^32), as dfs-triangle.ts computes them.
        const r = a + b + d;
        d = d + 1;
        a = b ^ (b >>> 9);
        b = c + (c << 3);
        c = (c << 21) | (c >>> 11);
        c = c + r;
        slot = <i32>load<u8>(NTH + <usize>((mask << 2) | (((r >>> 16) * count + (((r & 0xffff) * count) >>> 16)) >>> 16)));
      }
      const next = inner ? cell + stepOf(orient | slot) : aroundOf(slot);
      const backSlot = <i32>load<u8>(BACK_SLOT + <usize>(orient | slot));
      setCell(cell, cellAt(cell) & ~(1 << slot));
      setCell(next, cellAt(next) & ~(1 << backSlot));
      store<u8>(BACK + <usize>next, <u8>(backSlot + 1));
      cell = next;
      entered++;
    }
    // Every move flips a triangle between up and down.
    col += load<i32>(DCOL + (<usize>(orient | slot) << 2));
    orient ^= 4;
  }
  A = a;
  B = b;
  C = c;
  D = d;
  CELL = cell;
  COL = col;
  ORIENT = orient;
  ENTERED_COUNT += entered;
  return running;
}

/** The sfc32 state word i (0-3), or the cells entered so far (4). */
export function state(i: i32): i32 {
  return i == 0 ? A : i == 1 ? B : i == 2 ? C : i == 3 ? D : ENTERED_COUNT;
}
