import { randomUUID } from 'node:crypto';
import { QrCodeView } from '@qrd/contracts';
import { TestHttpClient, TestResponse } from '@qrd/testing';
import { sleep } from './ports';

/** A phone's browser: scans from it are counted as people, not bots. */
export const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export interface RedirectCounts {
  /** 302s to the right destination: each one a scan that must be stored once. */
  redirected: number;
  /**
   * Wrong answers: any other status, a wrong Location, a refused connection. Such a scan may still
   * have been stored (the redirect-service died after appending it, before answering).
   */
  errors: number;
  /** No answer in time: the scan may or may not have been counted. */
  timedOut: number;
}

/**
 * Scanners of known codes: a few loops, each asking for the next code's short link with a short
 * pause, through the front door. Every answer is checked against the code's destination.
 */
export class RedirectLoad {
  private running = false;
  private loops: Promise<void>[] = [];
  readonly counts: RedirectCounts = { redirected: 0, errors: 0, timedOut: 0 };
  readonly firstErrors: string[] = [];
  /** When each error or time-out happened (ms since the epoch). */
  readonly failedAt: number[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly codes: { slug: string; destinationUrl: string }[],
    private readonly workers = 6,
    private readonly pauseMs = 15,
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.workers }, (_, n) => this.loop(n));
  }

  async stop(): Promise<RedirectCounts> {
    this.running = false;
    await Promise.all(this.loops);
    return { ...this.counts };
  }

  snapshot(): RedirectCounts {
    return { ...this.counts };
  }

  private async loop(offset: number): Promise<void> {
    for (let n = offset; this.running; n += this.workers) {
      const code = this.codes[n % this.codes.length];
      try {
        const res = await fetch(`${this.baseUrl}/r/${code.slug}`, {
          redirect: 'manual',
          headers: { 'user-agent': PHONE, 'accept-language': 'en-GB' },
          signal: AbortSignal.timeout(3000),
        });
        await res.arrayBuffer();
        if (res.status === 302 && res.headers.get('location') === code.destinationUrl) this.counts.redirected += 1;
        else this.error(`${code.slug}: ${res.status} ${res.headers.get('location') ?? ''}`);
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') {
          this.counts.timedOut += 1;
          this.failedAt.push(Date.now());
        } else this.error(`${code.slug}: ${(error as Error).message}`);
      }
      await sleep(this.pauseMs);
    }
  }

  private error(what: string): void {
    this.counts.errors += 1;
    this.failedAt.push(Date.now());
    if (this.firstErrors.length < 5) this.firstErrors.push(what);
  }
}

export interface TrackedCode {
  id: string;
  slug: string;
  /** The last destination a 200 confirmed. */
  destinationUrl: string;
  deleted: boolean;
  /** A write on it had no clear answer (time-out, 5xx): either outcome is possible. */
  uncertain: boolean;
}

export interface WriteCounts {
  acknowledged: number;
  refused: number;
  failed: number;
}

/** What a customer's browser does all day: buy a seat, create, edit, now and then delete. */
export class CustomerLoad {
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  readonly codes: TrackedCode[] = [];
  readonly counts: WriteCounts = { acknowledged: 0, refused: 0, failed: 0 };
  /** When each write ended without a clear answer (ms since the epoch). */
  readonly failedAt: number[] = [];
  /** A purchase without a clear answer: the seats may be one more than those known to be paid. */
  seatsUncertain = false;
  /** Seats paid: the subscription's first, then one per purchase answered as charged. A deleted code's seat stays paid until the period ends. */
  paidSeats = 1;
  private round = 0;

  constructor(
    readonly client: TestHttpClient,
    readonly userId: string,
    /** Signs the browser in again (sessions live in Redis, which one fault empties). */
    private readonly signIn: () => Promise<void>,
    private readonly pauseMs = 60,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  snapshot(): WriteCounts {
    return { ...this.counts };
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.round += 1;
      await this.step();
      await sleep(this.pauseMs);
    }
  }

  private async step(): Promise<void> {
    const live = this.codes.filter((c) => !c.deleted);
    if (this.round % 4 === 0 && live.length > 1) {
      const victim = live[0];
      const res = await this.send(() => this.client.delete(`/api/qrcodes/${victim.id}`));
      if (res === 'ok') victim.deleted = true;
      else if (res === 'unknown') victim.uncertain = true;
      return;
    }
    if (this.round % 2 === 0 && live.length > 0) {
      const code = live[live.length - 1];
      const destinationUrl = `https://example.com/menu/${randomUUID()}`;
      const res = await this.send(() => this.client.patch(`/api/qrcodes/${code.id}`, { destinationUrl }));
      if (res === 'ok') code.destinationUrl = destinationUrl;
      else if (res === 'unknown') code.uncertain = true;
      return;
    }
    // A seat, then the code that uses it (the create screen's order).
    const key = { 'Idempotency-Key': `faults-${randomUUID()}` };
    let charged = false;
    const bought = await this.send(async () => {
      const answer = await this.client.post('/api/purchase-qr-code', { name: 'Flyer' }, key);
      charged = answer.status === 200 && answer.json?.charged === true;
      return answer;
    });
    if (bought === 'unknown') this.seatsUncertain = true;
    if (bought !== 'ok') return;
    if (charged) this.paidSeats += 1;
    const destinationUrl = `https://example.com/menu/${randomUUID()}`;
    let created: QrCodeView | undefined;
    const res = await this.send(async () => {
      const answer = await this.client.post('/api/qrcodes', { name: `Flyer ${this.round}`, destinationUrl });
      if (answer.status === 201 || answer.status === 200) created = answer.json as unknown as QrCodeView;
      return answer;
    });
    if (res === 'ok' && created) this.codes.push({ id: created.id, slug: created.slug, destinationUrl, deleted: false, uncertain: false });
  }

  /** 'ok' for a 2xx, 'refused' for a 4xx (nothing changed), 'unknown' otherwise. */
  private async send(request: () => Promise<TestResponse>): Promise<'ok' | 'refused' | 'unknown'> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const res = await Promise.race([
        request(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer in 20 s')), 20_000);
        }),
      ]);
      if (res.status >= 200 && res.status < 300) {
        this.counts.acknowledged += 1;
        return 'ok';
      }
      if (res.status === 401) await this.signIn().catch(() => undefined);
      if (res.status >= 400 && res.status < 500) {
        this.counts.refused += 1;
        return 'refused';
      }
      this.counts.failed += 1;
      this.failedAt.push(Date.now());
      return 'unknown';
    } catch {
      this.counts.failed += 1;
      this.failedAt.push(Date.now());
      return 'unknown';
    } finally {
      clearTimeout(timer);
    }
  }
}
