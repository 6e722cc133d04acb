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
