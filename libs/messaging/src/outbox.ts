import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '@qrd/config';
import type { ServiceMetrics } from '@qrd/observability';

/** One recorded event, as its delivery sees it. `id` is the event's id for its consumers. */
export interface OutboxEvent {
  id: string;
  event: string;
  payload: unknown;
  attempts: number;
}

/** Delivers one kind of event (publishes it, or applies its local effect); throws to be retried. */
export type OutboxDelivery = (event: OutboxEvent) => Promise<void>;

export interface OutboxOptions {
  /**
   * The service's schema. Its migration creates `<schema>.outbox` (id bigint identity, event, payload
   * jsonb, created_at, next_attempt_at, attempts, last_error, delivered_at; see qr's 1797100000000).
   */
  schema: string;
  deliveries: Record<string, OutboxDelivery>;
  logger: Logger;
  /** How often the relay looks for events not delivered yet. */
  relayEveryMs?: number;
  /** Delivered events are kept this long (what happened, for an operator), then removed. */
  keepDeliveredMs?: number;
  /**
   * A delivery not done in this time counts as failed and is retried (it may still land: delivery
   * is at least once). Redis commands wait while Redis is away; a claimed event must not hold its
   * row lock and pool connection for the whole outage.
   */
  deliveryTimeoutMs?: number;
}

const BATCH = 100;

