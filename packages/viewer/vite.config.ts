import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The viewer bundles the library from source, so it never waits on mazegen's own build.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    alias: { mazegen: fileURLToPath(new URL('../mazegen/src/index.ts', import.meta.url)) },
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No inline polyfill script: the server's Content-Security-Policy allows only files from 'self'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
