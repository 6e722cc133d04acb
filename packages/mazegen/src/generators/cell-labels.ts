/**
 * A label for each of a few cells of a large maze: open addressing over two typed arrays
 * that double as they fill. `joinForest` labels a few hundred cells next to the 42 in a
 * maze of millions; a Map would do, but V8 spends tens of ms compiling its inlined code
 * on every run's thread, many times what these walks cost, and an array per cell would
 * be written whole.
 */
export class CellLabels {
  private keys: Int32Array;
  private values: Int32Array;
  private mask: number;
  /** How many cells hold a label. */
  count = 0;

  constructor(capacity = 1024) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.keys = new Int32Array(slots).fill(EMPTY);
    this.values = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /** The cell's label, or -1 when it has none. */
  get(cell: number): number {
    const keys = this.keys;
    for (let i = slotOf(cell, this.mask); ; i = (i + 1) & this.mask) {
      const key = keys[i];
      if (key === cell) return this.values[i];
      if (key === EMPTY) return -1;
    }
  }

  /** Gives the cell (>= 0) a label (>= 0), over any it had. */
  set(cell: number, label: number): void {
    const keys = this.keys;
    let i = slotOf(cell, this.mask);
    while (keys[i] !== EMPTY && keys[i] !== cell) i = (i + 1) & this.mask;
    if (keys[i] === EMPTY) {
      keys[i] = cell;
      this.count++;
    }
    this.values[i] = label;
    if (this.count * 2 > this.mask) this.grow();
  }

  /** The labelled cells, in no particular order. */
  cells(): Int32Array {
    const out = new Int32Array(this.count);
    let n = 0;
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== EMPTY) out[n++] = this.keys[i];
    return out;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2).fill(EMPTY);
    this.values = new Int32Array(keys.length * 2);
    this.mask = keys.length * 2 - 1;
    this.count = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== EMPTY) this.set(keys[i], values[i]);
  }
}

const EMPTY = -1;

/** Fibonacci hashing with the high bits folded down: neighbouring cells land far apart. */
function slotOf(cell: number, mask: number): number {
  const h = Math.imul(cell, 0x9e3779b1);
  return (h ^ (h >>> 16)) & mask;
}
