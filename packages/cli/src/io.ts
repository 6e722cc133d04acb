/**
 * File output at the edge: where an output goes (checked before any work), and atomic
 * writes (a temp file in the target's directory, then a rename); with the sizes and file
 * system errors in words that reading (read-input.ts) shares.
 */
import type { Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError, ReaderStoppedError } from './errors.js';
import { onInterrupt } from './signals.js';
import { builtin } from './builtin.js';

// fs as its CommonJS object (builtin.ts): about 6 ms of a small run's start-up.
const {
  closeSync,
  fchmodSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  accessSync,
  constants,
  realpathSync,
} = builtin('node:fs');

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

/** The name standing for standard input (as a file argument) or standard output (as an output path). */
export const STDIO_NAME = '-';

/** The most bytes a file name may have on the file systems this runs on (NAME_MAX). */
const NAME_MAX = 255;

/** Blocks this thread for `ms` milliseconds without spinning (a pipe or FIFO that is not ready yet). */
export function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Where an output goes, decided (and checked) before any work:
 * - `stdout`: the path `-`;
 * - `file`: a regular file (or none yet), written atomically; `full` is the real path,
 *   after following symlinks (a link is kept and the file it names is written, created
 *   if the link dangles; a loop is refused);
 * - `device`: a character device or socket (/dev/null), written in place;
 * - `fifo`: a FIFO with a reader, already opened (`fd`); one without a reader is refused.
 */
export interface OutputTarget {
  path: string;
  label: string;
  kind: 'stdout' | 'file' | 'device' | 'fifo';
  full: string;
  fd?: number;
}

/** Links followed before a path counts as a loop (Linux's own limit is 40). */
const MAX_LINKS = 40;

/** Follows the symlinks of `full` by hand, so a dangling link gives the path it names. */
function followLinks(full: string, shown: string, label: string): string {
  for (let links = 0; ; links++) {
    let stat;
    try {
      stat = lstatSync(full);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return full;
      throw new CliError(`${label} '${shown}': ${describeFsError(error)}`);
    }
    if (!stat.isSymbolicLink()) return full;
    if (links === MAX_LINKS) throw new CliError(`${label} '${shown}' is a loop of symbolic links; point it at a file or remove it`);
    full = resolve(dirname(full), readlinkSync(full));
  }
}

/** The temp file's name beside `full`: `.NAME.PID.RAND.tmp`, NAME cut so the whole stays within NAME_MAX bytes. */
export function tempPathFor(full: string): string {
  // Math.random, not node:crypto (3-5 ms to load): the name needs no secrecy, as the temp file is created with O_EXCL ('wx+').
  const random = Math.floor(Math.random() * 0x100000000)
    .toString(16)
    .padStart(8, '0');
  const suffix = `.${process.pid}.${random}.tmp`;
  let name = basename(full);
  const room = NAME_MAX - 1 - suffix.length;
  if (Buffer.byteLength(name) > room) {
    // Cut whole characters (code points), never a UTF-8 sequence in half.
    const chars = [...name];
    while (Buffer.byteLength(chars.join('')) > room) chars.pop();
    name = chars.join('');
  }
  return join(dirname(full), `.${name}${suffix}`);
}

/**
 * Decides where `path` is written and checks, before any work, that it can be: the
 * rules of OutputTarget, a trailing '/' refused, the file name within 255 bytes, and
 * the directory that will hold the file (a link target's own) writable. No file is
 * made here: a signal between making and removing a probe would leave it behind. `label`
 * says where the path came from ("config.txt, line 5: OUTPUT_FILE" or "--output").
 */
export function checkWritable(path: string, label: string): OutputTarget {
  if (path === STDIO_NAME) return { path, label, kind: 'stdout', full: STDIO_NAME };
  if (/[/\\]$/.test(path)) throw new CliError(`${label} '${path}' ends with '/', which names a directory; give a file path`);
  const given = resolve(path);
  checkNameLength(basename(given), path, label);
  let stat: Stats | undefined;
  try {
    stat = statSync(given);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new CliError(`${label} '${path}' is a loop of symbolic links; point it at a file or remove it`);
    if (code !== 'ENOENT') throw new CliError(`${label} '${path}': ${describeFsError(error)}`);
  }
  if (stat?.isDirectory()) throw new CliError(`${label} '${path}' is a directory; expected a file path`);
  if (stat?.isFIFO()) return { path, label, kind: 'fifo', full: given, fd: openFifoForWriting(given, path, label) };
  if (stat && !stat.isFile()) return { path, label, kind: 'device', full: given };
  // A regular file or nothing yet: write the file a link names, in its real directory.
  const target = followLinks(given, path, label);
  const linked = target !== given;
  const shownDir = linked ? dirname(target) : dirname(path);
  const via = linked ? ` (the symbolic link's target '${target}')` : '';
  let dir: string;
  try {
    dir = realpathSync(dirname(target));
    if (!statSync(dir).isDirectory()) throw new CliError(`${label} '${path}': '${shownDir}' is not a directory`);
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new CliError(`${label} '${path}'${via}: the directory '${shownDir}' does not exist; create it or choose another path`);
    if (code === 'ENOTDIR') throw new CliError(`${label} '${path}': '${shownDir}' is not a directory`);
    throw new CliError(`${label} '${path}': cannot use the directory '${shownDir}': ${describeFsError(error)}`);
  }
  const full = join(dir, basename(target));
  checkNameLength(basename(full), path, label);
  if (stat) {
    try {
      accessSync(full, constants.W_OK);
    } catch {
      throw new CliError(`${label} '${path}'${via} is read-only; it was left untouched`);
    }
  }
  // The directory that will hold the temp file and the file (a link's target's, not the link's).
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new CliError(`${label} '${path}'${via}: the directory '${shownDir}' is not writable`);
    throw new CliError(`${label} '${path}'${via}: cannot write in '${shownDir}': ${describeFsError(error)}`);
  }
  return { path, label, kind: 'file', full };
}

