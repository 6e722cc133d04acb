import { GridMaze, createTopology, drawGridMaze, toGraphJson, toGridSvg, type Theme } from 'mazegen';
import { RasterContext, gridDistanceShading, gridLayout } from 'mazegen/render';
import { shortestGridPath } from 'mazegen/internal';
import type { GridShape } from './protocol.js';

/**
 * The exports of a maze on another grid, `a-maze-ing render`'s own: the viewer's graph JSON
 * is `render --format graph`'s, and its SVG and PNG equal, byte for byte and pixel for pixel,
 *
 *   a-maze-ing render maze-GRID-WxH-SEED.json -o maze.svg|png [--cell-size N] [--path] --theme T ...
 *
 * run on that graph file (the title, the scale and the path come from it). The hex file is
 * the square grid's alone: it has four wall bits a cell and no room for a mask or a wrap.
 */

/** The grid maze rebuilt from its words (what the worker sends). */
export function gridFromWords(shape: GridShape, data: ArrayBuffer): GridMaze {
  const topology = createTopology({ grid: shape.kind, width: shape.width, height: shape.height, wrap: shape.wrap });
  return new GridMaze(topology, shape.wordBytes === 1 ? new Uint8Array(data) : new Uint16Array(data));
}

/** The grid's words and shape for a message (a copy of the words). */
export function gridWords(maze: GridMaze): { shape: GridShape; data: ArrayBuffer } {
  const t = maze.topology;
  const copy = maze.cells.slice();
  return { shape: { kind: t.kind, width: t.width, height: t.height, wrap: t.wrap, wordBytes: t.wordBytes }, data: copy.buffer };
}

/** The path the grid exports hold and draw: the solver's when it always finds a shortest one, else a breadth-first search's (shortestGridPath, as the CLI). */
export function gridExportPath(maze: GridMaze, entry: number, exit: number, solved: Int32Array, solverShortest: boolean): Int32Array {
  if (solverShortest && solved.length > 0) return solved;
  return shortestGridPath(maze, entry, exit).cells;
}

/** What the graph JSON's `graph` holds besides the grid. */
export interface GridMeta {
  entry: number;
  exit: number;
  solution: Int32Array;
  perfect?: boolean;
  generator: string;
  seed: string;
  shape?: string;
}

/** The graph JSON render --format graph writes for this maze. */
export function gridGraphText(maze: GridMaze, meta: GridMeta): string {
  return toGraphJson(maze, {
    entry: meta.entry,
    exit: meta.exit,
    solution: meta.solution,
    perfect: meta.perfect,
    generator: meta.generator,
    seed: meta.seed,
    shape: meta.shape,
  });
}

/** The title render gives a graph file's picture. */
export function gridExportTitle(maze: GridMaze, seed: string): string {
  return `${maze.topology.kind} maze${seed ? `, seed ${seed}` : ''}`;
}

/** The SVG render writes for the graph file (its scale and margin, its title). */
export function gridSvgText(
  maze: GridMaze,
  entry: number,
  exit: number,
  theme: Theme,
  path: Int32Array | undefined,
  title: string,
): string {
  return toGridSvg(maze, { entry, exit, path, theme, title });
}

/** Cell size of a grid PNG: 16 (render's default) while the picture stays near 4096 px a side, else less, at least 2. */
export function gridExportCellSize(maze: GridMaze): number {
  const e = maze.topology.extent;
  return Math.max(2, Math.min(16, Math.floor(4095 / Math.max(e.width, e.height))));
}

/** The PNG's pixels as render draws them, one RGBA word per pixel. */
export function gridPngPixels(
  maze: GridMaze,
  entry: number,
  exit: number,
  theme: Theme,
  cellSize: number,
  path: Int32Array | undefined,
): { width: number; height: number; pixels: Uint32Array<ArrayBuffer> } {
  const layout = gridLayout(maze, theme, { cellSize });
  const ctx = new RasterContext(layout.width, layout.height);
  const shading = gridDistanceShading(maze, theme, entry);
  drawGridMaze(ctx, maze, { layout, theme, entry, exit, path, shade: shading?.shade, shadeColors: shading?.shadeColors });
  const rgb = ctx.pixels;
  const pixels = new Uint32Array(layout.width * layout.height);
  for (let k = 0, b = 0; k < pixels.length; k++, b += 3) pixels[k] = (0xff000000 | (rgb[b + 2] << 16) | (rgb[b + 1] << 8) | rgb[b]) >>> 0;
  return { width: layout.width, height: layout.height, pixels };
}
