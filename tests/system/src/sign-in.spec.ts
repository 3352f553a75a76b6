import { BILLING_ENV, CARDS, payForSignup, register } from './billing-fixtures';
import { TestSystem } from './harness';

describe('sign-in slice (gateway -> queue -> auth-service -> PostgreSQL)', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ env: BILLING_ENV });
  });
  afterAll(() => system.stop());

  const alice = { username: 'alice', email: 'alice@example.com', password: 'correct horse 1' };

  it('registers after payment, answers the current user and signs the new user in', async () => {
    const sut = system.client();
    const details = { ...alice, billingInterval: 'monthly' as const };
    const { setup } = await payForSignup(sut, details, CARDS.visa);
    const registered = await register(sut, details, setup);
    expect(registered.status).toBe(201);
    expect(registered.json).toMatchObject({ username: 'alice', email: 'alice@example.com', role: 'user' });
    expect(registered.json.passwordHash).toBeUndefined();

    const me = await sut.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.username).toBe('alice');
  });

  it('rejects a duplicate username or email with a clear message, before any payment', async () => {
    const sut = system.client();
    const sameName = await sut.post('/api/create-signup-payment-intent', {
      username: 'ALICE',
      email: 'other@example.com',
      billingInterval: 'monthly',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.json.message).toBe('That username is already taken');
    const sameEmail = await sut.post('/api/create-signup-payment-intent', {
      username: 'alice2',
      email: 'Alice@Example.com',
      billingInterval: 'monthly',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.message).toBe('An account with that email already exists');
  });

  it('validates with the spec messages and refuses unknown fields', async () => {
    const sut = system.client();
    const short = await sut.post('/api/register', { ...alice, username: 'al' });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Username must be at least 3 characters');
    expect(short.json.fields.username).toBe('Username must be at least 3 characters');
    const empty = await sut.post('/api/login', { username: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toEqual({ username: 'Username is required', password: 'Password is required' });
    const extra = await sut.post('/api/login', { username: 'alice', password: 'x', isAdmin: true });
    expect(extra.status).toBe(400);
    expect(extra.json.message).toBe('Unknown field "isAdmin"');
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const sut = system.client();
    const wrong = await sut.post('/api/login', { username: 'alice', password: 'wrong password' });
    const unknown = await sut.post('/api/login', { username: 'nobody', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe('Invalid username or password');
  });

  it('logs in with a new session id and logout kills the session on the server', async () => {
    const sut = system.client();
    expect((await sut.get('/api/auth/user')).status).toBe(401);
    const login = await sut.post('/api/login', { username: 'Alice', password: alice.password });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/qrd_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const oldJar = sut.cookieJar();

    const again = system.client();
    await again.post('/api/login', { username: 'alice', password: alice.password });
    expect(again.cookieJar().get('qrd_session')).not.toBe(oldJar.get('qrd_session'));

    expect((await sut.post('/api/logout')).status).toBe(204);
    expect((await sut.get('/api/auth/user')).status).toBe(401);
    const replay = system.client();
    replay.setCookies(oldJar);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
    expect((await again.get('/api/auth/user')).status).toBe(200);
  });

  it('has a full-page login helper, and no GET that signs out', async () => {
    const sut = system.client();
    const login = await sut.get('/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/auth');
    await sut.post('/api/login', { username: 'alice', password: alice.password });
    expect((await sut.get('/api/logout')).status).toBe(404);
    expect((await sut.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const sut = system.client();
    const res = await sut.post('/api/login', { username: 'alice', password: alice.password }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('reports health of its dependencies', async () => {
    const res = await fetch(`${system.url('auth')}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', redis: 'ok', postgres: 'ok', 'consumer svc-auth': 'ok', 'consumer mail': 'ok' });
  });
});
