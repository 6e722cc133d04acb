/**
 * A Node built-in module as its CommonJS object. An ES import of node:fs or node:buffer
 * makes Node read every lazy getter of the module to build its namespace (fs.promises and
 * its streams, Blob and File: some forty internal modules a plain run never uses); the
 * object itself loads nothing more. `process.getBuiltinModule` came in Node 22.3 (and
 * 20.16); the other Nodes this CLI runs on get the same object from `require`.
 */
import { createRequire } from 'node:module';

export const builtin: NodeJS.Process['getBuiltinModule'] =
  process.getBuiltinModule?.bind(process) ?? (createRequire(import.meta.url) as NodeJS.Process['getBuiltinModule']);
