import { OptionError } from '../errors.js';
import type { DrawPoint, GridCoordinates, Topology, Wrap } from './topology.js';

/** Slots of the square grid, clockwise from north: bits 1, 2, 4, 8 as in the hex file. */
const N = 0;
const E = 1;
const S = 2;
const W = 3;

/**
 * The square grid, WIDTH x HEIGHT cells row by row, slots N, E, S, W (the wall bits of
 * `Maze`, so a plain square GridMaze has the very bytes of a Maze). Wrap x joins the
 * west and east edges, y the north and south. Drawing unit: one cell side; cell (x, y)
 * spans [x, x+1] x [y, y+1].
 */
export class SquareTopology implements Topology {
  readonly kind = 'square' as const;
  readonly width: number;
  readonly height: number;
  readonly wrap: Wrap;
  readonly size: number;
  readonly maxDegree = 4;
  readonly blockedBit = 16;
  readonly wordBytes = 1 as const;
  readonly edgeIdBound: number;
  readonly extent: { width: number; height: number };
  private readonly wrapX: boolean;
  private readonly wrapY: boolean;

  constructor(width: number, height: number, wrap: Wrap = 'none') {
    this.width = width;
    this.height = height;
    this.wrap = wrap;
    this.wrapX = wrap === 'x' || wrap === 'xy';
    this.wrapY = wrap === 'y' || wrap === 'xy';
    if (this.wrapX && width < 3)
      throw new OptionError('WRAP', `WRAP=${wrap} needs a WIDTH of at least 3 (the joined edges would meet twice), got ${width}`);
    if (this.wrapY && height < 3)
      throw new OptionError('WRAP', `WRAP=${wrap} needs a HEIGHT of at least 3 (the joined edges would meet twice), got ${height}`);
    this.size = width * height;
    this.edgeIdBound = this.size * 2;
    this.extent = { width, height };
  }

  degree(): number {
    return 4;
  }

  neighbour(cell: number, slot: number): number {
    const w = this.width;
    const x = cell % w;
    switch (slot) {
      case N:
        return cell >= w ? cell - w : this.wrapY ? cell + this.size - w : -1;
      case E:
        return x + 1 < w ? cell + 1 : this.wrapX ? cell + 1 - w : -1;
      case S:
        return cell + w < this.size ? cell + w : this.wrapY ? cell + w - this.size : -1;
      case W:
        return x > 0 ? cell - 1 : this.wrapX ? cell - 1 + w : -1;
      default:
        return -1;
    }
  }

  neighbours(cell: number, out: Int32Array): number {
    const w = this.width;
    const size = this.size;
    const x = cell % w;
    out[N] = cell >= w ? cell - w : this.wrapY ? cell + size - w : -1;
    out[E] = x + 1 < w ? cell + 1 : this.wrapX ? cell + 1 - w : -1;
    out[S] = cell + w < size ? cell + w : this.wrapY ? cell + w - size : -1;
    out[W] = x > 0 ? cell - 1 : this.wrapX ? cell - 1 + w : -1;
    return 4;
  }

  backSlot(_cell: number, slot: number): number {
    return (slot + 2) & 3;
  }

  /** cell * 2 for the east wall, + 1 for the south wall: the numbering of the square Kruskal's weights. */
  edgeId(cell: number, slot: number): number {
    if (slot === E) return cell * 2;
    if (slot === S) return cell * 2 + 1;
    const other = this.neighbour(cell, slot);
    return slot === W ? other * 2 : other * 2 + 1;
  }

  edgeIdTo(cell: number, slot: number, next: number): number {
    if (slot === E) return cell * 2;
    if (slot === S) return cell * 2 + 1;
    return slot === W ? next * 2 : next * 2 + 1;
  }

  distance(a: number, b: number): number {
    const w = this.width;
    let dx = Math.abs((a % w) - (b % w));
    let dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
    if (this.wrapX) dx = Math.min(dx, w - dx);
    if (this.wrapY) dy = Math.min(dy, this.height - dy);
    return dx + dy;
  }

  centre(cell: number): DrawPoint {
    return { x: (cell % this.width) + 0.5, y: Math.floor(cell / this.width) + 0.5 };
  }

  coordinates(cell: number): GridCoordinates {
    return { col: cell % this.width, row: Math.floor(cell / this.width) };
  }

  cellAt(col: number, row: number): number {
    if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= this.width || row >= this.height) return -1;
    return row * this.width + col;
  }

  corners(cell: number): DrawPoint[] {
    const x = cell % this.width;
    const y = Math.floor(cell / this.width);
    // Corner k starts the wall of slot k, going clockwise: N from the top-left corner.
    return [
      { x, y },
      { x: x + 1, y },
      { x: x + 1, y: y + 1 },
      { x, y: y + 1 },
    ];
  }
}
