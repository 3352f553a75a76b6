/** The scan stream's append script, and the tracking of appended scans until they are stored. */
import Denque from 'denque';
import { randomUUID } from 'node:crypto';
import { SCAN_FIELD } from '@qrd/contracts';
import { besideStreamKey } from '@qrd/messaging';
import { KeptBatches, KeptBytes } from './kept-batches';
import type { ScanRecorderOptions } from './scan-recorder';

/**
 * One call appends a whole batch, each scan its own entry (its id is the scan's key): far less
 * work per scan for this process than one XADD command each. The batch comes packed in one
 * argument (packScans), split here: one argument a scan cost this process a length, a header and
 * an encoding for each; the same packed batch is what is kept until the scans are stored.
 * Appends no more than the stream has room for (trimming would delete the oldest scans, which
 * nobody has stored yet). Answers the last appended entry's stream id ('' for none) and how many
 * were appended.
 */
export const APPEND_SCANS = `
local room = math.max(0, tonumber(ARGV[1]) - redis.call('XLEN', KEYS[1]))
local id = ''
local n = 0
for scan in string.gmatch(ARGV[2], '[^\\n]+') do
  if n >= room then break end
  id = redis.call('XADD', KEYS[1], '*', '${SCAN_FIELD}', scan)
  n = n + 1
end
return {id, n}`;

export interface ScanAppender {
  /** Answers the stream id of the last entry appended and how many of the packed scans were (the first ones). */
  appendScans(stream: string, maxLen: number, packed: string): Promise<[string, number]>;
}

/** Between the scans of a packed batch: an encoded scan is JSON, in which a raw newline never occurs. */
const SEPARATOR = '\n';

/**
 * Scans as one string: the append script's argument (a string, not a Buffer: ioredis then writes
 * the command as it is instead of copying it into a new Buffer each time), and what is kept of an
 * appended batch (copied into KeptBatches).
 */
export function packScans(scans: string[]): string {
  return scans.join(SEPARATOR);
}

function unpackScans(packed: Buffer): string[] {
  return packed.toString().split(SEPARATOR);
}

/** An appended batch, packed, as the recorder hands it over to be kept until it is stored. */
export interface SentBatch {
  lastId: string;
  count: number;
  packed: string;
}

/**
 * An appended batch as kept: outside the JavaScript heap, in KeptBatches' chunks. Kept as strings,
 * every scan outlived two young-generation collections and was copied into the old generation:
 * half the time of each of those collections under load (BENCHMARKS.md).
 */
interface KeptBatch {
  lastId: string;
  count: number;
  kept: KeptBytes;
}

/** Stream ids "ms-seq" compared as numbers. */
function idBefore(a: string, b: string): boolean {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am < bm || (am === bm && as < bs);
}

/**
 * Scans appended to the stream and not yet known to be stored by the ingestors' consumer group:
 * kept until the group has acknowledged them, and handed back to be appended again when Redis
 * lost them (it came back empty, or was flushed).
 */
export class StoreConfirmations {
  /**
   * Appended, not yet known to be stored, oldest first (see confirm). A double-ended queue: while
   * the ingestors are behind it holds thousands of batches, and an array's shift() copies all of
   * them once it has more than about 16,000 (tens of microseconds for every batch appended).
   */
  private readonly sent = new Denque<KeptBatch>();
  private readonly bytes = new KeptBatches();
  private unconfirmedCount = 0;
  private confirming = false;
  /** The Redis data generation the unconfirmed scans were appended in (see currentEpoch). */
  epoch: string | null = null;

  constructor(
    private readonly options: Pick<ScanRecorderOptions, 'redis' | 'stream' | 'group' | 'logger' | 'maxUnconfirmed'>,
    private readonly isClosed: () => boolean,
    private readonly resend: (scans: string[]) => void,
  ) {}

  /** Scans appended to the stream and not yet known to be stored. */
  get unconfirmed(): number {
    return this.unconfirmedCount;
  }

  /**
   * A token kept in Redis beside the stream: the same for every replica while Redis keeps its data,
   * gone when Redis comes back empty or is flushed (then a new one is made). A changed token means
   * scans appended before it may be lost. It is in the stream's hash slot, so on a cluster it is
   * on the stream's master and goes with it.
   */
  async currentEpoch(): Promise<string> {
    const key = besideStreamKey(this.options.stream, 'epoch');
    await this.options.redis.set(key, randomUUID(), 'NX');
    return (await this.options.redis.get(key)) ?? '';
  }

  keepUntilStored(batch: SentBatch): void {
    this.sent.push({ lastId: batch.lastId, count: batch.count, kept: this.bytes.keep(batch.packed) });
    this.unconfirmedCount += batch.count;
    const max = this.options.maxUnconfirmed ?? 200_000;
    while (this.unconfirmedCount > max && this.sent.length > 1) {
      // The ingestors are far behind: the oldest go without a safety net (they are in the stream).
      this.letGo(this.sent.shift() as KeptBatch);
    }
  }

  private letGo(batch: KeptBatch): void {
    this.unconfirmedCount -= batch.count;
    this.bytes.release(batch.kept);
  }

  /**
   * Lets go of appended scans the consumer group has read and acknowledged (stored): those before
   * its oldest pending entry, or up to its last delivered one when none is pending. When Redis lost
   * the stream (it came back empty, or was flushed) before they were stored, they are appended again:
   * each keeps its scan id, so a scan stored already is not stored twice.
   */
  async confirm(): Promise<void> {
    if (this.confirming || this.sent.length === 0 || this.isClosed()) return;
    this.confirming = true;
    try {
      const redis = this.options.redis;
      const stream = this.options.stream;
      if ((await this.currentEpoch()) !== this.epoch) {
        this.epoch = await this.currentEpoch();
        this.resendUnconfirmed();
        return;
      }
      const groups = (await redis.xinfo('GROUPS', stream).catch((error: Error) => {
        if (/no such key/i.test(error.message)) return [];
        throw error;
      })) as unknown[][];
      const group = groups.map((fields) => Object.fromEntries(pairs(fields))).find((g) => g.name === this.options.group);
      if (!group) return;
      let storedBefore = String(group['last-delivered-id']);
      let inclusive = true;
      if (Number(group.pending) > 0) {
        const summary = (await redis.xpending(stream, this.options.group as string)) as [number, string | null, string | null, unknown];
        if (summary[1]) {
          storedBefore = summary[1];
          inclusive = false;
        }
      }
      for (let oldest = this.sent.peekFront(); oldest !== undefined; oldest = this.sent.peekFront()) {
        const stored = idBefore(oldest.lastId, storedBefore) || (inclusive && oldest.lastId === storedBefore);
        if (!stored) break;
        this.sent.shift();
        this.letGo(oldest);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not check which scans are stored; will retry');
    } finally {
      this.confirming = false;
    }
  }

  /** Redis lost the appended scans not stored yet: they are handed back to be appended again. */
  private resendUnconfirmed(): void {
    const batches = this.sent.toArray();
    const scans = batches.flatMap((batch) => unpackScans(batch.kept.bytes));
    this.sent.clear();
    for (const batch of batches) this.letGo(batch);
    this.resend(scans);
  }
}

/** [k1, v1, k2, v2...] as [k, v] pairs. */
function pairs(fields: unknown[]): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) out.push([String(fields[i]), fields[i + 1]]);
  return out;
}
