/**
 * File input and output at the edge: size-limited reads with one-line errors, and
 * atomic writes (a temp file in the target's directory, then a rename).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fstatSync, fsyncSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync, accessSync, constants, realpathSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError } from './errors.js';

/** Human size in binary units: "512 bytes", "1 MiB", "2.0 MiB", "23.9 GiB". */
export function formatBytes(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The file-system reason in plain words, from a Node error's code. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

export interface ReadOptions {
  /** What the file is, for messages: "config file", "maze file". */
  what: string;
  /** Refuse files larger than this many bytes. */
  maxBytes: number;
  /** What the file should hold, for the empty-file message. */
  expected: string;
}

/**
 * Reads a whole text file as UTF-8, refusing directories, empty files and files over
 * `maxBytes` (devices and pipes are read up to the limit, never further).
 */
export function readTextFile(path: string, options: ReadOptions): string {
  const { what, maxBytes, expected } = options;
  let fd: number;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw new CliError(`${what} '${path}' is a directory; expected ${expected}`);
    if (stat.isFile() && stat.size > maxBytes) {
      throw new CliError(`${what} '${path}' is ${formatBytes(stat.size)}; the limit is ${formatBytes(maxBytes)}`);
    }
    fd = openSync(path, 'r');
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read ${what} '${path}': ${describeFsError(error)}`);
  }
  try {
    const size = fstatSync(fd).size;
    // One byte past the limit tells a too-large stream from one exactly at it.
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(size + 1, 64 * 1024)));
    let length = 0;
    while (true) {
      if (length === buffer.length) {
        if (length > maxBytes) break;
        const bigger = Buffer.allocUnsafe(Math.min(maxBytes + 1, buffer.length * 2));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) throw new CliError(`${what} '${path}' is larger than the limit of ${formatBytes(maxBytes)}`);
    if (length === 0) throw new CliError(`${what} '${path}' is empty; expected ${expected}`);
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read ${what} '${path}': ${describeFsError(error)}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks, before any work, that `path` can be written: its directory exists and is
 * writable, and the path is not a directory or a read-only file. `label` says where the
 * path came from ("config.txt, line 5: OUTPUT_FILE" or "--output").
 */
export function checkWritable(path: string, label: string): void {
  const full = resolve(path);
  const dir = dirname(full);
  let dirStat;
  try {
    dirStat = statSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${label} '${path}': the directory '${dirname(path)}' does not exist; create it or choose another path`);
    throw new CliError(`${label} '${path}': cannot use the directory '${dirname(path)}': ${describeFsError(error)}`);
  }
  if (!dirStat.isDirectory()) throw new CliError(`${label} '${path}': '${dirname(path)}' is not a directory`);
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    throw new CliError(`${label} '${path}': the directory '${dirname(path)}' is not writable`);
  }
  let target;
  try {
    target = statSync(full);
  } catch {
    return; // Not there yet: the rename will create it.
  }
  if (target.isDirectory()) throw new CliError(`${label} '${path}' is a directory; expected a file path`);
  try {
    accessSync(full, constants.W_OK);
  } catch {
    throw new CliError(`${label} '${path}' is read-only; it was left untouched`);
  }
}

function statIfFile(path: string): Stats | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** True when both paths name the same existing file. */
export function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * Where a write to `full` really goes: through a symlink to the file it names (the link
 * stays), and straight into a device, FIFO or socket, which a rename would replace.
 */
function writeTarget(full: string): { full: string; direct: boolean } {
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return { full, direct: false }; // Not there yet (or a dangling link): the rename creates it.
  }
  if (!stat.isFile()) return { full, direct: !stat.isDirectory() };
  return { full: realpathSync(full), direct: false };
}

/**
 * A file written atomically in parts: a temp file beside the target (keeping the
 * target's permissions), written by `write` (or through `fd`, from another thread),
 * then flushed to disk and renamed over the target by `commit`. `abort` removes the
 * temp file; the target is untouched until `commit` succeeds. Failures are CliErrors
 * that name the target.
 */
export class AtomicFile {
  /** The temp file's descriptor; a worker thread of this process may write through it. */
  readonly fd: number;
  private readonly full: string;
  private readonly temp: string;
  /** The target is a device, FIFO or socket (/dev/null, /dev/stdout): written in place, never replaced. */
  readonly direct: boolean;
  private open = true;

  constructor(
    readonly path: string,
    readonly label = 'output file',
  ) {
    const { full, direct } = writeTarget(resolve(path));
    this.full = full;
    this.direct = direct;
    this.temp = join(dirname(this.full), `.${basename(this.full)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    let fd: number | undefined;
    try {
      if (direct) {
        this.fd = openSync(this.full, 'w');
        return;
      }
      // Read-write: a streamed maze reads its rows back from the temp file to find the path.
      fd = openSync(this.temp, 'wx+', 0o666);
      // A file that is replaced keeps its permissions.
      const existing = statIfFile(this.full);
      if (existing) fchmodSync(fd, existing.mode & 0o7777);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      this.removeTemp();
      throw this.failure(error);
    }
    this.fd = fd;
  }

  /** Appends `bytes` (the whole of it). */
  write(bytes: Uint8Array): void {
    try {
      writeAll(this.fd, bytes, bytes.length);
    } catch (error) {
      this.abort();
      throw this.failure(error);
    }
  }

  /** Flushes the temp file to disk and renames it over the target. */
  commit(): void {
    try {
      if (this.direct) {
        this.open = false;
        closeSync(this.fd);
        return;
      }
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.open = false;
      renameSync(this.temp, this.full);
    } catch (error) {
      this.abort();
      throw this.failure(error);
    }
  }

  /** Drops the temp file (the target stays as it was); safe to call more than once. */
  abort(): void {
    if (this.open) {
      this.open = false;
      try {
        closeSync(this.fd);
      } catch {
        // Already closed.
      }
    }
    this.removeTemp();
  }

  /** The one-line error for a failure while writing this file. */
  failure(error: unknown): CliError {
    if (error instanceof CliError) return error;
    return new CliError(`cannot write ${this.label} '${this.path}': ${describeFsError(error)}; any existing file was left untouched`);
  }

  private removeTemp(): void {
    if (this.direct) return;
    try {
      unlinkSync(this.temp);
    } catch {
      // Never created, or already renamed.
    }
  }
}

/** Writes the first `length` bytes of `bytes` to `fd`, however many calls it takes. */
export function writeAll(fd: number, bytes: Uint8Array, length: number): void {
  let written = 0;
  while (written < length) written += writeSync(fd, bytes, written, length - written);
}

/**
 * Writes `data` to `path` atomically: a temp file beside it, flushed to disk, then
 * renamed over the target. On any failure the temp file is removed and the target is
 * untouched.
 */
export function writeFileAtomic(path: string, data: Uint8Array | string | Iterable<Uint8Array>, label = 'output file'): void {
  const file = new AtomicFile(path, label);
  // A big file comes as chunks of rows, written one after the other.
  const chunks = typeof data === 'string' ? [Buffer.from(data, 'utf8')] : data instanceof Uint8Array ? [data] : data;
  try {
    for (const bytes of chunks) file.write(bytes);
  } catch (error) {
    file.abort();
    throw file.failure(error);
  }
  file.commit();
}
