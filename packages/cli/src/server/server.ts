import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentType, resolveStatic } from './static.js';

/** Only the viewer's own files: scripts, styles, workers and fetches from this origin, nothing inline. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'", // WebAssembly compiles (the spanning-tree kernels); no JavaScript eval
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export interface ViewerServerOptions {
  /** The real path of the built viewer (packages/viewer/dist). */
  root: string;
  /** 0 = any free port. */
  port: number;
  /** What GET /api/config answers (the config's maze options), or undefined for none. */
  config?: unknown;
  /** Called once after POST /api/quit has been answered. */
  onQuit?: () => void;
}

export interface ViewerServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, head = false): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(head ? undefined : body);
}

function notFound(res: ServerResponse): void {
  send(res, 404, 'text/plain; charset=utf-8', 'Not found\n');
}

function hostHeaderCount(req: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') count++;
  return count;
}

/** True when the request comes from the page this server serves. */
function fromOwnPage(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return origin === `http://${HOST}:${port}` || origin === `http://localhost:${port}`;
  return req.headers['sec-fetch-site'] === 'same-origin';
}

/** Serves the viewer's files and its two endpoints on 127.0.0.1 only. */
export function startViewerServer(options: ViewerServerOptions): Promise<ViewerServer> {
  let port = options.port;
  let quitting = false;
  const configBody = JSON.stringify(options.config ?? {});

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = req.url ?? '';
    // Two Host headers are a malformed request (RFC 9112 3.2); Node keeps only the first, so count the raw ones.
    if (hostHeaderCount(req) > 1) return send(res, 400, 'text/plain; charset=utf-8', 'Bad request: more than one Host header\n');
    // DNS rebinding guard: a page on another name that resolves here gets nothing.
    const host = req.headers.host ?? '';
    if (host !== `${HOST}:${port}` && host !== `localhost:${port}`) {
      send(res, 403, 'text/plain; charset=utf-8', 'Forbidden host\n');
      return;
    }
    const path = target.split(/[?#]/, 1)[0];
    if (path === '/api/config') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
      return send(res, 200, 'application/json; charset=utf-8', configBody, req.method === 'HEAD');
    }
    if (path === '/api/quit') {
      // Only this page may stop the server: its Origin, or (a browser that sends none) Sec-Fetch-Site: same-origin.
      if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
      if (!fromOwnPage(req, port))
        return send(res, 403, 'text/plain; charset=utf-8', 'Forbidden origin: only the viewer page may stop the server\n');
      send(res, 200, 'application/json; charset=utf-8', '{"stopping":true}');
      if (!quitting) {
        quitting = true;
        res.on('finish', () => options.onQuit?.());
      }
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
    const file = resolveStatic(options.root, target);
    if (!file) return notFound(res);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return notFound(res);
    }
    send(res, 200, contentType(file), body, req.method === 'HEAD');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error\n');
      else res.destroy();
    });
  });
  // Idle keep-alive sockets must not hold the process open after close().
  server.keepAliveTimeout = 2000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => {
      server.off('error', reject);
      port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://${HOST}:${port}/`,
        port,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
