import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeBase64, instantiateKernel } from '../../src/wasm.js';
// @ts-expect-error: a plain script without types
import { KERNELS, compileKernel, kernelModule } from '../../../../scripts/build-wasm.mjs';

interface Kernel {
  source: string;
  module: string;
  name: string;
}

/** The library's WebAssembly kernels as committed: each the bytes its AssemblyScript source compiles to. */
describe('WebAssembly kernels', () => {
  it.each(KERNELS as Kernel[])(
    '$module is what $source compiles to today, and instantiates',
    async (kernel) => {
      const bytes: Uint8Array = await compileKernel(kernel);
      const committed = readFileSync(join(import.meta.dirname, '../..', kernel.module), 'utf8');
      expect(committed, `${kernel.module} is out of date: run node scripts/build-wasm.mjs`).toBe(kernelModule(kernel, bytes));
      const carried = ((await import(join(import.meta.dirname, '../..', kernel.module))) as Record<string, string>)[kernel.name];
      expect(decodeBase64(carried)).toEqual(new Uint8Array(bytes));
      const instance = instantiateKernel(carried);
      expect(instance?.memory.buffer).toBeInstanceOf(ArrayBuffer);
    },
    60_000,
  );
});

describe('decodeBase64', () => {
  it('decodes what Buffer encodes, any length (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(decodeBase64(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
      }),
    );
  });
});
