import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects: `fast` (unit, property and golden tests, in-process: `npm run test:fast`,
 * under a minute) and `slow` (whatever runs the built CLI, a browser, npm or a giant maze,
 * the chi-square distribution tests, which draw tens of thousands of mazes, the fast-path
 * equivalence tests, which compare whole mazes up to 400x300 for every algorithm, and the
 * progress tests, which carve a million-cell maze per generator and grid).
 * `npm test` runs both. A new test file is fast unless it matches one of these.
 */
export const SLOW_TESTS = [
  'packages/cli/test/e2e/**/*.test.ts',
  'packages/cli/test/render/**/*.test.ts',
  'packages/cli/test/menu/**/*.test.ts',
  'packages/cli/test/render.test.ts',
  'packages/cli/test/io.test.ts',
  'packages/cli/test/install/**/*.test.ts',
  'packages/viewer/test/**/*.test.ts',
  'packages/mazegen/test/pack.test.ts',
  'packages/mazegen/test/app-bundle.test.ts',
  'packages/mazegen/test/readme.test.ts',
  'packages/mazegen/test/bench-scripts.test.ts',
  'packages/mazegen/test/scale.test.ts',
  'packages/mazegen/test/generators/uniformity.test.ts',
  'packages/mazegen/test/generators/kruskal-tiles.test.ts',
  'packages/mazegen/test/generators/fast-paths.test.ts',
  'packages/mazegen/test/generators/progress-large.test.ts',
];

const ALL_TESTS = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'];

/**
 * `npm run coverage` names a folder here: the processes the tests spawn (the built CLI)
 * then write V8 coverage into it. Set in the workers' environment only, so vitest's own
 * processes write none.
 */
const spawnedCoverage = process.env.AMAZEING_SPAWNED_COVERAGE;

// Tests import the library from source so that a test run never depends on a stale build.
export default defineConfig({
  resolve: {
    // The root and its subpaths (mazegen/config, /render, /play, /internal), as package.json's exports map them.
    alias: [
      { find: /^mazegen$/, replacement: fileURLToPath(new URL('./packages/mazegen/src/index.ts', import.meta.url)) },
      {
        find: /^mazegen\/(config|render|play|internal)$/,
        replacement: fileURLToPath(new URL('./packages/mazegen/src/entries/$1.ts', import.meta.url)),
      },
    ],
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: spawnedCoverage ? { NODE_V8_COVERAGE: spawnedCoverage } : {},
    coverage: {
      provider: 'v8',
      include: ['packages/mazegen/src/**/*.ts', 'packages/cli/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/*.d.ts'],
      reporter: ['json'],
      reportsDirectory: 'coverage/in-process',
    },
    // Vitest leaves one core free by default, which is one worker on a 2-core machine.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'fast', include: ALL_TESTS, exclude: [...configDefaults.exclude, ...SLOW_TESTS] } },
      // A browser test that takes 23 s alone took over 60 s at load 8 (two helpers building beside the suite):
      // the slow project waits longer before calling a test hung. No test asserts a time.
      { extends: true, test: { name: 'slow', include: SLOW_TESTS, testTimeout: 180_000 } },
    ],
  },
});
