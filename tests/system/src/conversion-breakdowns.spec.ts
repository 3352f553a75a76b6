import { Webhook } from 'standardwebhooks';
import type { AccountAnalytics, CodeAnalytics, FolderView, QrCodeView } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { seat } from './content-fixtures';
import { TestSystem } from './harness';
import { api, createApiKey } from './public-api-fixtures';
import { WebhookReceiver } from './webhook-receiver';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const RULES = [
  { os: ['ios'], destination: 'https://apps.example.com/ios' },
  { language: ['de'], destination: 'https://shop.example.de/angebot' },
];

describe('conversions per routing rule and per folder', () => {
  let system: TestSystem;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    system = await TestSystem.start({
      services: ['auth', 'qr', 'billing', 'gateway', 'redirect'],
      env: { ...BILLING_ENV, CONVERSION_WINDOW_DAYS: '30', ALLOW_PRIVATE_DESTINATIONS: 'true', WEBHOOK_BACKOFF_BASE_MS: '300' },
    });
  });
  afterAll(async () => {
    await system?.stop();
    await receiver.stop();
  });

  it("counts each rule's scans, leads, sales and revenue, and each folder's in the workspace analytics; the webhooks and the API name the rule", async () => {
    const { client } = await signUp(system);
    const key = (await createApiKey(client, { scope: 'write' })).key;
    const gateway = { baseUrl: system.url('gateway') };
    const hook = await api(gateway, key, 'POST', '/api/v1/webhooks', { url: receiver.url('/sales'), events: ['lead.created', 'sale.created'] });
    expect(hook.status).toBe(201);
    const folder = (await client.post('/api/folders', { name: 'Spring posters' })).json as FolderView;
    const code = (
      await client.post('/api/qrcodes', {
        name: 'Routed poster',
        destinationUrl: 'https://shop.example.com/offer',
        folderId: folder.id,
        campaign: { passScanId: true, rules: RULES },
      })
    ).json as QrCodeView;
    await seat(client);
    const loose = (await client.post('/api/qrcodes', { name: 'Flyer', destinationUrl: 'https://shop.example.com/flyer', campaign: { passScanId: true } })).json as QrCodeView;
    expect([code.folderId, loose.folderId]).toEqual([folder.id, null]);

    /** One scan with these headers: where it went and the scan id it carried. */
    const scan = (slug: string, headers: Record<string, string>) =>
      waitFor(async () => {
        const res = await fetch(`${system.url('redirect')}/r/${slug}`, { redirect: 'manual', headers });
        expect(res.status).toBe(302);
        const location = new URL(res.headers.get('location') ?? '');
        return { to: `${location.origin}${location.pathname}`, scanId: location.searchParams.get('qrd_id') as string };
      });
    const phone1 = await scan(code.slug, { 'user-agent': IPHONE, 'accept-language': 'de-DE' });
    const phone2 = await scan(code.slug, { 'user-agent': IPHONE, 'accept-language': 'en-US' });
    const german = await scan(code.slug, { 'user-agent': DESKTOP, 'accept-language': 'de-AT,de;q=0.9' });
    const other = await scan(code.slug, { 'user-agent': DESKTOP, 'accept-language': 'fr-FR' });
    const flyer = await scan(loose.slug, { 'user-agent': DESKTOP });
    // The first matching rule wins: an iPhone in German goes by rule 1.
    expect([phone1.to, phone2.to, german.to, other.to]).toEqual([RULES[0].destination, RULES[0].destination, RULES[1].destination, 'https://shop.example.com/offer']);
    const analytics = async () => (await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics;
    await waitFor(async () => expect((await analytics()).scans).toBe(4));
    await waitFor(async () => expect(((await client.get(`/api/qrcodes/${loose.id}/analytics`)).json as CodeAnalytics).scans).toBe(1));

    const report = async (kind: 'lead' | 'sale', body: Record<string, unknown>) => {
      const res = await api(gateway, key, 'POST', `/api/v1/events/${kind}`, body);
      expect(res.status).toBe(201);
      return res.json as { rule: number | null; variant: string | null };
    };
    expect(await report('lead', { scanId: phone1.scanId, externalId: 'signup-1' })).toMatchObject({ rule: 1, variant: null });
    await report('sale', { scanId: phone1.scanId, externalId: 'order-1', amount: 2599, currency: 'EUR' });
    await report('sale', { scanId: phone2.scanId, externalId: 'order-2', amount: 1000, currency: 'EUR' });
    expect(await report('sale', { scanId: german.scanId, externalId: 'order-3', amount: 4999, currency: 'EUR' })).toMatchObject({ rule: 2 });
    await report('lead', { scanId: german.scanId, externalId: 'signup-2' });
    expect(await report('sale', { scanId: other.scanId, externalId: 'order-4', amount: 500, currency: 'EUR' })).toMatchObject({ rule: null });
    await report('sale', { scanId: flyer.scanId, externalId: 'order-5', amount: 700, currency: 'USD' });

    const byRule = (await analytics()).rules?.map(({ rule, scans, leads, sales, revenue, current }) => ({ rule, scans, leads, sales, revenue, destination: current?.destination }));
    expect(byRule).toEqual([
      { rule: 1, scans: 2, leads: 1, sales: 2, revenue: [{ currency: 'EUR', amount: 3599 }], destination: RULES[0].destination },
      { rule: 2, scans: 1, leads: 1, sales: 1, revenue: [{ currency: 'EUR', amount: 4999 }], destination: RULES[1].destination },
    ]);
    // The code's totals still hold every conversion, ruled or not.
    expect((await analytics()).conversions).toEqual({ leads: 2, sales: 4, revenue: [{ currency: 'EUR', amount: 9098 }] });

    // The workspace: the folder's code and the code in no folder apart.
    const account = (await client.get('/api/analytics')).json as AccountAnalytics;
    expect(account.conversionsByFolder).toEqual([
      { folderId: folder.id, name: 'Spring posters', leads: 2, sales: 4, revenue: [{ currency: 'EUR', amount: 9098 }] },
      { folderId: null, name: null, leads: 0, sales: 1, revenue: [{ currency: 'USD', amount: 700 }] },
    ]);

    // The public API answers the same figures.
    const v1Code = await api(gateway, key, 'GET', `/api/v1/codes/${code.id}/analytics`);
    expect(v1Code.json.rules.map((r: { rule: number; sales: number }) => [r.rule, r.sales])).toEqual([[1, 2], [2, 1]]);
    const v1Account = await api(gateway, key, 'GET', '/api/v1/analytics');
    expect(v1Account.json.conversionsByFolder).toEqual(account.conversionsByFolder);

    // Each lead and sale reached the webhook with the rule of its scan.
    const secret = hook.json.secret as string;
    await waitFor(() => expect(receiver.on('/sales')).toHaveLength(7), 15_000);
    const events = receiver.on('/sales').map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { externalId: string; rule: number | null } });
    const ruleOf = Object.fromEntries(events.map((e) => [e.data.externalId, [e.type, e.data.rule]]));
    expect(ruleOf).toEqual({
      'signup-1': ['lead.created', 1],
      'order-1': ['sale.created', 1],
      'order-2': ['sale.created', 1],
      'order-3': ['sale.created', 2],
      'signup-2': ['lead.created', 2],
      'order-4': ['sale.created', null],
      'order-5': ['sale.created', null],
    });
  });
});
