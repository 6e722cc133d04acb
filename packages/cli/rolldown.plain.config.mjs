// The main job (src/plain-main.ts) as one CommonJS script, the library inside: main.ts runs
// it with V8's code cache taken after the run (src/script-cache.ts), which Node's module
// cache cannot do. It sits in bundle/ beside the worker entries it starts. Built after
// rolldown.config.mjs, which empties bundle/. The other npm dependencies stay requires.
import { builtinModules } from 'node:module';
import { defineConfig } from 'rolldown';
import pkg from './package.json' with { type: 'json' };

const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies).filter((name) => name !== 'mazegen'),
];

export default defineConfig({
  input: { plain: 'src/plain-main.ts' },
  platform: 'node',
  tsconfig: 'tsconfig.json',
  external: (id) => external.includes(id) || external.some((name) => id.startsWith(`${name}/`)),
  output: {
    dir: 'bundle',
    format: 'cjs',
    codeSplitting: false,
    entryFileNames: '[name].cjs',
    sourcemap: true,
    charset: 'ascii',
    comments: { legal: true, annotation: true, jsdoc: false },
  },
});
