import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  lstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../src/errors.js';
import { AtomicFile, checkWritable, formatBytes, tempPathFor, writeFileAtomic } from '../src/io.js';
import { readTextFile } from '../src/read-input.js';

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
    expect(() => writeFileAtomic(join(dir, 'missing/out.txt'), 'x')).toThrow(
      /output file '.*missing\/out\.txt': the directory '.*missing' does not exist; create it or choose another path/,
    );
  });

  it('fails when the target is a directory, leaving it and no temp file', () => {
    expect(() => checkWritable(dir, 'OUTPUT_FILE')).toThrow(/is a directory; expected a file path/);
    expect(() => writeFileAtomic(dir, 'x')).toThrow(/output file '.*' is a directory/);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });
});

describe('output paths: one rule for links, slashes, FIFOs and long names (docs/cli.md)', () => {
  const temps = () => readdirSync(dir).filter((f) => f.includes('.tmp'));

  it('follows a dangling symlink and creates the file it names, keeping the link', () => {
    symlinkSync('made-by-link.txt', join(dir, 'dangling.txt'));
    writeFileAtomic(join(dir, 'dangling.txt'), 'made\n');
    expect(lstatSync(join(dir, 'dangling.txt')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'made-by-link.txt'), 'utf8')).toBe('made\n');
  });

  it('refuses a symlink loop and a dangling link into a missing directory, before any work', () => {
    symlinkSync('loop-b', join(dir, 'loop-a'));
    symlinkSync('loop-a', join(dir, 'loop-b'));
    expect(() => checkWritable(join(dir, 'loop-a'), 'OUTPUT_FILE')).toThrow(
      /OUTPUT_FILE '.*loop-a' is a loop of symbolic links; point it at a file or remove it/,
    );
    expect(lstatSync(join(dir, 'loop-a')).isSymbolicLink()).toBe(true);
    symlinkSync('nowhere/x.txt', join(dir, 'lost.txt'));
    expect(() => checkWritable(join(dir, 'lost.txt'), 'OUTPUT_FILE')).toThrow(
      /the symbolic link's target '.*nowhere\/x\.txt'\): the directory '.*nowhere' does not exist/,
    );
    expect(temps()).toEqual([]);
  });

  it("refuses a path that ends with '/' (it names a directory), creating nothing", () => {
    expect(() => checkWritable(join(dir, 'slash.txt') + '/', 'OUTPUT_FILE')).toThrow(
      /OUTPUT_FILE '.*slash\.txt\/' ends with '\/', which names a directory; give a file path/,
    );
    expect(readdirSync(dir)).not.toContain('slash.txt');
  });

  it('writes names of up to 255 bytes (the temp name is cut to fit) and refuses longer ones up front', () => {
    for (const length of [236, 250, 255]) {
      const name = 'n'.repeat(length - 4) + '.txt';
      const temp = tempPathFor(join(dir, name));
      expect(Buffer.byteLength(temp.slice(dir.length + 1))).toBeLessThanOrEqual(255);
      writeFileAtomic(join(dir, name), 'long\n');
      expect(readFileSync(join(dir, name), 'utf8')).toBe('long\n');
    }
    // Multi-byte names are cut on a character boundary.
    const wide = 'é'.repeat(126) + '.txt';
    expect(Buffer.byteLength(wide)).toBe(256);
    expect(() => checkWritable(join(dir, wide), '--output')).toThrow(/the file name is 256 bytes/);
    const fits = 'é'.repeat(125) + '.txt';
    expect(Buffer.byteLength(tempPathFor(join(dir, fits)).slice(dir.length + 1))).toBeLessThanOrEqual(255);
    writeFileAtomic(join(dir, fits), 'wide\n');
    expect(readFileSync(join(dir, fits), 'utf8')).toBe('wide\n');
    expect(() => checkWritable(join(dir, 'n'.repeat(256)), '--output')).toThrow(
      /--output '.*': the file name is 256 bytes; a name may have at most 255/,
    );
    expect(temps()).toEqual([]);
  });

  it('refuses a FIFO that nobody reads, in one line and at once', () => {
    const fifo = join(dir, 'no-reader');
    execFileSync('mkfifo', [fifo]);
    expect(() => checkWritable(fifo, 'OUTPUT_FILE')).toThrow(
      /OUTPUT_FILE '.*no-reader' is a FIFO that nobody reads; start the reader first/,
    );
  });

  it('removes its temp file on abort, and the target keeps its bytes', () => {
    writeFileSync(join(dir, 'kept.txt'), 'kept\n');
    const file = new AtomicFile(join(dir, 'kept.txt'));
    file.write(Buffer.from('partial'));
    expect(temps()).toHaveLength(1);
    file.abort();
    expect(temps()).toEqual([]);
    expect(readFileSync(join(dir, 'kept.txt'), 'utf8')).toBe('kept\n');
  });

  it('removes the temp files a killed run left for the same target, and only those whose process is gone', () => {
    const gone = spawnSync('true').pid!;
    const alive = process.ppid;
    const stale = `.swept.txt.${gone}.0badf00d.tmp`;
    const live = `.swept.txt.${alive}.0badf00d.tmp`;
    const other = `.other.txt.${gone}.0badf00d.tmp`;
    const mine = 'swept.txt.tmp';
    for (const name of [stale, live, other, mine]) writeFileSync(join(dir, name), 'left\n');
    writeFileAtomic(join(dir, 'swept.txt'), 'new\n');
    const names = readdirSync(dir);
    expect(names).not.toContain(stale);
    expect(names).toEqual(expect.arrayContaining([live, other, mine, 'swept.txt']));
    for (const name of [live, other, mine]) rmSync(join(dir, name));
  });
});

