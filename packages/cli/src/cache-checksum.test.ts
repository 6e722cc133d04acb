import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheChecksum } from './cache-checksum.js';

/** The same checksum in BigInt arithmetic: FNV-1a over 64-bit little-endian words, the last zero-padded, folded. */
function reference(bytes: Uint8Array): number {
  const padded = new Uint8Array(Math.ceil(bytes.length / 8) * 8);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < padded.length; i += 8) h = ((h ^ view.getBigUint64(i, true)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return Number((h ^ (h >> 32n)) & 0xffffffffn);
}

describe('cacheChecksum', () => {
  it('is FNV-1a over 64-bit words, folded to 32 bits, at every length (across WebAssembly pages too)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(cacheChecksum(bytes)).toBe(reference(bytes));
      }),
      { numRuns: 300 },
    );
    for (const length of [0, 7, 8, 65535, 65536, 65537, 300001]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + (i >> 9)) & 255);
      expect(cacheChecksum(bytes), `length ${length}`).toBe(reference(bytes));
    }
    // A short input after a long one: the one instance's memory still holds the long one's bytes.
    const short = Uint8Array.of(1, 2, 3, 4, 5);
    expect(cacheChecksum(short)).toBe(reference(short));
  });

  it('changes when any one byte changes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 3000 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (bytes, at, flip) => {
        const changed = bytes.slice();
        changed[at % bytes.length]! ^= flip;
        expect(cacheChecksum(changed)).not.toBe(cacheChecksum(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('is undefined without WebAssembly (node --jitless), so the caller keeps no cache', () => {
    const built = fileURLToPath(new URL('../dist/cache-checksum.js', import.meta.url));
    const script = `import { cacheChecksum } from ${JSON.stringify(pathToFileURL(built).href)}; console.log(String(cacheChecksum(new Uint8Array(16))));`;
    const run = (flags: string[]): string =>
      spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8' }).stdout.trim();
    expect(run(['--jitless'])).toBe('undefined');
    expect(run([])).toBe(String(reference(new Uint8Array(16))));
  });
});
