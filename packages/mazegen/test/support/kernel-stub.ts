import { vi } from 'vitest';

/**
 * Stubs the WebAssembly global (vi.stubGlobal: the test's afterEach unstubs it) so that the
 * library's kernels still compile and run, each instance is counted, and, given `trapping`,
 * that export of every instance throws a trap as an out-of-memory kernel would. The count
 * is how a test tells that a kernel ran at all: its output equals the JavaScript kernel's.
 */
export function stubKernels(trapping?: string): { instances: number } {
  const real = WebAssembly;
  const counter = { instances: 0 };
  vi.stubGlobal('WebAssembly', {
    Module: real.Module,
    Instance: class {
      exports: Record<string, unknown>;
      constructor(module: WebAssembly.Module, imports: WebAssembly.Imports) {
        counter.instances++;
        const inner = new real.Instance(module, imports).exports;
        this.exports = trapping
          ? {
              ...inner,
              [trapping]: () => {
                throw new real.RuntimeError('unreachable');
              },
            }
          : inner;
      }
    },
  });
  return counter;
}
