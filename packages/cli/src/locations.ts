/**
 * Files the CLI finds next to its own code. Every lookup relative to this module's URL
 * lives here, at the top of the source tree: the compiled `dist/` and the bundled
 * `bundle/` both sit one folder below the package root, so the same relative paths hold
 * for both (a module one folder deeper would break in the bundle).
 */
import { fileURLToPath } from 'node:url';
import { cacheChecksum } from './cache-checksum.js';

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

/**
 * Where the CLI keeps compiled code between runs (Node's module compile cache and
 * script-cache.ts's cache of the main job): AMAZEING_CACHE_DIR when it is an absolute path,
 * else the user's cache folder (XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on
 * macOS, %LOCALAPPDATA% on Windows), never the package's own folder; undefined when
 * NODE_DISABLE_COMPILE_CACHE is set or there is no home. bin/a-maze-ing.js applies the same rule.
 */
export function codeCacheFolder(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (env.AMAZEING_CACHE_DIR?.startsWith('/')) return env.AMAZEING_CACHE_DIR;
  if (env.XDG_CACHE_HOME?.startsWith('/')) return `${env.XDG_CACHE_HOME}/a-maze-ing`;
  if (platform === 'win32') return env.LOCALAPPDATA ? `${env.LOCALAPPDATA}\\a-maze-ing\\Cache` : undefined;
  if (!env.HOME?.startsWith('/')) return undefined;
  return platform === 'darwin' ? `${env.HOME}/Library/Caches/a-maze-ing` : `${env.HOME}/.cache/a-maze-ing`;
}

/**
 * The code cache file of the script at `scriptPath` for this Node and CPU (V8 refuses any
 * other's). The script's path is in the name (as a hash), so two installs sharing one
 * folder keep a cache each instead of replacing each other's on every run.
 */
export function codeCacheFile(name: string, scriptPath: string): string | undefined {
  const folder = codeCacheFolder();
  // The cache's own checksum names the path; without it (no WebAssembly) there is no cache anyway.
  const hash = folder === undefined ? undefined : cacheChecksum(Buffer.from(scriptPath, 'utf8'));
  if (folder === undefined || hash === undefined) return undefined;
  const tag = hash.toString(16).padStart(8, '0');
  return `${folder.replace(/\/$/, '')}/${name}-${tag}-${process.version}-${process.arch}.cache`;
}
