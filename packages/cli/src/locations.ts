/**
 * Files the CLI finds next to its own code. Every lookup relative to this module's URL
 * lives here, at the top of the source tree: the compiled `dist/` and the bundled
 * `bundle/` both sit one folder below the package root, so the same relative paths hold
 * for both (a module one folder deeper would break in the bundle).
 */
import { fileURLToPath } from 'node:url';

/** The package's own package.json. */
export const PACKAGE_JSON = new URL('../package.json', import.meta.url);

/** The built viewer inside this package (viewer/, copied from packages/viewer/dist by the build). */
export function viewerFolder(): string {
  return fileURLToPath(new URL('../viewer/', import.meta.url));
}

/** A worker thread's module, beside this one (the bundle builds each worker as its own entry of the same name). */
export function workerModule(name: 'solve-worker' | 'svg-worker' | 'path-worker' | 'hex-rows-worker'): URL {
  return new URL(`./${name}.js`, import.meta.url);
}
