import { generate } from 'otplib';
import { createLogger } from '@qrd/config';
import { TestHttpClient } from '@qrd/testing';
import { newUser, PASSWORD, signIn, sql, TestUser } from './accounts-fixtures';
import { TestSystem } from './harness';
import { LogCapture } from './log-capture';

const WRONG_CODE = "That code didn't work. Enter the current 6-digit code from your authenticator app, or an unused recovery code.";
const ADMIN_NEEDS_2FA = 'Turn on two-factor sign-in on your account page (Security) to use the admin area, then sign in with a code.';

/**
 * Codes as an authenticator app shows them. A code is accepted once (the account remembers the
 * last time step used), and one step either side of now is accepted: a test takes the step before
 * now, now and the one after, in that order, without waiting 30 seconds between them.
 */
class Authenticator {
  private readonly epoch: number;
  constructor(readonly secret: string) {
    this.epoch = Math.floor(Date.now() / 1000);
  }
  code(step: -1 | 0 | 1): Promise<string> {
    return generate({ secret: this.secret, epoch: this.epoch + step * 30 });
  }
}

/** Starts where at least 10 seconds of the current 30-second step are left, so "now" stays now. */
async function freshStep(): Promise<void> {
  const left = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (left < 10) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}

// Waiting for a fresh 30-second step, argon2 and the growing delays of wrong codes add up on a busy machine.
jest.setTimeout(120_000);

/** Everything the services log, to search for secrets. */

