import Stripe from 'stripe';
import { v7 as uuidv7 } from 'uuid';
import { CodeAnalytics, CONVERSION_MESSAGES, QrCodeView } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { TestSystem } from './harness';
import { createApiKey } from './public-api-fixtures';

const stripe = new Stripe('sk_test_unused');
const SECRET = 'whsec_conversionsTestSecret0123456789';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

/** A completed Checkout Session of the workspace's own Stripe account, signed as Stripe signs it. */
function checkoutCompleted(sessionId: string, scanId: string, amount: number, currency: string, timestamp?: number): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, object: 'checkout.session', amount_total: amount, currency, metadata: { qrd_id: scanId }, client_reference_id: null } },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, ...(timestamp ? { timestamp } : {}) }) };
}

describe('conversions: leads and sales attributed to scans', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway', 'redirect'], env: { ...BILLING_ENV, CONVERSION_WINDOW_DAYS: '30' } });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('a scan sends its id to the destination; a lead through the API and a sale from Stripe are counted once each, with the amount, on the code', async () => {
    const { client } = await signUp(system);
    const code = (
      await client.post('/api/qrcodes', { name: 'Poster', destinationUrl: 'https://shop.example.com/offer?ref=poster', campaign: { passScanId: true } })
    ).json as QrCodeView;
    const key = (await createApiKey(client, { scope: 'write' })).key;
    // The public API answers errors as problem details: the message is their `detail`.
    const v1 = (path: string, body: unknown, apiKey = key) =>
      fetch(`${system.url('gateway')}${path}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (res) => {
          const json = (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
          return { status: res.status, json: { ...json, message: json.detail ?? json.message } as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
        },
      );

    // The scan: the destination receives the scan id (after its own parameters).
    const scanned = await waitFor(async () => {
      const res = await fetch(`${system.url('redirect')}/r/${code.slug}?utm_source=poster&qrd_id=forged`, {
        redirect: 'manual',
        headers: { 'user-agent': PHONE },
      });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location') ?? '');
    });
    expect(`${scanned.origin}${scanned.pathname}`).toBe('https://shop.example.com/offer');
    expect(scanned.searchParams.get('ref')).toBe('poster');
    expect(scanned.searchParams.get('utm_source')).toBe('poster');
    const scanId = scanned.searchParams.get('qrd_id') as string;
    expect(scanId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    const analytics = async () => (await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics;
    await waitFor(async () => expect((await analytics()).scans).toBe(1));

    // A lead through the public API.
    const lead = await v1('/api/v1/events/lead', { scanId, externalId: 'signup-41' });
    expect(lead.status).toBe(201);
    expect(lead.json).toMatchObject({ kind: 'lead', scanId, codeId: code.id, duplicate: false });

    // A sale from the workspace's own Stripe account, through its signed endpoint.
    const settings = await client.request('PUT', '/api/conversions/settings', { stripeWebhookSecret: SECRET });
    expect(settings.json).toMatchObject({ stripeConfigured: true, attributionWindowDays: 30 });
    const endpoint = new URL(settings.json.stripeEndpointUrl as string).pathname;
    const send = (event: { payload: string; signature: string }) =>
      fetch(`${system.url('gateway')}${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload }).then(
        async (res) => ({ status: res.status, json: (await res.json()) as Record<string, any> }), // eslint-disable-line @typescript-eslint/no-explicit-any
      );
    const sale = await send(checkoutCompleted('cs_test_1', scanId, 2599, 'eur'));
    expect(sale.status).toBe(200);
    expect(sale.json.conversion).toMatchObject({ kind: 'sale', amount: 2599, currency: 'EUR', source: 'stripe', duplicate: false });
    // The same sale again (Stripe retries): counted once.
    const again = await send(checkoutCompleted('cs_test_1', scanId, 2599, 'eur'));
    expect(again.json.conversion).toMatchObject({ duplicate: true });
    const apiAgain = await v1('/api/v1/events/sale', { scanId, externalId: 'cs_test_1', amount: 2599, currency: 'EUR' });
    expect([apiAgain.status, apiAgain.json.duplicate]).toEqual([200, true]);

    // A sale of a scan older than the attribution window is refused with the reason.
    const old = uuidv7({ msecs: Date.now() - 31 * 86_400_000 });
    const late = await v1('/api/v1/events/sale', { scanId: old, externalId: 'order-old', amount: 100, currency: 'EUR' });
    expect([late.status, late.json.message]).toEqual([400, CONVERSION_MESSAGES.outsideWindow(30)]);

    // Bad input: each a clear 4xx, nothing recorded.
    const other = await signUp(system);
    const otherCode = (await other.client.post('/api/qrcodes', { name: 'Theirs', destinationUrl: 'https://example.com/x', campaign: { passScanId: true } })).json as QrCodeView;
    const theirs = await waitFor(async () => {
      const res = await fetch(`${system.url('redirect')}/r/${otherCode.slug}`, { redirect: 'manual', headers: { 'user-agent': PHONE } });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location') ?? '').searchParams.get('qrd_id') as string;
    });
    // Stored, so that its refusal below is about whose scan it is, not about a scan not stored yet.
    await waitFor(async () => expect(((await other.client.get(`/api/qrcodes/${otherCode.id}/analytics`)).json as CodeAnalytics).scans).toBe(1));
    const refusals = await Promise.all([
      v1('/api/v1/events/lead', { scanId: uuidv7() }),
      v1('/api/v1/events/lead', { scanId: theirs }),
      v1('/api/v1/events/lead', { scanId: 'not-a-scan' }),
      v1('/api/v1/events/sale', { scanId, externalId: 'order-neg', amount: -5, currency: 'EUR' }),
      v1('/api/v1/events/sale', { scanId, externalId: 'order-cur', amount: 500, currency: 'ABC' }),
      v1('/api/v1/events/sale', { scanId, externalId: 'order-float', amount: 5.5, currency: 'EUR' }),
    ]);
    expect(refusals.map((r) => [r.status, r.json.message])).toEqual([
      [404, CONVERSION_MESSAGES.unknownScan],
      [404, CONVERSION_MESSAGES.unknownScan],
      [400, CONVERSION_MESSAGES.scanId],
      [400, CONVERSION_MESSAGES.amount],
      [400, CONVERSION_MESSAGES.currency],
      [400, CONVERSION_MESSAGES.amount],
    ]);
    const badSignature = await send({ payload: checkoutCompleted('cs_test_2', scanId, 999, 'eur').payload, signature: 't=1,v1=deadbeef' });
    const replayed = await send(checkoutCompleted('cs_test_3', scanId, 999, 'eur', Math.floor(Date.now() / 1000) - 3600));
    expect([badSignature.status, badSignature.json.message]).toEqual([400, CONVERSION_MESSAGES.signature]);
    expect([replayed.status, replayed.json.message]).toEqual([400, CONVERSION_MESSAGES.signature]);

    const final = await analytics();
    expect(final.scans).toBe(1);
    expect(final.conversions).toEqual({ leads: 1, sales: 1, revenue: [{ currency: 'EUR', amount: 2599 }] });
  });
});