describe('readTextFile', () => {
  it('reads a FIFO as it comes (a writer started beside it), and refuses one that nobody writes to', async () => {
    const fifo = join(dir, 'in-fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => readTextFile(fifo, READ)).toThrow(
      /test file '.*in-fifo' is a FIFO that nobody wrote to within 2 s \(or its writer sent nothing\); start the writer first, or pipe the text into '-'/,
    );
    // The writer opens the FIFO after this reader does, and writes in two parts.
    const writer = spawn('sh', ['-c', `sleep 0.3; { printf 'from a '; sleep 0.2; printf FIFO; } > '${fifo}'`]);
    const done = new Promise((resolve) => writer.on('exit', resolve));
    expect(readTextFile(fifo, READ)).toBe('from a FIFO');
    await done;
  });

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

  /** A FIFO whose writer sends `text` and then holds it open: a read that waited for its end would never return. */
  function heldFifo(name: string, text: string): { path: string; stop: () => void } {
    const path = join(dir, name);
    execFileSync('mkfifo', [path]);
    const writer = spawn('sh', ['-c', `printf '${text}' > '${path}'; exec sleep 600`], { stdio: 'ignore' });
    return { path, stop: () => writer.kill('SIGKILL') };
  }

  it('stops reading an endless text stream at the limit', () => {
    const { path, stop } = heldFifo('endless-fifo', `${'x'.repeat(40)}`);
    try {
      expect(() => readTextFile(path, READ)).toThrow(/is larger than the limit of 16 bytes/);
    } finally {
      stop();
    }
  });

  it('refuses binary input at its first control byte, naming line and column, without reading on', () => {
    expect(() => readTextFile('/dev/zero', READ)).toThrow(
      /^\/dev\/zero, line 1: binary byte 0x00 at column 1: a test file is plain text, some text$/,
    );
    const { path, stop } = heldFifo('binary-fifo', 'ab\\nc\\001');
    try {
      expect(() => readTextFile(path, { ...READ, maxBytes: 1 << 20 })).toThrow(/binary-fifo, line 2: binary byte 0x01 at column 2/);
    } finally {
      stop();
    }
  });

  it("stops at the first line when the caller's check says the parser will refuse it, and reads on otherwise", () => {
    const { path, stop } = heldFifo('head-fifo', 'hello\\nworld\\n');
    try {
      const seen: string[] = [];
      const text = readTextFile(path, { ...READ, maxBytes: 1 << 20, refuseEarly: (head) => (seen.push(head), head === 'hello') });
      expect(seen).toEqual(['hello']);
      expect(text.startsWith('hello\n')).toBe(true);
    } finally {
      stop();
    }
    writeFileSync(join(dir, 'two-lines.txt'), 'fine\nsecond\n');
    expect(readTextFile(join(dir, 'two-lines.txt'), { ...READ, refuseEarly: () => false })).toBe('fine\nsecond\n');
  });
});

describe('sizes', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1024 * 1024)).toBe('1 MiB');
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.5 GiB');
  });
});
