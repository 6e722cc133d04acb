/**
 * A binary min-heap of int32 items keyed by numbers, on typed arrays (no per-item
 * objects). Capacity grows by doubling.
 */
export class IndexHeap {
  private items: Int32Array;
  private keys: Float64Array;
  length = 0;

  constructor(capacity = 64) {
    this.items = new Int32Array(Math.max(1, capacity));
    this.keys = new Float64Array(Math.max(1, capacity));
  }

  push(item: number, key: number): void {
    if (this.length === this.items.length) this.grow();
    let pos = this.length++;
    const { items, keys } = this;
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      if (keys[parent] <= key) break;
      items[pos] = items[parent];
      keys[pos] = keys[parent];
      pos = parent;
    }
    items[pos] = item;
    keys[pos] = key;
  }

  /** The smallest key (of the item `pop` would return); the heap must not be empty. */
  peekKey(): number {
    return this.keys[0];
  }

  /** Removes and returns the item with the smallest key; the heap must not be empty. */
  pop(): number {
    const { items, keys } = this;
    const top = items[0];
    const last = --this.length;
    if (last > 0) {
      const item = items[last];
      const key = keys[last];
      let pos = 0;
      const half = last >> 1;
      while (pos < half) {
        let child = 2 * pos + 1;
        if (child + 1 < last && keys[child + 1] < keys[child]) child++;
        if (keys[child] >= key) break;
        items[pos] = items[child];
        keys[pos] = keys[child];
        pos = child;
      }
      items[pos] = item;
      keys[pos] = key;
    }
    return top;
  }

  private grow(): void {
    const items = new Int32Array(this.items.length * 2);
    const keys = new Float64Array(this.keys.length * 2);
    items.set(this.items);
    keys.set(this.keys);
    this.items = items;
    this.keys = keys;
  }
}
