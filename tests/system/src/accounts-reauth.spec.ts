import { decodeQuotedPrintable, SmtpSink, waitFor } from '@qrd/testing';
import { mailQueueDrained, newUser, PASSWORD, signIn, sql } from './accounts-fixtures';
import { TestSystem } from './harness';

const BASE = 'http://qr.example.test';

/** The confirmation link of a mail to a new address. */
function confirmLinkIn(raw: string): string {
  const match = /http:\/\/qr\.example\.test\/confirm-email\/([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  if (!match) throw new Error(`no confirmation link in mail:\n${raw}`);
  return match[0];
}

describe('re-authentication and confirmed email changes (issue item 5)', () => {
  let sink: SmtpSink;
  let system: TestSystem;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    system = await TestSystem.start({
      services: ['auth', 'gateway'],
      env: { SMTP_URL: sink.url, PUBLIC_BASE_URL: BASE, RATE_LIMIT_RESET_PER_HOUR: '1000' },
    });
  });
  afterAll(async () => {
    await system.stop();
    await sink.stop();
  });

  it('refuses a new email or username without the current password, or with a wrong one, and changes nothing', async () => {
    const user = await newUser(system);
    const sut = await signIn(system, user);
    const changes = [
      { username: user.username, email: `new.${user.email}` },
      { username: `${user.username}_x`, email: user.email },
    ];
    for (const change of changes) {
      const missing = await sut.patch('/api/profile', change);
      expect(missing.status).toBe(400);
      expect(missing.json.message).toBe('Enter your current password to change your username or email');
      expect(missing.json.fields).toEqual({ currentPassword: 'Enter your current password to change your username or email' });

      const wrong = await sut.patch('/api/profile', { ...change, currentPassword: 'not-my-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.json.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    }
    const me = (await sut.get('/api/auth/user')).json;
    expect(me).toMatchObject({ username: user.username, email: user.email, pendingEmail: null });
    await mailQueueDrained(system);
    expect(sink.mailsTo(`new.${user.email}`)).toHaveLength(0);

    // Names alone need no password.
    const names = await sut.patch('/api/profile', { username: user.username, email: user.email, firstName: 'Ada' });
    expect(names.status).toBe(200);
    expect(names.json.firstName).toBe('Ada');
  });

  it('changes the username with the current password', async () => {
    const user = await newUser(system);
    const sut = await signIn(system, user);
    const res = await sut.patch('/api/profile', { username: `${user.username}_r`, email: user.email, currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.username).toBe(`${user.username}_r`);
    expect((await system.client().post('/api/login', { username: `${user.username}_r`, password: PASSWORD })).status).toBe(200);
  });

  it('refuses a password change with a wrong or missing current password', async () => {
    const user = await newUser(system);
    const sut = await signIn(system, user);
    const body = { newPassword: 'Another-pass-5', confirmNewPassword: 'Another-pass-5' };
    const wrong = await sut.post('/api/change-password', { ...body, currentPassword: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const missing = await sut.post('/api/change-password', body);
    expect(missing.status).toBe(400);
    expect(missing.json.fields.currentPassword).toBe('Current password is required');
    expect((await system.client().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  });

  it('tells the old address, and makes the new one the sign-in and reset address only once its link is opened', async () => {
    const user = await newUser(system);
    const newEmail = `moved.${user.email}`;
    const sut = await signIn(system, user);

    const res = await sut.patch('/api/profile', { username: user.username, email: newEmail.toUpperCase(), currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: user.email, pendingEmail: newEmail });

    const warning = await waitFor(() => sink.mailsTo(user.email)[0] ?? Promise.reject(new Error('no mail to the old address yet')));
    const warningText = decodeQuotedPrintable(warning.raw);
    expect(warningText).toMatch(/Subject: Your QR Dynamic email address is being changed/);
    expect(warningText).toContain(newEmail);
    expect(warningText).not.toMatch(/confirm-email\//);
    const confirmation = await waitFor(() => sink.mailsTo(newEmail)[0] ?? Promise.reject(new Error('no mail to the new address yet')));
    expect(decodeQuotedPrintable(confirmation.raw)).toMatch(/Subject: Confirm your new QR Dynamic email address/);
    const link = confirmLinkIn(confirmation.raw);
    const token = link.slice(link.lastIndexOf('/') + 1);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    // Only the token's hash is stored.
    expect(await sql(system, 'SELECT 1 FROM auth.users WHERE pending_email_token_hash = $1', [token])).toHaveLength(0);

    // Until the link is opened: the old address signs in and gets reset links, the new one does neither.
    expect((await system.client().post('/api/login', { username: newEmail, password: PASSWORD })).status).toBe(401);
    expect((await system.client().post('/api/login', { username: user.email, password: PASSWORD })).status).toBe(200);
    await system.client().post('/api/password-reset/request', { email: newEmail });
    await mailQueueDrained(system);
    expect(sink.mailsTo(newEmail)).toHaveLength(1);

    const confirmed = await system.client().post('/api/email-change/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ email: newEmail });
    expect((await sut.get('/api/auth/user')).json).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await system.client().post('/api/login', { username: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await system.client().post('/api/login', { username: user.email, password: PASSWORD })).status).toBe(401);

    // Single use.
    const again = await system.client().post('/api/email-change/confirm', { token });
    expect(again.status).toBe(410);
    expect(again.json.message).toBe('This email confirmation link is invalid or has expired');

    // Resets now go to the new address only.
    const before = sink.mailsTo(user.email).length;
    await system.client().post('/api/password-reset/request', { email: newEmail });
    await system.client().post('/api/password-reset/request', { email: user.email });
    await mailQueueDrained(system);
    expect(sink.mailsTo(newEmail)).toHaveLength(2);
    expect(sink.mailsTo(user.email)).toHaveLength(before);
  });

  it('refuses an expired or unknown link, and a cancelled change', async () => {
    const user = await newUser(system);
    const sut = await signIn(system, user);
    const first = `first.${user.email}`;
    await sut.patch('/api/profile', { username: user.username, email: first, currentPassword: PASSWORD });
    const mail = await waitFor(() => sink.mailsTo(first)[0] ?? Promise.reject(new Error('no mail yet')));
    const token = confirmLinkIn(mail.raw).split('/').pop() ?? '';
    await sql(system, "UPDATE auth.users SET pending_email_expires_at = now() - interval '1 second' WHERE id = $1", [user.id]);
    expect((await system.client().post('/api/email-change/confirm', { token })).status).toBe(410);
    expect((await system.client().post('/api/email-change/confirm', { token: 'not-a-real-token' })).status).toBe(410);
    const missing = await system.client().post('/api/email-change/confirm', {});
    expect(missing.status).toBe(400);
    expect(missing.json.fields.token).toBe('Confirmation link invalid');

    const second = `second.${user.email}`;
    await sut.patch('/api/profile', { username: user.username, email: second, currentPassword: PASSWORD });
    const secondMail = await waitFor(() => sink.mailsTo(second)[0] ?? Promise.reject(new Error('no mail yet')));
    const cancelled = await sut.delete('/api/email-change');
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.pendingEmail).toBeNull();
    const secondToken = confirmLinkIn(secondMail.raw).split('/').pop() ?? '';
    expect((await system.client().post('/api/email-change/confirm', { token: secondToken })).status).toBe(410);
    expect((await sut.get('/api/auth/user')).json.email).toBe(user.email);
  });

  it('still refuses an address another account has, and one taken while the link was on its way', async () => {
    const taken = await newUser(system);
    const user = await newUser(system);
    const sut = await signIn(system, user);
    const conflict = await sut.patch('/api/profile', { username: user.username, email: taken.email, currentPassword: PASSWORD });
    expect(conflict.status).toBe(409);
    expect(conflict.json.fields).toEqual({ email: 'An account with that email already exists' });

    const wanted = `wanted.${user.email}`;
    await sut.patch('/api/profile', { username: user.username, email: wanted, currentPassword: PASSWORD });
    const mail = await waitFor(() => sink.mailsTo(wanted)[0] ?? Promise.reject(new Error('no mail yet')));
    await newUser(system, { email: wanted });
    const late = await system.client().post('/api/email-change/confirm', { token: confirmLinkIn(mail.raw).split('/').pop() });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('An account with that email already exists');
    expect((await sut.get('/api/auth/user')).json.email).toBe(user.email);
  });
});
