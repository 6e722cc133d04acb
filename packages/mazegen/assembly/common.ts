// AssemblyScript: what the hex and polar spanning-tree kernels (hex-mst.ts, polar-mst.ts)
// share: raw int32 arrays, growing the memory, the wall weights (mst.ts edgeWeight), a
// union-find's root, the sort of a tile's walls and the sort of the kept walls' records
// for the Kruskal over parts.

/** The weight of a missing wall, and a part with no wall out of its tile. */
export const INFINITE: i32 = 0x7fffffff;

@inline export function ld(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline export function st(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** Bytes of `n` int32s, rounded up to 16. */
@inline export function words(n: i32): usize {
  return ((<usize>n << 2) + 15) & ~15;
}

/** Makes room up to byte `end`, growing the memory by whole pages. */
export function reserve(end: usize): void {
  const have = <usize>memory.size() << 16;
  if (end <= have) return;
  const pages = <i32>((end - have + 0xffff) >> 16);
  if (memory.grow(pages) < 0) unreachable();
}

/** The weight of wall `edge` (mst.ts edgeWeight): two keyed lowbias32 rounds. */
@inline export function edgeWeight(edge: i32, k1: i32, k2: i32): i32 {
  let x = edge ^ k1;
  x ^= x >>> 16;
  x *= 0x7feb352d;
  x ^= x >>> 15;
  x *= 0x846ca68b;
  x ^= x >>> 16;
  x ^= k2;
  x ^= x >>> 16;
  x *= 0x7feb352d;
  x ^= x >>> 15;
  x *= 0x846ca68b;
  return x ^ (x >>> 16);
}

/** edgeWeight of four walls at once. */
@inline export function edgeWeight4(edge: v128, k1: i32, k2: i32): v128 {
  let x = v128.xor(edge, i32x4.splat(k1));
  x = v128.xor(x, i32x4.shr_u(x, 16));
  x = i32x4.mul(x, i32x4.splat(0x7feb352d));
  x = v128.xor(x, i32x4.shr_u(x, 15));
  x = i32x4.mul(x, i32x4.splat(0x846ca68b));
  x = v128.xor(x, i32x4.shr_u(x, 16));
  x = v128.xor(x, i32x4.splat(k2));
  x = v128.xor(x, i32x4.shr_u(x, 16));
  x = i32x4.mul(x, i32x4.splat(0x7feb352d));
  x = v128.xor(x, i32x4.shr_u(x, 15));
  x = i32x4.mul(x, i32x4.splat(0x846ca68b));
  return v128.xor(x, i32x4.shr_u(x, 16));
}

/** The root of `x` in a union-find whose roots are their own parents, halving the path. */
@inline export function findHalving(parent: usize, x: i32): i32 {
  let p = ld(parent, x);
  while (p != x) {
    const up = ld(parent, p);
    st(parent, x, up);
    x = up;
    p = ld(parent, x);
  }
  return x;
}

/**
 * The `count` 16-byte records at `records` (an int32 weight first) in weight order: by
 * the weights' top bits into buckets, then an insertion sort within them. Returns the
 * address of their indices in that order, past the records, with `extra` bytes free
 * after them (for the caller's union-find).
 */
export function sortRecords(records: usize, count: i32, extra: usize): usize {
  let bits = 1;
  while (bits < 24 && count >>> (bits + 1) > 0) bits++;
  const shift = 32 - bits;
  const buckets = (1 << bits) + 1;
  const starts = (records + (<usize>count << 4) + 15) & ~15;
  const order = starts + words(buckets);
  reserve(order + words(count) + extra);
  memory.fill(starts, 0, <usize>buckets << 2);
  for (let i = 0; i < count; i++) {
    const b = ((load<i32>(records + (<usize>i << 4)) ^ 0x80000000) >>> shift) + 1;
    st(starts, b, ld(starts, b) + 1);
  }
  let sum = 0;
  for (let b = 1; b < buckets; b++) {
    sum += ld(starts, b);
    st(starts, b, sum);
  }
  for (let i = 0; i < count; i++) {
    const b = (load<i32>(records + (<usize>i << 4)) ^ 0x80000000) >>> shift;
    const at = ld(starts, b);
    st(starts, b, at + 1);
    st(order, at, i);
  }
  for (let i = 1; i < count; i++) {
    const it = ld(order, i);
    const value = load<i32>(records + (<usize>it << 4));
    if (load<i32>(records + (<usize>ld(order, i - 1) << 4)) <= value) continue;
    let j = i - 1;
    while (j >= 0 && load<i32>(records + (<usize>ld(order, j) << 4)) > value) {
      st(order, j + 1, ld(order, j));
      j--;
    }
    st(order, j + 1, it);
  }
  return order;
}

/**
 * mst.ts sortByWeight: the `n` walls (weights and payloads), already counted into
 * `buckets` buckets by their weights' top bits (`shift`: the count of bucket b in
 * bucket[b + 1]), into their buckets' order, then an insertion sort within the buckets.
 */
export function sortWalls(n: i32, weight: usize, wall: usize, sortedWeight: usize, sortedWall: usize, bucket: usize, buckets: i32, shift: i32): void {
  let sum = 0;
  for (let b = 1; b < buckets; b++) {
    sum += ld(bucket, b);
    st(bucket, b, sum);
  }
  for (let i = 0; i < n; i++) {
    const value = ld(weight, i);
    const b = (value ^ 0x80000000) >>> shift;
    const at = ld(bucket, b);
    st(bucket, b, at + 1);
    st(sortedWeight, at, value);
    st(sortedWall, at, ld(wall, i));
  }
  for (let i = 1; i < n; i++) {
    const value = ld(sortedWeight, i);
    if (ld(sortedWeight, i - 1) <= value) continue;
    const item = ld(sortedWall, i);
    let j = i - 1;
    while (j >= 0 && ld(sortedWeight, j) > value) {
      st(sortedWeight, j + 1, ld(sortedWeight, j));
      st(sortedWall, j + 1, ld(sortedWall, j));
      j--;
    }
    st(sortedWeight, j + 1, value);
    st(sortedWall, j + 1, item);
  }
}
