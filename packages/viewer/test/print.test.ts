/**
 * The Print button in a real browser: the PDF it downloads is parsed back with pdf-lib (two
 * pages, the paper's size, the title) and is
 * the same file, byte for byte, as `a-maze-ing render --format pdf` of the viewer's hex
 * file; pdf-lib is fetched only when Print is pressed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLI,
  checkPrerequisites,
  launchBrowser,
  openViewer,
  pageErrors,
  startServer,
  stopServer,
  type Browser,
  type RunningServer,
} from './harness.js';

let server: RunningServer;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  checkPrerequisites();
  dir = mkdtempSync(join(tmpdir(), 'a-maze-ing-print-'));
  server = await startServer([]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Clicks a button that downloads a file and saves it in the test folder; returns its path and name. */
async function downloadFrom(page: Page, id: string): Promise<{ path: string; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}`)]);
  const name = file.suggestedFilename();
  const path = join(dir, name);
  await file.saveAs(path);
  return { path, name };
}

function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
}

describe('the viewer Print button', () => {
  for (const [paper, size] of [
    ['a4', [595.28, 841.89]],
    ['letter', [612, 792]],
  ] as const) {
    it(`makes the ${paper} puzzle sheet render --format pdf makes of the same maze (two pages, the answer on the second)`, async () => {
      const page = await openViewer(
        browser,
        `${server.url}?w=18&h=14&seed=print-${paper}&gen=DFS&pattern=42&entry=left&exit=right&animate=0&showpath=1&theme=dark`,
      );
      await page.click('#panel-toggle').catch(() => undefined);
      expect((await loadedScripts(page)).some((n) => n.includes('print-pdf'))).toBe(false);
      await page.selectOption('#paper', paper);
      const pdf = await downloadFrom(page, 'export-pdf');
      expect(pdf.name).toBe(`maze-18x14-print-${paper}.pdf`);
      expect((await loadedScripts(page)).some((n) => n.includes('print-pdf'))).toBe(true);
      const bytes = readFileSync(pdf.path);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBe(2);
      for (const p of doc.getPages()) expect([p.getWidth(), p.getHeight()]).toEqual(size);
      expect(doc.getTitle()).toBe('A-Maze-ing 18x14');
      // The same sheet as the CLI's from the viewer's hex file (black on white whatever the screen's theme).
      const hex = await downloadFrom(page, 'export-hex');
      const out = join(dir, `cli-${paper}.pdf`);
      const r = spawnSync(process.execPath, [CLI, 'render', hex.name, '--format', 'pdf', '--paper', paper, '-o', out], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, CI: '1' },
      });
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(out).equals(bytes)).toBe(true);
      expect(await page.textContent('#export-command')).toBe(
        `The same sheet from the hex file: a-maze-ing render ${hex.name} --format pdf --paper ${paper}`,
      );
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    });
  }
});
