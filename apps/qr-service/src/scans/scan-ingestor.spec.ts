import { randomBytes, randomUUID } from 'node:crypto';
import IORedis from 'ioredis';
import { createLogger } from '@qrd/config';
import { encodeScanEntry, SCAN_FIELD, ScanStreamEntry } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { EnrichedScan } from './scan-enricher';
import { ScanIngestor } from './scan-ingestor';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe(ScanIngestor.name, () => {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const stream = `${prefix}:scans`;
  const deadLetters = `${prefix}:scans:dead`;
  const redis = new IORedis(REDIS_URL, { maxRetriesPerRequest: null });
  const control = new IORedis(REDIS_URL);
  let sut: ScanIngestor | undefined;

  afterAll(async () => {
    await sut?.stop();
    const keys = await control.keys(`${prefix}:*`);
    if (keys.length) await control.del(...keys);
    control.disconnect();
  });

  it('keeps a scan whose enrichment failed because Redis or PostgreSQL was away, and stores it once they answer', async () => {
    const entry = scanEntry();
    await control.xadd(stream, '*', SCAN_FIELD, encodeScanEntry(entry));
    // The day's salt could not be read: Redis had just gone away (twice), then it answers again.
    let failures = 2;
    const stored: EnrichedScan[] = [];
    sut = new ScanIngestor({
      redis,
      control,
      stream,
      deadLetters,
      group: 'ingestors',
      consumer: 'test',
      claimIdleMs: 60_000,
      enrich: async (scan) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('Connection is closed.');
        }
        return { scanId: scan.id, codeId: scan.codeId } as EnrichedScan;
      },
      store: async (scans) => {
        stored.push(...scans);
        return scans.length;
      },
      logger: createLogger('scan-ingestor-test', 'silent'),
      blockMs: 100,
    });
    await sut.start();

    await waitFor(() => expect(stored.map((s) => s.scanId)).toEqual([entry.id]), 10_000);
    expect(await control.xlen(deadLetters)).toBe(0);
  });

  it('stores scans arriving steadily in a few batches when it lingers, every one of them once', async () => {
    const steady = `${prefix}:steady`;
    const batches: number[] = [];
    const ids: string[] = [];
    const reader = new ScanIngestor({
      redis: new IORedis(REDIS_URL, { maxRetriesPerRequest: null }),
      control,
      stream: steady,
      deadLetters,
      group: 'ingestors',
      consumer: 'steady',
      claimIdleMs: 60_000,
      enrich: (scan) => ({ scanId: scan.id, codeId: scan.codeId }) as EnrichedScan,
      store: async (scans) => {
        batches.push(scans.length);
        ids.push(...scans.map((s) => s.scanId));
        return scans.length;
      },
      logger: createLogger('scan-ingestor-test', 'silent'),
      blockMs: 100,
      lingerMs: 400,
    });
    await reader.start();
    try {
      const sent: string[] = [];
      // 40 scans, one every 20 ms: about 800 ms of steady traffic.
      for (let n = 0; n < 40; n++) {
        const id = randomUUID();
        sent.push(id);
        await control.xadd(steady, '*', SCAN_FIELD, encodeScanEntry({ ...scanEntry(), id }));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await waitFor(() => expect([...ids].sort()).toEqual([...sent].sort()), 10_000);
      // Read at once, each scan (or two) would be a batch of its own.
      expect(batches.length).toBeLessThanOrEqual(5);
    } finally {
      await reader.stop();
    }
  });
});

function scanEntry(): ScanStreamEntry {
  return {
    id: randomUUID(),
    codeId: randomUUID(),
    slug: 'Ab3dE7x',
    ts: Date.now(),
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (iPhone)',
    referer: '',
    acceptLanguage: '',
    country: '',
    method: 'GET',
    purpose: '',
  };
}
