import { OptionError } from '../errors.js';
import type { DrawPoint, GridCoordinates, Topology, Wrap } from './topology.js';

const H = Math.sqrt(3) / 2;

/**
 * Equilateral triangles in HEIGHT rows of WIDTH, alternating: cell (col, row) points up
 * when col + row is even. Slots clockwise: an up cell has W, E, S (its left side, right
 * side, base); a down cell W, N, E. So slot 0 is always west, and the vertical wall is
 * slot 2 of an up cell and slot 1 of a down cell. Drawing unit: the triangle's side;
 * rows are sqrt(3)/2 high and neighbouring cells 1/2 apart along a row. No wrap.
 */
export class TriangleTopology implements Topology {
  readonly kind = 'triangle' as const;
  readonly width: number;
  readonly height: number;
  readonly wrap: Wrap = 'none';
  readonly size: number;
  readonly maxDegree = 3;
  readonly blockedBit = 8;
  readonly wordBytes = 1 as const;
  readonly edgeIdBound: number;
  readonly extent: { width: number; height: number };

  constructor(width: number, height: number, wrap: Wrap = 'none') {
    if (wrap !== 'none') throw new OptionError('WRAP', `WRAP=${wrap} is for the square and hex grids; the triangle grid has no wrap`);
    if (width < 2 && height > 1) {
      throw new OptionError(
        'WIDTH',
        `the triangle grid needs a WIDTH of at least 2 when HEIGHT is more than 1 (one triangle a row meets no row below it), got ${width}x${height}`,
      );
    }
    this.width = width;
    this.height = height;
    this.size = width * height;
    this.edgeIdBound = this.size * 2;
    this.extent = { width: (width + 1) / 2, height: height * H };
  }

  degree(): number {
    return 3;
  }

  /** True when the cell points up. */
  isUp(cell: number): boolean {
    const col = cell % this.width;
    return ((col + (cell - col) / this.width) & 1) === 0;
  }

  neighbour(cell: number, slot: number): number {
    const w = this.width;
    const col = cell % w;
    const row = (cell - col) / w;
    const up = ((col + row) & 1) === 0;
    if (slot === 0) return col > 0 ? cell - 1 : -1;
    if (up ? slot === 1 : slot === 2) return col + 1 < w ? cell + 1 : -1;
    if (slot > 2 || slot < 0) return -1;
    // The vertical wall: below an up cell, above a down cell.
    return up ? (row + 1 < this.height ? cell + w : -1) : row > 0 ? cell - w : -1;
  }

  neighbours(cell: number, out: Int32Array): number {
    const w = this.width;
    const col = cell % w;
    const row = (cell - col) / w;
    out[0] = col > 0 ? cell - 1 : -1;
    const east = col + 1 < w ? cell + 1 : -1;
    if (((col + row) & 1) === 0) {
      out[1] = east;
      out[2] = row + 1 < this.height ? cell + w : -1;
    } else {
      out[1] = row > 0 ? cell - w : -1;
      out[2] = east;
    }
    return 3;
  }

  backSlot(cell: number, slot: number): number {
    const up = this.isUp(cell);
    if (slot === 0) return up ? 2 : 1; // the west neighbour's east wall
    if (up) return slot === 1 ? 0 : 1; // E -> its W; S -> a down cell's N
    return slot === 1 ? 2 : 0; // N -> an up cell's S; E -> its W
  }

  /** cell * 2 for a cell's east wall, up cell * 2 + 1 for a vertical wall. */
  edgeId(cell: number, slot: number): number {
    const up = this.isUp(cell);
    if (slot === 0) return (cell - 1) * 2;
    if (up) return slot === 1 ? cell * 2 : cell * 2 + 1;
    return slot === 2 ? cell * 2 : (cell - this.width) * 2 + 1;
  }

  edgeIdTo(cell: number, slot: number): number {
    return this.edgeId(cell, slot);
  }

  /** Each move changes the column or the row by one, never both. */
  distance(a: number, b: number): number {
    const w = this.width;
    return Math.abs((a % w) - (b % w)) + Math.abs(Math.floor(a / w) - Math.floor(b / w));
  }

  centre(cell: number): DrawPoint {
    const col = cell % this.width;
    const row = (cell - col) / this.width;
    const up = ((col + row) & 1) === 0;
    return { x: (col + 1) / 2, y: row * H + (up ? (2 * H) / 3 : H / 3) };
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
    const col = cell % this.width;
    const row = (cell - col) / this.width;
    const left = col / 2;
    const top = row * H;
    if (((col + row) & 1) === 0) {
      // Up: bottom-left starts the west side, then the apex, then bottom-right starts the base.
      return [
        { x: left, y: top + H },
        { x: left + 0.5, y: top },
        { x: left + 1, y: top + H },
      ];
    }
    // Down: the apex starts the west side, then top-left starts the top, top-right starts the east side.
    return [
      { x: left + 0.5, y: top + H },
      { x: left, y: top },
      { x: left + 1, y: top },
    ];
  }
}
