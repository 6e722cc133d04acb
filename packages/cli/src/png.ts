/**
 * PNG export, streamed: the picture is drawn band by band into one reused RGB buffer,
 * each band is filtered (Up) and deflated as it goes, and each piece of deflate output
 * becomes one IDAT chunk, so memory stays a few megabytes whatever the maze size (a
 * 4000x4000 maze included). Chunks and CRCs come from node:zlib alone (PNG spec, section 5).
 */
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { constants as zlibConstants, crc32, createDeflate } from 'node:zlib';
import { drawMaze, type GridMaze, type Theme } from 'mazegen';
import { RasterContext, cellOfRef, distanceShading, pathLinks, type CellRef, type MazeLayout } from 'mazegen/render';
import { AtomicFile } from './io.js';

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** IHDR colour type 2: 8-bit red, green, blue per pixel. */
const COLOR_RGB = 2;
const BIT_DEPTH = 8;
/** Filter type 2 (Up): each byte minus the byte above it; maze pictures are mostly rows repeated. */
const FILTER_UP = 2;
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

/**
 * A maze's picture (drawMaze: the plain square grid's lattice, every other grid from its
 * topology, as `layout.lattice` says); entry and exit are cells or, on the lattice, points.
 */
export interface PngPicture {
  maze: GridMaze;
  layout: MazeLayout;
  theme: Theme;
  entry?: CellRef;
  exit?: CellRef;
  path?: ArrayLike<number> | null;
}

/** One chunk: length, type, data, and the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const chunk = Buffer.alloc(data.length + 12);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, chunk.length - 4)), chunk.length - 4);
  return chunk;
}

function headerChunk(width: number, height: number): Buffer {
  const header = Buffer.alloc(13); // compression, filter method and interlace stay 0
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = BIT_DEPTH;
  header[9] = COLOR_RGB;
  return pngChunk('IHDR', header);
}

/** Rows 1..rows of `band` (row 0 is the row above them) as filtered scanlines: a filter byte, then the differences. */
function filterRowsUp(band: Buffer, rowBytes: number, rows: number): Buffer {
  const out = Buffer.alloc(rows * (rowBytes + 1));
  for (let r = 0; r < rows; r++) {
    const above = r * rowBytes;
    const from = above + rowBytes;
    const to = r * (rowBytes + 1);
    out[to] = FILTER_UP;
    for (let i = 0; i < rowBytes; i++) out[to + 1 + i] = band[from + i] - band[above + i];
  }
  return out;
}

/** Draws picture rows [top, top + rows) into a band's context. */
function bandDrawer(picture: PngPicture): (ctx: RasterContext, top: number, rows: number) => void {
  const { maze, layout, theme, entry, exit, path } = picture;
  // The path's links (the lattice's band drawing) and the distance theme's tint, once for the whole picture.
  const links = layout.lattice && path && path.length > 1 ? pathLinks(maze.asMaze(), path) : undefined;
  const start = cellOfRef(maze.topology, entry);
  const shading = distanceShading(maze, theme, start);
  return (ctx, top, rows) =>
    drawMaze(ctx, maze, {
      layout,
      theme,
      entry,
      exit,
      path,
      pathLinks: links,
      band: [top, top + rows],
      shade: shading?.shade,
      shadeColors: shading?.shadeColors,
    });
}

/** Writes the PNG to a stream; resolves once every byte is handed over. `onRows` hears of the pixel rows drawn. */
export async function encodePng(picture: PngPicture, out: Writable, onRows?: (rows: number) => void): Promise<void> {
  const { width, height } = picture.layout;
  const rowBytes = width * 3;
  const bandRows = Math.max(1, Math.min(height, Math.floor(BAND_PIXELS / width)));
  // One extra row in front holds the previous band's last row (zeros above the first), which the Up filter subtracts.
  const buffer = Buffer.alloc((bandRows + 1) * rowBytes);
  const drawBand = bandDrawer(picture);
  const deflate = createDeflate({ chunkSize: 256 * 1024, level: 9, strategy: zlibConstants.Z_RLE });

  const write = async (chunk: Buffer): Promise<void> => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const produce = async (): Promise<void> => {
    for (let top = 0; top < height; top += bandRows) {
      const rows = Math.min(bandRows, height - top);
      const ctx = new RasterContext(width, rows, top, buffer.subarray(rowBytes, (rows + 1) * rowBytes));
      drawBand(ctx, top, rows);
      if (!deflate.write(filterRowsUp(buffer, rowBytes, rows))) await once(deflate, 'drain');
      buffer.copy(buffer, 0, rows * rowBytes, (rows + 1) * rowBytes);
      if (onRows) onRows(top + rows);
    }
    deflate.end();
  };

  await write(PNG_SIGNATURE);
  await write(headerChunk(width, height));
  const producing = produce().catch((error: unknown) => deflate.destroy(error instanceof Error ? error : new Error(String(error))));
  for await (const chunk of deflate) await write(pngChunk('IDAT', chunk as Buffer));
  await producing;
  await write(pngChunk('IEND'));
}

/**
 * Writes the PNG atomically through AtomicFile: each chunk goes straight into the temp
 * file, which is flushed and renamed over `path` only when the picture is complete.
 */
export async function writePngFile(path: string, picture: PngPicture, onRows?: (rows: number) => void): Promise<void> {
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
    await Promise.race([encodePng(picture, sink, onRows), failed]);
    file.commit();
  } catch (error) {
    file.abort();
    throw file.failure(error);
  }
}
