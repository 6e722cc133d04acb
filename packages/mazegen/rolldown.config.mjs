// The library as ESM files: dist/mazegen.js (the root) and one small file per subpath
// (dist/mazegen-config.js, -render, -play, -internal; tsc's own files beside them keep their names), all importing one shared chunk
// (dist/mazegen-core.js) that holds the code. A CLI run that uses the root and the subpaths
// reads a handful of modules instead of about ninety, which is most of a small run's
// start-up; a bundler still drops what an app does not import. Types stay tsc's (dist/*.d.ts).
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: {
    mazegen: 'src/index.ts',
    'mazegen-config': 'src/entries/config.ts',
    'mazegen-render': 'src/entries/render.ts',
    'mazegen-play': 'src/entries/play.ts',
    'mazegen-internal': 'src/entries/internal.ts',
  },
  platform: 'neutral',
  tsconfig: 'tsconfig.json',
  // ASCII only: V8 keeps a source with even one other character as a two-byte string,
  // which doubles what it reads and hashes against Node's compile cache (a few ms of a small
  // CLI run on Node 26). Strings are escaped; doc comments, which may hold any character,
  // are left out (editors read them from dist/*.d.ts, debuggers from the map's sources).
  output: {
    dir: 'dist',
    format: 'esm',
    sourcemap: true,
    charset: 'ascii',
    entryFileNames: '[name].js',
    chunkFileNames: 'mazegen-core.js',
    codeSplitting: { groups: [{ name: 'mazegen-core', test: /[\\/]src[\\/]/ }] },
    comments: { legal: true, annotation: true, jsdoc: false },
  },
});
