import { OptionError } from '../errors.js';
import type { Topology } from '../grid/topology.js';
import type { GridMaze, Point } from '../maze.js';
import { isPlainSquareMaze } from '../plain-square.js';
import type { DrawContext } from './context.js';
import { drawTopology } from './grid-draw.js';
import { GRID_MARK_RATIO, GRID_PATH_RATIO } from './grid-geometry.js';
import { drawSquareLattice } from './square-draw.js';
import type { Theme } from './theme.js';

export { borderOpening, pathLinks } from './square-draw.js';

/**
 * Where a maze's picture goes in pixels: drawing unit (x, y) of the topology is pixel
 * (margin + x * cellSize, margin + y * cellSize); on the square lattice (`lattice`) wall
 * line k lies on pixels [margin + k * cellSize, + wallWidth).
 */
export interface MazeLayout {
  /** Pixels per drawing unit: a square cell's side (wall line to wall line), a hexagon's or triangle's side, a ring's depth. */
  cellSize: number;
  wallWidth: number;
  margin: number;
  /** Width of the solution line in pixels. */
  pathWidth: number;
  /** Radius of the entry and exit discs (the topology drawing; the lattice fills the cells). */
  markRadius: number;
  /** Picture size in whole pixels. */
  width: number;
  height: number;
  /**
   * True for the plain square grid's lattice (the square plug-in: its established pixels,
   * the 42 in its colour), false for the drawing written against the topology (isPlainSquareMaze
   * chose when the layout was made).
   */
  lattice: boolean;
}

export interface LayoutOptions {
  /** Pixels per drawing unit, a whole number 2..1000 (or any positive number with `fractional`, not on the lattice). Default 16. */
  cellSize?: number;
  /** Blank pixels around the maze. Default: half a cell. */
  margin?: number;
  /** Wall thickness in pixels. Default: the theme's share of the cell, at least 1. */
  wallWidth?: number;
  /** Allows a fractional scale (a picture fitted to a given size, as the terminal's braille view); the lattice keeps whole pixels. */
  fractional?: boolean;
}

export const DEFAULT_CELL_SIZE = 16;

/** A theme's wall thickness at a cell size: its share of the cell, rounded, at least 1 and below the cell. */
export function wallWidthFor(cellSize: number, theme: Pick<Theme, 'wallRatio'>): number {
  return Math.max(1, Math.min(cellSize - 1, Math.round(cellSize * theme.wallRatio)));
}

/** Width of the solution line for a lattice layout: a third of the passage, at least 1 pixel. */
export function pathWidthFor(layout: Pick<MazeLayout, 'cellSize' | 'wallWidth'>): number {
  return Math.max(1, Math.round((layout.cellSize - layout.wallWidth) / 3));
}

/** The lattice a square picture of W x H cells is drawn on, before any maze exists (a size check, a screen). */
export interface LatticeSize {
  width: number;
  height: number;
}

/**
 * The layout of a maze's picture. The plain square grid (isPlainSquareMaze), or a bare
 * `{ width, height }`, is laid out on the square lattice, whose pixels every square PNG, PDF
 * and viewer picture already has (margin + W * cellSize + wallWidth + margin across); every
 * other grid from its topology's extent, sized as its SVG is at the same scale.
 */
export function mazeLayout(maze: GridMaze | LatticeSize, theme: Pick<Theme, 'wallRatio'>, options: LayoutOptions = {}): MazeLayout {
  if (!('topology' in maze)) return latticeLayout(maze, theme, options);
  return isPlainSquareMaze(maze) ? latticeLayout(maze.topology, theme, options) : topologyLayout(maze.topology, theme, options);
}

function latticeLayout(size: LatticeSize, theme: Pick<Theme, 'wallRatio'>, options: LayoutOptions): MazeLayout {
  const cellSize = options.cellSize ?? DEFAULT_CELL_SIZE;
  if (!Number.isInteger(cellSize) || cellSize < 2 || cellSize > 1000) {
    throw new OptionError('cell-size', `cell size must be a whole number of pixels from 2 to 1000, got ${cellSize}`);
  }
  const margin = options.margin ?? Math.floor(cellSize / 2);
  if (!Number.isInteger(margin) || margin < 0 || margin > 10000) {
    throw new OptionError('margin', `margin must be a whole number of pixels from 0 to 10000, got ${margin}`);
  }
  const wallWidth = options.wallWidth ?? wallWidthFor(cellSize, theme);
  if (!Number.isInteger(wallWidth) || wallWidth < 1 || wallWidth >= cellSize) {
    throw new OptionError(
      'wall-width',
      `wall width must be a whole number from 1 to ${cellSize - 1} pixels (below the cell size), got ${wallWidth}`,
    );
  }
  return {
    cellSize,
    wallWidth,
    margin,
    pathWidth: pathWidthFor({ cellSize, wallWidth }),
    markRadius: (cellSize - wallWidth) / 2,
    width: 2 * margin + size.width * cellSize + wallWidth,
    height: 2 * margin + size.height * cellSize + wallWidth,
    lattice: true,
  };
}

