import { drawMaze, shortestPath, toGraphJson, toHex, toSvg, type GridMaze, type Point, type Theme } from 'mazegen';
import { RasterContext, distanceShading, mazeLayout } from 'mazegen/render';

/**
 * The exports, one path for every grid: `a-maze-ing render`'s own files, made by the same
 * library calls. The viewer's graph JSON is `render CONFIG --format graph`'s, and its SVG
 * and PNG equal, byte for byte and pixel for pixel, the `render` command `renderCommand`
 * spells out, run on the file the maze's plug-in names: the plain square grid's is the
 * hex file (its established pictures: `toSvg`, `drawMaze`, the 42 in its colour; the hex
 * file itself is square-only), every other grid's is the graph file (`toSvg`,
 * `drawMaze`). This module runs in the page and in the worker (no DOM).
 */

/** What the exports know of the maze shown. */
export interface ExportMaze {
  maze: GridMaze;
  /** The plain square grid: the square plug-in (hex file, print sheet, the square pictures). */
  square: boolean;
  entry: number;
  exit: number;
  seed: string;
}

/** A cell as the square plug-in's point. */
export function squarePoint(maze: GridMaze, cell: number): Point {
  const w = maze.topology.width;
  return { x: cell % w, y: Math.floor(cell / w) };
}

/** What an export is drawn with. */
export interface PictureOptions {
  theme: Theme;
  cellSize: number;
  path: Int32Array | undefined;
  title: string;
}

type Pixels = { width: number; height: number; pixels: Uint32Array<ArrayBuffer> };

/** A grid's exports: the plug-in chosen once per maze (the plain square grid's, or every other grid's). */
interface ExportPlugin {
  /** The files' name. */
  name(m: ExportMaze): string;
  /** The title `render` gives the picture of the file it reads. */
  title(m: ExportMaze): string;
  /** The path the files hold and draw. */
  path(m: ExportMaze, solved: Int32Array, solverShortest: boolean): Int32Array;
  svg(m: ExportMaze, o: PictureOptions): string;
  /** Draws the PNG's picture (with the distance theme's shading) into a new raster. */
  raster(m: ExportMaze, o: PictureOptions): RasterContext;
  /** The file `render` reads to make the same picture, and its words in the panel. */
  source: { extension: string; words: string };
  /** True when the SVG takes --cell-size (a grid SVG has its own scale). */
  svgSized: boolean;
}

/** The plain square grid: the hex file's maze, its established pictures (`toSvg`, `drawMaze`, the 42 in its colour). */
const SQUARE_EXPORTS: ExportPlugin = {
  name: (m) => `maze-${m.maze.topology.width}x${m.maze.topology.height}-${m.seed}`,
  title: (m) => `${m.maze.topology.width}x${m.maze.topology.height} maze`,
  // The hex file's shortest path (what `render --path` draws of it).
  path: (m) => shortestPath(m.maze.asMaze(), squarePoint(m.maze, m.entry), squarePoint(m.maze, m.exit)).cells,
  svg: (m, o) =>
    toSvg(m.maze.asMaze(), {
      entry: squarePoint(m.maze, m.entry),
      exit: squarePoint(m.maze, m.exit),
      path: o.path,
      theme: o.theme,
      cellSize: o.cellSize,
      title: o.title,
    }),
  raster: (m, { theme, cellSize, path }) => {
    const maze = m.maze.asMaze();
    const [entry, exit] = [squarePoint(m.maze, m.entry), squarePoint(m.maze, m.exit)];
    const layout = mazeLayout(maze, theme, { cellSize });
    const ctx = new RasterContext(layout.width, layout.height);
    const shading = distanceShading(maze, theme, entry);
    drawMaze(ctx, maze, { layout, theme, entry, exit, path, shade: shading?.shade, shadeColors: shading?.shadeColors });
    return ctx;
  },
  source: { extension: 'txt', words: 'the hex file' },
  svgSized: true,
};

/** Every other grid: the graph file's maze (`toSvg`, `drawMaze`). */
const GRID_EXPORTS: ExportPlugin = {
  name: (m) => {
    const t = m.maze.topology;
    return `maze-${t.kind}-${t.width}x${t.height}-${m.seed}`;
  },
  title: (m) => `${m.maze.topology.kind} maze${m.seed ? `, seed ${m.seed}` : ''}`,
  // The solver's when it always finds a shortest one, else a breadth-first search's (shortestPath, as the CLI).
  path: (m, solved, solverShortest) => (solverShortest && solved.length > 0 ? solved : shortestPath(m.maze, m.entry, m.exit).cells),
  svg: (m, o) => toSvg(m.maze, { entry: m.entry, exit: m.exit, path: o.path, theme: o.theme, title: o.title }),
  raster: (m, { theme, cellSize, path }) => {
    const layout = mazeLayout(m.maze, theme, { cellSize });
    const ctx = new RasterContext(layout.width, layout.height);
    const shading = distanceShading(m.maze, theme, m.entry);
    drawMaze(ctx, m.maze, {
      layout,
      theme,
      entry: m.entry,
      exit: m.exit,
      path,
      shade: shading?.shade,
      shadeColors: shading?.shadeColors,
    });
    return ctx;
  },
  source: { extension: 'json', words: 'the graph file (Export graph JSON)' },
  svgSized: false,
};

