import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import type { ScanStreamEntry } from '@qrd/contracts';
import { sharedGeoIp } from '@qrd/geoip';
import { CityPlaces } from './city-places';
import { botReason, primaryLanguage, referrerHost, ScanEnricher } from './scan-enricher';
import { VisitorSalts } from './visitor-salts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

function entry(overrides: Partial<ScanStreamEntry> = {}): ScanStreamEntry {
  return {
    id: '019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b',
    codeId: '2b0f5a8e-8a55-4c1a-9d7e-1f2d3c4b5a69',
    slug: 'Ab3dE7x',
    ts: Date.parse('2026-03-10T12:00:00Z'),
    ip: '81.2.69.142',
    userAgent: IPHONE,
    referer: '',
    acceptLanguage: 'en-GB,en;q=0.9',
    country: '',
    method: 'GET',
    purpose: '',
    ...overrides,
  };
}

describe(ScanEnricher.name, () => {
  const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `t${randomBytes(5).toString('hex')}`;
  let sut: ScanEnricher;

  beforeAll(async () => {
    sut = new ScanEnricher(await sharedGeoIp(null), new VisitorSalts(redis, prefix));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('turns a raw scan into device, system, browser and place, without the address', async () => {
    const scan = await sut.enrich(entry({ referer: 'https://www.instagram.com/p/abc?token=secret' }));

    expect(scan).toMatchObject({
      isBot: false,
      botReason: null,
      device: 'mobile',
      os: 'iOS',
      browser: 'Mobile Safari',
      country: 'GB',
      region: 'England',
      city: 'Bracknell',
      referrer: 'www.instagram.com',
      language: 'en-GB',
    });
    expect(JSON.stringify(scan)).not.toContain('81.2.69.142');
    expect(JSON.stringify(scan)).not.toContain('secret');
  });

  it('hashes the same visitor alike within a day, differently on another day or from another address', async () => {
    const [a, b, otherIp, nextDay] = await Promise.all([
      sut.enrich(entry()),
      sut.enrich(entry({ ts: Date.parse('2026-03-10T23:59:00Z') })),
      sut.enrich(entry({ ip: '8.8.8.8' })),
      sut.enrich(entry({ ts: Date.parse('2026-03-11T00:01:00Z') })),
    ]);

    expect(a.visitorHash).toBe(b.visitorHash);
    expect(otherIp.visitorHash).not.toBe(a.visitorHash);
    expect(nextDay.visitorHash).not.toBe(a.visitorHash);
  });

  it("believes a trusted CDN's country, keeping the city only when it agrees", async () => {
    expect(await sut.enrich(entry({ country: 'gb' }))).toMatchObject({ country: 'GB', city: 'Bracknell' });
    expect(await sut.enrich(entry({ country: 'FR' }))).toMatchObject({ country: 'FR', city: null, region: null });
    expect(await sut.enrich(entry({ country: 'XX' }))).toMatchObject({ country: 'GB' });
  });

  it("tells where a scan's city is, as the database places it, and nothing when the city is dropped", async () => {
    const places = new CityPlaces();
    const enricher = new ScanEnricher(await sharedGeoIp(null), new VisitorSalts(redis, prefix), places);
    await enricher.enrich(entry({ ip: '2.125.160.216', country: 'FR' }));
    expect(places.unknown([{ country: 'GB', city: 'Plymouth' }])).toEqual([]);
    await enricher.enrich(entry());
    expect(places.unknown([{ country: 'GB', city: 'Bracknell' }])).toEqual([
      { country: 'GB', city: 'Bracknell', region: 'England', lat: expect.closeTo(51.4, 1), lon: expect.closeTo(-0.76, 1) },
    ]);
  });

  it('knows nothing about private or malformed addresses', async () => {
    expect(await sut.enrich(entry({ ip: '10.1.2.3' }))).toMatchObject({ country: null, city: null });
    expect(await sut.enrich(entry({ ip: 'not an ip' }))).toMatchObject({ country: null });
  });
});

describe(botReason.name, () => {
  it.each([
    [{ method: 'HEAD', purpose: '', userAgent: IPHONE }, 'head'],
    [{ method: 'GET', purpose: 'prefetch;prerender', userAgent: IPHONE }, 'prefetch'],
    [{ method: 'GET', purpose: '', userAgent: 'facebookexternalhit/1.1' }, 'user-agent'],
    [{ method: 'GET', purpose: '', userAgent: 'Slackbot-LinkExpanding 1.0' }, 'user-agent'],
    [{ method: 'GET', purpose: '', userAgent: '' }, 'user-agent'],
    [{ method: 'GET', purpose: '', userAgent: IPHONE }, null],
  ] as const)('%j -> %s', (request, reason) => {
    expect(botReason(request)).toBe(reason);
  });
});

describe('small parsers', () => {
  it('keeps only the referrer host and the first language tag', () => {
    expect(referrerHost('https://t.co/abc')).toBe('t.co');
    expect(referrerHost('not a url')).toBeNull();
    expect(primaryLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(primaryLanguage('*')).toBeNull();
    expect(primaryLanguage('')).toBeNull();
  });
});
