import IORedis from 'ioredis';
import type { Logger } from '@qrd/config';
import { encodeScanEntry, ScanStreamEntry } from '@qrd/contracts';

export interface ScanRecorderOptions {
  redis: IORedis;
  stream: string;
  logger: Logger;
  /** Scans held while Redis is away; beyond it new scans are dropped (and counted). */
  maxBuffered?: number;
  /** The stream is trimmed to about this many entries so a stopped ingestor cannot fill Redis. */
  maxStreamLength?: number;
  flushDelayMs?: number;
}

const BATCH = 1000;
const RETRY_MS = 1000;

/**
 * Appends scans to the Redis Stream after the redirect has been answered (DESIGN section 4): the
 * request only pushes onto an in-memory list; a timer writes the list in pipelined XADDs. While
 * Redis is unreachable the list holds up to `maxBuffered` scans and is written once it is back.
 */
export class ScanRecorder {
  private buffer: string[][] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** Scans lost because the buffer was full (Redis away for long). */
  dropped = 0;
  /** Scans written to the stream. */
  written = 0;

  constructor(private readonly options: ScanRecorderOptions) {}

  get pending(): number {
    return this.buffer.length;
  }

  record(scan: ScanStreamEntry): void {
    if (this.buffer.length >= (this.options.maxBuffered ?? 100_000)) {
      this.dropped++;
      if (this.dropped === 1 || this.dropped % 1000 === 0) {
        this.options.logger.error({ dropped: this.dropped }, 'scan buffer full: scans are being dropped');
      }
      return;
    }
    this.buffer.push(encodeScanEntry(scan));
    this.schedule(this.options.flushDelayMs ?? 5);
  }

  /** Writes everything still buffered (best effort: gives up when Redis is away). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    while (this.buffer.length > 0 && (await this.flushOnce())) {
      // keep writing until the buffer is empty or a write fails
    }
    if (this.buffer.length > 0) this.options.logger.error({ lost: this.buffer.length }, 'scans not written at shutdown');
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.flushing || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushAll().finally(() => {
        this.flushing = null;
      });
    }, delayMs);
  }

  private async flushAll(): Promise<void> {
    while (this.buffer.length > 0 && !this.closed) {
      if (!(await this.flushOnce())) {
        this.flushing = null;
        this.schedule(RETRY_MS);
        return;
      }
    }
  }

  /** One pipelined batch; true when all of it was written. Failed entries go back to the front. */
  private async flushOnce(): Promise<boolean> {
    const batch = this.buffer.splice(0, BATCH);
    const pipeline = this.options.redis.pipeline();
    const maxLen = this.options.maxStreamLength ?? 1_000_000;
    for (const fields of batch) pipeline.xadd(this.options.stream, 'MAXLEN', '~', maxLen, '*', ...fields);
    let failed = batch;
    let problem: unknown = null;
    try {
      const results = (await pipeline.exec()) ?? [];
      failed = batch.filter((_, i) => !results[i] || results[i][0]);
      problem = results.find((result) => result?.[0])?.[0] ?? null;
    } catch (error) {
      problem = error;
    }
    this.written += batch.length - failed.length;
    if (failed.length === 0) return true;
    const max = this.options.maxBuffered ?? 100_000;
    const requeued = failed.concat(this.buffer);
    this.dropped += Math.max(0, requeued.length - max);
    this.buffer = requeued.slice(0, max);
    this.options.logger.warn({ err: problem, buffered: this.buffer.length }, 'could not append scans; will retry');
    return false;
  }
}
