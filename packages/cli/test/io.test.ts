import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, constants, lstatSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../src/errors.js';
import { checkWritable, formatBytes, readTextFile, writeFileAtomic } from '../src/io.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'amazeing-io-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const READ = { what: 'test file', maxBytes: 16, expected: 'some text' };

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temp file behind', () => {
    const path = join(dir, 'out.txt');
    writeFileSync(path, 'old\n');
    writeFileAtomic(path, new TextEncoder().encode('new\n'));
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    writeFileAtomic(path, 'text too\n');
    expect(readFileSync(path, 'utf8')).toBe('text too\n');
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('keeps the permissions of a file it replaces', () => {
    const path = join(dir, 'private.txt');
    writeFileSync(path, 'old\n');
    chmodSync(path, 0o600);
    writeFileAtomic(path, 'new\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('new\n');
  });

  it('writes through a symlink to the file it names, keeping the link', () => {
    writeFileSync(join(dir, 'real.txt'), 'old\n');
    symlinkSync('real.txt', join(dir, 'link.txt'));
    writeFileAtomic(join(dir, 'link.txt'), 'new\n');
    expect(lstatSync(join(dir, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.txt'))).toBe('real.txt');
    expect(readFileSync(join(dir, 'real.txt'), 'utf8')).toBe('new\n');
  });

  it('writes into a FIFO (as into /dev/null or /dev/stdout) in place instead of renaming a file over it', () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      writeFileAtomic(fifo, 'through the pipe\n');
      const buffer = Buffer.alloc(64);
      const n = readSync(reader, buffer, 0, buffer.length, null);
      expect(buffer.toString('utf8', 0, n)).toBe('through the pipe\n');
    } finally {
      closeSync(reader);
    }
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('fails in one sentence when the directory is missing, touching nothing', () => {
    expect(() => writeFileAtomic(join(dir, 'missing/out.txt'), 'x')).toThrow(CliError);
    expect(() => writeFileAtomic(join(dir, 'missing/out.txt'), 'x')).toThrow(/cannot write output file '.*missing\/out\.txt': no such file; any existing file was left untouched/);
  });

  it('fails when the target is a directory, leaving it and no temp file', () => {
    expect(() => checkWritable(dir, 'OUTPUT_FILE')).toThrow(/is a directory; expected a file path/);
    expect(() => writeFileAtomic(dir, 'x')).toThrow(/cannot write/);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });
});

describe('readTextFile', () => {
  it('reads a file as UTF-8 text', () => {
    writeFileSync(join(dir, 'a.txt'), 'héllo');
    expect(readTextFile(join(dir, 'a.txt'), READ)).toBe('héllo');
  });

  it('refuses empty, too large, missing and directory inputs', () => {
    writeFileSync(join(dir, 'empty.txt'), '');
    writeFileSync(join(dir, 'big.txt'), 'x'.repeat(17));
    expect(() => readTextFile(join(dir, 'empty.txt'), READ)).toThrow(/is empty; expected some text/);
    expect(() => readTextFile(join(dir, 'big.txt'), READ)).toThrow(/is 17 bytes; the limit is 16 bytes/);
    expect(() => readTextFile(join(dir, 'none.txt'), READ)).toThrow(/cannot read test file '.*none\.txt': no such file/);
    expect(() => readTextFile(dir, READ)).toThrow(/is a directory; expected some text/);
  });

  it('stops reading an endless device at the limit', () => {
    expect(() => readTextFile('/dev/zero', READ)).toThrow(/'\/dev\/zero' is larger than the limit of 16 bytes/);
  });
});

describe('sizes', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1024 * 1024)).toBe('1 MiB');
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.5 GiB');
  });
});
