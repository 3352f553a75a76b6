import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { SCAN_CONSUMER_GROUP, scanStreamKey } from '@qrd/contracts';
import { dataSourceOptions } from '@qrd/database';
import { waitFor } from '@qrd/testing';
import { QR_DATABASE } from '../../../apps/qr-service/src/database';
import { sharedGeoIp } from '../../../apps/qr-service/src/scans/geoip';
import { ScanEnricher } from '../../../apps/qr-service/src/scans/scan-enricher';
import { ScanIngestor } from '../../../apps/qr-service/src/scans/scan-ingestor';
import { ScansRepository } from '../../../apps/qr-service/src/scans/scans.repository';
import { VisitorSalts } from '../../../apps/qr-service/src/scans/visitor-salts';
import { sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, scan, storedScans, subscribedCustomer } from './qr-fixtures';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const WHATSAPP_PREVIEW = 'WhatsApp/2.23.20.0 A';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('scan ingestion: stream -> enrichment -> PostgreSQL (DESIGN section 5)', () => {
  let system: TestSystem;
  let alice: Customer;

  beforeAll(async () => {
    // A reader that stops acknowledging is taken over after half a second (production: a minute).
    system = await TestSystem.start({ env: { SCAN_CLAIM_IDLE_MS: '500' } });
    alice = await subscribedCustomer(system);
  });
  afterAll(() => system.stop());

  async function analyticsOf(codeId: string) {
    return (await alice.client.get(`/api/qrcodes/${codeId}/analytics`)).json;
  }

  it('stores bots, link previews, HEAD requests and prefetches but leaves them out of every total', async () => {
    const code = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' });
    const redirect = system.url('redirect');

    await scan(redirect, code.slug);
    await scan(redirect, code.slug, { headers: { 'user-agent': ANDROID } });
    await scan(redirect, code.slug, { headers: { 'user-agent': GOOGLEBOT } });
    await scan(redirect, code.slug, { headers: { 'user-agent': WHATSAPP_PREVIEW } });
    await scan(redirect, code.slug, { method: 'HEAD' });
    await scan(redirect, code.slug, { headers: { 'sec-purpose': 'prefetch' } });
    await waitFor(async () => expect(await storedScans(system, code.id)).toHaveLength(6));

    const reasons = await sql<{ bot_reason: string | null }>(system, 'SELECT bot_reason FROM qr.scans WHERE code_id = $1 ORDER BY bot_reason', [code.id]);
    expect(reasons.map((r) => r.bot_reason)).toEqual(['head', 'prefetch', 'user-agent', 'user-agent', null, null]);
    expect(await analyticsOf(code.id)).toMatchObject({ scans: 2, botScans: 4, allTime: { scans: 2, botScans: 4 }, last30Days: 2 });
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.totalScans).toBe(2);
    expect((await alice.client.get('/api/analytics')).json).toMatchObject({ totalScans: 2, lastMonth: 2, botScans: 4 });
  });

  it('finds the country, region and city of a known address in the shipped database, and never stores the address', async () => {
    const [code] = (await alice.client.get('/api/qrcodes')).json;
    const redirect = system.url('redirect');

    await scan(redirect, code.slug, { headers: { 'x-forwarded-for': '81.2.69.142' } });
    await scan(redirect, code.slug, { headers: { 'x-forwarded-for': '2a00:1450:4001:82b::200e' } });
    await waitFor(async () => expect(await storedScans(system, code.id)).toHaveLength(8));

    const analytics = await analyticsOf(code.id);
    expect(analytics.countries).toEqual(expect.arrayContaining([{ key: 'GB', scans: 1 }, { key: 'DE', scans: 1 }]));
    expect(analytics.regions).toEqual(expect.arrayContaining([{ key: 'England', scans: 1 }]));
    expect(analytics.cities).toEqual(expect.arrayContaining([{ key: 'Bracknell', country: 'GB', scans: 1 }]));
    const rows = await sql(system, 'SELECT * FROM qr.scans WHERE code_id = $1', [code.id]);
    expect(JSON.stringify(rows)).not.toMatch(/81\.2\.69\.142|2a00:1450|127\.0\.0\.1/);
    expect(Object.keys(rows[0]).some((column) => /ip|addr/i.test(column))).toBe(false);
  });

  it('stores every scan exactly once when an ingestor dies in the middle of a batch', async () => {
    const code = await createCode(alice.client, { name: 'Crash', destinationUrl: 'https://example.com/crash' }, { buySeat: true });
    await system.stopService('qr');
    const redirect = system.url('redirect');
    const total = 120;
    for (let i = 0; i < total; i++) await scan(redirect, code.slug, { headers: { 'x-forwarded-for': `203.0.113.${i % 250}` } });

    // An ingestor that reads the whole batch, commits part of it, and dies before acknowledging.
    const db = await new DataSource(dataSourceOptions(system.config.databaseUrl, QR_DATABASE)).initialize();
    const reader = new IORedis(system.config.redisUrl);
    const control = new IORedis(system.config.redisUrl);
    const repository = new ScansRepository(db);
    let died!: () => void;
    const death = new Promise<void>((resolve) => (died = resolve));
    const enricher = new ScanEnricher(await sharedGeoIp(null), new VisitorSalts(control, system.config.redisPrefix));
    const doomed = new ScanIngestor({
      redis: reader,
      control,
      stream: scanStreamKey(system.config.redisPrefix),
      group: SCAN_CONSUMER_GROUP,
      consumer: 'doomed-consumer',
      claimIdleMs: 60_000,
      batchSize: 1000,
      enrich: (id, entry) => enricher.enrich(id, entry),
      store: async (batch) => {
        await repository.insertBatch(batch.slice(0, batch.length / 2));
        died();
        return new Promise<number>(() => undefined);
      },
      logger: system.logger,
    });
    await waitFor(async () => expect(await control.xlen(scanStreamKey(system.config.redisPrefix))).toBe(total));
    await doomed.start();
    await death;
    reader.disconnect();
    expect(await storedScans(system, code.id)).toHaveLength(total / 2);
    const pending = (await control.xpending(scanStreamKey(system.config.redisPrefix), SCAN_CONSUMER_GROUP)) as [number, ...unknown[]];
    expect(pending[0]).toBe(total);

    // A new qr-service replica takes the dead reader's entries over.
    await system.startService('qr');
    await waitFor(async () => {
      const [stats] = await sql<{ scans: number }>(system, 'SELECT scans::int FROM qr.code_stats WHERE code_id = $1', [code.id]);
      expect(stats?.scans).toBe(total);
    }, 20_000);

    const stored = await storedScans(system, code.id);
    expect(stored).toHaveLength(total);
    expect(new Set(stored.map((s) => s.stream_id)).size).toBe(total);
    expect((await analyticsOf(code.id)).allTime.scans).toBe(total);
    await waitFor(async () => expect(await control.xlen(scanStreamKey(system.config.redisPrefix))).toBe(0));
    control.disconnect();
    await db.destroy();
  });
});