function exportsOf(m: ExportMaze): ExportPlugin {
  return m.square ? SQUARE_EXPORTS : GRID_EXPORTS;
}

/** The files' name: maze-WxH-SEED on the square grid (as before), maze-GRID-WxH-SEED elsewhere. */
export function exportName(m: ExportMaze): string {
  return exportsOf(m).name(m);
}

/** The title `render` gives the picture of the file it reads (a hex file's, a graph file's). */
export function exportTitle(m: ExportMaze): string {
  return exportsOf(m).title(m);
}

/**
 * The path the exports hold and draw: on the square grid the hex file's shortest path; elsewhere
 * the solver's when it always finds a shortest one, else a breadth-first search's.
 */
export function exportPath(m: ExportMaze, solved: Int32Array, solverShortest: boolean): Int32Array {
  return exportsOf(m).path(m, solved, solverShortest);
}

/** Cell size of the picture exports: 16 (render's default) while the picture stays near 4096 px a side, else less, at least 2. */
export function exportCellSize(maze: GridMaze): number {
  const e = maze.topology.extent;
  return Math.max(2, Math.min(16, Math.floor(4095 / Math.max(e.width, e.height))));
}

/** The hex output file's text (the square plug-in alone; with a shortest path, as the CLI writes it). */
export function hexText(m: ExportMaze): string {
  const maze = m.maze.asMaze();
  const entry = squarePoint(m.maze, m.entry);
  const exit = squarePoint(m.maze, m.exit);
  return toHex(maze, { entry, exit, path: shortestPath(maze, entry, exit).directions });
}

/** What the graph JSON's `graph` holds besides the grid. */
export interface GraphMeta {
  solution: Int32Array;
  perfect?: boolean;
  generator: string;
  shape?: string;
}

/** The graph JSON `render CONFIG --format graph` writes for this maze (every grid). */
export function graphText(m: ExportMaze, meta: GraphMeta): string {
  return toGraphJson(m.maze, {
    entry: m.entry,
    exit: m.exit,
    solution: meta.solution,
    perfect: meta.perfect,
    generator: meta.generator,
    seed: m.seed,
    shape: meta.shape,
  });
}

/** The SVG `render` writes (its writer, its title, its scale). */
export function svgText(m: ExportMaze, o: PictureOptions): string {
  return exportsOf(m).svg(m, o);
}

/** The PNG's pixels as `render` draws them, one RGBA word per pixel (alpha 255). */
export function pngPixels(m: ExportMaze, o: PictureOptions): Pixels {
  const { width, height, pixels: rgb } = exportsOf(m).raster(m, o);
  const pixels = new Uint32Array(width * height);
  for (let k = 0, b = 0; k < pixels.length; k++, b += 3) pixels[k] = (0xff000000 | (rgb[b + 2] << 16) | (rgb[b + 1] << 8) | rgb[b]) >>> 0;
  return { width, height, pixels };
}

export interface RenderFlags {
  theme: string;
  wall?: string;
  background?: string;
  path?: string;
  pattern?: string;
}

/** The file `render` reads to make the same picture: the hex file (square) or the graph file (Export graph JSON). */
export function renderSource(m: ExportMaze): { file: string; words: string } {
  const { source } = exportsOf(m);
  return { file: `${exportName(m)}.${source.extension}`, words: source.words };
}

/** The `a-maze-ing render` command line that writes the same picture as the viewer's export. */
export function renderCommand(m: ExportMaze, kind: 'svg' | 'png', cellSize: number, withPath: boolean, flags: RenderFlags): string {
  const words = ['a-maze-ing', 'render', renderSource(m).file, '-o', `${exportName(m)}.${kind}`];
  if (kind === 'png' || exportsOf(m).svgSized) words.push('--cell-size', String(cellSize));
  if (withPath) words.push('--path');
  words.push('--theme', flags.theme);
  if (flags.wall) words.push('--wall-color', flags.wall);
  if (flags.background) words.push('--background', flags.background);
  if (flags.path) words.push('--path-color', flags.path);
  if (flags.pattern) words.push('--pattern-color', flags.pattern);
  return words.join(' ');
}
