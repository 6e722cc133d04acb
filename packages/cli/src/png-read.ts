/**
 * Reads a PNG into RGBA pixels (for MASK=FILE.png), on node:zlib: the project's PNG code
 * is its own (png.ts writes), and pngjs stays a test-only dependency. Non-interlaced
 * images of every colour type and bit depth; an interlaced one is refused in one line.
 */
import { builtin } from './builtin.js';

export interface RgbaImage {
  width: number;
  height: number;
  /** 4 bytes a pixel, row by row. */
  data: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** A PNG's size and bits per pixel from its IHDR (the first chunk), or undefined when the bytes do not start one. */
export function pngHeader(bytes: Uint8Array): { width: number; height: number; bitsPerPixel: number } | undefined {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  const channels = CHANNELS[bytes[25]];
  if (channels === undefined) return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20), bitsPerPixel: channels * bytes[24] };
}

/**
 * Bytes `decodePng` holds at its peak for a picture: the file and its joined IDAT data,
 * the inflated rows with their filter bytes, the unfiltered rows, and 4 bytes a pixel.
 */
export function pngDecodeBytes(fileBytes: number, header: { width: number; height: number; bitsPerPixel: number }): number {
  const stride = Math.ceil((header.width * header.bitsPerPixel) / 8);
  return 2 * fileBytes + header.height * (2 * stride + 1) + 4 * header.width * header.height;
}

/** The picture, or an Error whose message says what is wrong with the file. */
export function decodePng(bytes: Uint8Array): RgbaImage {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) throw new Error('no PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  let depth = 0;
  let type = -1;
  let palette: Uint8Array | undefined;
  let alphaOfIndex: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const name = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) throw new Error(`the ${name} chunk is cut short`);
    if (name === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      depth = data[8];
      type = data[9];
      if (data[12] !== 0) throw new Error('interlaced PNGs are not read; save it without interlacing');
    } else if (name === 'PLTE') palette = data;
    else if (name === 'tRNS') alphaOfIndex = data;
    else if (name === 'IDAT') idat.push(data);
    else if (name === 'IEND') break;
    at += 12 + length;
  }
  const channels = CHANNELS[type];
  if (!width || !height || channels === undefined || ![1, 2, 4, 8, 16].includes(depth))
    throw new Error('no usable IHDR (size, colour type, bit depth)');
  if (width * height > 1 << 26) throw new Error(`${width}x${height} pixels is more than a mask needs (at most 2^26)`);
  // node:zlib (some milliseconds to load) only for a run that reads a PNG mask.
  const raw = builtin('node:zlib').inflateSync(Buffer.concat(idat));
  const bitsPerPixel = channels * depth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const bpp = Math.max(1, bitsPerPixel >> 3);
  if (raw.length < height * (stride + 1)) throw new Error('the image data is shorter than its size says');
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = rows.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : undefined;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? out[i - bpp] : 0;
      const b = up ? up[i] : 0;
      const c = up && i >= bpp ? up[i - bpp] : 0;
      let value = line[i];
      if (filter === 1) value += a;
      else if (filter === 2) value += b;
      else if (filter === 3) value += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error(`unknown row filter ${filter}`);
      out[i] = value & 255;
    }
  }
  // Sample k of a row, scaled to 0..255.
  const sample = (y: number, k: number): number => {
    if (depth === 8) return rows[y * stride + k];
    if (depth === 16) return rows[y * stride + 2 * k];
    const bit = k * depth;
    const v = (rows[y * stride + (bit >> 3)] >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
    return type === 3 ? v : Math.round((v * 255) / ((1 << depth) - 1));
  };
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const s = x * channels;
      if (type === 3) {
        const index = sample(y, s);
        if (!palette || index * 3 + 2 >= palette.length) throw new Error('a palette index has no colour');
        data.set(
          [
            palette[index * 3],
            palette[index * 3 + 1],
            palette[index * 3 + 2],
            alphaOfIndex && index < alphaOfIndex.length ? alphaOfIndex[index] : 255,
          ],
          o,
        );
      } else if (type === 0 || type === 4) {
        const g = sample(y, s);
        data.set([g, g, g, type === 4 ? sample(y, s + 1) : 255], o);
      } else {
        data.set([sample(y, s), sample(y, s + 1), sample(y, s + 2), type === 6 ? sample(y, s + 3) : 255], o);
      }
    }
  }
  return { width, height, data };
}
