import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the library from source so that a test run never depends on a stale build.
export default defineConfig({
  resolve: {
    alias: { mazegen: fileURLToPath(new URL('./packages/mazegen/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
