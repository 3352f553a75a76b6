import IORedis from 'ioredis';
import type { Logger } from '@qrd/config';
import { decodeScanEntry, ScanStreamEntry } from '@qrd/contracts';
import type { EnrichedScan } from './scan-enricher';

type StreamEntry = [id: string, fields: string[]];

export interface ScanIngestorOptions {
  /** A connection of its own: XREADGROUP BLOCK holds it while waiting. */
  redis: IORedis;
  /** Any other connection: used to cut a blocked read short at shutdown (CLIENT UNBLOCK). */
  control: IORedis;
  stream: string;
  group: string;
  consumer: string;
  /** Entries read but unacknowledged this long belong to a dead reader and are taken over. */
  claimIdleMs: number;
  enrich: (streamId: string, entry: ScanStreamEntry) => Promise<EnrichedScan>;
  /** Stores a batch in one transaction; must ignore entries it already has (by stream id). */
  store: (scans: EnrichedScan[]) => Promise<number>;
  logger: Logger;
  batchSize?: number;
  blockMs?: number;
}

/**
 * Reads the scan stream as one consumer of a consumer group (DESIGN section 3): at-least-once,
 * in batches; an entry is acknowledged (and deleted, so raw IPs do not linger) only after its
 * batch committed. Entries a dead consumer had read are claimed with XAUTOCLAIM, at start and then
 * periodically, and stored again harmlessly: the stream id is the scan's unique key.
 */
export class ScanIngestor {
  private running = false;
  private loop?: Promise<void>;
  private waiting = false;
  private lastClaim = 0;
  private clientId: number | null = null;
  /** Scans stored by this consumer (for logs and tests). */
  stored = 0;

  constructor(private readonly options: ScanIngestorOptions) {}

  get batchSize(): number {
    return this.options.batchSize ?? 500;
  }

  async start(): Promise<void> {
    await this.ensureGroup();
    this.clientId = Number(await this.options.redis.client('ID'));
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
    await this.loop;
    await this.options.redis.quit().catch(() => this.options.redis.disconnect());
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
      try {
        if (Date.now() - this.lastClaim >= Math.min(this.options.claimIdleMs, 30_000)) {
          this.lastClaim = Date.now();
          await this.claimAbandoned();
        }
        const entries = await this.readNew();
        if (entries.length > 0) await this.process(entries);
      } catch (error) {
        if (!this.running) break;
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
        'GROUP', group, consumer, 'COUNT', this.batchSize, 'BLOCK', this.options.blockMs ?? 1000, 'STREAMS', stream, '>',
      )) as [string, StreamEntry[]][] | null;
      return reply?.[0]?.[1] ?? [];
    } finally {
      this.waiting = false;
    }
  }

  private async claimAbandoned(): Promise<void> {
    const { redis, stream, group, consumer, claimIdleMs } = this.options;
    let cursor = '0-0';
    do {
      const [next, entries] = (await redis.xautoclaim(stream, group, consumer, claimIdleMs, cursor, 'COUNT', this.batchSize)) as [
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
    const scans: EnrichedScan[] = [];
    for (const [id, fields] of entries) {
      const entry = decodeScanEntry(fields);
      if (entry) scans.push(await this.options.enrich(id, entry));
      else this.options.logger.warn({ id }, 'skipping a malformed scan entry');
    }
    if (scans.length > 0) this.stored += await this.options.store(scans);
    const ids = entries.map(([id]) => id);
    await this.options.redis.multi().xack(this.options.stream, this.options.group, ...ids).xdel(this.options.stream, ...ids).exec();
  }
}
