import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@qrd/config';
import { decodeQuotedPrintable, waitFor } from '@qrd/testing';
import { resetLinkIn, tokenOf } from './accounts-fixtures';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { TestSystem } from './harness';
import { LogCapture } from './log-capture';

const NEW_PASSWORD = 'Brand-new-pass-2';


describe('what the services log', () => {
  let system: TestSystem;
  let outbox: string;
  const logs = new LogCapture();

  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'qrd-outbox-'));
    system = await TestSystem.start({
      // Production, as deployed (test payments for a demo), with the most talkative log level.
      env: {
        ...BILLING_ENV,
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-session-secret-of-40-characters',
        ALLOW_TEST_PAYMENTS: 'true',
        MAIL_OUTBOX_DIR: outbox,
      },
      logger: createLogger('test', 'trace', logs),
    });
  });
  afterAll(async () => {
    await system.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('holds no session cookie, password, payment secret, reset token or link through signup, login, reset and a purchase', async () => {
    const secrets: Record<string, string> = {};
    const remember = (name: string, value: string | undefined) => {
      if (!value) throw new Error(`no ${name} to look for`);
      secrets[name] = value;
    };

    // Signup with a payment: a session cookie and the payment's client secret.
    const signup = await signUp(system);
    expect(signup.registered.status).toBe(201);
    remember('password', signup.details.password);
    remember('payment client secret', signup.setup.clientSecret ?? undefined);
    const signupCookie = signup.client.cookieJar().get('qrd_session');
    remember('signup session cookie', signupCookie);
    remember('signup session id', signupCookie?.split('.')[0]);

    // Login: another session.
    const browser = system.client();
    expect((await browser.post('/api/login', { username: signup.details.username, password: signup.details.password })).status).toBe(200);
    const loginCookie = browser.cookieJar().get('qrd_session');
    remember('login session cookie', loginCookie);
    remember('login session id', loginCookie?.split('.')[0]);

    // A seat bought by the signed-in user.
    expect((await browser.post('/api/purchase-qr-code', { name: 'Second menu' })).status).toBe(200);

    // Password reset: the link goes to the mail (here the outbox folder), and only there.
    expect((await system.client().post('/api/password-reset/request', { email: signup.details.email })).status).toBe(202);
    // The signup's receipt is in the outbox too: the reset mail is the one with the link.
    const raw = await waitFor(async () => {
      for (const name of await readdir(outbox)) {
        const text = decodeQuotedPrintable(await readFile(join(outbox, name), 'utf8'));
        if (text.includes('/reset-password/')) return text;
      }
      throw new Error('no reset mail in the outbox yet');
    });
    const link = resetLinkIn({ from: '', to: [signup.details.email], raw }, system.config.publicBaseUrl);
    remember('reset link', link);
    remember('reset token', tokenOf(link));
    const anonymous = system.client();
    expect((await anonymous.get(`/api/password-reset/${tokenOf(link)}`)).json).toEqual({ valid: true });
    const confirmed = await anonymous.post('/api/password-reset/confirm', {
      token: tokenOf(link),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(confirmed.status).toBe(204);
    remember('new password', NEW_PASSWORD);
    expect((await system.client().post('/api/login', { username: signup.details.username, password: NEW_PASSWORD })).status).toBe(200);

    // The log did see all of this happen (so its silence about the secrets means something).
    const text = logs.text();
    for (const route of ['/api/register', '/api/login', '/api/purchase-qr-code', '/api/password-reset/confirm']) expect(text).toContain(route);
    expect(text).toContain('mail written to outbox');

    const leaked = Object.entries(secrets)
      .filter(([, value]) => text.includes(value))
      .map(([name]) => name);
    expect(leaked).toEqual([]);
    expect(text).not.toMatch(/set-cookie/i);
  });
});
