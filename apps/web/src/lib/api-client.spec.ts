import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient, getErrorMessage, getFieldErrors, isApiError, toApiError } from './api-client';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

describe('createApiClient', () => {
  let server: Server;
  let handler: Handler;
  let sut: ReturnType<typeof createApiClient>;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => handler(req, res, body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    sut = createApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends JSON and parses a JSON answer', async () => {
    let seen: { method?: string; url?: string; type?: string; body?: string } = {};
    handler = (req, res, body) => {
      seen = { method: req.method, url: req.url, type: req.headers['content-type'], body };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'u1', username: 'ada' }));
    };

    const user = await sut.post<{ id: string; username: string }>('/api/login', { username: 'ada', password: 'pw' });

    expect(user).toEqual({ id: 'u1', username: 'ada' });
    expect(seen).toEqual({
      method: 'POST',
      url: '/api/login',
      type: 'application/json',
      body: JSON.stringify({ username: 'ada', password: 'pw' }),
    });
  });

  it('resolves a 204 answer with undefined', async () => {
    handler = (_req, res) => res.writeHead(204).end();
    await expect(sut.post('/api/change-password', {})).resolves.toBeUndefined();
  });

  it('rejects a non-2xx answer with "<status>: <body text>"', async () => {
    const body = JSON.stringify({ code: 'VALIDATION', message: 'That username is already taken', fields: { username: 'That username is already taken' } });
    handler = (_req, res) => res.writeHead(409, { 'Content-Type': 'application/json' }).end(body);

    const error = await sut.patch('/api/profile', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`409: ${body}`);
    expect(isApiError(error, 409)).toBe(true);
    expect(getErrorMessage(error, 'fallback')).toBe('That username is already taken');
    expect(getFieldErrors(error)).toEqual({ username: 'That username is already taken' });
  });

  it('uploads a file as the raw body with its own content type', async () => {
    let seen: { method?: string; type?: string; body?: string } = {};
    handler = (req, res, body) => {
      seen = { method: req.method, type: req.headers['content-type'], body };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'c1' }));
    };

    const code = await sut.upload<{ id: string }>('/api/qrcodes/c1/logo', new Blob(['png bytes'], { type: 'image/png' }));

    expect(code).toEqual({ id: 'c1' });
    expect(seen).toEqual({ method: 'POST', type: 'image/png', body: 'png bytes' });
  });

  it('reads a download as a blob, and rejects a failed one like any request', async () => {
    handler = (_req, res) => res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg/>');
    const blob = await sut.getBlob('/api/qrcodes/c1/download?format=svg');
    expect(await blob.text()).toBe('<svg/>');

    handler = (_req, res) => res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"QR code not found"}');
    const error = await sut.getBlob('/api/qrcodes/c2/download?format=svg').catch((e: unknown) => e);
    expect(isApiError(error, 404)).toBe(true);
    expect(getErrorMessage(error, 'fallback')).toBe('QR code not found');
  });

  it('uses the status text when the error body is empty', async () => {
    handler = (_req, res) => res.writeHead(401, 'Unauthorized').end();

    const error = await sut.get('/api/auth/user').catch((e: unknown) => e);

    expect((error as Error).message).toBe('401: Unauthorized');
    expect(getErrorMessage(error, 'Please try again later.')).toBe('Please try again later.');
  });
});

describe(toApiError.name, () => {
  it('keeps a non-JSON body as text and falls back for the toast', async () => {
    const sut = await toApiError(new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(sut.message).toBe('502: <html>Bad Gateway</html>');
    expect(getErrorMessage(sut, 'Please try again later.')).toBe('Please try again later.');
    expect(getFieldErrors(sut)).toEqual({});
  });
});

describe(getErrorMessage.name, () => {
  it('reads the message of a plain Error in the spec format', () => {
    expect(getErrorMessage(new Error('400: {"message":"Invalid username or password"}'), 'x')).toBe(
      'Invalid username or password',
    );
  });

  it('falls back for network failures', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'Please try again later.')).toBe('Please try again later.');
  });
});
