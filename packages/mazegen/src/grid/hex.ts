import { OptionError } from '../errors.js';
import type { DrawPoint, GridCoordinates, Topology, Wrap } from './topology.js';

const SQRT3 = Math.sqrt(3);

/**
 * Flat-topped hexagons in WIDTH columns of HEIGHT rows, odd columns shifted down half a
 * cell ("odd-q"). Slots clockwise from north: N, NE, SE, S, SW, NW; the wall of slot s
 * is the wall of slot (s + 3) % 6 on the other side. In an even column the NE and NW
 * neighbours are one row up and SE, SW in the same row; in an odd column NE, NW are in
 * the same row and SE, SW one row down. Wrap x needs an even WIDTH (the joined columns
 * must differ in parity). Drawing unit: the hexagon's side (and circumradius); columns
 * are 1.5 apart, rows sqrt(3).
 */
export class HexTopology implements Topology {
  readonly kind = 'hex' as const;
  readonly width: number;
  readonly height: number;
  readonly wrap: Wrap;
  readonly size: number;
  readonly maxDegree = 6;
  readonly blockedBit = 64;
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
    if (this.wrapX && (width < 4 || width % 2 !== 0)) {
      throw new OptionError(
        'WRAP',
        `WRAP=${wrap} on the hex grid needs an even WIDTH of at least 4 (odd columns sit half a row lower), got ${width}`,
      );
    }
    if (this.wrapY && height < 3)
      throw new OptionError('WRAP', `WRAP=${wrap} needs a HEIGHT of at least 3 (the joined edges would meet twice), got ${height}`);
    this.size = width * height;
    this.edgeIdBound = this.size * 3;
    this.extent = { width: 1.5 * width + 0.5, height: SQRT3 * height + (width > 1 ? SQRT3 / 2 : 0) };
  }

  degree(): number {
    return 6;
  }

  /** The cell at (col, row) after wrapping, or -1 outside. */
  private at(col: number, row: number): number {
    const w = this.width;
    const h = this.height;
    if (col < 0 || col >= w) {
      if (!this.wrapX) return -1;
      col = col < 0 ? col + w : col - w;
    }
    if (row < 0 || row >= h) {
      if (!this.wrapY) return -1;
      row = row < 0 ? row + h : row - h;
    }
    return row * w + col;
  }

  neighbour(cell: number, slot: number): number {
    const col = cell % this.width;
    const row = (cell - col) / this.width;
    const odd = col & 1;
    switch (slot) {
      case 0:
        return this.at(col, row - 1);
      case 1:
        return this.at(col + 1, row - 1 + odd);
      case 2:
        return this.at(col + 1, row + odd);
      case 3:
        return this.at(col, row + 1);
      case 4:
        return this.at(col - 1, row + odd);
      case 5:
        return this.at(col - 1, row - 1 + odd);
      default:
        return -1;
    }
  }

  neighbours(cell: number, out: Int32Array): number {
    const w = this.width;
    const col = cell % w;
    const row = (cell - col) / w;
    if (!this.wrapX && !this.wrapY && col > 0 && col + 1 < w && row > 0 && row + 1 < this.height) {
      // Inside: no border and no wrap, plain offsets.
      const up = cell - w;
      const down = cell + w;
      out[0] = up;
      out[3] = down;
      if (col & 1) {
        out[1] = cell + 1;
        out[2] = down + 1;
        out[4] = down - 1;
        out[5] = cell - 1;
      } else {
        out[1] = up + 1;
        out[2] = cell + 1;
        out[4] = cell - 1;
        out[5] = up - 1;
      }
      return 6;
    }
    const odd = col & 1;
    out[0] = this.at(col, row - 1);
    out[1] = this.at(col + 1, row - 1 + odd);
    out[2] = this.at(col + 1, row + odd);
    out[3] = this.at(col, row + 1);
    out[4] = this.at(col - 1, row + odd);
    out[5] = this.at(col - 1, row - 1 + odd);
    return 6;
  }

  backSlot(_cell: number, slot: number): number {
    return slot < 3 ? slot + 3 : slot - 3;
  }

  /** A cell owns the walls of its slots N, NE, SE: id cell * 3 + slot. */
  edgeId(cell: number, slot: number): number {
    if (slot < 3) return cell * 3 + slot;
    return this.neighbour(cell, slot) * 3 + slot - 3;
  }

  edgeIdTo(cell: number, slot: number, next: number): number {
    return slot < 3 ? cell * 3 + slot : next * 3 + slot - 3;
  }

  distance(a: number, b: number): number {
    const w = this.width;
    const h = this.height;
    const ac = a % w;
    const ar = (a - ac) / w;
    const bc = b % w;
    const br = (b - bc) / w;
    let best = Infinity;
    // A wrapped grid is the plane tiled with copies: the nearest copy of b bounds the moves.
    for (const sx of this.wrapX ? [-w, 0, w] : [0]) {
      for (const sy of this.wrapY ? [-h, 0, h] : [0]) {
        best = Math.min(best, axialDistance(ac, ar, bc + sx, br + sy));
      }
    }
    return best;
  }

  centre(cell: number): DrawPoint {
    const col = cell % this.width;
    const row = (cell - col) / this.width;
    return { x: 1 + 1.5 * col, y: (SQRT3 / 2) * (1 + (col & 1)) + SQRT3 * row };
  }

  coordinates(cell: number): GridCoordinates {
    const col = cell % this.width;
    return { col, row: (cell - col) / this.width };
  }

  cellAt(col: number, row: number): number {
    if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= this.width || row >= this.height) return -1;
    return row * this.width + col;
  }

  corners(cell: number): DrawPoint[] {
    const { x, y } = this.centre(cell);
    const hy = SQRT3 / 2;
    // Clockwise from the top-left corner, which starts the north wall.
    return [
      { x: x - 0.5, y: y - hy },
      { x: x + 0.5, y: y - hy },
      { x: x + 1, y },
      { x: x + 0.5, y: y + hy },
      { x: x - 0.5, y: y + hy },
      { x: x - 1, y },
    ];
  }
}

/** Moves between two odd-q offset positions: their distance in axial coordinates. */
function axialDistance(ac: number, ar: number, bc: number, br: number): number {
  // Axial r = row - (col - (col & 1)) / 2; the parity of a shifted copy (an even shift) is the same.
  const aq = ac;
  const aRow = ar - (ac - (ac & 1)) / 2;
  const bq = bc;
  const bRow = br - (bc - (bc & 1)) / 2;
  const dq = bq - aq;
  const dr = bRow - aRow;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}
