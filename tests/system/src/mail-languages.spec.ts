import { Currency, formatMoney, InvoiceSummaryView, UNKNOWN_LANGUAGE, UserView } from '@qrd/contracts';
import { ReceivedMail, SmtpSink, TestHttpClient, waitFor } from '@qrd/testing';
import { newUser, resetLinkIn, signIn, sql } from './accounts-fixtures';
import { BILLING_ENV, CARDS, newSignup, payForSignup, register, SignupDetails } from './billing-fixtures';
import { TestSystem } from './harness';

const BASE = 'http://qr.example.test';

/** A received mail read as a mail program reads it: its subject and both parts, decoded from their transfer encodings. */
interface ReadMail {
  subject: string;
  text: string;
  html: string;
}

/** The bytes of a quoted-printable text (soft line breaks undone). */
function quotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** An RFC 2047 header ("=?UTF-8?B?…?=" words, folded over lines) as text; adjacent words are one text. */
function headerText(value: string): string {
  const unfolded = value.replace(/\r?\n[ \t]+/g, ' ');
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = '';
  let pending: Buffer[] = [];
  let last = 0;
  for (let match = word.exec(unfolded); match; match = word.exec(unfolded)) {
    const between = unfolded.slice(last, match.index);
    if (!(pending.length && /^\s*$/.test(between))) {
      out += Buffer.concat(pending).toString('utf8') + between;
      pending = [];
    }
    const [, , encoding, data] = match;
    pending.push(encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' ')));
    last = match.index + match[0].length;
  }
  return out + Buffer.concat(pending).toString('utf8') + unfolded.slice(last);
}

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function split(entity: string): { headers: Record<string, string>; rawHeaders: string; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  const rawHeaders = entity.slice(0, at);
  return { headers: headersOf(rawHeaders), rawHeaders, body: entity.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function bodyText(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(body).toString('utf8');
  return body;
}

function read(mail: ReceivedMail): ReadMail {
  const { headers, rawHeaders, body } = split(mail.raw);
  const subjectLine = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(rawHeaders)?.[1] ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map((part) => split(part.replace(/^\r?\n/, ''))) : [{ headers, rawHeaders, body }];
  const partOf = (type: string) => {
    const part = parts.find((p) => (p.headers['content-type'] ?? '').toLowerCase().startsWith(type));
    return part ? bodyText(part.headers, part.body).replace(/\r\n/g, '\n') : '';
  };
  return { subject: headerText(subjectLine.trim()), text: partOf('text/plain'), html: partOf('text/html') };
}

/**
 * Mail in the recipient's language, end to end: the language chosen at sign-up or on the profile
 * is the account's, and every mail to it (through a real SMTP server) is worded, dated and priced
 * in it.
 */
describe('mail in the account\'s language', () => {
  let sink: SmtpSink;
  let system: TestSystem;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    system = await TestSystem.start({
      services: ['auth', 'qr', 'billing', 'gateway'],
      env: { ...BILLING_ENV, SMTP_URL: sink.url, PUBLIC_BASE_URL: BASE, RATE_LIMIT_RESET_PER_HOUR: '1000' },
    });
  });
  afterAll(async () => {
    await system.stop();
    await sink.stop();
  });

  function mailTo(email: string, subject: RegExp): Promise<ReadMail> {
    return waitFor(() => {
      const found = sink.mailsTo(email).map(read).find((mail) => subject.test(mail.subject));
      if (!found) throw new Error(`no mail to ${email} with a subject matching ${subject} (${sink.mailsTo(email).map((m) => read(m).subject).join(' | ')})`);
      return found;
    }, 15_000);
  }

  async function signUpIn(language: string): Promise<{ client: TestHttpClient; details: SignupDetails; user: UserView }> {
    const client = system.client();
    const details = newSignup('monthly');
    const { setup } = await payForSignup(client, details, CARDS.visa);
    const registered = await register(client, { ...details, language } as SignupDetails, setup);
    expect(registered.status).toBe(201);
    return { client, details, user: registered.json as unknown as UserView };
  }

  async function me(client: TestHttpClient): Promise<UserView> {
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(200);
    return res.json as unknown as UserView;
  }

  it('signed up in German: the account says so, and the confirmation of a new address comes in German', async () => {
    const { client, details, user } = await signUpIn('de');
    expect(user.language).toBe('de');
    expect((await me(client)).language).toBe('de');

    const newEmail = `neu.${details.email}`;
    const changed = await client.patch('/api/profile', { username: details.username, email: newEmail, currentPassword: details.password });
    expect(changed.status).toBe(200);
    const confirmation = await mailTo(newEmail, /QR Dynamic/);
    expect(confirmation.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse für QR Dynamic');
    expect(confirmation.text).toContain(`Hallo ${details.username},`);
    expect(confirmation.text).toContain('öffnen Sie innerhalb von 24 Stunden diesen Link');
    expect(confirmation.text).toMatch(new RegExp(`${BASE.replace(/[.]/g, '\\.')}/confirm-email/[A-Za-z0-9_-]+`));
    expect(confirmation.html).toContain('<html lang="de" dir="ltr">');
    expect(confirmation.html).toContain('Meine E-Mail-Adresse bestätigen');

    const warning = await mailTo(details.email, /E-Mail-Adresse/);
    expect(warning.subject).toBe('Die E-Mail-Adresse Ihres QR Dynamic-Kontos wird geändert');
    expect(warning.text).toContain(newEmail);
  });

  it('switched to Japanese on the profile: a password reset comes in Japanese; an unknown language is refused and changes nothing', async () => {
    const { client, details } = await signUpIn('de');
    const changed = await client.patch('/api/profile', { username: details.username, email: details.email, language: 'ja' });
    expect(changed.status).toBe(200);
    expect((changed.json as unknown as UserView).language).toBe('ja');
    expect((await me(client)).language).toBe('ja');

    const requested = await system.client().post('/api/password-reset/request', { email: details.email.toUpperCase() });
    expect(requested.status).toBe(202);
    const reset = await mailTo(details.email, /パスワード/);
    expect(reset.subject).toBe('QR Dynamic のパスワードの再設定');
    expect(reset.text).toContain(`${details.username} 様`);
    expect(reset.text).toContain('1 時間以内に次のリンクを開いてください');
    expect(reset.html).toContain('<html lang="ja" dir="ltr">');
    const raw = sink.mailsTo(details.email).find((m) => read(m).subject === reset.subject) as ReceivedMail;
    const link = resetLinkIn({ ...raw, raw: `${reset.text}` }, BASE);
    expect(reset.html).toContain(`href="${link}"`);

    for (const language of ['klingon', 'DE', 'pt-PT', '', 7]) {
      const refused = await client.patch('/api/profile', { username: details.username, email: details.email, firstName: 'Changed', language });
      expect([refused.status, refused.json.message, refused.json.fields]).toEqual([400, UNKNOWN_LANGUAGE, { language: UNKNOWN_LANGUAGE }]);
    }
    expect(UNKNOWN_LANGUAGE).toBe('Language must be one of en, de, fr, es, pt-BR, ja, ar');
    expect(await me(client)).toMatchObject({ language: 'ja', firstName: null });

    // Nor does a sign-up with one make an account.
    const stranger = system.client();
    const signup = newSignup('monthly');
    const { setup } = await payForSignup(stranger, signup, CARDS.visa);
    const refused = await register(stranger, { ...signup, language: 'tlh' } as SignupDetails, setup);
    expect([refused.status, refused.json.fields]).toEqual([400, { language: UNKNOWN_LANGUAGE }]);
    expect(await sql(system, 'SELECT 1 FROM auth.users WHERE username = $1', [signup.username])).toHaveLength(0);
    expect((await stranger.get('/api/auth/user')).status).toBe(401);
  });

  it('an account without a language reads English; a receipt for an account in French gives its amount the French way', async () => {
    const english = system.client();
    const plain = newSignup('monthly');
    const paid = await payForSignup(english, plain, CARDS.visa);
    const made = await register(english, plain, paid.setup);
    expect([made.status, (made.json as unknown as UserView).language]).toEqual([201, null]);
    const englishReceipt = await mailTo(plain.email, /receipt/);
    expect(englishReceipt.subject).toMatch(/^Your QR Dynamic receipt QRD-\d{4}-\d+: \$3\.49$/);

    const { client, details } = await signUpIn('fr');
    const [invoice] = (await client.get('/api/invoices')).json as unknown as InvoiceSummaryView[];
    const currency: Currency = invoice.currency ?? 'usd';
    const amount = formatMoney(invoice.totalCents, currency, 'fr');
    // French writes the decimal comma, and the symbol after the amount: "3,49 $US".
    expect(amount).toMatch(/^\d+,\d\d\s/);
    const receipt = await mailTo(details.email, /reçu/);
    expect(receipt.subject).toBe(`Votre reçu QR Dynamic ${invoice.number} : ${amount}`);
    expect(receipt.text).toContain(`Merci pour votre paiement de ${amount} le `);
    expect(receipt.text).toContain(`Vos factures : ${BASE}/account?tab=subscription`);
    expect(receipt.html).toContain('<html lang="fr" dir="ltr">');
    // Each line of the invoice, as the payment provider describes it, with its amount the French way.
    expect(receipt.text).toContain(` : ${amount}\n`);
    expect(receipt.text).not.toContain('payment of');
  });

  it('an invitation is in the language of the invited address\'s account, else in the inviter\'s', async () => {
    const [owner, invited] = [await newUser(system), await newUser(system)];
    await sql(system, `UPDATE auth.users SET language = $2 WHERE id = $1`, [owner.id, 'es']);
    await sql(system, `UPDATE auth.users SET language = $2 WHERE id = $1`, [invited.id, 'ar']);
    const client = await signIn(system, owner);
    const stranger = `nuevo.${owner.email}`;
    for (const email of [stranger, invited.email]) {
      expect((await client.post(`/api/workspaces/${owner.id}/invitations`, { email, role: 'editor' })).status).toBe(201);
    }

    const spanish = await mailTo(stranger, /QR Dynamic/);
    expect(spanish.subject).toBe(`${owner.username} te ha invitado a «espacio de trabajo de ${owner.username}» en QR Dynamic`);
    expect(spanish.text).toContain('con el rol de editor');
    expect(spanish.html).toContain('<html lang="es" dir="ltr">');

    const arabic = await mailTo(invited.email, /QR Dynamic/);
    expect(arabic.subject).toBe(`دعاك ${owner.username} إلى مساحة عمل ${owner.username} على QR Dynamic`);
    expect(arabic.text).toContain('بصفة محرر');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toMatch(new RegExp(`${BASE.replace(/[.]/g, '\\.')}/invitations/[A-Za-z0-9_-]{20,}`));
  });
});
