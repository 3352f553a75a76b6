import IORedis from 'ioredis';
import type { Logger } from '@qrd/config';
import { encodeScanEntry, ScanStreamEntry } from '@qrd/contracts';
import { APPEND_SCANS, packScans, ScanAppender, StoreConfirmations } from './scan-confirmations';
import { newScanId } from './scan-id';

export interface ScanRecorderOptions {
  redis: IORedis;
  stream: string;
  /** The ingestors' consumer group: a scan is stored once the group has read and acknowledged it. */
  group?: string;
  logger: Logger;
  /** Scans held while Redis is away; beyond it new scans are dropped (and counted). */
  maxBuffered?: number;
  /**
   * Most scans the stream holds (the ingestors delete what they stored), so stopped ingestors
   * cannot fill Redis. A full stream takes no more: scans wait in this process (`maxBuffered`)
   * rather than push out older ones nobody stored yet.
   */
  maxStreamLength?: number;
  flushDelayMs?: number;
  /** How long after a failed append the next is tried. */
  retryMs?: number;
  /** How often the stream is asked which appended scans are stored (and whether Redis lost them). */
  confirmEveryMs?: number;
  /** Appended scans kept until they are known to be stored; beyond it the oldest are let go (counted). */
  maxUnconfirmed?: number;
  /**
   * How long an answer waits for its scan to be appended; after it the scanner is answered anyway
   * and the scan stays in memory until Redis takes it (Redis slow or away).
   */
  answerWaitMs?: number;
}

/** Called once the scan is in the stream, or once waiting longer is not worth it. */
export type Answer = () => void;

/** A scan's answer waiting for its append, by the scan's time. */
interface Waiter {
  at: number;
  answer: Answer | null;
}

const BATCH = 1000;
const RETRY_MS = 1000;
const ANSWER_WAIT_MS = 100;

/**
 * Appends scans to the Redis Stream (DESIGN section 4). A scan taken with an answer is appended
 * before it is answered: the scans of one event-loop turn go in one script call, then their
 * redirects are sent, so a crash of this process never loses a scan whose scanner was redirected.
 * While Redis is slow (`answerWaitMs`) or away, scanners are answered at once and the scans wait in
 * memory, up to `maxBuffered`, until Redis takes them.
 */
export class ScanRecorder {
  private buffer: string[] = [];
  /** Beside `buffer`, entry for entry: the answer waiting for that scan's append, if any. */
  private waiters: (Waiter | null)[] = [];
  /** Every waiter not answered yet (some may be answered already), oldest first: for the timeout. */
  private waiting: Waiter[] = [];
  private waitTimer: NodeJS.Timeout | null = null;
  /** The last append failed: answer at once until one succeeds. */
  private degraded = false;
  /** The last append found the stream full (said once, not at every retry). */
  private streamFull = false;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** Scans of the batch being appended now. */
  private appending = 0;
  private confirmer: NodeJS.Timeout | null = null;
  /** Appended scans not yet known to be stored (see scan-confirmations.ts). */
  private readonly stored: StoreConfirmations;
  /** Scans lost because the buffer was full (Redis away for long). */
  dropped = 0;
  /** Scans written to the stream. */
  written = 0;
  /** Scans appended again because Redis lost them before they were stored. */
  resent = 0;
  /** Scanners answered before their scan was appended because Redis was slow. */
  lateAnswers = 0;

  constructor(private readonly options: ScanRecorderOptions) {
    if (!('appendScans' in options.redis)) options.redis.defineCommand('appendScans', { numberOfKeys: 1, lua: APPEND_SCANS });
    this.stored = new StoreConfirmations(options, () => this.closed, (scans) => this.resendUnconfirmed(scans));
    if (options.group) {
      this.confirmer = setInterval(() => void this.stored.confirm(), options.confirmEveryMs ?? 1000);
      this.confirmer.unref();
    }
  }

  /** Scans taken and not appended to the stream yet (the batch being appended included). */
  get pending(): number {
    return this.buffer.length + this.appending;
  }

  /** Scans appended to the stream and not yet known to be stored. */
  get unconfirmed(): number {
    return this.stored.unconfirmed;
  }

