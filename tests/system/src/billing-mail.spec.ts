import { ClockView } from '@qrd/contracts';
import { decodeQuotedPrintable, SmtpSink, TestHttpClient, waitFor } from '@qrd/testing';
import { newUser, signIn } from './accounts-fixtures';
import { BILLING_ENV, CARDS, GOOD_EXPIRY, signUp } from './billing-fixtures';
import { TestSystem } from './harness';

/**
 * Billing mail end to end: the billing-service's outbox tells the auth-service, which mails the
 * owner through a real SMTP server. Each mail carries the figures of what happened. The test
 * provider's clock is shared by this file's tests; each looks at its own account's mail.
 */
describe('billing: mail', () => {
  let system: TestSystem;
  let sink: SmtpSink;
  let admin: TestHttpClient;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: { ...BILLING_ENV, SMTP_URL: sink.url } });
    admin = await signIn(system, await newUser(system, { role: 'admin' }));
  });
  afterAll(async () => {
    await system.stop();
    await sink.stop();
  });

  async function advance(days: number): Promise<ClockView> {
    const res = await admin.post('/api/admin/billing/advance-clock', { days });
    expect(res.status).toBe(200);
    return res.json as ClockView;
  }

  function mailsTo(email: string, subject: RegExp): string[] {
    return sink
      .mailsTo(email)
      .map((m) => decodeQuotedPrintable(m.raw))
      .filter((raw) => subject.test(raw));
  }

  function mailTo(email: string, subject: RegExp): Promise<string> {
    return waitFor(() => {
      const [mail] = mailsTo(email, subject);
      if (!mail) throw new Error(`no mail to ${email} matching ${subject} (${sink.mailsTo(email).length} to that address)`);
      return mail;
    }, 15_000);
  }

  const day = (iso: string | null) =>
    new Date(iso ?? '').toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

  it('a receipt for the signup payment, with its invoice number and lines', async () => {
    const { client, details } = await signUp(system, CARDS.visa, 'monthly');
    const [invoice] = (await client.get('/api/invoices')).json as unknown as { number: string }[];
    const receipt = await mailTo(details.email, /Subject: Your QR Dynamic receipt/);
    expect(receipt).toContain(`Subject: Your QR Dynamic receipt ${invoice.number}: $3.49`);
    expect(receipt).toContain(`Thank you for your payment of $3.49`);
    expect(receipt).toContain('QR code (at $3.49 / month): $3.49');
    expect(receipt).toContain(`${system.config.publicBaseUrl}/account?tab=subscription`);
  });

  it('cancellation confirmed with the end date, then the end (codes stopped), then codes restored on subscribing again', async () => {
    const { client, details } = await signUp(system, CARDS.visa, 'monthly');
    const cancelled = await client.post('/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    const confirmation = await mailTo(details.email, /Subject: Your QR Dynamic subscription is cancelled/);
    expect(confirmation).toContain(`Your 1 QR code keeps working until ${day(cancelled.json.currentPeriodEnd as string)}`);
    expect(mailsTo(details.email, /has ended/)).toHaveLength(0);

    await advance(32);
    const ended = await mailTo(details.email, /Subject: Your QR Dynamic subscription has ended/);
    expect(ended).toContain('your 1 QR code stopped redirecting');
    expect(ended).toContain(`${system.config.publicBaseUrl}/subscribe`);

    const setup = await client.post('/api/get-or-create-subscription?interval=annual');
    expect(setup.status).toBe(200);
    const paid = await client.post('/api/test-payments/confirm', { clientSecret: setup.json.clientSecret, cardNumber: CARDS.visa, expiry: GOOD_EXPIRY, cvc: '123' });
    expect(paid.json.status).toBe('succeeded');
    const restored = await mailTo(details.email, /Subject: Your QR Dynamic codes are working again/);
    expect(restored).toContain('your 1 QR code redirects again');
    await waitFor(() => expect(mailsTo(details.email, /Subject: Your QR Dynamic receipt .*: \$34\.90/)).toHaveLength(1), 15_000);
  });

  it('a failed renewal asks for a new card, with the amount and a link to update it', async () => {
    const { details } = await signUp(system, CARDS.failsRenewals, 'monthly');
    await advance(32);
    const failed = await mailTo(details.email, /Subject: Your QR Dynamic payment failed/);
    expect(failed).toContain('We could not charge your card $3.49 for the renewal of your 1 QR code.');
    expect(failed).toContain(`Update your payment method: ${system.config.publicBaseUrl}/account?tab=subscription`);
    // Only the first refusal is mailed; the retries that follow are not.
    await advance(4);
    expect(mailsTo(details.email, /payment failed/)).toHaveLength(1);
  });

  it('an annual plan is announced 7 days before it renews, once, with the amount; the renewal sends a receipt', async () => {
    const { client, details } = await signUp(system, CARDS.visa, 'annual');
    const sub = (await client.get('/api/subscription')).json;
    await advance(300);
    expect(mailsTo(details.email, /renews on/)).toHaveLength(0);
    await advance(60);
    const reminder = await mailTo(details.email, /Subject: Your QR Dynamic subscription renews on/);
    expect(reminder).toContain(`Subject: Your QR Dynamic subscription renews on ${day(sub.currentPeriodEnd as string)}`);
    expect(reminder).toContain('1 QR code at $34.90 per year, $34.90 in all, charged to visa ending in 4242.');
    await advance(1);
    expect(mailsTo(details.email, /renews on/)).toHaveLength(1);

    await advance(7);
    await waitFor(() => expect(mailsTo(details.email, /Subject: Your QR Dynamic receipt .*: \$34\.90/)).toHaveLength(2), 15_000);
  });
});
