import { Maze, drawMaze, toHex, toSvg, type Point, type Theme } from 'mazegen';
import { RasterContext, distanceShading, mazeLayout } from 'mazegen/render';
import { shortestPath } from 'mazegen';

/**
 * The exports. Pictures are `a-maze-ing render`'s own, drawn by the same library calls:
 * the viewer's SVG and PNG of a maze equal, byte for byte and pixel for pixel,
 *
 *   a-maze-ing render maze-WxH-SEED.txt -o maze.svg|png --cell-size N [--path] --theme T
 *     [--wall-color C] [--background C] [--path-color C]
 *
 * run on the viewer's hex file of the same maze (`renderCommand` spells it out). Both draw
 * the shortest path the hex file holds, at N = exportCellSize pixels a cell.
 */

/** The hex output file's text (with a shortest path, as the CLI writes it). */
export function hexText(maze: Maze, entry: Point, exit: Point): string {
  const best = shortestPath(maze, entry, exit);
  return toHex(maze, { entry, exit, path: best.directions });
}

/** The path the picture exports draw: the hex file's shortest path (what `render --path` draws). */
export function exportPath(maze: Maze, entry: Point, exit: Point): Int32Array {
  return shortestPath(maze, entry, exit).cells;
}

/** Cell size of the picture exports: 16 (render's default) while the picture stays near 4096 px a side, else less, at least 2. */
export function exportCellSize(width: number, height: number): number {
  return Math.max(2, Math.min(16, Math.floor(4095 / Math.max(width, height))));
}

/** The title render gives a maze file's picture. */
export function exportTitle(maze: { width: number; height: number }): string {
  return `${maze.width}x${maze.height} maze`;
}

export interface RenderFlags {
  theme: string;
  wall?: string;
  background?: string;
  path?: string;
  pattern?: string;
}

/** The `a-maze-ing render` command line that writes the same picture as the viewer's export (no --cell-size for a grid SVG, which has its own scale). */
export function renderCommand(
  hexFile: string,
  output: string,
  cellSize: number | undefined,
  withPath: boolean,
  flags: RenderFlags,
): string {
  const words = ['a-maze-ing', 'render', hexFile, '-o', output, ...(cellSize === undefined ? [] : ['--cell-size', String(cellSize)])];
  if (withPath) words.push('--path');
  words.push('--theme', flags.theme);
  if (flags.wall) words.push('--wall-color', flags.wall);
  if (flags.background) words.push('--background', flags.background);
  if (flags.path) words.push('--path-color', flags.path);
  if (flags.pattern) words.push('--pattern-color', flags.pattern);
  return words.join(' ');
}

/** The SVG render writes (its writer, its title, its defaults for the margin). */
export function svgText(maze: Maze, entry: Point, exit: Point, theme: Theme, cellSize: number, path: Int32Array | undefined): string {
  return toSvg(maze, { entry, exit, path, theme, cellSize, title: exportTitle(maze) });
}

/** The PNG's pixels as render draws them, one RGBA word per pixel (alpha 255). */
export function pngPixels(
  maze: Maze,
  entry: Point,
  exit: Point,
  theme: Theme,
  cellSize: number,
  path: Int32Array | undefined,
): { width: number; height: number; pixels: Uint32Array<ArrayBuffer> } {
  const layout = mazeLayout(maze, theme, { cellSize });
  const ctx = new RasterContext(layout.width, layout.height);
  const shading = distanceShading(maze, theme, entry);
  drawMaze(ctx, maze, { layout, theme, entry, exit, path, shade: shading?.shade, shadeColors: shading?.shadeColors });
  const rgb = ctx.pixels;
  const pixels = new Uint32Array(layout.width * layout.height);
  for (let k = 0, b = 0; k < pixels.length; k++, b += 3) pixels[k] = (0xff000000 | (rgb[b + 2] << 16) | (rgb[b + 1] << 8) | rgb[b]) >>> 0;
  return { width: layout.width, height: layout.height, pixels };
}

/** RGBA pixels as a PNG file (canvas encoders keep opaque sRGB pixels exact). */
export function pngBlobFromPixels(width: number, height: number, pixels: ArrayBuffer): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  ctx.putImageData(new ImageData(new Uint8ClampedArray(pixels), width, height), 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'),
  );
}

/** Offers `blob` as a download called `name`. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
