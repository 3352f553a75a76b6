import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import { createLogger } from '@qrd/config';
import { decodeScanEntry, scanStreamKey, ScanStreamEntry } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { besideStreamKey, scanStreamShardKeys } from '@qrd/messaging';
import { failFastRedis, whenReady } from '../redirects/redis-connections';
import { ScanRecorder, ShardedScanRecorder } from './scan-recorder';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger('scan-recorder-test', 'silent');

function scanOf(n: number): Omit<ScanStreamEntry, 'id'> {
  return {
    codeId: '2b0f5a8e-8a55-4c1a-9d7e-1f2d3c4b5a69',
    slug: 'Ab3dE7x',
    ts: 1_700_000_000_000 + n,
    ip: `203.0.113.${n}`,
    userAgent: 'Mozilla/5.0 (iPhone)',
    referer: '',
    acceptLanguage: 'de-DE,de;q=0.9',
    country: '',
    method: 'GET',
    purpose: '',
  };
}

describe(ScanRecorder.name, () => {
  const stream = scanStreamKey(`t${randomBytes(5).toString('hex')}`);
  const reader = new IORedis(REDIS_URL);

  afterAll(async () => {
    await reader.del(stream);
    await reader.quit();
  });

  it('appends every recorded scan to the stream, in order, without the caller waiting', async () => {
    const redis = failFastRedis(REDIS_URL, 2000);
    const sut = new ScanRecorder({ redis, stream, logger });

    const ids = [1, 2, 3].map((n) => sut.record(scanOf(n)));

    expect(sut.pending).toBe(3);
    await waitFor(async () => expect(await reader.xlen(stream)).toBe(3));
    const entries = await reader.xrange(stream, '-', '+');
    expect(entries.map(([, fields]) => decodeScanEntry(fields))).toEqual([1, 2, 3].map((n, i) => ({ id: ids[i], ...scanOf(n) })));
    // Each scan has its own time-ordered id (UUIDv7), made when it happened.
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    await sut.close();
    await redis.quit();
  });

  it('appends a batch sent as one packed argument as one entry a scan, over several calls when it is long', async () => {
    const own = scanStreamKey(`t${randomBytes(5).toString('hex')}`);
    const redis = failFastRedis(REDIS_URL, 2000);
    const sut = new ScanRecorder({ redis, stream: own, logger });

    try {
      const ids = Array.from({ length: 1500 }, (_, n) => sut.record({ ...scanOf(n), userAgent: `agent ${n}\n"quoted"` }));
      await waitFor(async () => expect(await reader.xlen(own)).toBe(1500));
      const entries = await reader.xrange(own, '-', '+');
      expect(entries.map(([, fields]) => decodeScanEntry(fields))).toEqual(ids.map((id, n) => ({ id, ...scanOf(n), userAgent: `agent ${n}\n"quoted"` })));
      expect(sut.written).toBe(1500);
    } finally {
      await sut.close();
      await redis.quit();
      await reader.del(own);
    }
  });

  it("answers a scan once it is in the stream, the turn's scans in one call", async () => {
    const own = scanStreamKey(`t${randomBytes(5).toString('hex')}`);
    const redis = failFastRedis(REDIS_URL, 2000);
    await whenReady(redis);
    // However slow this machine is now, no answer goes before its append.
    const sut = new ScanRecorder({ redis, stream: own, logger, answerWaitMs: 60_000 });
    const seen: Promise<number>[] = [];

    for (const n of [1, 2, 3]) sut.record(scanOf(n), () => seen.push(reader.xlen(own)));

    expect(seen).toHaveLength(0);
    await waitFor(() => expect(seen).toHaveLength(3));
    // Each scanner was answered after all three scans were in the stream.
    expect(await Promise.all(seen)).toEqual([3, 3, 3]);
    expect(sut.lateAnswers).toBe(0);
    await sut.close();
    await redis.quit();
    await reader.del(own);
  });

  it('answers at once, keeping the scans, while Redis is unreachable', async () => {
    const redis = new IORedis({ host: '127.0.0.1', port: 1, enableOfflineQueue: false, maxRetriesPerRequest: 0, disconnectTimeout: 10 });
    redis.on('error', () => undefined);
    const sut = new ScanRecorder({ redis, stream, logger });
    let answered = 0;

    sut.record(scanOf(1), () => answered++);
    // The first append is refused: its scanner is answered then, and later ones straight away.
    await waitFor(() => expect(answered).toBe(1));
    sut.record(scanOf(2), () => answered++);

    expect(answered).toBe(2);
    expect(sut.pending).toBe(2);
    redis.disconnect();
    await sut.close();
  });

  it('answers after answerWaitMs while Redis is slow, and appends the scan when Redis can take it', async () => {
    const own = scanStreamKey(`t${randomBytes(5).toString('hex')}`);
    const redis = failFastRedis(REDIS_URL, 2000);
    await whenReady(redis);
    const sut = new ScanRecorder({ redis, stream: own, logger, answerWaitMs: 50 });
    const admin = new IORedis(REDIS_URL);
    // Redis holds every write for 1.5 s.
    await admin.call('CLIENT', 'PAUSE', '1500', 'WRITE');
    const started = Date.now();
    let answeredAfter = -1;
    let lengthWhenAnswered: Promise<number> | null = null;

    sut.record(scanOf(1), () => {
      answeredAfter = Date.now() - started;
      lengthWhenAnswered = reader.exists(own);
    });

    await waitFor(() => expect(answeredAfter).toBeGreaterThanOrEqual(0));
    expect(answeredAfter).toBeLessThan(1400);
    expect(await lengthWhenAnswered).toBe(0);
    expect(sut.lateAnswers).toBe(1);
    await waitFor(async () => expect(await reader.xlen(own)).toBe(1));
    await sut.close();
    await redis.quit();
    await admin.quit();
    await reader.del(own);
  });

  it('never pushes scans not yet stored out of a full stream: the newest wait in the process until there is room', async () => {
    const own = scanStreamKey(`t${randomBytes(5).toString('hex')}`);
    const redis = failFastRedis(REDIS_URL, 2000);
    const sut = new ScanRecorder({ redis, stream: own, logger, maxStreamLength: 200, retryMs: 20 });

    try {
    // Nobody stores them (the ingestors are down): 500 scans against room for 200.
    const ids = Array.from({ length: 500 }, (_, n) => sut.record(scanOf(n)));
    await waitFor(() => expect(sut.pending).toBe(300));
    const first = await reader.xrange(own, '-', '+');
    expect(first.map(([, fields]) => decodeScanEntry(fields)?.id)).toEqual(ids.slice(0, 200));

    // The ingestors store and delete what they read: the rest follow, every scan once, in order.
    const appended: string[] = first.map(([, fields]) => decodeScanEntry(fields)?.id ?? '');
    await reader.del(own);
    await waitFor(async () => {
      const entries = await reader.xrange(own, '-', '+');
      for (const [streamId, fields] of entries) {
        appended.push(decodeScanEntry(fields)?.id ?? '');
        await reader.xdel(own, streamId);
      }
      expect(appended).toHaveLength(500);
    }, 15_000);
    expect(appended).toEqual(ids);
    expect([sut.pending, sut.dropped]).toEqual([0, 0]);
    } finally {
      await sut.close();
      await redis.quit();
      await reader.del(own);
    }
  });

  it('holds a bounded number of scans while Redis is unreachable and counts what it had to drop', async () => {
    // Nothing listens on port 1: every connection attempt fails at once.
    const redis = new IORedis({ host: '127.0.0.1', port: 1, enableOfflineQueue: false, maxRetriesPerRequest: 0, disconnectTimeout: 10 });
    redis.on('error', () => undefined);
    const quiet = createLogger('scan-recorder-test', 'silent');
    const warn = jest.spyOn(quiet, 'warn');
    const sut = new ScanRecorder({ redis, stream, logger: quiet, maxBuffered: 10 });

    for (let n = 1; n <= 15; n++) sut.record(scanOf(n));
    // The first write has been tried and refused: the scans went back into the buffer.
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.objectContaining({ buffered: 10 }), 'could not append scans; will retry'));

    expect(sut.pending).toBe(10);
    expect(sut.dropped).toBe(5);
    expect(sut.written).toBe(0);
    redis.disconnect();
    await sut.close();
  });

  it('keeps appended scans until the ingestors stored them, and appends them again when Redis lost them first', async () => {
    const lossy = scanStreamKey(`t${randomBytes(5).toString('hex')}`);
    const group = 'qr-ingest';
    await reader.xgroup('CREATE', lossy, group, '0', 'MKSTREAM');
    const redis = failFastRedis(REDIS_URL, 2000);
    const sut = new ScanRecorder({ redis, stream: lossy, group, logger, confirmEveryMs: 50 });
    const streamed = async () => (await reader.xrange(lossy, '-', '+')).map(([, fields]) => decodeScanEntry(fields)?.id);

    const ids = [1, 2, 3, 4, 5].map((n) => sut.record(scanOf(n)));
    await waitFor(async () => expect(await streamed()).toEqual(ids));
    expect(sut.unconfirmed).toBe(5);

    // Redis comes back without its data before any was stored; the ingestor makes its group again.
    await reader.del(lossy, besideStreamKey(lossy, 'epoch'));
    await reader.xgroup('CREATE', lossy, group, '0', 'MKSTREAM');

    await waitFor(async () => expect(await streamed()).toEqual(ids));
    expect(sut.resent).toBe(5);
    // Stored: the ingestor reads and acknowledges them, and the recorder lets go of them.
    const [[, entries]] = (await reader.xreadgroup('GROUP', group, 'ingestor', 'COUNT', 10, 'STREAMS', lossy, '>')) as [string, [string, string[]][]][];
    await reader.xack(lossy, group, ...entries.map(([id]) => id));
    await waitFor(() => expect(sut.unconfirmed).toBe(0));
    expect(sut.resent).toBe(5);
    await sut.close();
    await redis.quit();
    await reader.del(lossy, besideStreamKey(lossy, 'epoch'));
  });

  it('appends again exactly the scans it kept: a header with a line break or non-ASCII text comes back unchanged', async () => {
    const lossy = scanStreamKey(`t${randomBytes(5).toString('hex')}`);
    const group = 'qr-ingest';
    await reader.xgroup('CREATE', lossy, group, '0', 'MKSTREAM');
    const redis = failFastRedis(REDIS_URL, 2000);
    const sut = new ScanRecorder({ redis, stream: lossy, group, logger, confirmEveryMs: 50 });
    const streamed = async () => (await reader.xrange(lossy, '-', '+')).map(([, fields]) => decodeScanEntry(fields));
    const scans = [
      { ...scanOf(1), userAgent: 'Scanner\nLine two\r\n' },
      { ...scanOf(2), acceptLanguage: 'ja-JP,日本語;q=0.9', referer: 'https://example.com/café' },
      scanOf(3),
    ];
    const ids = scans.map((scan) => sut.record({ ...scan }));
    const expected = scans.map((scan, i) => ({ ...scan, id: ids[i] }));
    await waitFor(async () => expect(await streamed()).toEqual(expected));

    await reader.del(lossy, besideStreamKey(lossy, 'epoch'));
    await reader.xgroup('CREATE', lossy, group, '0', 'MKSTREAM');

    await waitFor(async () => expect(await streamed()).toEqual(expected));
    expect(sut.resent).toBe(3);
    await sut.close();
    await redis.quit();
    await reader.del(lossy, besideStreamKey(lossy, 'epoch'));
  });

  it('spreads scans over the stream shards in turn, and counts over all of them', async () => {
    const prefix = `t${randomBytes(5).toString('hex')}`;
    const streams = scanStreamShardKeys(prefix, 3);
    const redis = failFastRedis(REDIS_URL, 2000);
    await whenReady(redis);
    const sut = new ShardedScanRecorder({ redis, streams, logger });
    const ids = Array.from({ length: 9 }, (_, n) => sut.record(scanOf(n)));
    await waitFor(async () => expect(sut.pending).toBe(0));
    expect(sut.written).toBe(9);
    const perShard = await Promise.all(streams.map(async (stream) => (await reader.xrange(stream, '-', '+')).map(([, fields]) => decodeScanEntry(fields)?.id)));
    expect(perShard.map((shard) => shard.length)).toEqual([3, 3, 3]);
    expect(perShard.flat().sort()).toEqual([...ids].sort());
    expect(perShard[0]).toEqual([ids[0], ids[3], ids[6]]);
    await sut.close();
    redis.disconnect();
    await reader.del(...streams);
  });
});
