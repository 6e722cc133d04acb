import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, REPO } from './run-cli.js';

const BUNDLE = join(REPO, 'packages/cli/bundle');

/** The modules a bundle file loads before it runs: its static imports, followed through the bundle's own chunks. */
function staticClosure(entry: string): { chunks: Set<string>; packages: Set<string> } {
  const chunks = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (chunks.has(file)) return;
    chunks.add(file);
    const text = readFileSync(join(BUNDLE, file), 'utf8');
    for (const [, target] of text.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";?$/gm)) {
      if (target!.startsWith('./')) visit(target!.slice(2));
      else packages.add(target!);
    }
  };
  visit(entry);
  return { chunks, packages };
}

/** The chunk a lazy `import("./name-hash.js")` in `file` names, by the source module's name. */
function lazyChunk(file: string, name: string): string {
  const text = readFileSync(join(BUNDLE, file), 'utf8');
  const found = [...text.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1]!).filter((f) => f.startsWith(`${name}-`));
  expect(found, `one lazy chunk named ${name}-* in ${file}`).toHaveLength(1);
  return found[0]!;
}

describe('what a run loads (issue 13: load only what a command needs)', () => {
  it('bundle/main.js declares the commands without loading any command or heavy built-in', () => {
    assertBuilt();
    const { chunks, packages } = staticClosure('main.js');
    for (const builtin of ['node:zlib', 'node:readline', 'node:child_process', 'node:http', 'node:worker_threads', 'node:tty']) {
      expect(packages.has(builtin), `${builtin} loaded by main.js`).toBe(false);
    }
    // Every command's code is a lazy chunk of its own, none of them reachable statically.
    for (const command of ['generate', 'render', 'validate', 'menu', 'motd', 'view', 'stats', 'play', 'completion']) {
      expect(chunks.has(lazyChunk('main.js', command))).toBe(false);
    }
  });

  it('the default command (a config run) loads neither PNG, menu, server nor grid code', () => {
    assertBuilt();
    const { chunks, packages } = staticClosure(lazyChunk('main.js', 'generate'));
    // node:worker_threads is for the stream and the big mazes' threads; node:tty only for a terminal's colours.
    for (const builtin of ['node:zlib', 'node:readline', 'node:child_process', 'node:http', 'node:worker_threads', 'node:tty']) {
      expect(packages.has(builtin), `${builtin} loaded by the default command`).toBe(false);
    }
    const names = [...chunks].map((c) => c.replace(/-[\w-]{8}\.js$/, ''));
    for (const other of ['render', 'server', 'menu', 'grid-command', 'png', 'stream-write']) expect(names).not.toContain(other);
    expect(readdirSync(BUNDLE).filter((f) => f.startsWith('grid-command-'))).toHaveLength(2); // the chunk and its map
  });
});
