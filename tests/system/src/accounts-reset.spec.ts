import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESET_REQUEST_ACCEPTED } from '@qrd/contracts';
import { decodeQuotedPrintable, SmtpSink, waitFor } from '@qrd/testing';
import { mailQueueDrained, newUser, PASSWORD, resetLinkIn, signIn, sql, tokenOf } from './accounts-fixtures';
import { TestSystem } from './harness';

const NEW_PASSWORD = 'Brand-new-pass-2';

describe('password reset by mail (real SMTP server)', () => {
  let sink: SmtpSink;
  let system: TestSystem;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    system = await TestSystem.start({
      services: ['auth', 'gateway'],
      env: {
        SMTP_URL: sink.url,
        PUBLIC_BASE_URL: 'http://qr.example.test',
        CONTACT_EMAIL: 'support@qr.example.test',
        // Every request here comes from one address; the per-address limit is tested in accounts-security.
        RATE_LIMIT_RESET_PER_HOUR: '1000',
      },
    });
  });
  afterAll(async () => {
    await system.stop();
    await sink.stop();
  });

  async function requestLink(email: string): Promise<string> {
    const before = sink.mailsTo(email).length;
    const res = await system.client().post('/api/password-reset/request', { email });
    expect(res.status).toBe(202);
    const mail = await waitFor(() => {
      const mails = sink.mailsTo(email);
      if (mails.length <= before) throw new Error(`no new mail to ${email}`);
      return mails[mails.length - 1];
    });
    return resetLinkIn(mail, system.config.publicBaseUrl);
  }

  it('mails a link that resets the password once and only once, and ends every session', async () => {
    const user = await newUser(system);
    const laptop = await signIn(system, user);
    const phone = await signIn(system, user);

    const res = await system.client().post('/api/password-reset/request', { email: user.email.toUpperCase() });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ message: RESET_REQUEST_ACCEPTED });
    const mail = await waitFor(() => sink.mailsTo(user.email)[0] ?? Promise.reject(new Error('no mail yet')));
    const raw = decodeQuotedPrintable(mail.raw);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(raw).toMatch(/Subject: Reset your QR Dynamic password/);
    const link = resetLinkIn(mail, 'http://qr.example.test');
    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only the hash of the token is stored.
    expect(await sql(system, 'SELECT 1 FROM auth.password_reset_tokens WHERE token_hash = $1', [token])).toHaveLength(0);

    const anonymous = system.client();
    expect((await anonymous.get(`/api/password-reset/${token}`)).json).toEqual({ valid: true });
    const weak = await anonymous.post('/api/password-reset/confirm', { token, password: 'alllowercase1', confirmPassword: 'alllowercase1' });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.password).toBe('Password must contain at least one uppercase letter');
    const mismatch = await anonymous.post('/api/password-reset/confirm', { token, password: NEW_PASSWORD, confirmPassword: 'Other-pass-3' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.fields.confirmPassword).toBe("Passwords don't match");

    const done = await anonymous.post('/api/password-reset/confirm', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.status).toBe(204);
    // Sessions end with the reset itself, not some time later.
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);

    expect((await anonymous.get(`/api/password-reset/${token}`)).json).toEqual({ valid: false });
    const again = await anonymous.post('/api/password-reset/confirm', { token, password: 'Third-pass-4', confirmPassword: 'Third-pass-4' });
    expect(again.status).toBe(410);
    expect(again.json.message).toBe('Invalid or expired password reset link');

    expect((await system.client().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(401);
    expect((await system.client().post('/api/login', { username: user.username, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const user = await newUser(system);
    const token = tokenOf(await requestLink(user.email));
    await sql(system, "UPDATE auth.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);

    const sut = system.client();
    expect((await sut.get(`/api/password-reset/${token}`)).json).toEqual({ valid: false });
    const res = await sut.post('/api/password-reset/confirm', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(410);
    expect(res.json.message).toBe('Invalid or expired password reset link');
    expect((await sut.post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  });

  it('makes links valid for one hour', async () => {
    const user = await newUser(system);
    await requestLink(user.email);
    const [row] = await sql<{ minutes: number }>(
      system,
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM auth.password_reset_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(row.minutes).toBe(60);
  });

  it('answers an unknown or suspended address exactly the same and sends it nothing', async () => {
    const known = await newUser(system);
    const suspended = await newUser(system, { status: 'suspended' });
    const sut = system.client();
    const answers = await Promise.all(
      [known.email, 'nobody@example.com', suspended.email].map((email) => sut.post('/api/password-reset/request', { email })),
    );
    await mailQueueDrained(system);

    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.text).toBe(answers[0].text);
    }
    expect(sink.mailsTo(known.email)).toHaveLength(1);
    expect(sink.mailsTo('nobody@example.com')).toHaveLength(0);
    expect(sink.mailsTo(suspended.email)).toHaveLength(0);
  });

  it('treats a missing, unknown or malformed token as an invalid link', async () => {
    const sut = system.client();
    expect((await sut.get('/api/password-reset/not-a-real-token')).json).toEqual({ valid: false });
    expect((await sut.get(`/api/password-reset/${'x'.repeat(500)}`)).json).toEqual({ valid: false });
    const unknown = await sut.post('/api/password-reset/confirm', { token: 'not-a-real-token', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(unknown.status).toBe(410);
    const missing = await sut.post('/api/password-reset/confirm', { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.json.fields.token).toBe('Reset link invalid');
  });

  it('voids an outstanding link when the password is changed meanwhile', async () => {
    const user = await newUser(system);
    const token = tokenOf(await requestLink(user.email));
    const browser = await signIn(system, user);
    const changed = await browser.post('/api/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(204);
    expect((await system.client().get(`/api/password-reset/${token}`)).json).toEqual({ valid: false });
  });

  it('limits reset requests per address with 429 and Retry-After', async () => {
    const sut = system.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await sut.post('/api/password-reset/request', { email: 'someone@example.com' })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await sut.post('/api/password-reset/request', { email: 'someone@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json.message).toMatch(/Too many attempts/);
  });

  it('mails the contact form to support with a text and an HTML part, and limits it', async () => {
    const sut = system.client();
    const res = await sut.post('/api/contact', {
      name: 'Dana\r\nBcc: victim@example.com',
      email: 'dana@example.com',
      message: 'Hello, <b>how</b> do I change a destination?',
    });
    expect(res.status).toBe(202);
    const mail = await waitFor(() => sink.mailsTo('support@qr.example.test')[0] ?? Promise.reject(new Error('no mail yet')));
    const raw = decodeQuotedPrintable(mail.raw);
    expect(mail.to).toEqual(['support@qr.example.test']);
    expect(raw).toMatch(/Reply-To: dana@example.com/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(raw).toContain('&lt;b&gt;how&lt;/b&gt;');
    const [headers] = raw.split(/\r?\n\r?\n/);
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(raw).toContain('From: Dana Bcc: victim@example.com <dana@example.com>');

    const invalid = await sut.post('/api/contact', { name: 'Dana', email: 'not-an-email', message: 'long enough message' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.fields.email).toBe('Please enter a valid email address');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await sut.post('/api/contact', { name: 'Dana', email: 'dana@example.com', message: 'Another message here' })).status);
    }
    // The first request above counted too: five an hour from one address.
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
  });
});

describe('password reset mail without an SMTP server', () => {
  let outbox: string;
  let system: TestSystem;

  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'qrd-outbox-'));
    system = await TestSystem.start({ services: ['auth', 'gateway'], env: { MAIL_OUTBOX_DIR: outbox } });
  });
  afterAll(async () => {
    await system.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('writes the mail, with its text and HTML parts, to the outbox folder', async () => {
    const user = await newUser(system);
    expect((await system.client().post('/api/password-reset/request', { email: user.email })).status).toBe(202);
    const file = await waitFor(async () => {
      const [name] = await readdir(outbox);
      if (!name) throw new Error('outbox is empty');
      return join(outbox, name);
    });
    expect(file).toMatch(/\.eml$/);
    const raw = decodeQuotedPrintable(await readFile(file, 'utf8'));
    expect(raw).toContain(`To: ${user.email}`);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    const link = resetLinkIn({ from: '', to: [user.email], raw }, system.config.publicBaseUrl);
    expect((await system.client().get(`/api/password-reset/${tokenOf(link)}`)).json).toEqual({ valid: true });
  });
});
