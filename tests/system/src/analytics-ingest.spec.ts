import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { encodeScanEntry, SCAN_CONSUMER_GROUP, SCAN_FIELD, scanDeadLetterKey, scanStreamKey } from '@qrd/contracts';
import { dataSourceOptions } from '@qrd/database';
import { waitFor } from '@qrd/testing';
import { QR_DATABASE } from '../../../apps/qr-service/src/database';
import { sharedGeoIp } from '@qrd/geoip';
import { ScanEnricher } from '../../../apps/qr-service/src/scans/scan-enricher';
import { ScanIngestor } from '../../../apps/qr-service/src/scans/scan-ingestor';
import { DimensionFolder } from '../../../apps/qr-service/src/scans/dimension-folder';
import { ScansRepository } from '../../../apps/qr-service/src/scans/scans.repository';
import { VisitorSalts } from '../../../apps/qr-service/src/scans/visitor-salts';
import { newUser, signIn, sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, scan, scansIngested, storedScans, subscribedCustomer } from './qr-fixtures';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const WHATSAPP_PREVIEW = 'WhatsApp/2.23.20.0 A';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** Scans in the account's device breakdown (every scan has a device kind, and there are fewer than ten kinds). */
const breakdownTotal = (analytics: { devices: { scans: number }[] }) => analytics.devices.reduce((sum, d) => sum + d.scans, 0);

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
    expect(analytics.cities).toEqual(
      expect.arrayContaining([{ key: 'Bracknell', country: 'GB', region: 'England', lat: expect.any(Number), lon: expect.any(Number), scans: 1 }]),
    );
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
      deadLetters: scanDeadLetterKey(system.config.redisPrefix),
      group: SCAN_CONSUMER_GROUP,
      consumer: 'doomed-consumer',
      claimIdleMs: 60_000,
      batchSize: 1000,
      enrich: (entry) => enricher.enrich(entry),
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
    expect(new Set(stored.map((s) => s.scan_id)).size).toBe(total);
    expect((await analyticsOf(code.id)).allTime.scans).toBe(total);
    await waitFor(async () => expect(await control.xlen(scanStreamKey(system.config.redisPrefix))).toBe(0));
    control.disconnect();
    await db.destroy();
  });

  it('stores a batch that failed while PostgreSQL was away as soon as it is back, not a claim time later', async () => {
    const code = await createCode(alice.client, { name: 'Outage', destinationUrl: 'https://example.com/outage' }, { buySeat: true });
    await system.stopService('qr');
    const total = 20;
    for (let i = 0; i < total; i++) await scan(system.url('redirect'), code.slug);

    const db = await new DataSource(dataSourceOptions(system.config.databaseUrl, QR_DATABASE)).initialize();
    const reader = new IORedis(system.config.redisUrl);
    const control = new IORedis(system.config.redisUrl);
    const repository = new ScansRepository(db);
    const enricher = new ScanEnricher(await sharedGeoIp(null), new VisitorSalts(control, system.config.redisPrefix));
    let outage = true;
    const ingestor = new ScanIngestor({
      redis: reader,
      control,
      stream: scanStreamKey(system.config.redisPrefix),
      deadLetters: scanDeadLetterKey(system.config.redisPrefix),
      group: SCAN_CONSUMER_GROUP,
      consumer: 'outage-consumer',
      // A stopped reader's entries are taken over after a minute, as in production.
      claimIdleMs: 60_000,
      batchSize: 1000,
      enrich: (entry) => enricher.enrich(entry),
      store: async (batch) => {
        if (outage) {
          outage = false;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        }
        return repository.insertBatch(batch);
      },
      logger: system.logger,
    });
    await waitFor(async () => expect(await control.xlen(scanStreamKey(system.config.redisPrefix))).toBe(total));
    await ingestor.start();
    try {
      await waitFor(async () => expect(await storedScans(system, code.id)).toHaveLength(total), 10_000);
      await waitFor(async () => expect(await control.xlen(scanStreamKey(system.config.redisPrefix))).toBe(0));
    } finally {
      await ingestor.stop();
      control.disconnect();
      await db.destroy();
      await system.startService('qr');
    }
  });

  it('counts a scan delivered twice once: its id, made by the redirect-service, is the key', async () => {
    const code = await createCode(alice.client, { name: 'Twice', destinationUrl: 'https://example.com/twice' }, { buySeat: true });
    const redis = new IORedis(system.config.redisUrl);
    const entry = encodeScanEntry({
      id: '0190f3a1-7b2c-7d4e-8f00-112233445566',
      codeId: code.id,
      slug: code.slug,
      ts: Date.now(),
      ip: '203.0.113.9',
      userAgent: ANDROID,
      referer: '',
      acceptLanguage: 'en',
      country: '',
      method: 'GET',
      purpose: '',
    });
    // The same scan appended again, as a buffer re-sent after a connection dropped mid-reply would.
    await redis.xadd(scanStreamKey(system.config.redisPrefix), '*', SCAN_FIELD, entry);
    await redis.xadd(scanStreamKey(system.config.redisPrefix), '*', SCAN_FIELD, entry);
    redis.disconnect();
    await scansIngested(system);
    expect(await storedScans(system, code.id)).toHaveLength(1);
    expect(await analyticsOf(code.id)).toMatchObject({ scans: 1, uniqueScans: 1, allTime: { scans: 1 } });
  });

  it('keeps ingesting after Redis lost the stream and its consumer group (a restart without its data)', async () => {
    const code = await createCode(alice.client, { name: 'Lost', destinationUrl: 'https://example.com/lost' }, { buySeat: true });
    const redis = new IORedis(system.config.redisUrl);
    await redis.del(scanStreamKey(system.config.redisPrefix));
    redis.disconnect();
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
    await waitFor(async () => expect(await storedScans(system, code.id)).toHaveLength(1), 15_000);
  });

  it('moves entries that cannot be stored to the dead letters, with a reason, and stores the rest', async () => {
    const code = await createCode(alice.client, { name: 'Poison', destinationUrl: 'https://example.com/poison' }, { buySeat: true });
    const redis = new IORedis(system.config.redisUrl);
    const stream = scanStreamKey(system.config.redisPrefix);
    const good = (n: number) =>
      encodeScanEntry({
        id: `0190f3a1-7b2c-7d4e-8f00-0000000000${String(n).padStart(2, '0')}`,
        codeId: code.id,
        slug: code.slug,
        ts: Date.now() - n,
        ip: `198.51.100.${n}`,
        userAgent: ANDROID,
        referer: '',
        acceptLanguage: 'en',
        country: '',
        method: 'GET',
        purpose: '',
      });
    await redis.xadd(stream, '*', SCAN_FIELD, good(1));
    await redis.xadd(stream, '*', SCAN_FIELD, 'not a scan');
    // Well formed, but at an instant no calendar has (year 318857): enriching it fails every attempt.
    await redis.xadd(stream, '*', SCAN_FIELD, good(2).replace(/,(\d{13}),/, ',9999999999999999,'));
    await redis.xadd(stream, '*', SCAN_FIELD, good(3));
    await scansIngested(system);
    expect(await storedScans(system, code.id)).toHaveLength(2);
    const dead = await redis.xrange(scanDeadLetterKey(system.config.redisPrefix), '-', '+');
    redis.disconnect();
    const reasons = dead.map(([, fields]) => fields[fields.indexOf('reason') + 1]);
    expect(reasons).toEqual([expect.stringMatching(/malformed/), expect.stringMatching(/enrichment failed/)]);
    // Admins see how many there are.
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    expect((await admin.get('/api/admin/qr-codes')).json.deadLetteredScans).toBe(2);
  });

  it("takes a deleted code's scans out of the account's figures", async () => {
    const kept = await createCode(alice.client, { name: 'Kept', destinationUrl: 'https://example.com/kept' }, { buySeat: true });
    const gone = await createCode(alice.client, { name: 'Gone', destinationUrl: 'https://example.com/gone' }, { buySeat: true });
    const redirect = system.url('redirect');
    const before = (await alice.client.get('/api/analytics')).json;
    await scan(redirect, kept.slug, { headers: { 'x-forwarded-for': '198.18.0.1' } });
    await scan(redirect, gone.slug, { headers: { 'x-forwarded-for': '198.18.0.2' } });
    await scan(redirect, gone.slug, { headers: { 'x-forwarded-for': '198.18.0.3' } });
    // The same visitor on both codes: counted once for the account, at the code scanned first.
    await scan(redirect, gone.slug, { headers: { 'x-forwarded-for': '198.18.0.4' } });
    // A later millisecond: two scans in the same one are equally first, and may be stored in either order.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await scan(redirect, kept.slug, { headers: { 'x-forwarded-for': '198.18.0.4' } });
    await scansIngested(system);
    const during = (await alice.client.get('/api/analytics')).json;
    expect([during.lastMonth - before.lastMonth, during.uniqueScans30Days - before.uniqueScans30Days]).toEqual([5, 4]);
    expect(breakdownTotal(during) - breakdownTotal(before)).toBe(5);
    // Some of the deleted code's dimension counts already folded into the documents, the rest still pending.
    await system.apps.get('qr')!.get(DimensionFolder).foldAllDimDeltas();
    await scan(redirect, gone.slug, { headers: { 'x-forwarded-for': '198.18.0.5' } });
    await scansIngested(system);

    expect((await alice.client.delete(`/api/qrcodes/${gone.id}`)).status).toBe(204);

    const after = (await alice.client.get('/api/analytics')).json;
    // Left: the kept code's two scans; its visitor 198.18.0.4 had been counted on the deleted code.
    expect([after.lastMonth - before.lastMonth, after.uniqueScans30Days - before.uniqueScans30Days]).toEqual([2, 1]);
    expect(breakdownTotal(after) - breakdownTotal(before)).toBe(2);
    await system.apps.get('qr')!.get(DimensionFolder).foldAllDimDeltas();
    expect(breakdownTotal((await alice.client.get('/api/analytics')).json) - breakdownTotal(before)).toBe(2);
    expect((await alice.client.get(`/api/qrcodes/${kept.id}/analytics`)).json).toMatchObject({ scans: 2, uniqueScans: 2 });

    // The visitors the deleted code had counted for the account count again at their next scan of
    // the day, though the ingestor had seen them stored before the deletion.
    await scan(redirect, kept.slug, { headers: { 'x-forwarded-for': '198.18.0.2' } });
    await scan(redirect, kept.slug, { headers: { 'x-forwarded-for': '198.18.0.4' } });
    await scansIngested(system);
    const later = (await alice.client.get('/api/analytics')).json;
    expect([later.lastMonth - before.lastMonth, later.uniqueScans30Days - before.uniqueScans30Days]).toEqual([4, 3]);
  });
});
