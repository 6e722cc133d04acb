// The library as one ESM file (dist/mazegen.js): importing it reads one module instead of
// about ninety, which is most of a small CLI run's start-up. Types stay tsc's (dist/*.d.ts).
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: 'src/index.ts',
  platform: 'neutral',
  tsconfig: 'tsconfig.json',
  // ASCII only: V8 keeps a source with even one other character as a two-byte string,
  // which doubles what it reads and hashes against Node's compile cache (a few ms of a small
  // CLI run on Node 26). Strings are escaped; doc comments, which may hold any character,
  // are left out (editors read them from dist/*.d.ts, debuggers from the map's sources).
  output: {
    file: 'dist/mazegen.js',
    format: 'esm',
    sourcemap: true,
    charset: 'ascii',
    comments: { legal: true, annotation: true, jsdoc: false },
  },
});
