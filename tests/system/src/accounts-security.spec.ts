import { createHash } from 'node:crypto';
import IORedis from 'ioredis';
import { newUser, PASSWORD, signIn } from './accounts-fixtures';
import { TestSystem } from './harness';

/** A request as a non-browser (or a forged form) would send it: only the headers given. */
async function rawRequest(system: TestSystem, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${system.url('gateway')}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined };
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('session and request security', () => {
  let system: TestSystem;
  let redis: IORedis;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'gateway'] });
    redis = new IORedis(system.config.redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await system.stop();
  });

  describe('CSRF: state-changing requests must come from our own pages', () => {
    it('refuses a write without Origin and Sec-Fetch-Site, from a foreign origin, or marked cross-site', async () => {
      const user = await newUser(system);
      const browser = await signIn(system, user);
      const cookie = cookieHeader(browser.cookieJar());
      const change = { username: 'hijacked', email: 'attacker@example.com' };

      const forged: Record<string, string>[] = [
        { cookie },
        { cookie, origin: 'https://evil.example' },
        { cookie, 'sec-fetch-site': 'cross-site' },
        { cookie, 'sec-fetch-site': 'same-site', origin: 'http://sub.localhost:8080' },
        { cookie, origin: 'null' },
      ];
      for (const headers of forged) {
        const res = await rawRequest(system, 'PATCH', '/api/profile', headers, change);
        expect(res.status).toBe(403);
        expect(res.json?.message).toBe('This request did not come from our site and was refused');
      }
      expect((await browser.get('/api/auth/user')).json.username).toBe(user.username);

      // What the SPA sends: a same-origin fetch.
      const sameOrigin = await rawRequest(system, 'PATCH', '/api/profile', { cookie, 'sec-fetch-site': 'same-origin' }, {
        username: user.username,
        email: user.email,
        firstName: 'Same',
      });
      expect(sameOrigin.status).toBe(200);
      // Reads need no proof of origin.
      expect((await rawRequest(system, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    });

    it('signs out only with POST: GET /api/logout is not a route and ends no session', async () => {
      const browser = await signIn(system, await newUser(system));
      for (const site of ['cross-site', 'same-origin']) {
        expect((await browser.get('/api/logout', { 'sec-fetch-site': site })).status).toBe(404);
        expect((await browser.get('/api/auth/user')).status).toBe(200);
      }
      expect((await browser.post('/api/logout')).status).toBe(204);
      expect((await browser.get('/api/auth/user')).status).toBe(401);
    });
  });

  describe('login rate limit', () => {
    it('answers the 11th rapid attempt on a username with 429 and Retry-After, slowing down repeated failures', async () => {
      const user = await newUser(system);
      const sut = system.client();
      const results: { status: number; ms: number }[] = [];
      for (let i = 0; i < 11; i += 1) {
        const started = Date.now();
        const res = await sut.post('/api/login', { username: user.username, password: `wrong-${i}` });
        results.push({ status: res.status, ms: Date.now() - started });
      }
      expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
      // Growing delay: from the 4th failure on, each attempt waits longer (0.2 s doubling, at most 3 s).
      expect(results[7].ms).toBeGreaterThanOrEqual(1600);
      expect(results[7].ms).toBeGreaterThan(results[1].ms + 1000);

      const limited = await sut.post('/api/login', { username: user.username.toUpperCase(), password: PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.json.message).toBe('Too many attempts. Please wait a moment and try again.');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);

      // Another account is not locked by someone hammering this one.
      const other = await newUser(system);
      expect((await sut.post('/api/login', { username: other.username, password: PASSWORD })).status).toBe(200);
    });

    it('never locks the owner out: hammering a username from one address leaves its owner signing in from another', async () => {
      const user = await newUser(system);
      const attacker = system.client();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push((await attacker.post('/api/login', { username: user.username, password: `wrong-${i}` }, { 'x-forwarded-for': '198.51.100.66' })).status);
      }
      expect(statuses.at(-1)).toBe(429);

      const owner = await system.client().post('/api/login', { username: user.username, password: PASSWORD }, { 'x-forwarded-for': '203.0.113.10' });

      expect(owner.status).toBe(200);
      // And the attacker's address is still refused.
      expect((await attacker.post('/api/login', { username: user.username, password: PASSWORD }, { 'x-forwarded-for': '198.51.100.66' })).status).toBe(429);
    });
  });

  describe('cookies, headers and expiry', () => {
    it('sets an HttpOnly, SameSite=Lax session cookie (not Secure over plain http)', async () => {
      const res = await system.client().post('/api/login', { username: (await newUser(system)).username, password: PASSWORD });
      const cookie = res.headers.get('set-cookie') ?? '';
      // The session id, then its signature under SESSION_SECRET.
      expect(cookie).toMatch(/^qrd_session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/; Secure/i);
      expect(cookie).not.toMatch(/; Domain=/i);
    });

    it('sends security headers and keeps API answers out of caches', async () => {
      const res = await system.client().get('/api/auth/user');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    });

    it('ends a session after its idle time (sliding) and at its absolute end', async () => {
      const browser = await signIn(system, await newUser(system));
      const [id] = (browser.cookieJar().get('qrd_session') ?? '').split('.');
      const key = `${system.config.redisPrefix}:sess:${createHash('sha256').update(id).digest('base64url')}`;
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(7 * 24 * 3600 - 60);
      expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600);

      // Used again after a while: the idle expiry slides forward.
      const data = JSON.parse((await redis.get(key)) ?? '{}') as { createdAt: number; lastSeenAt: number };
      await redis.set(key, JSON.stringify({ ...data, lastSeenAt: Date.now() - 5 * 60_000 }), 'EX', 600);
      expect((await browser.get('/api/auth/user')).status).toBe(200);
      expect(await redis.ttl(key)).toBeGreaterThan(7 * 24 * 3600 - 60);

      // Thirty days after sign-in the session is over, however active.
      await redis.set(key, JSON.stringify({ ...data, createdAt: Date.now() - 31 * 24 * 3600_000 }), 'EX', 600);
      expect((await browser.get('/api/auth/user')).status).toBe(401);
      expect(await redis.exists(key)).toBe(0);
    });
  });
});

describe('an https deployment with strict limits', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['auth', 'gateway'],
      env: {
        PUBLIC_BASE_URL: 'https://qr.example.test',
        RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '3',
        RATE_LIMIT_SIGNUP_PER_HOUR: '2',
        RATE_LIMIT_RESET_PER_HOUR: '2',
      },
    });
  });
  afterAll(() => system.stop());

  it('names the cookie with the __Host- prefix, marks it Secure and sends HSTS', async () => {
    const user = await newUser(system);
    const res = await system.client().post('/api/login', { username: user.username, password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-qrd_session=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Domain=/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('limits login attempts per client address as configured', async () => {
    const sut = system.client();
    // One attempt was spent above.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await sut.post('/api/login', { username: `nobody${i}`, password: 'x' })).status);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('limits signups and reset requests per client address as configured', async () => {
    const sut = system.client();
    const signups: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await sut.post('/api/register', { username: `signup${i}`, email: `signup${i}@example.com`, password: PASSWORD });
      signups.push(res.status);
    }
    expect(signups[0]).not.toBe(429);
    expect(signups[1]).not.toBe(429);
    expect(signups[2]).toBe(429);

    const resets: number[] = [];
    for (let i = 0; i < 3; i += 1) resets.push((await sut.post('/api/password-reset/request', { email: `r${i}@example.com` })).status);
    expect(resets).toEqual([202, 202, 429]);
  });
});
