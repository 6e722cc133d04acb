import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheChecksum } from './cache-checksum.js';
import { loadCachedScript } from './script-cache.js';

interface Probe {
  add(a: number, b: number): number;
  loadedFrom: string;
}

const SCRIPT = `"use strict";
function add(a, b) { return a + b; }
exports.add = add;
exports.loadedFrom = __filename;
module.exports.strict = (function () { return this === undefined; })();
`;

let dir: string;
let script: string;
let cache: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'amazeing-script-cache-'));
  script = join(dir, 'probe.cjs');
  cache = join(dir, 'cache', 'probe.cache');
  // A source of its own: V8 keeps what it compiled in this process and would not read the cache again.
  writeFileSync(script, `${SCRIPT}// ${dir}\n`);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Loads the probe, checks it runs, and returns the cache state. */
function load(file: string | undefined = cache): ReturnType<typeof loadCachedScript<Probe>> {
  const loaded = loadCachedScript<Probe>(script, file);
  expect(loaded).toBeDefined();
  expect(loaded!.exports.add(2, 3)).toBe(5);
  expect(loaded!.exports.loadedFrom).toBe(script);
  return loaded;
}

/** A cache made by one run that called `add`. */
function makeCache(kinds = 1): Buffer {
  const first = load()!;
  expect(first.state).toBe('missing');
  expect(first.save(kinds)).toBe(true);
  return readFileSync(cache);
}

describe('loadCachedScript', () => {
  it('runs the script as Node runs a CommonJS file, and is undefined when there is no script', () => {
    const loaded = loadCachedScript<Probe>(script, undefined)!;
    expect(loaded.exports.add(2, 3)).toBe(5);
    expect(loaded.state).toBe('off');
    expect(loaded.save(1)).toBe(false);
    expect((loaded.exports as unknown as { strict: boolean }).strict).toBe(true);
    expect(loadCachedScript(join(dir, 'none.cjs'), cache)).toBeUndefined();
  });

  it('writes a cache after the first run and uses it on the next, rewriting only for a kind of run it has not seen', () => {
    const made = makeCache(1);
    expect(made.readUInt32LE(0)).toBe(0x315a4d41);
    expect(made.readUInt32LE(8)).toBe(made.length - 32);
    expect(made.readUInt32LE(12)).toBe(cacheChecksum(made.subarray(32)));
    const again = load()!;
    expect(again.state).toBe('used');
    expect(again.save(1)).toBe(false);
    expect(readFileSync(cache).equals(made)).toBe(true);
    expect(again.save(2)).toBe(true);
    expect(readFileSync(cache).readUInt32LE(4)).toBe(3);
    const third = load()!;
    expect(third.state).toBe('used');
    expect(third.save(2)).toBe(false);
    expect(third.save(1)).toBe(false);
  });

  it("holds the functions the run compiled, not only the top level (what Node's module cache leaves out)", () => {
    const body = Array.from({ length: 300 }, (_, i) => `  x = (x * 31 + ${i}) | 0;`).join('\n');
    const sizeAfter = (call: boolean, name: string): number => {
      const file = join(dir, `${name}.cjs`);
      writeFileSync(file, `exports.work = function work(x) {\n${body}\n  return x;\n};\n// ${file}\n`);
      const loaded = loadCachedScript<{ work(x: number): number }>(file, join(dir, `${name}.cache`))!;
      if (call) expect(typeof loaded.exports.work(1)).toBe('number');
      expect(loaded.save(1)).toBe(true);
      return statSync(join(dir, `${name}.cache`)).size;
    };
    expect(sizeAfter(true, 'called')).toBeGreaterThan(sizeAfter(false, 'uncalled') + 1000);
  });

  it('calls a cache stale once the script changes, even at the same length and time; a touched script keeps it', () => {
    makeCache();
    const { atime, mtime } = statSync(script);
    utimesSync(script, atime, new Date(mtime.getTime() + 5000));
    expect(load()!.state).toBe('used');
    // One character changed, the length and the time put back: only the source's checksum tells.
    const text = readFileSync(script, 'latin1');
    writeFileSync(script, text.replace('return a + b;', 'return b + a;'), 'latin1');
    utimesSync(script, atime, mtime);
    expect(readFileSync(script).length).toBe(text.length);
    const changed = load()!;
    expect(changed.state).toBe('stale');
    expect(changed.save(1)).toBe(true);
    expect(load()!.state).toBe('used');
  });

  it('reads no cache that is not a regular file only its owner can write, and never waits on a FIFO', () => {
    makeCache();
    chmodSync(cache, 0o666);
    const open = load()!;
    expect(open.state).toBe('untrusted');
    expect(open.save(1)).toBe(true); // replaced by one of the user's own
    expect(statSync(cache).mode & 0o022).toBe(0);
    expect(load()!.state).toBe('used');
    rmSync(cache);
    expect(spawnSync('mkfifo', [cache]).status).toBe(0);
    expect(load()!.state).toBe('untrusted');
  });

  it('never hands V8 a damaged file: any changed byte, a shorter or a longer file is noticed and the script still runs', () => {
    const made = makeCache();
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const damaged = Buffer.from(made);
        const i = at % made.length;
        damaged[i]! ^= flip;
        writeFileSync(cache, damaged);
        const state = load()!.state;
        // Bytes 4-7 name the kinds of run seen and 24-31 are unused: the cache is still whole.
        if ((i >= 4 && i < 8) || (i >= 24 && i < 32)) expect(state).toBe('used');
        else expect(['damaged', 'stale']).toContain(state);
      }),
      { numRuns: 150 },
    );
    fc.assert(
      fc.property(fc.nat({ max: made.length - 1 }), fc.uint8Array({ minLength: 1, maxLength: 64 }), (keep, extra) => {
        writeFileSync(cache, made.subarray(0, keep));
        expect(load()!.state).toBe('damaged');
        writeFileSync(cache, Buffer.concat([made, extra]));
        expect(load()!.state).toBe('damaged');
      }),
      { numRuns: 60 },
    );
    writeFileSync(cache, made);
    expect(load()!.state).toBe('used');
  });

  it('reports a whole file V8 refuses as rejected, and replaces it', () => {
    // Made by hand before V8 has seen this source: the right header, length and checksum, but not V8's bytes.
    const payload = Buffer.alloc(4000, 7);
    const header = Buffer.alloc(32);
    const source = readFileSync(script);
    header.writeUInt32LE(0x315a4d41, 0);
    header.writeUInt32LE(1, 4);
    header.writeUInt32LE(payload.length, 8);
    header.writeUInt32LE(cacheChecksum(payload)!, 12);
    header.writeUInt32LE(source.length, 16);
    header.writeUInt32LE(cacheChecksum(source)!, 20);
    mkdirSync(dirname(cache), { recursive: true });
    writeFileSync(cache, Buffer.concat([header, payload]));
    const refused = load()!;
    expect(refused.state).toBe('rejected');
    expect(refused.save(1)).toBe(true);
    expect(load()!.state).toBe('used');
  });

  it('runs without a cache where none can be written, and leaves no file behind', () => {
    writeFileSync(join(dir, 'file'), '');
    const blocked = join(dir, 'file', 'cache', 'probe.cache'); // a folder under a regular file
    const loaded = load(blocked)!;
    expect(loaded.state).toBe('missing');
    expect(loaded.save(1)).toBe(false);
    expect(load(blocked)!.state).toBe('missing');
  });
});
