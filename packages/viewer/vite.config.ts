import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The viewer bundles the library from source, so it never waits on mazegen's own build.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    // The root and its subpaths (mazegen/config, /render, /play, /internal), as package.json's exports map them.
    alias: [
      { find: /^mazegen$/, replacement: fileURLToPath(new URL('../mazegen/src/index.ts', import.meta.url)) },
      {
        find: /^mazegen\/(config|render|play|internal)$/,
        replacement: fileURLToPath(new URL('../mazegen/src/entries/$1.ts', import.meta.url)),
      },
    ],
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
    rollupOptions: {
      // The page, and beside it the browser tests' hook (src/test-hook.ts): its own entry, which index.html never loads.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'test-hook': fileURLToPath(new URL('src/test-hook.ts', import.meta.url)),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'test-hook' ? 'test-hook.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
