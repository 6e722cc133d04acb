import { resolveTheme, shortestPath, toHex, toSvg, type Maze, type Point, type ThemeOverrides } from 'mazegen';
import { MazeRaster, geometryFor } from './raster.js';

/** The hex output file's text (with a shortest path, as the CLI writes it). */
export function hexText(maze: Maze, entry: Point, exit: Point): string {
  const best = shortestPath(maze, entry, exit);
  return toHex(maze, { entry, exit, path: best.directions });
}

/** The maze as SVG, drawn by the library's SVG writer in the viewer's colours. */
export function svgText(maze: Maze, entry: Point, exit: Point, theme: 'default' | 'heatmap', colors: ThemeOverrides, path?: Int32Array): string {
  const cellSize = Math.max(2, Math.min(16, Math.floor(4096 / Math.max(maze.width, maze.height))));
  // The panel's colours are the user's; the panel, not the export, is where a clash is reported.
  const themed = resolveTheme(theme, colors, { check: false });
  return toSvg(maze, { entry, exit, path, theme: themed, cellSize, title: `${maze.width}x${maze.height} maze` });
}

/** A PNG of the maze at a readable pitch (at most about 4096 pixels a side). */
export async function pngBlob(width: number, height: number, cells: Uint8Array, paint: Uint8Array, palette: Uint32Array): Promise<Blob> {
  const pitch = Math.max(2, Math.min(24, Math.floor(4096 / Math.max(width, height))));
  const g = geometryFor(width, height, pitch);
  const canvas = document.createElement('canvas');
  canvas.width = g.imageWidth;
  canvas.height = g.imageHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  const image = ctx.createImageData(g.imageWidth, g.imageHeight);
  new MazeRaster(width, height, pitch, new Uint32Array(image.data.buffer), cells, paint, palette).drawAll();
  ctx.putImageData(image, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'));
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
