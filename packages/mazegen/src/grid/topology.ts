import { ownEntry } from '../own-entry.js';

/**
 * The topology seam: what a generic algorithm may ask of a grid. Cells are integers
 * 0..size-1 and neighbours are computed, never stored (a table would cost about 20
 * bytes a cell). Each cell has `degree(cell)` slots numbered clockwise around it (as
 * drawn, y pointing down); the wall of slot s is bit `1 << s` of the cell's word, and a
 * set bit is a closed wall, as in the square grid's bytes (N=1, E=2, S=4, W=8). A slot
 * with no neighbour (the border) keeps its bit set. `blockedBit` (1 << maxDegree) marks
 * a cell that is not part of the maze (a mask, the 42 pattern): 16 on the square grid,
 * as today.
 *
 * Room for what comes next: a weave cell is a cell of a second layer under another
 * (cells size..2*size-1, slots that tunnel), a 3D level a stack of these grids with an
 * up and a down slot, and upsilon (octagons and squares) one more class of this
 * interface with degree 8 or 4; none needs a change to the generic kernels, which see
 * only cells, slots and `neighbours`.
 */

/** The grid shapes, by their canonical names. */
export type GridKind = 'square' | 'hex' | 'triangle' | 'polar';
export const GRID_KINDS: readonly GridKind[] = ['square', 'hex', 'triangle', 'polar'];

/** Which opposite edges are joined: x joins west and east (a cylinder), xy both pairs (a torus). */
export type Wrap = 'none' | 'x' | 'y' | 'xy';
export const WRAPS: readonly Wrap[] = ['none', 'x', 'y', 'xy'];

/** A position in drawing units (a square cell is 1 wide; see each grid for its unit). */
export interface DrawPoint {
  x: number;
  y: number;
}

/** A cell's grid coordinates: col,row (square, hex, triangle) or index,ring (polar). */
export type GridCoordinates = { col: number; row: number } | { ring: number; index: number };

export interface Topology {
  readonly kind: GridKind;
  /** The parameters that decide the grid: width/height (columns and rows, or the first ring's count and the rings around the centre). */
  readonly width: number;
  readonly height: number;
  readonly wrap: Wrap;
  /** Number of cells. */
  readonly size: number;
  /** The most slots any cell has. */
  readonly maxDegree: number;
  /** 1 << maxDegree: marks a cell outside the maze. */
  readonly blockedBit: number;
  /** Bytes of one cell's word (1 or 2): enough for maxDegree wall bits and the blocked bit. */
  readonly wordBytes: 1 | 2;
  /** Every wall has an id below this bound (for Kruskal-style weights), the same from both sides. */
  readonly edgeIdBound: number;
  /** The drawing's size in drawing units; every cell centre lies inside. */
  readonly extent: { width: number; height: number };
  /** Slots of `cell`. */
  degree(cell: number): number;
  /** The cell across slot `slot` of `cell`, or -1 past the border. */
  neighbour(cell: number, slot: number): number;
  /** Fills out[0..degree) with the neighbours (-1 past the border) and returns the degree. */
  neighbours(cell: number, out: Int32Array): number;
  /** The slot of the neighbour across `slot` that is the same wall seen from the other side. */
  backSlot(cell: number, slot: number): number;
  /** The id of the wall in `slot` of `cell` (the same from the other side); only for a slot with a neighbour. */
  edgeId(cell: number, slot: number): number;
  /** `edgeId(cell, slot)` when the caller knows the neighbour there (`next`): no second neighbour computation. */
  edgeIdTo(cell: number, slot: number, next: number): number;
  /** A lower bound on the moves from `a` to `b` (A*'s admissible heuristic). */
  distance(a: number, b: number): number;
  /** The cell's centre in drawing units. */
  centre(cell: number): DrawPoint;
  /** The cell's grid coordinates. */
  coordinates(cell: number): GridCoordinates;
  /** The cell at grid coordinates (first, second) = (col, row) or (index, ring), or -1 when there is none. */
  cellAt(first: number, second: number): number;
  /** The cell's corners in drawing units, clockwise, corner k starting the wall of slot k (polar: see PolarTopology.wallArc). */
  corners(cell: number): DrawPoint[];
}

/** Every wall bit of a cell of `degree` slots closed. */
/** A cell's coordinates as the pair `cellAt` takes: (col, row), or (index, ring) on the polar grid. */
export function coordinatePair(t: Topology, cell: number): [number, number] {
  const c = t.coordinates(cell);
  return 'col' in c ? [c.col, c.row] : [c.index, c.ring];
}

/** A cell as the text messages name it, `(col,row)` or `(index,ring)`, counted from `base`. */
export function cellLabel(t: Topology, cell: number, base = 0): string {
  const [first, second] = coordinatePair(t, cell);
  return `(${first + base},${second + base})`;
}

export function allWallsOf(degree: number): number {
  return (1 << degree) - 1;
}

/** Canonical grid names and the aliases a config may use. */
export const GRID_ALIASES: Readonly<Record<string, GridKind>> = {
  square: 'square',
  orthogonal: 'square',
  gamma: 'square',
  hex: 'hex',
  hexagonal: 'hex',
  sigma: 'hex',
  triangle: 'triangle',
  triangular: 'triangle',
  delta: 'triangle',
  polar: 'polar',
  circular: 'polar',
  theta: 'polar',
};

/** The grid kind named by `name` (a canonical name or an alias, any case), or undefined. */
export function gridKindOf(name: string): GridKind | undefined {
  return ownEntry(GRID_ALIASES, name.trim().toLowerCase());
}
