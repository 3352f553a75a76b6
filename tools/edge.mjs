// The front door for `npm start` on a machine without nginx: serves the built web app and proxies
// /api, /docs/api and /r/ exactly as nginx/nginx.conf does (same headers, same SPA fallback).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, createGzip, gzip } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** As nginx.conf's gzip settings: these types, from 512 bytes, level 5. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
const GZIP_MIN_LENGTH = 512;
const GZIP_LEVEL = 5;
const gzipped = promisify(gzip);
/** Built files change only with a new build: each is compressed once (keyed by path, size and time). */
const compressedFiles = new Map();

function acceptsGzip(req) {
  return /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
}

async function compressedFile(file, info) {
  const key = `${file}:${info.size}:${info.mtimeMs}`;
  let body = compressedFiles.get(key);
  if (!body) {
    body = await gzipped(await readFile(file), { level: GZIP_LEVEL });
    compressedFiles.set(key, body);
  }
  return body;
}

const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' https://js.stripe.com; frame-src 'self' https://js.stripe.com https://hooks.stripe.com; connect-src 'self' https://api.stripe.com; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

function proxy(req, res, port) {
  const requestId = req.headers['x-request-id'] || randomUUID();
  // Set, never appended (as nginx does): the client cannot choose the address the gateway counts.
  const forwardedFor = req.socket.remoteAddress ?? '';
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http', 'x-request-id': requestId },
    },
    (answer) => {
      const type = answer.headers['content-type'] ?? '';
      const length = Number(answer.headers['content-length'] ?? Infinity);
      const compress =
        acceptsGzip(req) && !answer.headers['content-encoding'] && COMPRESSIBLE.test(type) && length >= GZIP_MIN_LENGTH && req.method !== 'HEAD' && answer.statusCode !== 204;
      if (!compress) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const headers = { ...answer.headers, 'content-encoding': 'gzip', vary: answer.headers.vary ? `${answer.headers.vary}, Accept-Encoding` : 'Accept-Encoding' };
      delete headers['content-length'];
      res.writeHead(answer.statusCode ?? 502, headers);
      // Streamed answers (CSV exports) keep flowing: every chunk is flushed as it is compressed.
      answer.pipe(createGzip({ level: GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH })).pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('The service is not reachable right now.');
  });
  req.pipe(upstream);
}

// As in libs/contracts (this file runs without a build): nginx answers such a path 400 before routing.
const MALFORMED_MESSAGE = 'Bad request: the address has a "%" that is not followed by two hexadecimal digits.';

function hasMalformedPercentEncoding(url) {
  const end = url.search(/[?#]/);
  return /%(?![0-9A-Fa-f]{2})/.test(end < 0 ? url : url.slice(0, end));
}

/** The decoded path; bytes that are not UTF-8 become U+FFFD (no such file: the app's index, as nginx finds none either). */
function decodedPath(pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return Buffer.from(pathname.replace(/%([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  }
}

async function serveStatic(req, res, webRoot) {
  const path = normalize(decodedPath(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(webRoot, path);
  let info = await stat(file).catch(() => null);
  const isAsset = path.startsWith('/assets/');
  if (!info || info.isDirectory()) {
    if (isAsset) {
      res.writeHead(404).end('Not found');
      return;
    }
    file = join(webRoot, 'index.html');
    info = await stat(file).catch(() => null);
    if (!info) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built yet.');
      return;
    }
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const headers = { 'content-type': type, 'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache', ...PAGE_HEADERS };
  if (COMPRESSIBLE.test(type) && info.size >= GZIP_MIN_LENGTH) {
    headers.vary = 'Accept-Encoding';
    if (acceptsGzip(req)) {
      const body = await compressedFile(file, info);
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
  }
  res.writeHead(200, { ...headers, 'content-length': info.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

export function startEdge({ port, webRoot, gatewayPort, redirectPort }) {
  const server = http.createServer((req, res) => {
    if (hasMalformedPercentEncoding(req.url)) return res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`${MALFORMED_MESSAGE}\n`);
    if (req.url.startsWith('/api/') || /^\/docs\/api(\/|\?|$)/.test(req.url)) return proxy(req, res, gatewayPort);
    if (req.url.startsWith('/r/')) return proxy(req, res, redirectPort);
    if (req.url === '/health') return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    serveStatic(req, res, webRoot).catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}
