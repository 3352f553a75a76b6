import { createHash } from 'node:crypto';
import IORedis from 'ioredis';
import type { Logger } from '@qrd/config';
import { decodeScanEntry, ScanStreamEntry } from '@qrd/contracts';
import { isCluster, settlesWithin } from '@qrd/messaging';
import type { EnrichedScan } from './scan-enricher';

type StreamEntry = [id: string, fields: string[]];

export interface ScanIngestorOptions {
  /** A connection of its own: XREADGROUP BLOCK holds it while waiting. */
  redis: IORedis;
  /** Any other connection: used to cut a blocked read short at shutdown (CLIENT UNBLOCK). */
  control: IORedis;
  stream: string;
  /** Where entries that cannot be stored go, with their reason. */
  deadLetters: string;
  group: string;
  consumer: string;
  /** Entries read but unacknowledged this long belong to a dead reader and are taken over. */
  claimIdleMs: number;
  /** May answer at once (no promise per scan) or with a promise. */
  enrich: (entry: ScanStreamEntry) => EnrichedScan | Promise<EnrichedScan>;
  /** Stores a batch in one transaction; must ignore scans it already has (by scan id). */
  store: (scans: EnrichedScan[]) => Promise<number>;
  logger: Logger;
  /** Entries read at once while the stream is short; grows up to maxBatchSize while a backlog drains. */
  batchSize?: number;
  maxBatchSize?: number;
  blockMs?: number;
  /**
   * After a read that did not fill a batch, the next read waits until this long after the last one
   * began: scans arriving steadily are stored in batches of hundreds or thousands rather than a
   * few at a time, each batch's fixed work shared by more scans (default 0: read at once).
   */
  lingerMs?: number;
  /** How long stop() waits for the batch in hand before it lets it go (default 15 s). */
  stopWaitMs?: number;
}

/** How long a stop waits for the batch in hand (see stop). */
const STOP_WAIT_MS = 15_000;

/** Tries of a failing step before its entries go to the dead letters. */
const ATTEMPTS = 3;

