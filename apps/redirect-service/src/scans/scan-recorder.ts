import IORedis from 'ioredis';
import { v7 as uuidv7 } from 'uuid';
import type { Logger } from '@qrd/config';
import { encodeScanEntry, SCAN_FIELD, ScanStreamEntry } from '@qrd/contracts';

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
 * One call appends a whole batch, each scan its own entry (its id is the scan's key): far less
 * work per scan for this process than one XADD command each. Answers how many were appended.
 */
const APPEND_SCANS = `
local maxlen = ARGV[1]
for i = 2, #ARGV do
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', maxlen, '*', '${SCAN_FIELD}', ARGV[i])
end
return #ARGV - 1`;

interface ScanAppender {
  appendScans(stream: string, maxLen: number, ...scans: string[]): Promise<number>;
}

/**
 * Appends scans to the Redis Stream after the redirect has been answered (DESIGN section 4): the
 * request only pushes onto an in-memory list; a timer writes the list in batches. While
 * Redis is unreachable the list holds up to `maxBuffered` scans and is written once it is back.
 */
export class ScanRecorder {
  private buffer: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** Scans lost because the buffer was full (Redis away for long). */
  dropped = 0;
  /** Scans written to the stream. */
  written = 0;

  constructor(private readonly options: ScanRecorderOptions) {
    if (!('appendScans' in options.redis)) options.redis.defineCommand('appendScans', { numberOfKeys: 1, lua: APPEND_SCANS });
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** Takes a scan that just happened and gives it its id; answers that id. */
  record(scan: Omit<ScanStreamEntry, 'id'>): string {
    const id = uuidv7();
    if (this.buffer.length >= (this.options.maxBuffered ?? 100_000)) {
      this.dropped++;
      if (this.dropped === 1 || this.dropped % 1000 === 0) {
        this.options.logger.error({ dropped: this.dropped }, 'scan buffer full: scans are being dropped');
      }
      return id;
    }
    this.buffer.push(encodeScanEntry({ id, ...scan }));
    this.schedule(this.options.flushDelayMs ?? 5);
    return id;
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

  /**
   * One batch in one script call; true when it was written, else the batch goes back to the front.
   * The script runs atomically, so a batch is either appended whole or not at all.
   */
  private async flushOnce(): Promise<boolean> {
    const batch = this.buffer.splice(0, BATCH);
    try {
      const redis = this.options.redis as unknown as ScanAppender;
      await redis.appendScans(this.options.stream, this.options.maxStreamLength ?? 1_000_000, ...batch);
      this.written += batch.length;
      return true;
    } catch (error) {
      const max = this.options.maxBuffered ?? 100_000;
      const requeued = batch.concat(this.buffer);
      this.dropped += Math.max(0, requeued.length - max);
      this.buffer = requeued.slice(0, max);
      this.options.logger.warn({ err: error, buffered: this.buffer.length }, 'could not append scans; will retry');
      return false;
    }
  }
}
