// AssemblyScript: what the hex and triangle depth-first searches (hex-dfs.ts,
// triangle-dfs.ts) share: the cells as 16-bit words in a ring of zero words (the low byte
// the cell's own, the high byte the slot of the way back), the search's state between
// calls, and the copy in and out.
//
// Memory: the maze's cells from cellsAt(). The host copies them in (a byte a cell), calls
// begin, pad, then carve until it returns 0 (reporting progress in between), unpad, reads
// the stream's state back and copies the cells out.

/** Bit 7 of the start's word while the search runs (the start may still have every wall). */
const START_MARK: i32 = 0x80;

let width: i32 = 0;
let height: i32 = 0;
/** The padded row's length in words. */
export let stride: i32 = 0;
let cells: usize = 0;
/** The search between calls: sfc32's four words, the current cell and the start (padded indices), the cells entered. */
export let searchA: i32 = 0;
export let searchB: i32 = 0;
export let searchC: i32 = 0;
export let searchD: i32 = 0;
export let searchCell: i32 = 0;
export let searchStart: i32 = 0;
let entered: i32 = 0;

@inline export function word(i: i32): i32 {
  return <i32>load<u16>(cells + (<usize>i << 1));
}
@inline export function setWord(i: i32, v: i32): void {
  store<u16>(cells + (<usize>i << 1), <u16>v);
}

/** The byte the cells start at. */
export function cellsAt(): usize {
  return (__heap_base + 15) & ~15;
}

/** Room for `size` cells `w` wide as words in rows of `rowWords` (the ring included); the search starts at `start` with sfc32 state a, b, c, d. Returns 0, or -1 without the memory. */
export function beginWords(w: i32, size: i32, rowWords: i32, start: i32, a: i32, b: i32, c: i32, d: i32): i32 {
  const h = size / w;
  const end = cellsAt() + ((<usize>(h + 2) * <usize>rowWords) << 1);
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) return -1;
  width = w;
  height = h;
  stride = rowWords;
  cells = cellsAt();
  searchA = a;
  searchB = b;
  searchC = c;
  searchD = d;
  searchStart = (start / w + 1) * rowWords + (start % w) + 1;
  searchCell = searchStart;
  entered = 1;
  return 0;
}

/** Where a call of carve stopped. */
@inline export function saveSearch(a: i32, b: i32, c: i32, d: i32, cell: i32, newlyEntered: i32): void {
  searchA = a;
  searchB = b;
  searchC = c;
  searchD = d;
  searchCell = cell;
  entered += newlyEntered;
}

/** Once the cells are in: each byte to its padded word, from the last (a word lies past its byte), a ring of zero words round them (visited-looking), and the start marked. */
export function pad(): void {
  for (let y = height - 1; y >= 0; y--) {
    const row = (y + 1) * stride + 1;
    for (let x = width - 1; x >= 0; x--) setWord(row + x, <i32>load<u8>(cells + <usize>(y * width + x)));
  }
  memory.fill(cells, 0, <usize>stride << 1);
  memory.fill(cells + (<usize>((height + 1) * stride) << 1), 0, <usize>stride << 1);
  for (let y = 1; y <= height; y++) {
    setWord(y * stride, 0);
    for (let x = width + 1; x < stride; x++) setWord(y * stride + x, 0);
  }
  setWord(searchStart, word(searchStart) | START_MARK);
}

/** Once the search is done: the start's mark cleared, each word's low byte back to its place at cellsAt(). */
export function unpad(): void {
  setWord(searchStart, word(searchStart) & ~START_MARK);
  for (let y = 0; y < height; y++) {
    const row = (y + 1) * stride + 1;
    for (let x = 0; x < width; x++) store<u8>(cells + <usize>(y * width + x), <u8>word(row + x));
  }
}

/** The sfc32 state word i (0-3), or the cells entered so far (4). */
export function state(i: i32): i32 {
  return i == 0 ? searchA : i == 1 ? searchB : i == 2 ? searchC : i == 3 ? searchD : entered;
}
