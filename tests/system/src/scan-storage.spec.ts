import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { dataSourceOptions } from '@qrd/database';
import { QR_DATABASE } from '../../../apps/qr-service/src/database';
import { CompactScans18008000000000 } from '../../../apps/qr-service/src/migrations/18008000000000-compact-scans';
import type { EnrichedScan } from '../../../apps/qr-service/src/scans/scan-enricher';
import { dropPartitionsBefore, ensurePartitions, partitionName } from '../../../apps/qr-service/src/scans/scan-partitions';
import { ScansRepository } from '../../../apps/qr-service/src/scans/scans.repository';
import { sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

const SCANS = 100_000;
const BATCH = 5_000;

/** A scan as the enricher hands it over, of a few devices, places and referrers. */
function scanOf(codeId: string, at: number, n: number): EnrichedScan {
  return {
    scanId: uuidv7({ msecs: at }),
    codeId,
    scannedAt: new Date(at),
    isBot: n % 10 === 0,
    botReason: n % 10 === 0 ? 'user-agent' : null,
    method: 'GET',
    device: ['mobile', 'desktop', 'tablet'][n % 3],
    os: ['iOS', 'Android', 'Windows'][n % 3],
    browser: ['Mobile Safari', 'Chrome'][n % 2],
    country: ['GB', 'DE', 'US', null][n % 4],
    region: n % 4 === 0 ? 'England' : null,
    city: n % 4 === 0 ? 'Bracknell' : null,
    referrer: n % 5 === 0 ? 'www.instagram.com' : null,
    language: ['en', 'de', 'fr'][n % 3],
    visitorHash: `v${String(n % 5000).padStart(21, '0')}`,
    variant: n % 7 === 0 ? 'B' : null,
    rule: n % 11 === 0 ? 2 : null,
    source: n % 13 === 0 ? 'click' : 'scan',
  };
}

describe('raw scans in PostgreSQL', () => {
  let system: TestSystem;
  let alice: Customer;
  let db: DataSource;
  let sut: ScansRepository;

  beforeAll(async () => {
    system = await TestSystem.start();
    alice = await subscribedCustomer(system);
    db = await new DataSource(dataSourceOptions(system.config.databaseUrl, QR_DATABASE)).initialize();
    sut = new ScansRepository(db);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await system?.stop();
  });

  it('takes at most 120 bytes a scan, table and every index, and stores a redelivered scan once', async () => {
    const code = await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' });
    // Within the current month, a second apart, in ascending ids as the redirect-services give them.
    const start = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) + 1000;
    const scans = Array.from({ length: SCANS }, (_, n) => scanOf(code.id, start + n * 20, n));
    let stored = 0;
    for (let n = 0; n < SCANS; n += BATCH) stored += await sut.insertBatch(scans.slice(n, n + BATCH));
    expect(stored).toBe(SCANS);
    expect(await sut.insertBatch(scans.slice(0, BATCH).map((s) => ({ ...s })))).toBe(0);

    const partition = `qr.${partitionName(new Date(start).toISOString().slice(0, 7))}`;
    const [{ bytes, rows }] = await sql<{ bytes: string; rows: string }>(
      system,
      `SELECT pg_table_size($1::regclass) + pg_indexes_size($1::regclass) AS bytes, (SELECT count(*) FROM qr.scan_rows) AS rows`,
      [partition],
    );
    expect(Number(rows)).toBe(SCANS);
    expect(Number(bytes) / SCANS).toBeLessThanOrEqual(120);
  });

  it('reads every field as stored', async () => {
    const code = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' }, { buySeat: true });
    const at = Date.now() - 60_000;
    const scans = Array.from({ length: 14 }, (_, n) => scanOf(code.id, at + n, n));
    await sut.insertBatch(scans.map((s) => ({ ...s })));

    const rows = await sql<Record<string, unknown>>(
      system,
      `SELECT scan_id, code_id, owner_id, scanned_at, is_bot, bot_reason, method, device, os, browser, country, region, city,
              referrer, language, visitor_hash, variant, rule, coalesce(source, 'scan') AS source
       FROM qr.scans WHERE code_id = $1 ORDER BY scanned_at`,
      [code.id],
    );
    expect(rows).toEqual(
      scans.map((s) => ({
        scan_id: s.scanId,
        code_id: code.id,
        owner_id: alice.user.id,
        scanned_at: s.scannedAt,
        is_bot: s.isBot,
        bot_reason: s.botReason,
        method: s.method,
        device: s.device,
        os: s.os,
        browser: s.browser,
        country: s.country,
        region: s.region,
        city: s.city,
        referrer: s.referrer,
        language: s.language,
        // A raw scan keeps the first 10 characters of the visitor's hash.
        visitor_hash: s.visitorHash.slice(0, 10),
        variant: s.variant,
        rule: s.rule,
        source: s.source,
      })),
    );
  });

  it('drops whole months past the retention, their scans and indexes with them', async () => {
    const code = await createCode(alice.client, { name: 'Archive', destinationUrl: 'https://example.com/archive' }, { buySeat: true });
    await db.transaction((tx) => ensurePartitions(tx, ['2001-01']));
    expect(await sut.insertBatch([scanOf(code.id, Date.UTC(2001, 0, 15), 1)])).toBe(1);

    expect(await db.transaction((tx) => dropPartitionsBefore(tx, '2001-02'))).toEqual(['2001-01']);
    expect(await sql(system, `SELECT count(*)::int AS n FROM qr.scans WHERE code_id = $1`, [code.id])).toEqual([{ n: 0 }]);
    expect(await sql(system, `SELECT to_regclass('qr.scan_rows_2001_01_scan_key') AS index`)).toEqual([{ index: null }]);
  });

  it('converts the scans stored before in place, and back', async () => {
    const code = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    const at = Date.now() - 3_600_000;
    await sut.insertBatch(Array.from({ length: 26 }, (_, n) => scanOf(code.id, at + n * 1000, n)));
    const read = () => sql(system, `SELECT * FROM qr.scans WHERE code_id = $1 ORDER BY scanned_at`, [code.id]);
    const before = await read();
    const migration = new CompactScans18008000000000();
    const runner = db.createQueryRunner();
    try {
      await migration.down(runner);
      // The wide table as it was: a scan written then, with its whole visitor hash, is kept too.
      await runner.query(
        `INSERT INTO qr.scans (scan_id, code_id, owner_id, scanned_at, is_bot, bot_reason, method, device, os, browser, country, region, city, referrer, language, visitor_hash)
         VALUES (gen_random_uuid(), $1, $2, $3, false, NULL, 'GET', 'mobile', 'iOS', 'Mobile Safari', 'FR', 'Brittany', 'Rennes', NULL, 'fr', 'Abcdefghij0123456789-_')`,
        [code.id, alice.user.id, new Date(at - 1000)],
      );
      expect(await read()).toHaveLength(27);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const after = await read();
    expect(after.slice(1)).toEqual(before);
    expect(after[0]).toMatchObject({ country: 'FR', region: 'Brittany', city: 'Rennes', visitor_hash: 'Abcdefghij', owner_id: alice.user.id });
    // A process started after the migration stores scans as before.
    const later = scanOf(code.id, at + 99_000, 99);
    expect(await new ScansRepository(db).insertBatch([{ ...later }])).toBe(1);
    expect((await read()).at(-1)).toMatchObject({ scan_id: later.scanId, device: later.device, country: later.country, variant: later.variant });
  });
});
