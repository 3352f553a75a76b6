import { CodeAnalytics, QrCodeView } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { TestSystem } from './harness';
import { sql } from './accounts-fixtures';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** Addresses the bundled GeoLite2 City database places: Ober-Ramstadt in Hesse (DE), Bracknell in England (GB). */
const GERMANY = '195.50.140.252';
const ENGLAND = '81.2.69.142';

describe('the EU privacy mode', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway', 'redirect'], env: BILLING_ENV });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('keeps only the country of visitors from the EEA once a workspace turns it on, and everything of the others', async () => {
    const { client } = await signUp(system);
    const code = (await client.post('/api/qrcodes', { name: 'Poster', destinationUrl: 'https://example.com/eu' })).json as QrCodeView;
    const scanFrom = (ip: string) =>
      fetch(`${system.url('redirect')}/r/${code.slug}`, { redirect: 'manual', headers: { 'user-agent': PHONE, 'x-forwarded-for': ip } });
    const places = () => sql<{ country: string; region: string | null; city: string | null }>(system, `SELECT country, region, city FROM qr.scans WHERE code_id = $1 ORDER BY scanned_at`, [code.id]);

    expect((await client.get('/api/analytics/settings')).json).toEqual({ euPrivacy: false });
    await waitFor(async () => expect((await scanFrom(GERMANY)).status).toBe(302));
    await waitFor(async () => expect(await places()).toEqual([{ country: 'DE', region: 'Hesse', city: 'Ober-Ramstadt' }]));

    expect((await client.request('PUT', '/api/analytics/settings', { euPrivacy: 'yes' })).status).toBe(400);
    expect((await client.request('PUT', '/api/analytics/settings', { euPrivacy: true })).json).toEqual({ euPrivacy: true });
    expect((await scanFrom(GERMANY)).status).toBe(302);
    expect((await scanFrom(ENGLAND)).status).toBe(302);
    await waitFor(async () =>
      expect(await places()).toEqual([
        { country: 'DE', region: 'Hesse', city: 'Ober-Ramstadt' },
        { country: 'DE', region: null, city: null },
        { country: 'GB', region: 'England', city: 'Bracknell' },
      ]),
    );
    // The analytics count the German scan in its country, and no new German city.
    await waitFor(async () => {
      const analytics = (await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics;
      expect(analytics.countries).toEqual(expect.arrayContaining([{ key: 'DE', scans: 2 }, { key: 'GB', scans: 1 }]));
      expect(analytics.cities.map((c) => [c.key, c.scans]).sort()).toEqual([
        ['Bracknell', 1],
        ['Ober-Ramstadt', 1],
      ]);
    });
  });
});
