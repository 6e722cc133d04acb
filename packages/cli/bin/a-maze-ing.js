#!/usr/bin/env node
// `--version` alone needs none of the CLI: answer it before loading the commands and the
// library (about 70 ms of start-up), with the same text Commander prints.
const args = process.argv.slice(2);
const version = args.length === 1 && (args[0] === '--version' || args[0] === '-V') ? await packageVersion() : undefined;
if (version !== undefined) {
  process.stdout.write(`${version}\n`);
} else {
  // Node 22.3+ keeps V8's compiled code of each module's top level beside the bundle, as
  // Python keeps __pycache__ (the main job has a fuller cache of its own: src/script-cache.ts).
  // Node 20 has no such cache; a read-only install goes without.
  const nodeModule = process.getBuiltinModule?.('node:module');
  if (nodeModule?.enableCompileCache) {
    const chosen = process.env.AMAZEING_CACHE_DIR;
    // A folder of the user's choosing only once it exists: Node's own mkdir -p never returns under /proc.
    if (!chosen?.startsWith('/'))
      nodeModule.enableCompileCache(process.getBuiltinModule('node:url').fileURLToPath(new URL('../.compile-cache', import.meta.url)));
    else if (process.getBuiltinModule('node:fs').statSync(chosen, { throwIfNoEntry: false })?.isDirectory())
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
