import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentType, resolveStatic } from './static.js';

let base: string;
let root: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'a-maze-ing-static-')));
  root = join(base, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app.js'), '');
  writeFileSync(join(root, '.env'), 'hidden');
  writeFileSync(join(base, 'secret.txt'), 'outside');
  symlinkSync(join(base, 'secret.txt'), join(root, 'leak.txt'));
  symlinkSync(base, join(root, 'up'));
  symlinkSync(join(root, 'assets', 'app.js'), join(root, 'alias.js'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('resolveStatic', () => {
  it('serves files under the root, index.html for directories', () => {
    expect(resolveStatic(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStatic(root, '/index.html?x=1')).toBe(join(root, 'index.html'));
    expect(resolveStatic(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveStatic(root, '/assets/%61pp.js')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveStatic(root, '/alias.js')).toBe(join(root, 'assets', 'app.js')); // a symlink that stays inside
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '//etc/passwd',
    '/etc/passwd',
    'http://127.0.0.1/../secret.txt',
    '../secret.txt',
    '*',
    '/leak.txt',
    '/up/secret.txt',
    '/.env',
    '/index.html%00.js',
    '/%E0%A4%A',
    '/assets',
    '/missing.js',
  ])('refuses %s', (target) => {
    expect(resolveStatic(root, target)).toBeUndefined();
  });

  it('names the content types the viewer uses', () => {
    expect(contentType('a.html')).toBe('text/html; charset=utf-8');
    expect(contentType('a.js')).toBe('text/javascript; charset=utf-8');
    expect(contentType('a.css')).toBe('text/css; charset=utf-8');
    expect(contentType('a.bin')).toBe('application/octet-stream');
    // A name an object inherits is no extension the table knows.
    expect(contentType('a.constructor')).toBe('application/octet-stream');
    expect(contentType('a.__proto__')).toBe('application/octet-stream');
  });
});
