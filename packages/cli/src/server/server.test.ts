import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewerServer, type ViewerServer } from './server.js';

let root: string;
let viewer: ViewerServer;

/** Resolves with 'connected' or the socket error's code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'a-maze-ing-server-unit-')));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  viewer = await startViewerServer({ root, port: 0 });
});

afterAll(async () => {
  await viewer?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('startViewerServer', () => {
  it('listens on the IPv4 loopback address only', async () => {
    expect(viewer.server.address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    expect(viewer.url).toBe(`http://127.0.0.1:${viewer.port}/`);
    expect(await tryConnect('127.0.0.1', viewer.port)).toBe('connected');
    // Another address of this machine reaches nothing (a server on 0.0.0.0 would answer there).
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside) expect(await tryConnect(outside.address, viewer.port)).toBe('ECONNREFUSED');
  });
});

/** Sends `request` as it is and resolves with the status code of the answer. */
function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on('error', reject);
    socket.write(request);
  });
}

describe('request checks', () => {
  it('answers 400 to a request with two Host headers, whichever comes first', async () => {
    const good = `Host: 127.0.0.1:${viewer.port}\r\n`;
    const evil = 'Host: evil.example\r\n';
    expect(await rawStatus(viewer.port, `GET / HTTP/1.1\r\n${good}Connection: close\r\n\r\n`)).toBe(200);
    expect(await rawStatus(viewer.port, `GET / HTTP/1.1\r\n${good}${evil}Connection: close\r\n\r\n`)).toBe(400);
    expect(await rawStatus(viewer.port, `GET / HTTP/1.1\r\n${evil}${good}Connection: close\r\n\r\n`)).toBe(400);
    expect(await rawStatus(viewer.port, `GET / HTTP/1.1\r\n${good}${good}Connection: close\r\n\r\n`)).toBe(400);
  });

  it('stops only for a quit from its own page: its Origin, or no Origin and Sec-Fetch-Site: same-origin', async () => {
    let quits = 0;
    const own = await startViewerServer({ root, port: 0, onQuit: () => quits++ });
    try {
      const quit = (headers: string) =>
        rawStatus(
          own.port,
          `POST /api/quit HTTP/1.1\r\nHost: 127.0.0.1:${own.port}\r\n${headers}Content-Length: 0\r\nConnection: close\r\n\r\n`,
        );
      expect(await quit('')).toBe(403);
      expect(await quit('Sec-Fetch-Site: cross-site\r\n')).toBe(403);
      expect(await quit('Sec-Fetch-Site: same-site\r\n')).toBe(403);
      expect(await quit('Origin: http://evil.example\r\nSec-Fetch-Site: same-origin\r\n')).toBe(403);
      expect(await quit('Origin: null\r\n')).toBe(403);
      expect(quits).toBe(0);
      expect(await quit('Sec-Fetch-Site: same-origin\r\n')).toBe(200);
      expect(await quit(`Origin: http://localhost:${own.port}\r\n`)).toBe(200);
      await new Promise((done) => setTimeout(done, 50));
      expect(quits).toBe(1);
    } finally {
      await own.close();
    }
  });
});