function statIfFile(path: string): Stats | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

function checkNameLength(name: string, path: string, label: string): void {
  const bytes = Buffer.byteLength(name);
  if (bytes > NAME_MAX) throw new CliError(`${label} '${path}': the file name is ${bytes} bytes; a name may have at most ${NAME_MAX}`);
}

/** Opens a FIFO for writing without waiting: refused in one line when nobody reads it. */
function openFifoForWriting(full: string, path: string, label: string): number {
  try {
    return openSync(full, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') {
      throw new CliError(`${label} '${path}' is a FIFO that nobody reads; start the reader first (for example 'cat ${path} > maze.txt &')`);
    }
    throw new CliError(`${label} '${path}': ${describeFsError(error)}`);
  }
}

/** True when both paths name the same existing file ('-' is never a file). */
export function sameFile(a: string, b: string): boolean {
  if (a === STDIO_NAME || b === STDIO_NAME) return false;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * Removes the temp files a killed run left beside `full` (SIGKILL and power loss give no
 * chance to clean up): those of `tempPathFor`'s form for this target whose process is
 * gone. A temp of a live process, or of a reused pid, is left alone; any error is ignored.
 */
export function removeStaleTemps(full: string): void {
  const name = basename(full);
  try {
    for (const entry of readdirSync(dirname(full))) {
      const m = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(entry);
      if (!m || Number(m[2]) === process.pid || !isTempNameOf(m[1], name, entry)) continue;
      if (processExists(Number(m[2]))) continue;
      try {
        unlinkSync(join(dirname(full), entry));
      } catch {
        // Gone already, or not ours to remove: either way nothing to do.
      }
    }
  } catch {
    // An unreadable directory: the write itself reports what matters.
  }
}

/** True when `cut` is `name`, or `name` cut by tempPathFor to fit a temp name of NAME_MAX bytes. */
function isTempNameOf(cut: string, name: string, entry: string): boolean {
  return cut === name || (name.startsWith(cut) && Buffer.byteLength(entry) > NAME_MAX - 4);
}

/** True when a process with this pid runs (or exists under another user). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A file written atomically in parts: a temp file beside the target (keeping the
 * target's permissions), written by `write` (or through `fd`, from another thread),
 * then flushed to disk and renamed over the target by `commit`. `abort` removes the
 * temp file; the target is untouched until `commit` succeeds, and a SIGINT, SIGTERM or
 * SIGHUP in between removes the temp file too. Standard output, devices and FIFOs are
 * written in place. Failures are CliErrors that name the target.
 */
export class AtomicFile {
  /** The temp file's descriptor; a worker thread of this process may write through it. */
  readonly fd: number;
  readonly path: string;
  readonly label: string;
  private readonly full: string;
  private readonly temp: string;
  /** The target is standard output, a device or a FIFO: written in place, never replaced. */
  readonly direct: boolean;
  private readonly closeFd: boolean;
  private open = true;
  private forget: () => void = () => {};

  constructor(output: string | OutputTarget, label = 'output file') {
    const target = typeof output === 'string' ? checkWritable(output, label) : output;
    this.path = target.path;
    this.label = typeof output === 'string' ? label : target.label;
    this.full = target.full;
    this.direct = target.kind !== 'file';
    this.closeFd = target.kind !== 'stdout';
    this.temp = this.direct ? '' : tempPathFor(this.full);
    let fd: number | undefined;
    try {
      if (target.kind === 'stdout') {
        this.fd = 1;
        return;
      }
      if (target.kind === 'fifo') {
        this.fd = target.fd!;
        return;
      }
      if (target.kind === 'device') {
        this.fd = openSync(this.full, 'w');
        return;
      }
      // Registered before the temp file exists: a signal that comes between would otherwise kill the process with it left behind.
      this.forget = onInterrupt(() => this.abort());
      // Read-write: a streamed maze reads its rows back from the temp file to find the path.
      fd = openSync(this.temp, 'wx+', 0o666);
      removeStaleTemps(this.full);
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
        if (this.closeFd) closeSync(this.fd);
        return;
      }
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.open = false;
      renameSync(this.temp, this.full);
      this.forget();
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
        if (this.closeFd) closeSync(this.fd);
      } catch {
        // Already closed.
      }
    }
    this.removeTemp();
  }

  /** The one-line error for a failure while writing this file. */
  failure(error: unknown): CliError {
    if (error instanceof CliError) return error;
    if (this.path === STDIO_NAME && (error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE') return new ReaderStoppedError();
    const where = this.path === STDIO_NAME ? 'to standard output' : `${this.label} '${this.path}'`;
    return new CliError(`cannot write ${where}: ${describeFsError(error)}${this.direct ? '' : '; any existing file was left untouched'}`);
  }

  private removeTemp(): void {
    if (this.direct) return;
    try {
      unlinkSync(this.temp);
    } catch {
      // Never created, or already renamed.
    }
    this.forget();
  }
}

/** Writes the first `length` bytes of `bytes` to `fd`, however many calls it takes. */
export function writeAll(fd: number, bytes: Uint8Array, length: number): void {
  let written = 0;
  while (written < length) {
    try {
      written += writeSync(fd, bytes, written, length - written);
    } catch (error) {
      // A non-blocking pipe or FIFO whose reader is behind: wait for room.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      pause(5);
    }
  }
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
