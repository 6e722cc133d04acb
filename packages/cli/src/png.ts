/**
 * PNG export, streamed: the picture is drawn band by band into one reused RGB buffer,
 * each band is filtered and packed by pngjs's encoder parts and deflated as it goes,
 * so memory stays a few megabytes whatever the maze size (a 4000x4000 maze included).
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { constants as zlibConstants, createDeflate } from 'node:zlib';
import { RasterContext, drawMaze, pathLinks, type MazeLayout, type Maze, type Point, type Theme } from 'mazegen';
import { AtomicFile } from './io.js';

/** The parts of pngjs's encoder used here (its Packer builds the chunks, filters rows and computes CRCs). */
interface PngPacker {
  packIHDR(width: number, height: number): Buffer;
  packIDAT(data: Buffer): Buffer;
  packIEND(): Buffer;
  filterData(data: Buffer, width: number, height: number): Buffer;
}
type PackerConstructor = new (options: Record<string, unknown>) => PngPacker;

const require = createRequire(import.meta.url);
const Packer = require('pngjs/lib/packer.js') as PackerConstructor;
const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const COLOR_RGB = 2;
/** Pixels a band holds at most (3 bytes each): about 3 MB of buffer. */
const BAND_PIXELS = 1_000_000;
/** Longest side a PNG gets before the cell size is reduced on its own (when none was asked for). */
export const MAX_AUTO_PNG_SIDE = 8192;
/**
 * Longest side a PNG may have at all: a band holds at least one row of the picture plus
 * the row before it, and the filter makes a copy (about 12 bytes per pixel of width), so
 * 2^24 px keeps that near 200 MB; PNG itself allows 2^31 - 1.
 */
export const MAX_PNG_SIDE = 2 ** 24;

export interface PngPicture {
  maze: Maze;
  layout: MazeLayout;
  theme: Theme;
  entry?: Point;
  exit?: Point;
  path?: ArrayLike<number>;
}

/** Writes the PNG to a stream; resolves once every byte is handed over. */
export async function encodePng(picture: PngPicture, out: Writable): Promise<void> {
  const { maze, layout, theme, entry, exit, path } = picture;
  const { width, height } = layout;
  const packer = new Packer({ colorType: COLOR_RGB, inputColorType: COLOR_RGB, inputHasAlpha: false, bitDepth: 8, filterType: 2 });
  const rowBytes = width * 3;
  const bandRows = Math.max(1, Math.min(height, Math.floor(BAND_PIXELS / width)));
  // One extra row in front holds the previous band's last row, so Up/Average/Paeth filters see real data.
  const buffer = Buffer.alloc((bandRows + 1) * rowBytes);
  const links = path && path.length > 1 ? pathLinks(maze, path) : undefined;
  const deflate = createDeflate({ chunkSize: 256 * 1024, level: 9, strategy: zlibConstants.Z_RLE });

  const write = async (chunk: Buffer): Promise<void> => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const produce = async (): Promise<void> => {
    for (let top = 0; top < height; top += bandRows) {
      const rows = Math.min(bandRows, height - top);
      const ctx = new RasterContext(width, rows, top, buffer.subarray(rowBytes, (rows + 1) * rowBytes));
      const firstCell = Math.floor((top - layout.margin) / layout.cellSize) - 1;
      const endCell = Math.ceil((top + rows - layout.margin) / layout.cellSize) + 1;
      drawMaze(ctx, maze, { layout, theme, entry, exit, path, pathLinks: links, rows: [firstCell, endCell] });
      const filtered = packer.filterData(buffer.subarray(0, (rows + 1) * rowBytes), width, rows + 1);
      // Drop the filtered copy of the carried-over row.
      if (!deflate.write(filtered.subarray(rowBytes + 1))) await once(deflate, 'drain');
      buffer.copy(buffer, 0, rows * rowBytes, (rows + 1) * rowBytes);
    }
    deflate.end();
  };

  await write(PNG_SIGNATURE);
  await write(packer.packIHDR(width, height));
  const producing = produce().catch((error: unknown) => deflate.destroy(error instanceof Error ? error : new Error(String(error))));
  for await (const chunk of deflate) await write(packer.packIDAT(chunk as Buffer));
  await producing;
  await write(packer.packIEND());
}

/**
 * Writes the PNG atomically through AtomicFile: each chunk goes straight into the temp
 * file, which is flushed and renamed over `path` only when the picture is complete.
 */
export async function writePngFile(path: string, picture: PngPicture): Promise<void> {
  const file = new AtomicFile(path, 'PNG file');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        file.write(chunk);
        done();
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
  // A failed write never drains, so the encoder's wait is raced against the error.
  const failed = new Promise<never>((_, reject) => sink.once('error', reject));
  try {
    await Promise.race([encodePng(picture, sink), failed]);
    file.commit();
  } catch (error) {
    file.abort();
    throw file.failure(error);
  }
}
