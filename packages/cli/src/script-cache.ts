/**
 * Runs a classic script (a CommonJS bundle) with V8's code cache, taken after the run.
 *
 * Node's module compile cache keeps a module's code as compiled when it was loaded: the
 * top level only. Every function a run calls is still compiled from source on its first
 * call, and in a small maze run that is most of the run (issue 13: about 12 of a 20x15 run's
 * 35 ms beyond Node's own start). A cache taken after the run holds those functions too,
 * as Python keeps compiled code in `__pycache__`. The file records the script's size and
 * checksum, so a changed script never meets an old cache (V8 itself compares only the
 * source's length), and a checksum of its own bytes, so a damaged file is ignored rather
 * than handed to V8 (which does not check them). A cache is compiled code the process
 * runs: one that is not a regular file, or that someone other than its owner (the user
 * or root) could have written, is not read.
 */
import type { Script } from 'node:vm';
import { builtin } from './builtin.js';
import { cacheChecksum } from './cache-checksum.js';

/** What became of the cache on loading. */
export type CacheState =
  /** read, checked and accepted by V8 */
  | 'used'
  /** no cache file yet */
  | 'missing'
  /** the cache was made for another copy of the script */
  | 'stale'
  /** the file is not a whole cache: truncated, overwritten, bytes changed */
  | 'damaged'
  /** not a regular file of the user's or root's that only its owner can write */
  | 'untrusted'
  /** whole, but V8 refused it (another Node version or V8 flags) */
  | 'rejected'
  /** caching is off: no cache file given, or no WebAssembly for the checksums */
  | 'off';

export interface CachedScript<T> {
  /** What the script put on `module.exports`. */
  readonly exports: T;
  readonly state: CacheState;
  /**
   * Writes the code cache as it is now, with what this run compiled, unless the cache was
   * used and already covers `kinds` (bits naming the kinds of run it has seen). Never
   * throws: a read-only install just runs without a cache. Whether it wrote.
   */
  save(kinds: number): boolean;
}

const MAGIC = 0x315a4d41; // 'AMZ1'
const HEADER_BYTES = 32;

/** The cache file's fixed header, little-endian. */
interface Header {
  kinds: number;
  payloadBytes: number;
  checksum: number;
  sourceBytes: number;
  sourceChecksum: number;
}

function writeHeader(header: Header): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, header.kinds, true);
  view.setUint32(8, header.payloadBytes, true);
  view.setUint32(12, header.checksum, true);
  view.setUint32(16, header.sourceBytes, true);
  view.setUint32(20, header.sourceChecksum, true);
  return bytes;
}

function readHeader(file: Uint8Array): Header | undefined {
  if (file.length < HEADER_BYTES) return undefined;
  const view = new DataView(file.buffer, file.byteOffset, HEADER_BYTES);
  if (view.getUint32(0, true) !== MAGIC) return undefined;
  return {
    kinds: view.getUint32(4, true),
    payloadBytes: view.getUint32(8, true),
    checksum: view.getUint32(12, true),
    sourceBytes: view.getUint32(16, true),
    sourceChecksum: view.getUint32(20, true),
  };
}

/** Whether a cache file may be run: a regular file, its owner the user or root, writable by its owner only. */
function trusted(stats: { isFile(): boolean; uid: number; mode: number }): boolean {
  const uid = process.getuid?.();
  return stats.isFile() && (uid === undefined || stats.uid === uid || stats.uid === 0) && (stats.mode & 0o022) === 0;
}

/** The cache bytes for the script, or why there are none. */
function readCache(
  cacheFile: string,
  sourceBytes: number,
  sourceChecksum: number,
): { payload: Uint8Array; kinds: number } | Exclude<CacheState, 'used' | 'rejected' | 'off'> {
  const fs = builtin('node:fs');
  let file: Uint8Array;
  try {
    // Non-blocking: a FIFO put in the cache's place must not stop the run.
    const fd = fs.openSync(cacheFile, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    try {
      if (!trusted(fs.fstatSync(fd))) return 'untrusted';
      file = fs.readFileSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return 'missing';
  }
  const header = readHeader(file);
  if (!header || file.length !== HEADER_BYTES + header.payloadBytes) return 'damaged';
  if (header.sourceBytes !== sourceBytes || header.sourceChecksum !== sourceChecksum) return 'stale';
  const payload = file.subarray(HEADER_BYTES);
  return cacheChecksum(payload) === header.checksum ? { payload, kinds: header.kinds } : 'damaged';
}

/**
 * Loads and runs the CommonJS script at `scriptPath` as Node would (`require`, `module`,
 * `__filename` of its own), with the code cache in `cacheFile` when it is good. Undefined
 * when there is no such script (the caller then loads its modules as they are).
 */
export function loadCachedScript<T>(scriptPath: string, cacheFile: string | undefined): CachedScript<T> | undefined {
  const fs = builtin('node:fs');
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(scriptPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // The bundle is ASCII (rolldown's charset option): one byte a character.
  const source = bytes.toString('latin1');
  const sourceBytes = bytes.length;
  const sourceChecksum = cacheFile === undefined ? undefined : cacheChecksum(bytes);
  const found = cacheFile === undefined || sourceChecksum === undefined ? 'off' : readCache(cacheFile, sourceBytes, sourceChecksum);
  const vm = builtin('node:vm');
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script: Script = new vm.Script(wrapped, {
    filename: scriptPath,
    ...(typeof found === 'object' ? { cachedData: found.payload } : {}),
  });
  const state: CacheState = typeof found === 'object' ? (script.cachedDataRejected === true ? 'rejected' : 'used') : found;
  const path = builtin('node:path');
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    builtin('node:module').createRequire(scriptPath),
    module,
    scriptPath,
    path.dirname(scriptPath),
  );
  const coveredKinds = state === 'used' && typeof found === 'object' ? found.kinds : 0;
  return {
    get exports() {
      return module.exports;
    },
    state,
    save(kinds: number): boolean {
      if (cacheFile === undefined || sourceChecksum === undefined || state === 'off' || (state === 'used' && (kinds & ~coveredKinds) === 0))
        return false;
      return writeCache(script, cacheFile, { kinds: (kinds | coveredKinds) >>> 0, sourceBytes, sourceChecksum: sourceChecksum! });
    },
  };
}

/**
 * Writes the cache beside its final name and renames it into place, so a reader sees the
 * old file or the new one, never half of one. No fsync: a file torn by a crash fails the
 * length or checksum test and is made again.
 */
function writeCache(script: Script, cacheFile: string, header: Omit<Header, 'payloadBytes' | 'checksum'>): boolean {
  const fs = builtin('node:fs');
  const payload = script.createCachedData();
  const checksum = cacheChecksum(payload);
  if (checksum === undefined) return false;
  const temporary = `${cacheFile}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
  try {
    // Two levels at most (~/.cache/a-maze-ing on a fresh account), each made alone: a
    // recursive mkdir under /proc never returns (a Node bug).
    const { dirname } = builtin('node:path');
    const folder = dirname(cacheFile);
    for (const level of [dirname(folder), folder]) {
      try {
        fs.mkdirSync(level);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' && level === folder) throw error;
      }
    }
    const file = new Uint8Array(HEADER_BYTES + payload.length);
    file.set(writeHeader({ ...header, payloadBytes: payload.length, checksum }));
    file.set(payload, HEADER_BYTES);
    fs.writeFileSync(temporary, file, { flag: 'wx', mode: 0o644 });
    fs.renameSync(temporary, cacheFile);
    return true;
  } catch {
    try {
      fs.unlinkSync(temporary);
    } catch {
      // never made
    }
    return false;
  }
}
