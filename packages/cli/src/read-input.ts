/**
 * File input at the edge: a whole text file, standard input or a FIFO read with a size
 * limit, refused in one line when it is empty, too large, binary, or a FIFO nobody writes.
 */
import { CliError } from './errors.js';
import { builtin } from './builtin.js';
import { describeFsError, formatBytes, pause, STDIO_NAME } from './io.js';

// fs as its CommonJS object (builtin.ts): about 6 ms of a small run's start-up.
const { closeSync, fstatSync, openSync, readSync, statSync, constants } = builtin('node:fs');

export interface ReadOptions {
  /** What the file is, for messages: "config file", "maze file". */
  what: string;
  /** Refuse files larger than this many bytes. */
  maxBytes: number;
  /** What the file should hold, for the empty-file message. */
  expected: string;
  /**
   * Sees the first line once it is read (or the first 64 KiB when no line ends sooner);
   * true stops the read there and returns what was read, for input the caller's parser will
   * refuse on its first line anyway (a file that cannot be a maze is not read to the end).
   */
  refuseEarly?: (head: string) => boolean;
}

/** How much `refuseEarly` sees at most. */
const HEAD_BYTES = 64 * 1024;

/** How long a FIFO that nobody has opened for writing is given to get a writer. */
const FIFO_WRITER_WAIT_MS = 2000;

/**
 * A read that waits (a few ms at a time) while a non-blocking pipe has no data yet. On
 * a FIFO an end of input before any writer came (`connected` false) waits too, up to
 * FIFO_WRITER_WAIT_MS: a writer started beside this run may not have opened it yet.
 */
function readWaiting(
  fd: number,
  buffer: Uint8Array,
  offset: number,
  length: number,
  fifo: { connected: boolean; since: number } | undefined,
): number {
  for (;;) {
    try {
      const n = readSync(fd, buffer, offset, length, null);
      if (n > 0 || !fifo || fifo.connected || performance.now() - fifo.since > FIFO_WRITER_WAIT_MS) {
        if (fifo && n > 0) fifo.connected = true;
        return n;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      if (fifo) fifo.connected = true;
    }
    pause(5);
  }
}

/** Where a text input comes from: an open descriptor and how to name it in messages. */
interface OpenedInput {
  fd: number;
  /** Close it afterwards (not standard input). */
  close: boolean;
  /** A named FIFO: an end of input before any byte means nobody writes to it. */
  fifo: boolean;
}

function openInput(path: string, what: string, expected: string, maxBytes: number): OpenedInput {
  if (path === STDIO_NAME) return { fd: 0, close: false, fifo: false };
  const stat = statSync(path);
  if (stat.isDirectory()) throw new CliError(`${what} '${path}' is a directory; expected ${expected}`);
  if (stat.isFile() && stat.size > maxBytes) {
    throw new CliError(`${what} '${path}' is ${formatBytes(stat.size)}; the limit is ${formatBytes(maxBytes)}`);
  }
  // A FIFO is opened without waiting for a writer (a plain open would block until one comes).
  if (stat.isFIFO()) return { fd: openSync(path, constants.O_RDONLY | constants.O_NONBLOCK), close: true, fifo: true };
  return { fd: openSync(path, 'r'), close: true, fifo: false };
}

/** The index of the first byte in [from, to) that no text file holds (a control byte other than tab, line feed, carriage return, form feed, escape), or -1. */
function firstControlByte(bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const b = bytes[i];
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) || b === 0x7f) return i;
  }
  return -1;
}

/**
 * "FILE, line L: binary byte 0xHH at column C: a WHAT is plain text, EXPECTED" for the first
 * character of `bytes[0..at]` that no text holds (bytes that are not UTF-8, when they come
 * before the control byte at `at`), counting columns in characters, as the parsers do.
 */
function binaryMessage(path: string, what: string, expected: string, bytes: Buffer, at: number): string {
  const text = bytes.toString('utf8', 0, at + 1);
  let line = 1;
  let lineStart = 0;
  let i = 0;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (
      code === 0xfffd ||
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x1b) ||
      code === 0x7f
    )
      break;
    if (code === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const code = text.charCodeAt(i);
  const column = [...text.slice(lineStart, i)].length + 1;
  const found = code === 0xfffd ? 'bytes that are not UTF-8 text' : `binary byte 0x${code.toString(16).padStart(2, '0')}`;
  const name = path === STDIO_NAME ? 'standard input' : path;
  return `${name}, line ${line}: ${found} at column ${column}: a ${what} is plain text, ${expected}`;
}

/**
 * Reads a whole text file as UTF-8, refusing directories, empty files and files over
 * `maxBytes` (devices and pipes are read up to the limit, never further). `-` is
 * standard input. A FIFO is read as it comes; one that nobody writes to is refused in
 * one line instead of waiting forever.
 */
export function readTextFile(path: string, options: ReadOptions): string {
  const { what, maxBytes, expected } = options;
  const shown = path === STDIO_NAME ? 'standard input' : `'${path}'`;
  let input: OpenedInput;
  try {
    input = openInput(path, what, expected, maxBytes);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read ${what} ${shown}: ${describeFsError(error)}`);
  }
  const { fd } = input;
  try {
    const size = input.fifo || !input.close ? 0 : fstatSync(fd).size;
    // One byte past the limit tells a too-large stream from one exactly at it.
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(size + 1, 64 * 1024)));
    let length = 0;
    const fifo = input.fifo ? { connected: false, since: performance.now() } : undefined;
    let headSeen = options.refuseEarly === undefined;
    while (true) {
      if (length === buffer.length) {
        if (length > maxBytes) break;
        const bigger = Buffer.allocUnsafe(Math.min(maxBytes + 1, buffer.length * 2));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const n = readWaiting(fd, buffer, length, buffer.length - length, fifo);
      if (n === 0) break;
      // Binary input is refused at its first control byte, not after the whole limit is read (/dev/zero).
      const junk = firstControlByte(buffer, length, length + n);
      if (junk >= 0) throw new CliError(binaryMessage(path, what, expected, buffer, junk));
      length += n;
      if (!headSeen) {
        const lineEnd = buffer.subarray(0, Math.min(length, HEAD_BYTES)).indexOf(0x0a);
        if (lineEnd >= 0 || length >= HEAD_BYTES) {
          headSeen = true;
          const head = buffer.toString('utf8', 0, lineEnd >= 0 ? lineEnd : HEAD_BYTES);
          if (options.refuseEarly!(head)) return buffer.toString('utf8', 0, length);
        }
      }
    }
    if (length > maxBytes) throw new CliError(`${what} ${shown} is larger than the limit of ${formatBytes(maxBytes)}`);
    if (length === 0 && input.fifo)
      throw new CliError(
        `${what} ${shown} is a FIFO that nobody wrote to within 2 s (or its writer sent nothing); start the writer first, or pipe the text into '-'`,
      );
    if (length === 0) throw new CliError(`${what} ${shown} is empty; expected ${expected}`);
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read ${what} ${shown}: ${describeFsError(error)}`);
  } finally {
    if (input.close) closeSync(fd);
  }
}