describe('two-factor sign-in with an authenticator app (issue item 6)', () => {
  let system: TestSystem;
  const logs = new LogCapture();
  /** Every authenticator secret, recovery code and sign-in ticket handed out: none may be logged. */
  const handedOut = new Set<string>();

  beforeAll(async () => {
    // Every request here comes from one address; the per-address limit is not what these tests are about.
    system = await TestSystem.start({
      services: ['auth', 'gateway'],
      env: { REQUIRE_ADMIN_2FA: 'true', RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '1000' },
      logger: createLogger('test', 'trace', logs),
    });
  });
  afterAll(() => system.stop());

  /** Enrols the user: answers the app's secret and the recovery codes. */
  async function enrol(browser: TestHttpClient): Promise<{ app: Authenticator; recoveryCodes: string[] }> {
    await freshStep();
    const setup = await browser.post('/api/two-factor/setup', { currentPassword: PASSWORD });
    expect(setup.status).toBe(200);
    const app = new Authenticator(setup.json.secret);
    const enabled = await browser.post('/api/two-factor/enable', { code: await app.code(-1) });
    expect(enabled.status).toBe(200);
    handedOut.add(setup.json.secret);
    for (const code of enabled.json.recoveryCodes) handedOut.add(code);
    return { app, recoveryCodes: enabled.json.recoveryCodes };
  }

  async function passwordStep(user: TestUser): Promise<{ client: TestHttpClient; ticket: string }> {
    const client = system.client();
    const res = await client.post('/api/login', { username: user.username, password: PASSWORD });
    expect(res.status).toBe(202);
    handedOut.add(res.json.ticket);
    return { client, ticket: res.json.ticket };
  }

  it('enrols with the password, a QR code address and a code from the app, and never hands the secret out again', async () => {
    const user = await newUser(system);
    const browser = await signIn(system, user);

    const wrongPassword = await browser.post('/api/two-factor/setup', { currentPassword: 'not-it' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json.fields).toEqual({ currentPassword: 'Current password is incorrect' });

    await freshStep();
    const setup = await browser.post('/api/two-factor/setup', { currentPassword: PASSWORD });
    expect(setup.status).toBe(200);
    const secret: string = setup.json.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    const url = new URL(setup.json.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('QR Dynamic');
    // Not on until a code proves the app has the secret.
    expect((await browser.get('/api/auth/user')).json.twoFactorEnabled).toBe(false);

    const wrong = await browser.post('/api/two-factor/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual({ code: WRONG_CODE });

    const app = new Authenticator(secret);
    const enabled = await browser.post('/api/two-factor/enable', { code: await app.code(0) });
    expect(enabled.status).toBe(200);
    const codes: string[] = enabled.json.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const me = await browser.get('/api/auth/user');
    expect(me.json.twoFactorEnabled).toBe(true);
    expect(me.text).not.toContain(secret);
    const again = await browser.post('/api/two-factor/setup', { currentPassword: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.text).not.toContain(secret);

    // Stored encrypted; recovery codes only as hashes.
    const [row] = await sql<{ totp_secret: string }>(system, 'SELECT totp_secret FROM auth.users WHERE id = $1', [user.id]);
    expect(row.totp_secret).not.toContain(secret);
    const stored = await sql<{ code_hash: string }>(system, 'SELECT code_hash FROM auth.recovery_codes WHERE user_id = $1', [user.id]);
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(codes.some((c) => code_hash.includes(c.replace('-', '')))).toBe(false);
  });

  it('asks for a code after the password, with no session until a valid one, and takes each code once', async () => {
    const user = await newUser(system);
    const { app } = await enrol(await signIn(system, user));

    const { client, ticket } = await passwordStep(user);
    expect(ticket.length).toBeGreaterThanOrEqual(32);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect(client.cookieJar().size).toBe(0);

    const wrong = await client.post('/api/login/two-factor', { ticket, code: '123456' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe(WRONG_CODE);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const wrongPassword = await system.client().post('/api/login', { username: user.username, password: 'nope-nope' });
    expect(wrongPassword.status).toBe(401);

    const code = await app.code(0);
    const ok = await client.post('/api/login/two-factor', { ticket, code });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id: user.id, twoFactorEnabled: true });
    expect((await client.get('/api/auth/user')).status).toBe(200);

    // The ticket is used up, and the same code does not open a second sign-in.
    expect((await client.post('/api/login/two-factor', { ticket, code })).status).toBe(410);
    const replay = await passwordStep(user);
    const replayed = await replay.client.post('/api/login/two-factor', { ticket: replay.ticket, code });
    expect(replayed.status).toBe(401);
    expect((await replay.client.post('/api/login/two-factor', { ticket: replay.ticket, code: await app.code(1) })).status).toBe(200);
  });

  it('takes a recovery code once only', async () => {
    const user = await newUser(system);
    const { recoveryCodes } = await enrol(await signIn(system, user));

    const first = await passwordStep(user);
    const used = await first.client.post('/api/login/two-factor', { ticket: first.ticket, code: recoveryCodes[3].toUpperCase() });
    expect(used.status).toBe(200);
    expect((await first.client.get('/api/auth/user')).status).toBe(200);

    const second = await passwordStep(user);
    const reused = await second.client.post('/api/login/two-factor', { ticket: second.ticket, code: recoveryCodes[3] });
    expect(reused.status).toBe(401);
    expect((await second.client.get('/api/auth/user')).status).toBe(401);
    expect((await second.client.post('/api/login/two-factor', { ticket: second.ticket, code: recoveryCodes[4] })).status).toBe(200);
  });

  it('limits guesses: a ticket allows five, and an account and address ten in ten minutes', async () => {
    const user = await newUser(system);
    await enrol(await signIn(system, user));
    const statuses: number[] = [];
    let { client, ticket } = await passwordStep(user);
    for (let i = 0; i < 5; i += 1) statuses.push((await client.post('/api/login/two-factor', { ticket, code: `00000${i}` })).status);
    const spent = await client.post('/api/login/two-factor', { ticket, code: '000009' });
    expect(spent.status).toBe(410);
    expect(spent.json.message).toBe('Your sign-in has expired. Please sign in again.');
    for (let round = 0; round < 2; round += 1) {
      ({ client, ticket } = await passwordStep(user));
      for (let i = 0; i < 3; i += 1) statuses.push((await client.post('/api/login/two-factor', { ticket, code: `11111${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
  });

  it('turns off only with the password and a code', async () => {
    const user = await newUser(system);
    const browser = await signIn(system, user);
    const { app } = await enrol(browser);

    const noPassword = await browser.post('/api/two-factor/disable', { currentPassword: 'wrong-one', code: await app.code(0) });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const noCode = await browser.post('/api/two-factor/disable', { currentPassword: PASSWORD, code: '000000' });
    expect(noCode.status).toBe(400);
    expect(noCode.json.fields).toEqual({ code: WRONG_CODE });
    const missing = await browser.post('/api/two-factor/disable', { currentPassword: PASSWORD });
    expect(missing.status).toBe(400);
    expect((await browser.get('/api/auth/user')).json.twoFactorEnabled).toBe(true);

    expect((await browser.post('/api/two-factor/disable', { currentPassword: PASSWORD, code: await app.code(0) })).status).toBe(204);
    expect((await browser.get('/api/auth/user')).json.twoFactorEnabled).toBe(false);
    expect((await system.client().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    expect(await sql(system, 'SELECT 1 FROM auth.recovery_codes WHERE user_id = $1', [user.id])).toHaveLength(0);
  });

  it('with REQUIRE_ADMIN_2FA, keeps an admin out of the admin area until they enrol', async () => {
    const admin = await newUser(system, { role: 'admin' });
    const browser = await signIn(system, admin);
    const laptop = await signIn(system, admin);

    const me = await browser.get('/api/auth/user');
    expect(me.json).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    const refused = await browser.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(ADMIN_NEEDS_2FA);
    // Their own account pages still work, so they can enrol.
    expect((await browser.get('/api/auth/user')).status).toBe(200);

    const { app } = await enrol(browser);
    expect((await browser.get('/api/admin/users')).status).toBe(200);
    expect((await browser.get('/api/auth/user')).json.twoFactorRequired).toBe(false);
    // A session opened without the second factor ended when it was turned on.
    expect((await laptop.get('/api/auth/user')).status).toBe(401);

    const { client, ticket } = await passwordStep(admin);
    expect((await client.post('/api/login/two-factor', { ticket, code: await app.code(0) })).status).toBe(200);
    expect((await client.get('/api/admin/users')).status).toBe(200);

    // Ordinary users are not asked to enrol.
    const user = await newUser(system);
    expect((await (await signIn(system, user)).get('/api/auth/user')).json.twoFactorRequired).toBe(false);
  });

  it('never logs an authenticator secret, a recovery code or a sign-in ticket (log level trace)', () => {
    expect(handedOut.size).toBeGreaterThan(20);
    const text = logs.lines.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const value of handedOut) expect(text).not.toContain(value);
  });
});