  /**
   * Takes a scan that just happened and gives it its id; answers that id. `answer` is called once
   * the scan is in the stream (or at once when Redis is away, or after `answerWaitMs`).
   */
  /**
   * `id`: the scan's id when it was made before (it went to the destination); a new one otherwise.
   * The id is set on `scan` itself (a copy of it with the id was a tenth of the work of recording a scan).
   */
  record(scan: Omit<ScanStreamEntry, 'id'>, answer?: Answer, id: string = newScanId(scan.ts)): string {
    if (this.buffer.length >= (this.options.maxBuffered ?? 100_000)) {
      this.dropped++;
      if (this.dropped === 1 || this.dropped % 1000 === 0) {
        this.options.logger.error({ dropped: this.dropped }, 'scan buffer full: scans are being dropped');
      }
      answer?.();
      return id;
    }
    const entry = scan as ScanStreamEntry;
    entry.id = id;
    this.buffer.push(encodeScanEntry(entry));
    if (answer === undefined || this.degraded || this.closed) {
      this.waiters.push(null);
      answer?.();
      this.schedule(this.options.flushDelayMs ?? 5);
      return id;
    }
    const waiter: Waiter = { at: Date.now(), answer };
    this.waiters.push(waiter);
    this.waiting.push(waiter);
    if (this.waitTimer === null) this.armWaitTimer(this.options.answerWaitMs ?? ANSWER_WAIT_MS);
    this.scheduleNow();
    return id;
  }

  /** Writes everything still buffered (best effort: gives up when Redis is away). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.confirmer) clearInterval(this.confirmer);
    this.confirmer = null;
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = null;
    await this.flushing;
    while (this.buffer.length > 0 && (await this.flushOnce())) {
      // keep writing until the buffer is empty or a write fails
    }
    if (this.buffer.length > 0) this.options.logger.error({ lost: this.buffer.length }, 'scans not written at shutdown');
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = null;
    this.answerAll(this.waiting);
    this.waiting = [];
  }

  private immediate: NodeJS.Immediate | null = null;

  /** A flush at the end of this turn, so every scan of the turn goes in one call. */
  private scheduleNow(): void {
    if (this.flushing || this.closed || this.immediate) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.immediate = setImmediate(() => {
      this.immediate = null;
      if (this.flushing || this.closed) return;
      this.flushing = this.flushAll().finally(() => {
        this.flushing = null;
      });
    });
  }

  private armWaitTimer(delayMs: number): void {
    this.waitTimer = setTimeout(() => this.answerOverdue(), Math.max(1, delayMs));
    this.waitTimer.unref();
  }

  /** Answers the scanners that waited `answerWaitMs` for an append that has not happened. */
  private answerOverdue(): void {
    this.waitTimer = null;
    const wait = this.options.answerWaitMs ?? ANSWER_WAIT_MS;
    const now = Date.now();
    let i = 0;
    while (i < this.waiting.length && (this.waiting[i].answer === null || this.waiting[i].at <= now - wait)) i++;
    const overdue = this.waiting.splice(0, i);
    let late = 0;
    for (const waiter of overdue) if (waiter.answer !== null) late++;
    if (late > 0) {
      this.lateAnswers += late;
      this.options.logger.warn({ scans: late, waitMs: wait }, 'Redis is slow: scanners answered before their scans were appended');
    }
    this.answerAll(overdue);
    if (this.waiting.length > 0) this.armWaitTimer(this.waiting[0].at + wait - now);
  }

  private answerAll(waiters: readonly (Waiter | null)[]): void {
    for (const waiter of waiters) {
      if (waiter === null || waiter.answer === null) continue;
      const answer = waiter.answer;
      waiter.answer = null;
      try {
        answer();
      } catch (error) {
        this.options.logger.error({ err: error }, 'answering a scanner failed');
      }
    }
  }

