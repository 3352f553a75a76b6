import maxmind, { type Reader, type Response } from 'maxmind';
import { GeoIpLookup } from '@qrd/geoip';
import { TestSystem } from './harness';
import { createCode, Customer, scan, subscribedCustomer } from './qr-fixtures';

/** A place of the shipped database, as its records (ip-location-db's flat shape) give it. */
interface Place {
  ip: string;
  country: string;
  region: string;
  city: string;
}

interface FlatRecord {
  country_code?: string;
  state1?: string;
  city?: string;
}

/**
 * Addresses the shipped GeoLite2 City database places in three different countries, regions and
 * cities, found by reading it (one address per /16 until three fit), so the test follows the data.
 */
function threePlaces(reader: Reader<Response>): [Place, Place, Place] {
  const found: Place[] = [];
  const ascii = /^[A-Za-z .'-]+$/;
  for (let a = 1; a < 224 && found.length < 3; a++) {
    if (a === 10 || a === 100 || a === 127 || a === 169 || a === 172 || a === 192 || a === 198) continue;
    for (let b = 0; b < 256 && found.length < 3; b++) {
      const ip = `${a}.${b}.7.7`;
      const record = reader.get(ip) as FlatRecord | null;
      if (!record?.country_code || !record.state1 || !record.city || !ascii.test(record.city) || !ascii.test(record.state1)) continue;
      const place = { ip, country: record.country_code, region: record.state1, city: record.city };
      if (found.every((p) => p.country !== place.country && p.region !== place.region && p.city !== place.city)) found.push(place);
    }
  }
  if (found.length < 3) throw new Error('the shipped GeoIP database has no three distinct places');
  return found as [Place, Place, Place];
}

/**
 * Region and city rules (docs/campaign-controls.md), resolved by the redirect-service with its own
 * GeoIP lookup of the scanner's address. Scans go to the redirect-service directly with
 * X-Forwarded-For from loopback (TRUSTED_PROXIES' default): nginx in front answers only for the
 * address it sees itself, a loopback one here. No trusted country header: country rules use GeoIP too.
 */
describe('campaign rules by region and city: the scanner\'s address placed by the shipped GeoIP database', () => {
  let system: TestSystem;
  let alice: Customer;
  let places: [Place, Place, Place];
  let codes = 0;
  /** The code the refused changes are tried on. */
  let kept: { id: string; slug: string } | undefined;

  beforeAll(async () => {
    const reader = await maxmind.open<Response>(GeoIpLookup.defaultPaths().v4);
    places = threePlaces(reader);
    system = await TestSystem.start({ env: { TRUSTED_COUNTRY_HEADER: '' } });
    alice = await subscribedCustomer(system);
  });
  afterAll(() => system?.stop());

  const newCode = (destinationUrl: string, campaign?: object) =>
    createCode(alice.client, { name: `Places ${++codes}`, destinationUrl, ...(campaign ? { campaign } : {}) } as never, { buySeat: codes > 1 });

  async function from(ip: string, slug: string): Promise<string> {
    const res = await scan(system.url('redirect'), slug, { headers: { 'x-forwarded-for': ip } });
    return res.status === 302 ? (res.headers.get('location') as string) : `${res.status}`;
  }

  it('sends a scan from the rule\'s city to its destination, one from the rule\'s region to another, and the rest to the default', async () => {
    const [inCity, inRegion, elsewhere] = places;
    const code = await newCode('https://example.com/default', {
      rules: [
        // Case does not matter: the owner may type the name as they like.
        { city: [{ name: inCity.city.toUpperCase(), country: inCity.country }], destination: 'https://example.com/city' },
        { region: [inRegion.region.toLowerCase()], destination: 'https://example.com/region' },
      ],
    });

    expect(await from(inCity.ip, code.slug)).toBe('https://example.com/city');
    expect(await from(inRegion.ip, code.slug)).toBe('https://example.com/region');
    expect(await from(elsewhere.ip, code.slug)).toBe('https://example.com/default');
    // An address the database does not know (loopback) matches no place rule.
    expect(await from('127.0.0.9', code.slug)).toBe('https://example.com/default');
  });

  it('checks a city\'s country when it is given, and uses the GeoIP country for country rules without a trusted header', async () => {
    const [inCity, , elsewhere] = places;
    const code = await newCode('https://example.com/default', {
      rules: [
        // The right city name in another country is another city.
        { city: [{ name: inCity.city, country: elsewhere.country }], destination: 'https://example.com/wrong-country' },
        { country: [elsewhere.country], destination: 'https://example.com/country' },
      ],
    });

    expect(await from(inCity.ip, code.slug)).toBe('https://example.com/default');
    expect(await from(elsewhere.ip, code.slug)).toBe('https://example.com/country');
  });

  it.each([
    ['an empty region', { region: [''] }, 'campaign.rules.0.region', 'Region 1 has no name: give one such as Bavaria'],
    ['a region name of 81 characters', { region: ['x'.repeat(81)] }, 'campaign.rules.0.region', 'Region names are at most 80 characters (region 1 is longer)'],
    ['51 regions', { region: Array.from({ length: 51 }, (_, i) => `Region ${i}`) }, 'campaign.rules.0.region', 'Use at most 50 regions in a rule'],
    ['a city given as a bare string', { city: ['Munich'] }, 'campaign.rules.0.city', 'City 1 must be given as { "name": "Munich", "country": "DE" } (the country may be left out)'],
    ['a city without a name', { city: [{ name: ' ' }] }, 'campaign.rules.0.city', 'City 1 has no name: give one such as Munich'],
    ['a city whose country is not a code', { city: [{ name: 'Munich', country: 'Germany' }] }, 'campaign.rules.0.city', 'City 1: the country must be a two-letter ISO code such as DE'],
    ['51 cities', { city: Array.from({ length: 51 }, (_, i) => ({ name: `Town ${i}` })) }, 'campaign.rules.0.city', 'Use at most 50 cities in a rule'],
  ])('refuses %s with a clear message, changing nothing', async (_case, condition, field, message) => {
    kept ??= await newCode('https://example.com/kept', { rules: [{ region: ['Bavaria'], destination: 'https://example.com/bavaria' }] });
    const code = kept;
    const before = (await alice.client.get(`/api/qrcodes/${code.id}`)).json.campaign;

    const res = await alice.client.patch(`/api/qrcodes/${code.id}`, { campaign: { rules: [{ ...condition, destination: 'https://example.com/x' }] } });
    expect(res.status).toBe(400);
    expect(res.json.fields[field]).toBe(message);
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.campaign).toEqual(before);
  });
});
