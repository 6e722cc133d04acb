import { realpathSync, statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export function contentType(file: string): string {
  const extension = extname(file).toLowerCase();
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension] : 'application/octet-stream';
}

/**
 * The file under `root` that a request path names, or undefined. Refused: anything
 * but an origin-form path ('/...'), bad percent-encoding, NUL, backslashes, any '.'
 * or '..' segment (raw or encoded), dot-files, and any file whose real path (after
 * symlinks) lies outside the real root. `realRoot` must already be a real path.
 */
export function resolveStatic(realRoot: string, requestTarget: string): string | undefined {
  if (!requestTarget.startsWith('/') || requestTarget.startsWith('//')) return undefined;
  const rawPath = requestTarget.split(/[?#]/, 1)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  for (const segment of segments) {
    if (segment === '.' || segment === '..' || segment.startsWith('.')) return undefined;
  }
  if (segments.length === 0 || decoded.endsWith('/')) segments.push('index.html');
  const candidate = join(realRoot, ...segments);
  let real: string;
  try {
    real = realpathSync(candidate);
    if (!statSync(real).isFile()) return undefined;
  } catch {
    return undefined;
  }
  // Symlinks may point anywhere: only files whose real path is inside the root are served.
  return real.startsWith(realRoot + sep) ? real : undefined;
}