  /** Drops answered waiters from the front of the timeout list (they are answered in order). */
  private forgetAnswered(): void {
    let i = 0;
    while (i < this.waiting.length && this.waiting[i].answer === null) i++;
    if (i > 0) this.waiting.splice(0, i);
    if (this.waiting.length === 0 && this.waitTimer) {
      clearTimeout(this.waitTimer);
      this.waitTimer = null;
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.immediate || this.flushing || this.closed) return;
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
        this.schedule(this.options.retryMs ?? RETRY_MS);
        return;
      }
      // Redis answered while the event loop reads what came in; the requests that came with its
      // answer join the next batch (one write for them all, not one for those read before it).
      if (this.buffer.length > 0 && this.buffer.length < BATCH) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * One batch in one script call; true when it was written, else the batch goes back to the front.
   * The script runs atomically, so a batch is either appended whole or not at all.
   */
  private async flushOnce(): Promise<boolean> {
    const batch = this.buffer.splice(0, BATCH);
    const waiters = this.waiters.splice(0, BATCH);
    this.appending = batch.length;
    try {
      const redis = this.options.redis as unknown as ScanAppender;
      if (this.options.group && this.stored.epoch === null) this.stored.epoch = await this.stored.currentEpoch();
      const packed = packScans(batch);
      const [lastId, appended] = await redis.appendScans(this.options.stream, this.options.maxStreamLength ?? 1_000_000, packed);
      if (appended > 0) {
        this.written += appended;
        if (this.options.group) {
          this.stored.keepUntilStored({ lastId, count: appended, packed: appended < batch.length ? packScans(batch.slice(0, appended)) : packed });
        }
      }
      if (appended < batch.length) {
        this.requeue(batch.slice(appended));
        if (!this.streamFull) {
          this.streamFull = true;
          this.options.logger.error({ buffered: this.buffer.length }, 'the scan stream is full (are the qr-service ingestors running?): scans wait in this process');
        }
        return false;
      }
      if (this.streamFull) this.options.logger.info('the scan stream has room again');
      this.streamFull = false;
      this.degraded = false;
      return true;
    } catch (error) {
      this.requeue(batch);
      this.options.logger.warn({ err: error, buffered: this.buffer.length }, 'could not append scans; will retry');
      return false;
    } finally {
      this.appending = 0;
      this.answerAll(waiters);
      this.forgetAnswered();
    }
  }

  /**
   * Scans Redis did not take (away, or the stream full): their scanners are answered now, and the
   * scans go back to the front of the buffer to wait for it, the newest dropped beyond `maxBuffered`.
   */
  private requeue(scans: string[]): void {
    this.degraded = true;
    this.answerAll(this.waiters);
    const max = this.options.maxBuffered ?? 100_000;
    const requeued = scans.concat(this.buffer);
    this.dropped += Math.max(0, requeued.length - max);
    this.buffer = requeued.slice(0, max);
    this.waiters = new Array<Waiter | null>(this.buffer.length).fill(null);
  }

  /** Redis lost appended scans that were not stored yet: they go to the front of the buffer again. */
  private resendUnconfirmed(scans: string[]): void {
    this.resent += scans.length;
    this.buffer = scans.concat(this.buffer);
    this.waiters = new Array<Waiter | null>(scans.length).fill(null).concat(this.waiters);
    this.options.logger.warn({ scans: scans.length }, 'Redis lost scans before they were stored: appending them again');
    this.schedule(0);
  }
}

/**
 * The scans spread over the stream's shards (SCAN_STREAM_SHARDS): one recorder per shard, taking
 * scans in turn, so the shards fill evenly and each append is one call on one shard's key (on a
 * cluster, one master). With one shard it is that shard's recorder and nothing more.
 */
export class ShardedScanRecorder {
  readonly shards: ScanRecorder[];
  private next = 0;

  constructor(options: Omit<ScanRecorderOptions, 'stream'> & { streams: string[] }) {
    const { streams, ...rest } = options;
    if (streams.length === 0) throw new Error('the scan stream needs at least one shard');
    this.shards = streams.map((stream) => new ScanRecorder({ ...rest, stream }));
  }

  /** See ScanRecorder.record: the scan goes to the next shard in turn. */
  record(scan: Omit<ScanStreamEntry, 'id'>, answer?: Answer, id?: string): string {
    const shard = this.shards[this.next];
    this.next = this.next + 1 === this.shards.length ? 0 : this.next + 1;
    return shard.record(scan, answer, id);
  }

  async close(): Promise<void> {
    await Promise.all(this.shards.map((shard) => shard.close()));
  }

  private sum(read: (shard: ScanRecorder) => number): number {
    let total = 0;
    for (const shard of this.shards) total += read(shard);
    return total;
  }

  get pending(): number {
    return this.sum((s) => s.pending);
  }
  get unconfirmed(): number {
    return this.sum((s) => s.unconfirmed);
  }
  get dropped(): number {
    return this.sum((s) => s.dropped);
  }
  get written(): number {
    return this.sum((s) => s.written);
  }
  get resent(): number {
    return this.sum((s) => s.resent);
  }
  get lateAnswers(): number {
    return this.sum((s) => s.lateAnswers);
  }
}
