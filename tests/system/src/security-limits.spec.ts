import { newUser, signIn } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, subscribedCustomer } from './qr-fixtures';

/** Another client address, as nginx would report it (the test client talks to the gateway over loopback, a trusted proxy). */
function from(ip: string): Record<string, string> {
  return { 'x-forwarded-for': ip };
}

function expectLimited(res: { status: number; headers: Headers; json: Record<string, unknown> }): void {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.json.message).toMatch(/Too many attempts/);
}

describe('account enumeration limits (issue item 7)', () => {
  let system: TestSystem;

  beforeAll(async () => {
    // The signup payment's own hourly limit is raised: what is tested here is the availability limit (default 30 a minute).
    system = await TestSystem.start({ services: ['auth', 'gateway'], env: { RATE_LIMIT_SIGNUP_PER_HOUR: '10000', RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '1000' } });
  });
  afterAll(() => system.stop());

  it('tells a person a username is taken, but not a script asking from one address 31 times a minute', async () => {
    const taken = await newUser(system);
    const script = system.client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await script.post(
        '/api/create-signup-payment-intent',
        { username: i === 0 ? taken.username : `${taken.username}${i}`, email: taken.email, billingInterval: 'monthly' },
        from('203.0.113.7'),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 409)).toBe(true);
    expect(statuses[30]).toBe(429);
    expectLimited(await script.post('/api/create-signup-payment-intent', { username: 'someone', email: taken.email, billingInterval: 'monthly' }, from('203.0.113.7')));

    // A person elsewhere is still told, in words.
    const person = await system.client().post(
      '/api/create-signup-payment-intent',
      { username: taken.username, email: 'fresh@example.com', billingInterval: 'monthly' },
      from('198.51.100.20'),
    );
    expect(person.status).toBe(409);
    expect(person.json.message).toBe('That username is already taken');
  });

  it('limits the profile email conflict per session, however many addresses the session uses', async () => {
    const taken = await newUser(system);
    const user = await newUser(system);
    const session = await signIn(system, user);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await session.patch('/api/profile', { username: user.username, email: taken.email, currentPassword: user.password }, from(`192.0.2.${i + 1}`));
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 409)).toBe(true);
    expectLimited(await session.patch('/api/profile', { username: user.username, email: taken.email, currentPassword: user.password }, from('192.0.2.200')));

    // Another user (own session, own address) still hears about the conflict.
    const other = await newUser(system);
    const person = await signIn(system, other);
    const res = await person.patch('/api/profile', { username: other.username, email: taken.email, currentPassword: other.password }, from('198.51.100.21'));
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('An account with that email already exists');
  });

  it('limits the profile email conflict per address across sessions', async () => {
    const taken = await newUser(system);
    // Two accounts take turns from one address: neither session reaches 30 on its own.
    const users = [await newUser(system), await newUser(system)];
    const sessions = [await signIn(system, users[0]), await signIn(system, users[1])];
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const who = i % 2;
      statuses.push(
        (await sessions[who].patch('/api/profile', { username: users[who].username, email: taken.email, currentPassword: users[who].password }, from('203.0.113.99')))
          .status,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 409)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('limits where anyone can write or spend CPU (issue item 12)', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { RATE_LIMIT_LARGE_RENDERS_PER_HOUR: '3' } });
  });
  afterAll(() => system.stop());

  it('counts a page at most 30 times a minute from one address; other pages and other visitors still count', async () => {
    const bot = system.client();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await bot.post('/api/page-visits', { path: '/pricing-bot' }, from('203.0.113.50'))).status);
    for (let i = 0; i < 30; i += 1) statuses.push((await bot.post('/api/page-visits', { path: '/' }, from('203.0.113.50'))).status);
    expect(statuses.every((status) => status === 204)).toBe(true);
    expectLimited(await bot.post('/api/page-visits', { path: '/' }, from('203.0.113.50')));
    // Another page from the same address, and the same page from another visitor, still count.
    expect((await bot.post('/api/page-visits', { path: '/about' }, from('203.0.113.50'))).status).toBe(204);
    expect((await system.client().post('/api/page-visits', { path: '/' }, from('198.51.100.30'))).status).toBe(204);

    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const counts = (await admin.get('/api/admin/page-visits')).json;
    expect(counts['/']).toBe(31);
    expect(counts['/about']).toBe(1);
  });

  it('limits renders above 1024 px per user; a repeat comes from the cache and costs nothing', async () => {
    const { client } = await subscribedCustomer(system);
    const code = await createCode(client, { name: 'Poster', destinationUrl: 'https://example.com/poster' });
    const download = (size: number, format = 'png') => client.get(`/api/qrcodes/${code.id}/download?format=${format}&size=${size}`);

    // The same large render five times: rendered once, the rest from the render cache.
    for (let i = 0; i < 5; i += 1) {
      const res = await download(4096);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    expect((await download(2048)).status).toBe(200);
    expect((await download(1500)).status).toBe(200);
    // The fourth distinct large render within the hour is refused, with when to come back.
    expectLimited(await download(3000));
    // Up to 1024 px nothing is counted.
    expect((await download(1024)).status).toBe(200);
    expect((await download(512, 'svg')).status).toBe(200);
  });
});