function topologyLayout(t: Topology, theme: Pick<Theme, 'wallRatio'>, options: LayoutOptions): MazeLayout {
  const scale = options.cellSize ?? DEFAULT_CELL_SIZE;
  if (options.fractional ? !(scale > 0 && scale <= 1000) : !Number.isInteger(scale) || scale < 2 || scale > 1000) {
    throw new OptionError('cell-size', `cell size must be a whole number of pixels from 2 to 1000, got ${scale}`);
  }
  const margin = options.margin ?? Math.floor(scale / 2);
  if (!(margin >= 0 && margin <= 10000))
    throw new OptionError('margin', `margin must be a number of pixels from 0 to 10000, got ${margin}`);
  const wallWidth = options.wallWidth ?? Math.max(1, Math.round(theme.wallRatio * scale));
  if (!(wallWidth >= 1 && wallWidth < Math.max(2, scale))) {
    throw new OptionError('wall-width', `wall width must be from 1 pixel to below the cell size (${scale}), got ${wallWidth}`);
  }
  return {
    cellSize: scale,
    wallWidth,
    margin,
    pathWidth: Math.max(1, scale * GRID_PATH_RATIO),
    markRadius: Math.max(1, scale * GRID_MARK_RATIO),
    width: Math.ceil(t.extent.width * scale + 2 * margin),
    height: Math.ceil(t.extent.height * scale + 2 * margin),
    lattice: false,
  };
}

/** An entry or exit: a cell, or a cell's (col, row) as a point ((index, ring) on the polar grid). */
export type CellRef = number | Point;

/** The cell `end` names, or undefined (none, or no such cell). */
export function cellOfRef(t: Topology, end: CellRef | undefined | null): number | undefined {
  if (end === undefined || end === null) return undefined;
  const cell = typeof end === 'number' ? end : t.cellAt(end.x, end.y);
  return cell >= 0 && cell < t.size ? cell : undefined;
}

export interface DrawOptions {
  layout: MazeLayout;
  theme: Theme;
  entry?: CellRef;
  exit?: CellRef;
  /** Solution cells from entry to exit, drawn as a line through the cell centres. */
  path?: ArrayLike<number> | null;
  /**
   * Draw only what touches picture rows [first, end) in pixels: for a raster built band by
   * band. Everything outside may be skipped; the context clips the rest.
   */
  band?: readonly [number, number];
  /**
   * The lattice only: draw only what touches cell rows [first, end) (and `columns`, cell
   * columns): with a context clipped inside them (RasterContext.clipColumns) the pixels there
   * are the whole drawing's (the viewer redraws changed cells so). Wins over `band`.
   */
  rows?: readonly [number, number];
  columns?: readonly [number, number];
  /** The lattice only: per-cell links of the path (N/E/S/W bits), from `pathLinks`, for `rows`, `columns` or `band`. */
  pathLinks?: Uint8Array;
  /**
   * Cells tinted under the path and marks (the distance theme, an animation's frontier,
   * visited and current cells): a cell whose value is k > 0 gets its inside filled with
   * `shadeColors[k - 1]`.
   */
  shade?: Uint8Array;
  shadeColors?: readonly string[];
}

/**
 * Draws a maze of any grid through a DrawContext: background, tinted cells, the solution,
 * the walls, entry and exit. One function for every grid; the layout says which drawing:
 * the plain square grid's lattice (square-draw.ts: the established pixels of every square
 * PNG, PDF and viewer picture, which the golden tests hold byte for byte, so it stays the
 * square plug-in rather than becoming the topology drawing of a square), or the drawing
 * written once against the topology (grid-draw.ts: hex, triangle, polar, wraps, masks).
 */
export function drawMaze(ctx: DrawContext, maze: GridMaze, options: DrawOptions): void {
  const t = maze.topology;
  const { layout } = options;
  if (!layout.lattice) {
    drawTopology(ctx, maze, { ...options, entry: cellOfRef(t, options.entry), exit: cellOfRef(t, options.exit) });
    return;
  }
  if (t.kind !== 'square' || t.wrap !== 'none')
    throw new OptionError('layout', `a square lattice layout draws the plain square grid only, not a ${t.kind} grid wrapped ${t.wrap}`);
  const w = t.width;
  const point = (cell: number | undefined): Point | undefined =>
    cell === undefined ? undefined : { x: cell % w, y: Math.floor(cell / w) };
  let rows = options.rows;
  if (!rows && options.band) {
    // The cell rows whose drawing reaches the band, one more each side.
    const [top, end] = options.band;
    rows = [Math.floor((top - layout.margin) / layout.cellSize) - 1, Math.ceil((end - layout.margin) / layout.cellSize) + 1];
  }
  drawSquareLattice(ctx, maze.asMaze(), {
    ...options,
    rows,
    entry: point(cellOfRef(t, options.entry)),
    exit: point(cellOfRef(t, options.exit)),
  });
}
