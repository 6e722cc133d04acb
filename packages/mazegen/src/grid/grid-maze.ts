import { BufferFormatError, OptionError, SizeError } from '../errors.js';
import { MAX_CELLS, Maze } from '../maze.js';
import { HEADER_BYTES, readHeader, writeHeader } from '../model-header.js';
import { createTopology } from './create.js';
import { SquareTopology } from './square.js';
import { allWallsOf, type Topology } from './topology.js';

/** One word of wall bits per cell: bytes for grids of up to 7 slots, 16 bits beyond. */
export type WallWords = Uint8Array | Uint16Array;

/**
 * A maze on any grid: its topology and one flat word per cell, bit s a closed wall in
 * slot s and `topology.blockedBit` a cell outside the maze (masked, or the 42 pattern).
 * No per-cell objects: a hex maze of n cells is n bytes. The words follow a 12-byte header
 * (model-header.ts: magic, version, grid kind, wrap, width, height) in one buffer, `data`,
 * which crosses to a worker as a transferable and comes back through `GridMaze.from`. On the
 * plain square grid the buffer is a `Maze`'s (`fromMaze` and `asMaze` share it).
 */
export class GridMaze {
  readonly topology: Topology;
  readonly cells: WallWords;
  readonly size: number;
  /** The whole buffer: header and cell words. */
  readonly data: ArrayBuffer;

  /**
   * A maze with every wall closed, or with the words of `cells`: shared when they already
   * sit in a maze buffer of this grid (a `Maze`'s, another GridMaze's), copied otherwise.
   */
  constructor(topology: Topology, cells?: WallWords) {
    if (topology.size > MAX_CELLS)
      throw new SizeError(`a maze holds at most ${MAX_CELLS} cells, this ${topology.kind} grid has ${topology.size}`);
    this.topology = topology;
    this.size = topology.size;
    if (cells && cells.length !== topology.size)
      throw new SizeError(`${cells.length} cell words given for a grid of ${topology.size} cells`);
    if (cells && holdsHeaderOf(cells, topology)) {
      this.data = cells.buffer as ArrayBuffer;
      this.cells = cells;
      return;
    }
    const bytes = HEADER_BYTES + topology.size * topology.wordBytes;
    try {
      this.data = new ArrayBuffer(bytes);
    } catch {
      throw new SizeError(`not enough memory for a ${topology.kind} maze of ${topology.size} cells (${bytes} bytes); try a smaller size`);
    }
    writeHeader(this.data, topology.kind, topology.wrap, topology.width, topology.height);
    this.cells =
      topology.wordBytes === 1
        ? new Uint8Array(this.data, HEADER_BYTES, topology.size)
        : new Uint16Array(this.data, HEADER_BYTES, topology.size);
    if (cells) {
      this.cells.set(cells);
      return;
    }
    if (topology.kind === 'polar') {
      for (let cell = 0; cell < this.size; cell++) this.cells[cell] = allWallsOf(topology.degree(cell));
    } else {
      this.cells.fill(allWallsOf(topology.maxDegree));
    }
  }

  /** The square maze's bytes seen through the square topology (shared, not copied). */
  static fromMaze(maze: Maze): GridMaze {
    return new GridMaze(new SquareTopology(maze.width, maze.height), maze.cells);
  }

  /** Rebuilds a maze of any grid from `maze.data` (after a transfer to or from a worker); the header says which grid. */
  static from(data: ArrayBuffer): GridMaze {
    const { kind, wrap, width, height } = readHeader(data);
    let topology: Topology;
    try {
      topology = createTopology({ grid: kind, width, height, wrap });
    } catch (error) {
      if (error instanceof OptionError) throw new BufferFormatError(`maze buffer holds a ${kind} grid it cannot be: ${error.message}`);
      throw error;
    }
    const expected = HEADER_BYTES + topology.size * topology.wordBytes;
    if (data.byteLength !== expected) {
      throw new BufferFormatError(`maze buffer of a ${width}x${height} ${kind} grid should be ${expected} bytes, got ${data.byteLength}`);
    }
    const cells =
      topology.wordBytes === 1 ? new Uint8Array(data, HEADER_BYTES, topology.size) : new Uint16Array(data, HEADER_BYTES, topology.size);
    return new GridMaze(topology, cells);
  }