/** The id a scan appended before scans carried their own: the same one the migration gave stored scans. */
export function legacyScanId(streamId: string): string {
  const hex = createHash('md5').update(streamId).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Reads the scan stream as one consumer of a consumer group (DESIGN section 3): at-least-once,
 * in batches; an entry is acknowledged (and deleted, so raw IPs do not linger) only after its
 * batch committed. Entries a dead consumer had read are claimed with XAUTOCLAIM, at start and then
 * periodically, and stored again harmlessly: the scan id is the stored scan's unique key. An entry
 * that cannot be stored (malformed, or failing every attempt) goes to the dead-letter stream with
 * its reason and never holds up the others.
 */
export class ScanIngestor {
  /** From start() until stop(): the read loop runs (retrying by itself while Redis or PostgreSQL is away). */
  running = false;
  private loop?: Promise<void>;
  private waiting = false;
  private lastClaim = 0;
  private clientId: number | null = null;
  private readSize: number;
  /** Scans stored by this consumer (for logs, metrics and tests). */
  stored = 0;
  /** A batch failed (PostgreSQL or Redis away): read this consumer's pending entries before new ones. */
  private ownPendingFirst = false;
  /** Entries this consumer sent to the dead letters. */
  deadLettered = 0;

  constructor(private readonly options: ScanIngestorOptions) {
    this.readSize = this.minBatch;
  }

  /** A backlog is being drained: the last read was full, and the next reads take more at once. */
  get draining(): boolean {
    return this.readSize > this.minBatch;
  }

  private get minBatch(): number {
    return this.options.batchSize ?? 500;
  }

  private get maxBatch(): number {
    return Math.max(this.minBatch, this.options.maxBatchSize ?? 50_000);
  }

  async start(): Promise<void> {
    await this.ensureGroup();
    // On a cluster the blocked read is on the shard's master, not where CLIENT ID would go: a
    // stop then waits for the read's end (blockMs) instead of cutting it short.
    this.clientId = isCluster(this.options.redis) ? null : Number(await this.options.redis.client('ID'));
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the batch in hand; a blocked read is cut short and returns nothing. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.waiting && this.clientId !== null) {
      await this.options.control.client('UNBLOCK', this.clientId).catch(() => undefined);
    }
    // The batch in hand is finished (stored and acknowledged) unless Redis or PostgreSQL holds it
    // past the stop wait: then it stays pending and another reader claims it (each scan is
    // stored once whoever stores it), and the process still stops.
    if (!(await settlesWithin(this.loop, this.options.stopWaitMs ?? STOP_WAIT_MS))) {
      this.options.logger.warn({ stream: this.options.stream }, 'scan ingestor stopped with a batch in hand; another reader will claim it');
    }
    if (!(await settlesWithin(this.options.redis.quit(), 2000))) this.options.redis.disconnect();
  }

  private async ensureGroup(): Promise<void> {
    const { redis, stream, group } = this.options;
    try {
      // From the very beginning: scans appended before the first ingestor ever started are not lost.
      await redis.xgroup('CREATE', stream, group, '0', 'MKSTREAM');
    } catch (error) {
      if (!String((error as Error).message).includes('BUSYGROUP')) throw error;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      const began = Date.now();
      try {
        if (Date.now() - this.lastClaim >= Math.min(this.options.claimIdleMs, 30_000)) {
          this.lastClaim = Date.now();
          await this.claimAbandoned();
        }
        const entries = this.ownPendingFirst ? await this.readOwnPending() : await this.readNew();
        if (entries.length >= this.readSize) {
          // A full read means a backlog: the next read takes as much of it as a batch may hold
          // (fewer, larger transactions), as measured by the stream's length (acknowledged entries are deleted).
          const backlog = await this.options.redis.xlen(this.options.stream);
          this.readSize = Math.min(this.maxBatch, Math.max(this.readSize * 2, backlog));
        } else {
          this.readSize = Math.max(this.minBatch, Math.floor(this.readSize / 2));
        }
        if (entries.length > 0) await this.process(entries);
        const linger = (this.options.lingerMs ?? 0) - (Date.now() - began);
        if (entries.length > 0 && !this.draining && linger > 0 && this.running) await new Promise((resolve) => setTimeout(resolve, linger));
      } catch (error) {
        if (!this.running) break;
        if (String((error as Error).message).startsWith('NOGROUP')) {
          // Redis came back without its data: the stream and its group are made again, and the
          // scans the redirect-services append from now on (or re-send from their buffers) are read.
          this.options.logger.warn('the scan stream or its consumer group is gone (Redis lost its data): creating them again');
          await this.ensureGroup().catch(() => undefined);
          continue;
        }
        // The batch in hand stays pending on this consumer: it is read again first, at once,
        // rather than after the claim time a stopped consumer's entries wait for.
        this.ownPendingFirst = true;
        this.options.logger.warn({ err: error }, 'scan ingestion failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async readNew(): Promise<StreamEntry[]> {
    const { redis, stream, group, consumer } = this.options;
    this.waiting = true;
    try {
      const reply = (await redis.xreadgroup(
        'GROUP', group, consumer, 'COUNT', this.readSize, 'BLOCK', this.options.blockMs ?? 1000, 'STREAMS', stream, '>',
      )) as [string, StreamEntry[]][] | null;
      return reply?.[0]?.[1] ?? [];
    } finally {
      this.waiting = false;
    }
  }

  /** Entries this consumer read and has not acknowledged (a batch that failed), oldest first. */
  private async readOwnPending(): Promise<StreamEntry[]> {
    const { redis, stream, group, consumer } = this.options;
    const reply = (await redis.xreadgroup('GROUP', group, consumer, 'COUNT', this.readSize, 'STREAMS', stream, '0')) as
      | [string, [string, string[] | null][]][]
      | null;
    const entries = reply?.[0]?.[1] ?? [];
    if (entries.length === 0) this.ownPendingFirst = false;
    // An entry trimmed from the stream since it was read has no fields left: nothing to store.
    const gone = entries.filter(([, fields]) => !Array.isArray(fields)).map(([id]) => id);
    if (gone.length > 0) await redis.xack(stream, group, ...gone);
    return entries.filter((entry): entry is StreamEntry => Array.isArray(entry[1]));
  }

  private async claimAbandoned(): Promise<void> {
    const { redis, stream, group, consumer, claimIdleMs } = this.options;
    let cursor = '0-0';
    do {
      const [next, entries] = (await redis.xautoclaim(stream, group, consumer, claimIdleMs, cursor, 'COUNT', this.minBatch)) as [
        string,
        (StreamEntry | null)[],
      ];
      const live = entries.filter((entry): entry is StreamEntry => Array.isArray(entry) && Array.isArray(entry[1]));
      if (live.length > 0) {
        this.options.logger.info({ entries: live.length }, 'claimed scans of a stopped ingestor');
        await this.process(live);
      }
      cursor = next;
    } while (cursor !== '0-0' && this.running);
  }

  private async process(entries: StreamEntry[]): Promise<void> {
    const scans: { streamId: string; fields: string[]; scan: EnrichedScan }[] = [];
    const dead: { streamId: string; fields: string[]; reason: string }[] = [];
    for (const [streamId, fields] of entries) {
      const entry = decodeScanEntry(fields, () => legacyScanId(streamId));
      if (!entry) {
        dead.push({ streamId, fields, reason: 'malformed entry' });
        continue;
      }
      // Synchronous nearly always; a promise (a salt to fetch) or a failure takes the retrying path.
      let quick: EnrichedScan | Promise<EnrichedScan> | null;
      try {
        quick = this.options.enrich(entry);
      } catch {
        quick = null;
      }
      if (quick !== null && !(quick instanceof Promise)) {
        scans.push({ streamId, fields, scan: quick });
        continue;
      }
      let first = quick;
      try {
        const scan = await this.attempt(() => {
          const pending = first ?? this.options.enrich(entry);
          first = null;
          return Promise.resolve(pending);
        });
        scans.push({ streamId, fields, scan });
      } catch (error) {
        // Redis or PostgreSQL away (the day's salt could not be read): the batch waits, unread
        // entries stay pending and are read again first; only the entry's own fault is dead-lettered.
        if (isUnavailable(error)) throw error;
        dead.push({ streamId, fields, reason: `enrichment failed: ${(error as Error).message}` });
      }
    }
    if (scans.length > 0) await this.storeOrIsolate(scans, dead);
    if (dead.length > 0) await this.deadLetter(dead);
    const ids = entries.map(([id]) => id);
    await this.options.redis.multi().xack(this.options.stream, this.options.group, ...ids).xdel(this.options.stream, ...ids).exec();
  }

  /**
   * The batch in one transaction; if it keeps failing, halves until the entries that cannot be
   * stored are found (they go to the dead letters) and the rest are stored. A database that is
   * down fails every half the same way: then nothing is dead-lettered and the batch is retried.
   */
  private async storeOrIsolate(
    scans: { streamId: string; fields: string[]; scan: EnrichedScan }[],
    dead: { streamId: string; fields: string[]; reason: string }[],
  ): Promise<void> {
    try {
      this.stored += await this.attempt(() => this.options.store(scans.map((s) => s.scan)));
      return;
    } catch (error) {
      if (scans.length === 1) {
        if (isUnavailable(error)) throw error;
        dead.push({ ...scans[0], reason: `could not be stored: ${(error as Error).message}` });
        return;
      }
      if (isUnavailable(error)) throw error;
    }
    const half = Math.ceil(scans.length / 2);
    await this.storeOrIsolate(scans.slice(0, half), dead);
    await this.storeOrIsolate(scans.slice(half), dead);
  }

  private async deadLetter(dead: { streamId: string; fields: string[]; reason: string }[]): Promise<void> {
    const pipeline = this.options.redis.pipeline();
    for (const { streamId, fields, reason } of dead) {
      pipeline.xadd(this.options.deadLetters, 'MAXLEN', '~', 100_000, '*', 'stream_id', streamId, 'reason', reason.slice(0, 500), ...fields);
    }
    await pipeline.exec();
    this.deadLettered += dead.length;
    this.options.logger.error({ entries: dead.length, reasons: [...new Set(dead.map((d) => d.reason))].slice(0, 5) }, 'scans moved to the dead letters');
  }

  private async attempt<T>(work: () => Promise<T>): Promise<T> {
    for (let n = 1; ; n += 1) {
      try {
        return await work();
      } catch (error) {
        if (n >= ATTEMPTS || isUnavailable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * n));
      }
    }
  }
}

/** The database or Redis being away is no fault of the entries: they wait, they are not dead-lettered. */
function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  const message = String((error as Error).message ?? '');
  return (
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P03' ||
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Connection is closed|max retries per request/i.test(message)
  );
}
