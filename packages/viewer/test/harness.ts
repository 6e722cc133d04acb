/** Shared set-up for the viewer's browser tests: the real CLI server and Debian's Chromium. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI = join(REPO, 'packages/cli/bin/a-maze-ing.js');
export const OUTPUT_DIR = join(REPO, 'test-output');
export const CHROMIUM = '/usr/bin/chromium';
/** The flags every browser test launches Chromium with. */
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails (never skips) with a message that says how to fix the set-up. */
export function checkPrerequisites(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the browser tests need Chromium at ${CHROMIUM}: run 'bash scripts/ensure-test-tools.sh' (npm test does it in pretest) or 'sudo apt-get install chromium'`,
    );
  }
  for (const built of [
    join(REPO, 'packages/viewer/dist/index.html'),
    join(REPO, 'packages/cli/dist/main.js'),
    join(REPO, 'packages/cli/viewer/index.html'),
  ]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run 'npm run build' first (npm test builds before running vitest)`);
  }
  // `a-maze-ing view` serves the CLI's copy (packages/cli/viewer); a viewer built alone leaves it behind.
  if (
    readFileSync(join(REPO, 'packages/cli/viewer/index.html'), 'utf8') !==
    readFileSync(join(REPO, 'packages/viewer/dist/index.html'), 'utf8')
  ) {
    throw new Error(
      "packages/cli/viewer is older than packages/viewer/dist: run 'npm run build' (or 'npm run bundle-viewer -w a-maze-ing')",
    );
  }
  mkdirSync(OUTPUT_DIR, { recursive: true });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stdout: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Starts `a-maze-ing view` on a free port and waits for the URL it prints. */
export function startServer(args: string[]): Promise<RunningServer> {
  const child = spawn(process.execPath, [CLI, 'view', ...args, '--port', '0', '--no-open'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1' },
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no URL in 10 s; stdout: ${out} stderr: ${err}`)), 10_000);
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Viewer: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], process: child, stdout: () => out, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before printing its URL; stderr: ${err}`));
    });
  });
}

/** Stops a server that is still running (SIGTERM) and waits for it to exit. */
export async function stopServer(server: RunningServer | undefined): Promise<void> {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Adds the test hook (dist/test-hook.js, an entry of its own that index.html never loads) to
 * every viewer page: `window.__viewer`, read by the tests. Runs in the page before its scripts.
 */
export function addTestHook(): void {
  const add = (): void => {
    if (!document.getElementById('maze') || document.querySelector('script[data-test-hook]')) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = new URL('test-hook.js', location.href).href;
    script.dataset.testHook = '';
    document.head.append(script);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add);
  else add();
}

/** Chromium with a fresh profile directory, removed on close; its pages get the test hook unless `testHook` is false. */
export async function launchBrowser(options: { testHook?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'a-maze-ing-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: LAUNCH_ARGS,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  });
  if (options.testHook !== false) await context.addInitScript(addTestHook);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The script and console errors of each page opened by openViewer. */
const PAGE_ERRORS = new WeakMap<Page, string[]>();

/** A new page at `address`, returned once the viewer shows its maze; pageErrors(page) lists its errors. */
export async function openViewer(browser: Browser, address: string): Promise<Page> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  PAGE_ERRORS.set(page, errors);
  await page.goto(address);
  await waitReady(page);
  return page;
}

/** The errors a page opened by openViewer has reported so far. */
export function pageErrors(page: Page): string[] {
  const errors = PAGE_ERRORS.get(page);
  if (!errors) throw new Error('pageErrors: the page was not opened by openViewer');
  return errors;
}

/** Waits until the viewer shows a finished maze (after request `afterRequest`, when given). */
export async function waitReady(page: Page, afterRequest = 0, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (after) => {
      const v = (window as unknown as { __viewer?: { ready: boolean; requestId: number } }).__viewer;
      return v !== undefined && v.ready && v.requestId > after;
    },
    afterRequest,
    { timeout, polling: 50 },
  );
}

export interface ViewerMaze {
  width: number;
  height: number;
  seed: string;
  entry: { x: number; y: number };
  exit: { x: number; y: number };
  cells: number[];
  path: number[];
}

export interface ViewerGeometry {
  originX: number;
  originY: number;
  scale: number;
  pitch: number;
  wall: number;
  canvasWidth: number;
  canvasHeight: number;
}

export function viewerMaze(page: Page): Promise<ViewerMaze> {
  return page.evaluate(() => (window as unknown as { __viewer: { maze(): ViewerMaze } }).__viewer.maze());
}

export function viewerGeometry(page: Page): Promise<ViewerGeometry> {
  return page.evaluate(() => (window as unknown as { __viewer: { geometry(): ViewerGeometry } }).__viewer.geometry());
}

export function requestId(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __viewer: { requestId: number } }).__viewer.requestId);
}

/** RGB of canvas pixels (after forcing a draw), as '#rrggbb'. */
export async function canvasPixels(page: Page, points: readonly (readonly [number, number])[]): Promise<string[]> {
  return page.evaluate(
    (pts) => {
      (window as unknown as { __viewer: { draw(): void } }).__viewer.draw();
      const canvas = document.getElementById('maze') as HTMLCanvasElement;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      return pts.map(([x, y]) => {
        const i = (y * canvas.width + x) * 4;
        return `#${[image[i], image[i + 1], image[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      });
    },
    points as [number, number][],
  );
}

/** Canvas pixel at the centre of cell (x, y). */
export function cellCentre(g: ViewerGeometry, x: number, y: number): [number, number] {
  const inner = g.wall + Math.floor((g.pitch - g.wall) / 2);
  return [Math.floor(g.originX + (x * g.pitch + inner + 0.5) * g.scale), Math.floor(g.originY + (y * g.pitch + inner + 0.5) * g.scale)];
}

/** Canvas pixel in the middle of the wall east of cell (x, y). */
export function eastWall(g: ViewerGeometry, x: number, y: number): [number, number] {
  const inner = g.wall + Math.floor((g.pitch - g.wall) / 2);
  return [
    Math.floor(g.originX + ((x + 1) * g.pitch + Math.floor(g.wall / 2) + 0.5) * g.scale),
    Math.floor(g.originY + (y * g.pitch + inner + 0.5) * g.scale),
  ];
}

/** Canvas pixel in the middle of the wall south of cell (x, y). */
export function southWall(g: ViewerGeometry, x: number, y: number): [number, number] {
  const inner = g.wall + Math.floor((g.pitch - g.wall) / 2);
  return [
    Math.floor(g.originX + (x * g.pitch + inner + 0.5) * g.scale),
    Math.floor(g.originY + ((y + 1) * g.pitch + Math.floor(g.wall / 2) + 0.5) * g.scale),
  ];
}

export function screenshotPath(name: string): string {
  return join(OUTPUT_DIR, `${name}.png`);
}

/** A file's viewer server and browser, started before its tests and stopped after them. */
export interface ViewerSession {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** Registers the file's set-up: `a-maze-ing view ARGS` and a fresh Chromium, stopped in afterAll. */
export function viewerSession(args: string[] = []): ViewerSession {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    checkPrerequisites();
    server = await startServer(args);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stopServer(server);
  });
  return {
    get server() {
      if (!server) throw new Error('the viewer server is not started (viewerSession runs in beforeAll)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started (viewerSession runs in beforeAll)');
      return browser;
    },
  };
}