  /** The same bytes as a `Maze` (shared, not copied); only for the square grid without wrap. */
  asMaze(): Maze {
    const t = this.topology;
    if (t.kind !== 'square' || t.wrap !== 'none')
      throw new SizeError(
        `only a square maze without wrap is a Maze; this one is ${t.kind}${t.wrap === 'none' ? '' : ` wrapped ${t.wrap}`}`,
      );
    return new Maze(t.width, t.height, this.data);
  }

  /** A copy as a `Maze`; only for the square grid without wrap. */
  toMaze(): Maze {
    const t = this.topology;
    if (t.kind !== 'square' || t.wrap !== 'none')
      throw new SizeError(
        `only a square maze without wrap is a Maze; this one is ${t.kind}${t.wrap === 'none' ? '' : ` wrapped ${t.wrap}`}`,
      );
    const maze = new Maze(t.width, t.height);
    maze.cells.set(this.cells);
    return maze;
  }

  isBlocked(cell: number): boolean {
    return (this.cells[cell] & this.topology.blockedBit) !== 0;
  }

  /** True when the wall in `slot` of `cell` is open (a passage). */
  isOpen(cell: number, slot: number): boolean {
    return (this.cells[cell] & (1 << slot)) === 0;
  }

  /** Opens the wall in `slot` on both sides; the slot must have a neighbour. */
  carve(cell: number, slot: number): void {
    const t = this.topology;
    const other = t.neighbour(cell, slot);
    this.cells[cell] &= ~(1 << slot);
    this.cells[other] &= ~(1 << t.backSlot(cell, slot));
  }

  /** Closes the wall in `slot` on both sides (a border slot has no other side). */
  build(cell: number, slot: number): void {
    const t = this.topology;
    this.cells[cell] |= 1 << slot;
    const other = t.neighbour(cell, slot);
    if (other >= 0) this.cells[other] |= 1 << t.backSlot(cell, slot);
  }

  /** Marks `cell` as outside the maze, with every wall closed on both sides. */
  block(cell: number): void {
    const degree = this.topology.degree(cell);
    for (let s = 0; s < degree; s++) this.build(cell, s);
    this.cells[cell] |= this.topology.blockedBit;
  }

  /** Cells that are part of the maze. */
  countOpenCells(): number {
    const blocked = this.topology.blockedBit;
    let n = 0;
    for (let i = 0; i < this.size; i++) if ((this.cells[i] & blocked) === 0) n++;
    return n;
  }

  /** Open passages, each counted once. */
  countPassages(): number {
    const t = this.topology;
    const out = new Int32Array(t.maxDegree);
    let twice = 0;
    for (let cell = 0; cell < this.size; cell++) {
      const degree = t.neighbours(cell, out);
      const word = this.cells[cell];
      for (let s = 0; s < degree; s++) if (out[s] >= 0 && (word & (1 << s)) === 0) twice++;
    }
    return twice / 2;
  }

  clone(): GridMaze {
    const copy = new GridMaze(this.topology);
    copy.cells.set(this.cells);
    return copy;
  }

  /** Same grid and the same words. */
  equals(other: GridMaze): boolean {
    const a = this.topology;
    const b = other.topology;
    if (a.kind !== b.kind || a.width !== b.width || a.height !== b.height || a.wrap !== b.wrap) return false;
    for (let i = 0; i < this.size; i++) if (this.cells[i] !== other.cells[i]) return false;
    return true;
  }
}

/** True when `cells` sit right after a header of this very grid in their own buffer (a maze buffer to share). */
function holdsHeaderOf(cells: WallWords, topology: Topology): boolean {
  const buffer = cells.buffer;
  if (cells.byteOffset !== HEADER_BYTES || buffer.byteLength !== HEADER_BYTES + topology.size * topology.wordBytes) return false;
  if (cells.BYTES_PER_ELEMENT !== topology.wordBytes) return false;
  try {
    const h = readHeader(buffer);
    return h.kind === topology.kind && h.wrap === topology.wrap && h.width === topology.width && h.height === topology.height;
  } catch {
    return false;
  }
}
