/**
 * PNG export, streamed: the picture is drawn band by band into one reused RGB buffer,
 * each band is filtered and packed by pngjs's encoder parts and deflated as it goes,
 * so memory stays a few megabytes whatever the maze size (a 4000x4000 maze included).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, renameSync, statSync, unlinkSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { constants as zlibConstants, createDeflate } from 'node:zlib';
import { RasterContext, drawMaze, pathLinks, type MazeLayout, type Maze, type Point, type Theme } from 'mazegen';
import { CliError } from './errors.js';
import { describeFsError, writeTarget } from './io.js';

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

function existingMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return undefined;
  }
}

/** Writes the PNG atomically: to a temp file beside `path`, renamed over it only when complete. */
export async function writePngFile(path: string, picture: PngPicture): Promise<void> {
  const { full, direct } = writeTarget(resolve(path));
  // A device or FIFO (/dev/stdout) is written in place: a rename would replace it.
  const temp = direct ? full : join(dirname(full), `.${basename(full)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let stream: WriteStream | undefined;
  try {
    stream = createWriteStream(temp, { flags: direct ? 'w' : 'wx' });
    const failed = new Promise<never>((_, reject) => stream!.once('error', reject));
    await Promise.race([encodePng(picture, stream), failed]);
    stream.end();
    await Promise.race([once(stream, 'close'), failed]);
    if (direct) return;
    // A replaced file keeps its permissions, as the other atomic writes do.
    const existing = existingMode(full);
    if (existing !== undefined) chmodSync(temp, existing);
    renameSync(temp, full);
  } catch (error) {
    stream?.destroy();
    try {
      if (!direct) unlinkSync(temp);
    } catch {
      // Never created, or already renamed.
    }
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot write PNG file '${path}': ${describeFsError(error)}; any existing file was left untouched`);
  }
}
