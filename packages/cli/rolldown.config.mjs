// The CLI as a handful of ESM files (bundle/): the command modules become one file, so a
// run reads a few modules instead of about fifty. Worker threads are entries of their own,
// named as in src/, beside the main one (src/locations.ts finds them there). Every npm
// dependency, mazegen included, stays an import: installed packages are used as installed.
import { builtinModules } from 'node:module';
import { defineConfig } from 'rolldown';
import pkg from './package.json' with { type: 'json' };

const external = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...Object.keys(pkg.dependencies)];

export default defineConfig({
  input: {
    main: 'src/main.ts',
    'solve-worker': 'src/solve-worker.ts',
    'svg-worker': 'src/svg-worker.ts',
    'path-worker': 'src/path-worker.ts',
    'hex-rows-worker': 'src/hex-rows-worker.ts',
  },
  platform: 'node',
  tsconfig: 'tsconfig.json',
  external: (id) => external.includes(id) || external.some((name) => id.startsWith(`${name}/`)),
  // ASCII only, as the library's bundle (see its rolldown.config.mjs).
  output: {
    dir: 'bundle',
    cleanDir: true,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    sourcemap: true,
    charset: 'ascii',
    comments: { legal: true, annotation: true, jsdoc: false },
  },
});
