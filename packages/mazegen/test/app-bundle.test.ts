/**
 * The README's promise to an app: a bundler (Vite, as the viewer uses) given an app that
 * imports `generateMaze` alone leaves out pictures, PDF sheets, play and the text formats.
 * Built from the package's dist (`npm test` builds first), in a temporary folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mazegen-app-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function bundle(source: string): Promise<string> {
  const root = join(work, String(readdirSync(work).length));
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(PACKAGE_DIR, join(root, 'node_modules', 'mazegen'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>\n');
  writeFileSync(join(root, 'main.js'), source);
  await build({ root, logLevel: 'silent', configFile: false, build: { outDir: join(root, 'out'), minify: true } });
  const assets = join(root, 'out', 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
}

describe('an app built with Vite', () => {
  it('that imports generateMaze alone carries no picture, sheet, play or text format code', async () => {
    const code = await bundle(
      "import { generateMaze } from 'mazegen';\ndocument.body.textContent = String(generateMaze({ width: 9, height: 7, seed: 1 }).maze.size);\n",
    );
    // Words only those parts hold: the PDF writer's, the play mode's, the SVG and text writers'.
    for (const marker of ['WinAnsiEncoding', '%PDF', 'PlayGame', '<svg', 'a-maze-ing/graph', 'answer page'])
      expect(code, marker).not.toContain(marker);
    console.log(`generateMaze alone: ${code.length} bytes, ${gzipSync(code, { level: 9 }).length} gzipped`);
    // The same app with the PDF sheet does carry it: the markers above are real.
    const withSheet = await bundle(
      "import { generateMaze } from 'mazegen';\nimport { puzzleSheetPdf } from 'mazegen/render';\nconst g = generateMaze({ width: 9, height: 7, seed: 1 });\nconsole.log(puzzleSheetPdf([{ maze: g.maze, entry: g.entry, exit: g.exit }], { paper: 'a4', perPage: 1 }).length);\n",
    );
    expect(withSheet).toContain('WinAnsiEncoding');
  });
});
