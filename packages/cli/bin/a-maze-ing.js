#!/usr/bin/env node
// `--version` alone needs none of the CLI: answer it before loading the commands and the
// library (about 70 ms of start-up), with the same text Commander prints.
const args = process.argv.slice(2);
const version = args.length === 1 && (args[0] === '--version' || args[0] === '-V') ? await packageVersion() : undefined;
if (version !== undefined) {
  process.stdout.write(`${version}\n`);
} else {
  // Node 22.3+ keeps V8's compiled code of each module's top level, as Python keeps
  // __pycache__ (the main job has a fuller cache of its own: src/script-cache.ts), in the
  // folder src/locations.ts's codeCacheFolder names. Node 20 has no such cache.
  const nodeModule = process.getBuiltinModule?.('node:module');
  const env = process.env;
  if (nodeModule?.enableCompileCache && !env.NODE_DISABLE_COMPILE_CACHE) {
    const chosen = env.AMAZEING_CACHE_DIR?.startsWith('/') ? env.AMAZEING_CACHE_DIR : undefined;
    const user = env.XDG_CACHE_HOME?.startsWith('/')
      ? `${env.XDG_CACHE_HOME}/a-maze-ing`
      : process.platform === 'win32'
        ? env.LOCALAPPDATA && `${env.LOCALAPPDATA}\\a-maze-ing\\Cache`
        : env.HOME?.startsWith('/') && `${env.HOME}/${process.platform === 'darwin' ? 'Library/Caches' : '.cache'}/a-maze-ing`;
    // A folder of the user's choosing only once it exists: Node's own mkdir -p never returns under /proc.
    if (chosen === undefined && user) nodeModule.enableCompileCache(user);
    else if (chosen && process.getBuiltinModule('node:fs').statSync(chosen, { throwIfNoEntry: false })?.isDirectory())
      nodeModule.enableCompileCache(chosen);
  }
  const { run } = await import('../bundle/main.js');
  process.exitCode = await run(args);
}

/** The version in package.json, or undefined (then the full CLI answers). */
async function packageVersion() {
  try {
    const { readFileSync } = await import('node:fs');
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
