/**
 * Byte chunks for the text formats: an encoder fills a ChunkBuffer row by row and hands
 * it over whenever it holds about `chunkBytes`, so a maze of any size is written in
 * pieces of a few megabytes and never held as one string (V8 strings stop near 2^29
 * characters, a 12000x12000 text maze is more). The string functions join the same
 * chunks, so each format has one implementation.
 */

/** About this many bytes per chunk by default: big enough for few writes, small next to a maze. */
export const DEFAULT_CHUNK_BYTES = 1 << 22;

/** A growable byte buffer that an encoder writes into and empties at row boundaries. */
export class ChunkBuffer {
  bytes: Uint8Array;
  length = 0;
  private readonly target: number;

  constructor(chunkBytes = DEFAULT_CHUNK_BYTES) {
    this.target = Math.max(1, Math.floor(chunkBytes));
    this.bytes = new Uint8Array(Math.min(this.target, 1 << 16) + 64);
  }

  /** True when the buffer holds a chunk's worth: the encoder should hand it over at the next row end. */
  get full(): boolean {
    return this.length >= this.target;
  }

  /** Makes room for `n` more bytes (a row wider than a chunk grows the buffer). */
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.bytes.length) return;
    const bigger = new Uint8Array(Math.max(need, Math.min(2 * this.bytes.length, this.target + n + 64)));
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }

  /** Appends text whose characters are all below 128 (numbers, tags, names). */
  ascii(text: string): void {
    this.reserve(text.length);
    const { bytes } = this;
    let k = this.length;
    for (let i = 0; i < text.length; i++) bytes[k++] = text.charCodeAt(i);
    this.length = k;
  }

  /** Appends any text as UTF-8 (a lone surrogate becomes U+FFFD, as Node's and the browser's encoders do). */
  utf8(text: string): void {
    this.reserve(text.length * 3);
    this.length = encodeUtf8Into(text, this.bytes, this.length);
  }

  /** Appends raw bytes. */
  append(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }

  /** Hands over what the buffer holds and starts a fresh one (the chunk stays valid). */
  take(): Uint8Array {
    const chunk = this.bytes.subarray(0, this.length);
    this.bytes = new Uint8Array(Math.max(this.bytes.length, Math.min(this.target + 64, 2 * this.bytes.length)));
    this.length = 0;
    return chunk;
  }
}

/** Writes `text` as UTF-8 into `out` from `at` (room for 3 bytes per UTF-16 unit is the caller's) and returns the end. */
export function encodeUtf8Into(text: string, out: Uint8Array, at: number): number {
  let k = at;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      out[k++] = code;
      continue;
    }
    if (code < 0x800) {
      out[k++] = 0xc0 | (code >> 6);
      out[k++] = 0x80 | (code & 63);
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const low = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
        out[k++] = 0xf0 | (code >> 18);
        out[k++] = 0x80 | ((code >> 12) & 63);
        out[k++] = 0x80 | ((code >> 6) & 63);
        out[k++] = 0x80 | (code & 63);
        continue;
      }
      code = 0xfffd;
    }
    out[k++] = 0xe0 | (code >> 12);
    out[k++] = 0x80 | ((code >> 6) & 63);
    out[k++] = 0x80 | (code & 63);
  }
  return k;
}

/** `text` as UTF-8 bytes. */
export function utf8Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  return out.subarray(0, encodeUtf8Into(text, out, 0));
}

/** The runtime's TextDecoder (every browser and Node has one); mazegen's lib types leave it out. */
type Decoder = { decode(bytes: Uint8Array, options?: { stream?: boolean }): string };
const DecoderClass = (globalThis as { TextDecoder?: new (label?: string) => Decoder }).TextDecoder;

/** Chunks of UTF-8 (each ending on a character boundary, as the encoders' do) joined into one string. */
export function joinChunks(chunks: Iterable<Uint8Array>): string {
  const parts: string[] = [];
  if (DecoderClass) {
    const decoder = new DecoderClass('utf-8');
    for (const chunk of chunks) parts.push(decoder.decode(chunk, { stream: true }));
    parts.push(decoder.decode(new Uint8Array(0)));
    return parts.join('');
  }
  for (const chunk of chunks) parts.push(decodeUtf8(chunk));
  return parts.join('');
}

/** A plain UTF-8 decoder for runtimes without TextDecoder (well-formed input, as the encoders write). */
function decodeUtf8(bytes: Uint8Array): string {
  const units: number[] = [];
  let text = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    let code: number;
    if (b < 0x80) {
      code = b;
      i += 1;
    } else if (b < 0xe0) {
      code = ((b & 31) << 6) | (bytes[i + 1] & 63);
      i += 2;
    } else if (b < 0xf0) {
      code = ((b & 15) << 12) | ((bytes[i + 1] & 63) << 6) | (bytes[i + 2] & 63);
      i += 3;
    } else {
      code = ((b & 7) << 18) | ((bytes[i + 1] & 63) << 12) | ((bytes[i + 2] & 63) << 6) | (bytes[i + 3] & 63);
      i += 4;
    }
    if (code >= 0x10000) units.push(0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 1023));
    else units.push(code);
    if (units.length >= 8192) text += String.fromCharCode(...units.splice(0));
  }
  return text + String.fromCharCode(...units);
}
