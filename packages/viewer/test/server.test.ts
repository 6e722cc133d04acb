/**
 * The viewer's server as a client sees it: raw HTTP requests to the real
 * `a-maze-ing view` process (no browser), and how it stops.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO, checkPrerequisites, startServer, stopServer, type RunningServer } from './harness.js';

let server: RunningServer;
let port: number;
let configPath: string;

/** Sends `request` as raw bytes (so no client library can normalise '..' away) and returns the status line and headers. */
function raw(request: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('end', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

function get(target: string, extra = ''): Promise<{ status: number; head: string; body: string }> {
  return raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${extra}\r\n`);
}

/** The config's temp directory, removed after the tests. */
let dir: string | undefined;

beforeAll(async () => {
  checkPrerequisites();
  dir = mkdtempSync(join(tmpdir(), 'a-maze-ing-server-'));
  configPath = join(dir, 'config.txt');
  writeFileSync(
    configPath,
    'WIDTH=12\nHEIGHT=9\nENTRY=0,0\nEXIT=11,8\nOUTPUT_FILE=maze.txt\nPERFECT=False\nSEED=77\nGENERATOR=Kruskal\nSOLVER=BFS\n',
  );
  server = await startServer([configPath]);
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await stopServer(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a-maze-ing view: the server', () => {
  it('listens on 127.0.0.1 and serves the page with a strict Content-Security-Policy', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.head).toMatch(/content-security-policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval';/i);
    expect(page.head).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    expect(page.head).toMatch(/x-content-type-options: nosniff/i);
    expect(page.body).toContain('<canvas id="maze"');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline scripts
  });

  it("answers GET /api/config with the config's maze options", async () => {
    const answer = await get('/api/config');
    expect(answer.status).toBe(200);
    const config = JSON.parse(answer.body) as { options: Record<string, unknown>; solver: string };
    expect(config.options).toMatchObject({
      width: 12,
      height: 9,
      seed: '77',
      generator: 'Kruskal',
      perfect: false,
      entry: { x: 0, y: 0 },
      exit: { x: 11, y: 8 },
    });
    expect(config.solver).toBe('BFS');
  });

  it.each([
    '/../package.json',
    '/../../../package.json',
    '/assets/../../package.json',
    '/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/%2E%2E%2F%2E%2E%2Fpackage.json',
    '/assets/..%2f..%2f..%2f..%2fpackage.json',
    '/..%5c..%5cpackage.json',
    '/etc/passwd',
    '//etc/passwd',
    `http://127.0.0.1/../../package.json`,
    '/.vite/manifest.json',
  ])('refuses %s with 404 (and still sends the CSP)', async (target) => {
    const answer = await get(target);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('"workspaces"');
    expect(answer.head).toMatch(/content-security-policy: default-src 'self'/i);
  });

  it("refuses a request target that is not a path ('../x') before any lookup: 400 from Node's parser", async () => {
    const answer = await get('../../package.json');
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('"workspaces"');
  });

  it('refuses other host names (DNS rebinding) and cross-site quit requests', async () => {
    expect((await raw(`GET / HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`)).status).toBe(403);
    const quit = await raw(
      `POST /api/quit HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(quit.status).toBe(403);
    expect(server.process.exitCode).toBeNull();
    expect((await get('/api/quit')).status).toBe(405);
  });

  it('stops with exit code 0 on SIGTERM', async () => {
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('stops with exit code 0 on Ctrl-C (SIGINT)', async () => {
    const second = await startServer([]);
    second.process.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(second.stdout()).toContain('Viewer stopped.');
  });

  it('stops with exit code 0 on POST /api/quit from its own page', async () => {
    const third = await startServer([configPath]);
    port = Number(new URL(third.url).port);
    const quit = await raw(
      `POST /api/quit HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(quit.status).toBe(200);
    expect(await third.exited).toBe(0);
  });

  it('reports a missing config file in one line, with no server started', () => {
    const result = spawnSync(process.execPath, [CLI, 'view', join(REPO, 'no-such-config.txt'), '--no-open', '--port', '0'], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('no-such-config.txt');
    expect(result.stdout).toBe('');
  });
});