async function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not delivered within ${ms} ms`)), ms)));
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
const MAX_BACKOFF_S = 60;

/**
 * A transactional outbox (DESIGN section 3): an event is written in the same transaction as the
 * change it describes, so it exists exactly when the change does. After the commit, the caller
 * asks for its events to be delivered at once; whatever could not be (Redis away, a crash before
 * or during delivery) is delivered by the relay, which retries with backoff until it works.
 * Delivery is at least once: every delivery is idempotent (compare-and-set writes, consumers that
 * apply an event id once).
 */
export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private relaying: Promise<void> | null = null;
  private lastCleanup = 0;
  /** Events delivered and deliveries that failed, by this process. */
  readonly counts = { delivered: 0, failed: 0 };

  constructor(
    private readonly db: DataSource,
    private readonly options: OutboxOptions,
  ) {}

  /** Records `event` in the transaction `tx`; answers its id (pass it to deliver after the commit). */
  async add(tx: EntityManager, event: string, payload: object): Promise<string> {
    if (!this.options.deliveries[event]) throw new Error(`The outbox has no delivery for "${event}"`);
    const rows: { id: string }[] = await tx.query(`INSERT INTO ${this.table} (event, payload) VALUES ($1, $2) RETURNING id::text AS id`, [
      event,
      JSON.stringify(payload),
    ]);
    return rows[0].id;
  }

  /**
   * Delivers these (committed) events now, in order. A failure is logged and left to the relay:
   * the change is committed, so the caller answers success either way.
   */
  async deliver(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      const claimed = await this.deliverDue(ids);
      // The relay may have claimed some of them first (they are due at once): wait for its round to
      // end, so that the caller answers after its events were delivered either way.
      if (claimed < ids.length) await this.awaitClaims(ids);
    } catch (error) {
      this.options.logger.warn({ err: error, ids }, 'outbox delivery deferred to the relay');
    }
  }

  /** Waits (at most the delivery timeout) until no other transaction holds these events' rows. */
  private async awaitClaims(ids: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('lock_timeout', $1, true)`, [`${this.options.deliveryTimeoutMs ?? 5000}ms`]);
      await tx.query(`SELECT 1 FROM ${this.table} WHERE id = ANY($1::bigint[]) FOR SHARE`, [ids]);
    });
  }

  /** Starts the relay (and publishes the backlog's size and age in `metrics`). */
  start(metrics?: ServiceMetrics): void {
    if (this.timer) return;
    metrics?.registerGauge('outbox_backlog', 'Domain events written but not delivered yet.', async () => (await this.backlog()).events);
    metrics?.registerGauge('outbox_oldest_age_seconds', 'Age of the oldest domain event not delivered yet (0 when none).', async () => (await this.backlog()).oldestAgeS);
    metrics?.registerCounter('outbox_deliveries_total', 'Outbox deliveries by this process, by result.', () => [
      { labels: { result: 'delivered' }, value: this.counts.delivered },
      { labels: { result: 'failed' }, value: this.counts.failed },
    ], ['result']);
    this.timer = setInterval(() => void this.relayOnce(), this.options.relayEveryMs ?? 1000);
    this.timer.unref();
    void this.relayOnce();
  }

  /** Stops the relay after the round in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.relaying;
  }

  /** One relay round: every due event, oldest first (exported for tests and the reconciler). */
  relayOnce(): Promise<void> {
    this.relaying ??= this.relay().finally(() => (this.relaying = null));
    return this.relaying;
  }

  /**
   * Removes the delivered events about this user or workspace (payload `userId`, `ownerId`,
   * `workspaceId` or `actorId`): a deleted account's or workspace's are not kept the usual week.
   */
  async forgetUser(userId: string): Promise<void> {
    await this.db.query(
      `DELETE FROM ${this.table} WHERE delivered_at IS NOT NULL
        AND $1 IN (payload ->> 'userId', payload ->> 'ownerId', payload ->> 'workspaceId', payload ->> 'actorId')`,
      [userId],
    );
  }

  async backlog(): Promise<{ events: number; oldestAgeS: number }> {
    const [row]: { events: number; age: number | null }[] = await this.db.query(
      `SELECT count(*)::int AS events, extract(epoch FROM now() - min(created_at))::float8 AS age
       FROM ${this.table} WHERE delivered_at IS NULL`,
    );
    return { events: row.events, oldestAgeS: Math.max(0, row.age ?? 0) };
  }

  private get table(): string {
    return `${this.options.schema}.outbox`;
  }

  private async relay(): Promise<void> {
    try {
      while ((await this.deliverDue(null)) === BATCH && this.timer);
      await this.cleanup();
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox relay round failed; retrying');
    }
  }

  /**
   * Claims due events (the given ones, or the oldest due) with a row lock that other relays skip,
   * delivers them in order and records each result; answers how many were claimed.
   */
  private deliverDue(ids: string[] | null): Promise<number> {
    return this.db.transaction(async (tx) => {
      const events: OutboxEvent[] = await tx.query(
        `SELECT id::text AS id, event, payload, attempts FROM ${this.table}
         WHERE delivered_at IS NULL AND ${ids ? 'id = ANY($1::bigint[])' : 'next_attempt_at <= now()'}
         ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        ids ? [ids] : [],
      );
      for (const event of events) {
        try {
          await withTimeout(this.options.deliveries[event.event](event), this.options.deliveryTimeoutMs ?? 5000);
          await tx.query(`UPDATE ${this.table} SET delivered_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`, [event.id]);
          this.counts.delivered += 1;
        } catch (error) {
          this.counts.failed += 1;
          const message = error instanceof Error ? error.message : String(error);
          await tx.query(
            `UPDATE ${this.table} SET attempts = attempts + 1, last_error = $2,
               next_attempt_at = now() + least(power(2, attempts), ${MAX_BACKOFF_S}) * interval '1 second'
             WHERE id = $1`,
            [event.id, message.slice(0, 500)],
          );
          this.options.logger.warn({ err: error, event: event.event, id: event.id, attempts: event.attempts + 1 }, 'outbox delivery failed; will retry');
        }
      }
      return events.length;
    });
  }

  private async cleanup(): Promise<void> {
    const keepMs = this.options.keepDeliveredMs ?? 7 * 24 * 3600 * 1000;
    if (Date.now() - this.lastCleanup < Math.min(keepMs, 3600 * 1000)) return;
    this.lastCleanup = Date.now();
    await this.db.query(`DELETE FROM ${this.table} WHERE delivered_at < now() - $1 * interval '1 millisecond'`, [keepMs]);
  }
}

/** The statements that create `<schema>.outbox`, for a service's migration. */
export function outboxTableStatements(schema: string): string[] {
  return [
    `CREATE TABLE ${schema}.outbox (
       id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       event text NOT NULL,
       payload jsonb NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       next_attempt_at timestamptz NOT NULL DEFAULT now(),
       attempts integer NOT NULL DEFAULT 0,
       last_error text,
       delivered_at timestamptz
     )`,
    `CREATE INDEX outbox_undelivered_idx ON ${schema}.outbox (next_attempt_at, id) WHERE delivered_at IS NULL`,
  ];
}

/**
 * A service's outbox as a Nest provider: its relay runs while the application does. Subclasses
 * say which events they record and how each is delivered.
 */
export abstract class ServiceOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  protected constructor(
    protected readonly outbox: Outbox,
    private readonly metrics: ServiceMetrics,
  ) {}

  onApplicationBootstrap(): void {
    this.outbox.start(this.metrics);
  }

  onApplicationShutdown(): Promise<void> {
    return this.outbox.stop();
  }

  /** After the commit: delivers these events now, or leaves them to the relay. */
  deliver(ids: string[]): Promise<void> {
    return this.outbox.deliver(ids);
  }

  /** One relay round now (the relay also runs every second). */
  relay(): Promise<void> {
    return this.outbox.relayOnce();
  }

  /** Delivered events about this user are removed: the account is gone. */
  forgetUser(userId: string): Promise<void> {
    return this.outbox.forgetUser(userId);
  }

  /** Events not delivered yet, and the age of the oldest. */
  backlog(): Promise<{ events: number; oldestAgeS: number }> {
    return this.outbox.backlog();
  }
}
