// The front door for `npm start` on a machine without nginx: serves the built web app and proxies
// /api, /docs/api, /r/, /l/ and /p/ exactly as nginx/nginx.conf does (same headers, same SPA fallback,
// compressed as nginx compresses: brotli or gzip for files, gzip for what the services answer).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { brotliCompress, constants as zlib, createGzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';

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

const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' https://js.stripe.com; frame-src 'self' https://js.stripe.com https://hooks.stripe.com; connect-src 'self' https://api.stripe.com; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Compressed as nginx's gzip_types (text/html always); images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|problem\+json|xml)|image\/svg\+xml)/;
/** As nginx's gzip_min_length: a smaller body gains nothing. */
const MIN_LENGTH = 512;

/** Whether the client takes this coding (listed, and not with q=0). */
export function accepts(acceptEncoding, coding) {
  if (typeof acceptEncoding !== 'string' || acceptEncoding.length > 1024) return false;
  return acceptEncoding.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Files compressed once (the build is fixed while the edge runs): path -> {mtime, br, gz}. */
const compressedFiles = new Map();

async function compressedFile(file, info) {
  const known = compressedFiles.get(file);
  if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known;
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  const entry = { mtimeMs: info.mtimeMs, size: info.size, br, gz };
  compressedFiles.set(file, entry);
  return entry;
}

// Request body limits, as nginx/nginx.conf sets them (client_max_body_size): larger only where a route needs it.
const MiB = 1024 * 1024;
const BODY_LIMITS = [
  ['/api/imports', 51 * MiB],
  ['/api/content-files', 11 * MiB],
];
const DEFAULT_BODY_LIMIT = 2 * MiB;

export function bodyLimitOf(url) {
  const path = url.split('?')[0];
  return BODY_LIMITS.find(([route]) => route === path)?.[1] ?? DEFAULT_BODY_LIMIT;
}

function tooLarge(res) {
  if (!res.headersSent) res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('413 Request Entity Too Large\n');
}

/** A replica that refused a connection gets no request for this long (nginx's fail_timeout). */
const DOWN_MS = 2000;

/**
 * A service's replicas, taken in turn (nginx's round robin). One that refuses a connection is
 * passed over for a while, and a request without a body it refused goes to the next one.
 */
class Upstream {
  constructor(ports) {
    this.ports = Array.isArray(ports) ? ports : [ports];
    this.next = 0;
    this.downUntil = new Map();
  }

  pick(skip = []) {
    const now = Date.now();
    for (let i = 0; i < this.ports.length; i++) {
      const port = this.ports[(this.next + i) % this.ports.length];
      if (skip.includes(port) || (this.downUntil.get(port) ?? 0) > now) continue;
      this.next = (this.next + i + 1) % this.ports.length;
      return port;
    }
    // Every one is marked down: try one anyway rather than answer 502 without asking.
    return this.ports.find((port) => !skip.includes(port)) ?? null;
  }

  down(port) {
    this.downUntil.set(port, Date.now() + DOWN_MS);
  }
}

function proxy(req, res, upstreams, tried = []) {
  const limit = bodyLimitOf(req.url);
  if (tried.length === 0 && Number(req.headers['content-length'] ?? 0) > limit) {
    tooLarge(res);
    req.resume();
    return;
  }
  const port = upstreams.pick(tried);
  const requestId = req.headers['x-request-id'] || randomUUID();
  req.headers['x-request-id'] = requestId;
  // As nginx's X-Request-Start and $request_id: made once, the same for a retry on another replica.
  if (tried.length === 0) {
    req.headers['x-request-start'] = `t=${(Date.now() / 1000).toFixed(3)}`;
    req.headers['x-edge-request-id'] = randomBytes(16).toString('hex');
  }
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
      const headers = { ...answer.headers };
      const length = headers['content-length'] === undefined ? Infinity : Number(headers['content-length']);
      const compress =
        req.method !== 'HEAD' &&
        answer.statusCode !== 204 &&
        answer.statusCode !== 304 &&
        !headers['content-encoding'] &&
        length >= MIN_LENGTH &&
        COMPRESSIBLE.test(String(headers['content-type'] ?? '')) &&
        accepts(req.headers['accept-encoding'], 'gzip');
      if (!compress) {
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
        return;
      }
      delete headers['content-length'];
      headers['content-encoding'] = 'gzip';
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      // A strong validator names the uncompressed bytes (nginx weakens it the same way).
      if (typeof headers.etag === 'string' && !headers.etag.startsWith('W/')) headers.etag = `W/${headers.etag}`;
      res.writeHead(answer.statusCode ?? 502, headers);
      // nginx's gzip_comp_level 5; each chunk flushed, so a streamed answer is not held back.
      const gz = createGzip({ level: 5, flush: zlib.Z_SYNC_FLUSH });
      gz.on('error', () => res.destroy());
      answer.on('error', () => gz.destroy());
      answer.pipe(gz).pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (res.writableEnded) return;
    const refused = error.code === 'ECONNREFUSED';
    if (refused) upstreams.down(port);
    // Nothing reached that replica: a request without a body goes to another (nginx's proxy_next_upstream).
    if (refused && !res.headersSent && (req.method === 'GET' || req.method === 'HEAD') && tried.length + 1 < upstreams.ports.length) {
      proxy(req, res, upstreams, [...tried, port]);
      return;
    }
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('The service is not reachable right now.');
  });
  if (tried.length > 0) {
    // A retry: the request's (empty) body has been read already.
    upstream.end();
    return;
  }
  // Passed on as it arrives (as nginx does with request buffering off); a body sent without a
  // length is counted and cut at the limit.
  let received = 0;
  req.on('data', (chunk) => {
    received += chunk.length;
    if (received > limit) {
      req.unpipe(upstream);
      upstream.destroy();
      tooLarge(res);
    }
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
  if (COMPRESSIBLE.test(type) && info.size >= MIN_LENGTH) {
    headers.vary = 'Accept-Encoding';
    const coding = accepts(req.headers['accept-encoding'], 'br') ? 'br' : accepts(req.headers['accept-encoding'], 'gzip') ? 'gzip' : null;
    if (coding) {
      const compressed = await compressedFile(file, info);
      const body = coding === 'br' ? compressed.br : compressed.gz;
      res.writeHead(200, { ...headers, 'content-encoding': coding, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
  }
  res.writeHead(200, { ...headers, 'content-length': info.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** `gatewayPort` and `redirectPort`: a port, or the ports of the replicas. */
export function startEdge({ port, webRoot, gatewayPort, redirectPort }) {
  const gateway = new Upstream(gatewayPort);
  const redirect = new Upstream(redirectPort);
  const server = http.createServer((req, res) => {
    if (hasMalformedPercentEncoding(req.url)) return res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`${MALFORMED_MESSAGE}\n`);
    if (req.url.startsWith('/api/') || /^\/docs\/api(\/|\?|$)/.test(req.url)) return proxy(req, res, gateway);
    // The scanners' paths: short links, and content codes' pages rendered by the redirect-service.
    if (req.url.startsWith('/r/') || req.url.startsWith('/l/') || req.url.startsWith('/p/')) return proxy(req, res, redirect);
    if (req.url === '/health') return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    serveStatic(req, res, webRoot).catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}
