import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Repository } from 'typeorm';
import { requestContext } from '@qrd/config';
import { DomainError, ErrorCode } from '@qrd/contracts';
import type { BillingProvider, BillingRecordsExport, Currency, Language, PurchaseResultView, SubscriptionStatus } from '@qrd/contracts';
import { CustomerEntity } from './customer.entity';
import { SubscriptionEntity } from './subscription.entity';

/**
 * Which of a user's subscriptions is "the" subscription: a live one first (it is what they pay
 * for), then one that ended (it explains why codes stopped), then an abandoned first payment.
 */
const RANK: Record<SubscriptionStatus, number> = {
  active: 3,
  trialing: 3,
  past_due: 3,
  canceled: 2,
  unpaid: 2,
  paused: 2,
  incomplete: 1,
  incomplete_expired: 1,
};

export function pickEffective(subscriptions: SubscriptionEntity[]): SubscriptionEntity | null {
  let best: SubscriptionEntity | null = null;
  for (const sub of subscriptions) {
    if (
      !best ||
      RANK[sub.status] > RANK[best.status] ||
      (RANK[sub.status] === RANK[best.status] && sub.providerCreatedAt > best.providerCreatedAt)
    ) {
      best = sub;
    }
  }
  return best;
}

export interface SeatTotals {
  interval: 'monthly' | 'annual';
  currency: Currency;
  seats: number;
  amountCents: number;
  subscriptions: number;
  users: number;
}

/** What may be done after a unit of work commits: publish what it changed. */
type AfterCommit = () => Promise<void>;

/**
 * Domain-named access to billing.customers and billing.subscriptions through one EntityManager:
 * the pool's (each call its own statement) or a transaction's (every call inside the unit of work,
 * so a unit never holds more than one connection and never waits for a second).
 */
export class BillingStore {
  constructor(
    private readonly db: EntityManager,
    private readonly afterCommitQueue: AfterCommit[] | null,
  ) {}

  private get customers(): Repository<CustomerEntity> {
    return this.db.getRepository(CustomerEntity);
  }

  private get subscriptions(): Repository<SubscriptionEntity> {
    return this.db.getRepository(SubscriptionEntity);
  }

  /** The connection this store works through (a transaction's, inside a unit of work). */
  get manager(): EntityManager {
    return this.db;
  }

  /** Whether this store is a unit of work (a transaction) rather than the pool. */
  get inTransaction(): boolean {
    return this.afterCommitQueue !== null;
  }

  /** Runs `fn` once the surrounding transaction has committed (at once outside a transaction). */
  async afterCommit(fn: AfterCommit): Promise<void> {
    if (this.afterCommitQueue) this.afterCommitQueue.push(fn);
    else await fn();
  }

  /**
   * Serialises changes of one user's billing (purchase, release, sync) across replicas until the
   * transaction ends. Waits no longer than the request's caller does; once the lock is held with
   * the caller already gone, nothing is done (the caller was told it failed).
   */
  async lockUser(userId: string): Promise<void> {
    const remaining = requestContext.remainingMs();
    const waitMs = Math.max(1, Math.min(remaining ?? LOCK_WAIT_MS, LOCK_WAIT_MS));
    await this.db.query(`SELECT set_config('lock_timeout', $1, true)`, [`${waitMs}ms`]);
    try {
      await this.db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing-seats:${userId}`]);
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw busy();
      throw error;
    }
    await this.db.query(`SELECT set_config('lock_timeout', '0', true)`);
    if ((requestContext.remainingMs() ?? 1) <= 0) throw busy();
  }

  customerByProviderId(provider: BillingProvider, providerCustomerId: string): Promise<CustomerEntity | null> {
    return this.customers.findOneBy({ provider, providerCustomerId });
  }

  customerOfUser(provider: BillingProvider, userId: string): Promise<CustomerEntity | null> {
    return this.customers.findOneBy({ provider, userId });
  }

  saveCustomer(fields: Partial<CustomerEntity>): Promise<CustomerEntity> {
    return this.customers.save(this.customers.create(fields));
  }

  /** The first payment fixes the customer's currency: set once, never changed afterwards. */
  async fixCurrency(customer: CustomerEntity, currency: Currency): Promise<void> {
    if (customer.currency) return;
    await this.customers.update({ id: customer.id, currency: IsNull() }, { currency });
    customer.currency = currency;
  }

  /** The language the customer's invoices are written in (the payer's, when told). */
  async setLanguage(customer: CustomerEntity, language: Language): Promise<void> {
    if (customer.language === language) return;
    await this.customers.update({ id: customer.id }, { language });
    customer.language = language;
  }

  /** Gives a signup customer to the account its payment created; false if it already has one. */
  async claimCustomer(customerId: string, userId: string): Promise<boolean> {
    const result = await this.customers.update({ id: customerId, userId: IsNull() }, { userId });
    return (result.affected ?? 0) === 1;
  }

  subscriptionByProviderId(provider: BillingProvider, providerSubscriptionId: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ provider, providerSubscriptionId });
  }

  /**
   * Our row of a provider subscription, locked until the transaction ends (created first when
   * new), so two provider states applied at once are applied one after the other.
   */
  async lockSubscription(fields: Pick<SubscriptionEntity, 'customerId' | 'provider' | 'providerSubscriptionId' | 'providerCreatedAt'> &
    Partial<SubscriptionEntity>): Promise<SubscriptionEntity> {
    await this.subscriptions
      .createQueryBuilder()
      .insert()
      .values(this.subscriptions.create({ ...fields, stateAt: 0 }))
      .orIgnore()
      .execute();
    return this.subscriptions
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.provider = :provider AND s.provider_subscription_id = :id', {
        provider: fields.provider,
        id: fields.providerSubscriptionId,
      })
      .getOneOrFail();
  }

  subscriptionsOfCustomer(customerId: string): Promise<SubscriptionEntity[]> {
    return this.subscriptions.find({ where: { customerId }, order: { providerCreatedAt: 'ASC' } });
  }

  async subscriptionsOfUser(userId: string): Promise<SubscriptionEntity[]> {
    return this.subscriptions
      .createQueryBuilder('s')
      .innerJoin(CustomerEntity, 'c', 'c.id = s.customer_id')
      .where('c.user_id = :userId', { userId })
      .getMany();
  }

  async effectiveOfUser(userId: string): Promise<SubscriptionEntity | null> {
    return pickEffective(await this.subscriptionsOfUser(userId));
  }

  /** Each user's subscriptions, for many users at once (admin table). */
  async subscriptionsOfUsers(userIds: string[]): Promise<Map<string, SubscriptionEntity[]>> {
    const out = new Map<string, SubscriptionEntity[]>();
    if (userIds.length === 0) return out;
    const customers = await this.customers.findBy({ userId: In(userIds) });
    const owner = new Map(customers.map((c) => [c.id, c.userId as string]));
    const subs = customers.length ? await this.subscriptions.findBy({ customerId: In(customers.map((c) => c.id)) }) : [];
    for (const sub of subs) {
      const userId = owner.get(sub.customerId);
      if (!userId) continue;
      out.set(userId, [...(out.get(userId) ?? []), sub]);
    }
    return out;
  }

  saveSubscription(subscription: SubscriptionEntity): Promise<SubscriptionEntity> {
    return this.subscriptions.save(subscription);
  }

  /** A received event, locked until the transaction ends. */
  async lockEvent<T>(provider: string, eventId: string): Promise<{ payload: T; processed: boolean } | null> {
    const rows = (await this.db.query(
      `SELECT payload, processed_at FROM billing.processed_events WHERE provider = $1 AND event_id = $2 FOR UPDATE`,
      [provider, eventId],
    )) as { payload: T; processed_at: Date | null }[];
    return rows[0] ? { payload: rows[0].payload, processed: rows[0].processed_at !== null } : null;
  }

  async markEventProcessed(provider: string, eventId: string): Promise<void> {
    await this.db.query(`UPDATE billing.processed_events SET processed_at = now() WHERE provider = $1 AND event_id = $2`, [
      provider,
      eventId,
    ]);
  }

  /** The result of a purchase already made with this idempotency key, if any. */
  async purchaseByKey(userId: string, key: string): Promise<PurchaseResultView | null> {
    const rows = (await this.db.query(
      `SELECT result FROM billing.seat_purchases WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    )) as { result: PurchaseResultView }[];
    return rows[0]?.result ?? null;
  }

  /**
   * A deleted account: its customers keep their provider ids and subscriptions (billing records the
   * law asks us to keep) but no longer name the user or their address; its purchase replays go.
   */
  async detachUser(userId: string): Promise<void> {
    await this.db.query(`UPDATE billing.customers SET user_id = NULL, email = '' WHERE user_id = $1`, [userId]);
    await this.db.query(`DELETE FROM billing.seat_purchases WHERE user_id = $1`, [userId]);
    // Invoices are kept, without the account or its address; billing details go.
    await this.db.query(
      `UPDATE billing.invoices SET user_id = NULL, document = jsonb_set(document, '{buyer,email}', '""') WHERE user_id = $1`,
      [userId],
    );
    await this.db.query(`DELETE FROM billing.billing_details WHERE user_id = $1`, [userId]);
  }

  async recordPurchase(userId: string, key: string, result: PurchaseResultView): Promise<void> {
    await this.db.query(
      `INSERT INTO billing.seat_purchases (user_id, idempotency_key, result) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, idempotency_key) DO UPDATE SET result = EXCLUDED.result`,
      [userId, key, JSON.stringify(result)],
    );
  }

  /** A purchase whose payment failed its authentication: nothing was bought, so its key is free again. */
  async forgetPurchase(userId: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM billing.seat_purchases WHERE user_id = $1 AND idempotency_key = $2`, [userId, key]);
  }
}

/** How long a change waits for another change of the same user's billing when no caller sets a deadline. */
const LOCK_WAIT_MS = 30_000;
const LOCK_NOT_AVAILABLE = '55P03';

function busy(): DomainError {
  return new DomainError(ErrorCode.Timeout, 'Another change to your subscription is still being processed. Please try again.');
}

/** The pool-level store plus units of work (transactions) and the tables' cross-user reports. */
@Injectable()
export class BillingRepository extends BillingStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super(dataSource.manager, null);
  }

  /**
   * One unit of work: `work` gets a store bound to the transaction; what it queued with
   * `afterCommit` runs once the transaction has committed (never when it rolled back).
   */
  async transaction<T>(work: (store: BillingStore) => Promise<T>): Promise<T> {
    const afterCommit: AfterCommit[] = [];
    const result = await this.dataSource.transaction((manager) => work(new BillingStore(manager, afterCommit)));
    for (const fn of afterCommit) await fn();
    return result;
  }

  /** A unit of work holding the user's billing lock. */
  withUserLock<T>(userId: string, work: (store: BillingStore) => Promise<T>): Promise<T> {
    return this.transaction(async (store) => {
      await store.lockUser(userId);
      return work(store);
    });
  }

  /** Seats and revenue of live subscriptions that belong to an account, per interval and currency. */
  async liveTotals(): Promise<SeatTotals[]> {
    const rows = (await this.dataSource.query(
      `SELECT s.interval, s.currency, sum(s.seats)::int AS seats, sum(s.seats * s.unit_amount_cents)::bigint AS amount,
              count(*)::int AS subscriptions, count(DISTINCT c.user_id)::int AS users
       FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id
       WHERE c.user_id IS NOT NULL AND s.status IN ('active', 'trialing', 'past_due')
       GROUP BY s.interval, s.currency`,
    )) as { interval: 'monthly' | 'annual'; currency: Currency; seats: number; amount: string; subscriptions: number; users: number }[];
    return rows.map((r) => ({ ...r, amountCents: Number(r.amount) }));
  }

  /** Paid signups no account took over within `hours`: a payment with no account behind it. */
  async unclaimedPaidSignups(hours: number): Promise<{ email: string; providerSubscriptionId: string; seats: number; unitAmountCents: number; currency: Currency; createdAt: Date }[]> {
    return (await this.dataSource.query(
      `SELECT c.email, s.provider_subscription_id AS "providerSubscriptionId", s.seats, s.unit_amount_cents AS "unitAmountCents", s.currency,
              c.created_at AS "createdAt"
       FROM billing.customers c JOIN billing.subscriptions s ON s.customer_id = c.id
       WHERE c.user_id IS NULL AND s.status IN ('active', 'trialing', 'past_due')
         AND c.created_at < now() - $1 * interval '1 hour'
       ORDER BY c.created_at`,
      [hours],
    )) as { email: string; providerSubscriptionId: string; seats: number; unitAmountCents: number; currency: Currency; createdAt: Date }[];
  }

  /** Subscriptions we hold as live (they run codes or will renew): what the provider must agree with. */
  liveSubscriptions(provider: BillingProvider): Promise<SubscriptionEntity[]> {
    return this.dataSource.getRepository(SubscriptionEntity).find({
      where: { provider, status: In(['active', 'trialing', 'past_due']) },
      order: { providerCreatedAt: 'ASC' },
    });
  }

  /** Users whose subscription still runs their codes (active, trialing, past due). */
  async usersWithLiveSubscriptions(): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT c.user_id AS "userId"
       FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id
       WHERE c.user_id IS NOT NULL AND s.status IN ('active', 'trialing', 'past_due')
       ORDER BY 1`,
    )) as { userId: string }[];
    return rows.map((r) => r.userId);
  }

  /** Everything billing holds of one user, for their data export. */
  async recordsOfUser(userId: string): Promise<BillingRecordsExport> {
    const [customers, subscriptions, seatPurchases] = await Promise.all([
      this.dataSource.query(
        `SELECT provider, email, created_at AS "createdAt" FROM billing.customers WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ) as Promise<{ provider: string; email: string; createdAt: Date }[]>,
      this.dataSource.query(
        `SELECT s.provider, s.status, s.interval, s.seats, s.unit_amount_cents AS "unitAmountCents", s.current_period_end AS "currentPeriodEnd",
                s.cancel_at_period_end AS "cancelAtPeriodEnd", s.card_brand AS "cardBrand", s.card_last4 AS "cardLast4", s.provider_created_at AS "createdAt"
         FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id WHERE c.user_id = $1 ORDER BY s.provider_created_at`,
        [userId],
      ) as Promise<(Omit<BillingRecordsExport['subscriptions'][number], 'createdAt' | 'currentPeriodEnd'> & { createdAt: Date; currentPeriodEnd: Date | null })[]>,
      this.dataSource.query(`SELECT created_at AS "createdAt", result FROM billing.seat_purchases WHERE user_id = $1 ORDER BY created_at`, [userId]) as Promise<
        { createdAt: Date; result: unknown }[]
      >,
    ]);
    return {
      customers: customers.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
      subscriptions: subscriptions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null })),
      seatPurchases: seatPurchases.map((p) => ({ createdAt: p.createdAt.toISOString(), result: p.result })),
    };
  }

  async subscribedUsers(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT count(DISTINCT c.user_id)::int AS users
       FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id
       WHERE c.user_id IS NOT NULL AND s.status IN ('active', 'trialing', 'past_due')`,
    )) as { users: number }[];
    return rows[0]?.users ?? 0;
  }

  /**
   * Records an event as received; false when it was already there (a duplicate delivery).
   * Returns whether it still needs processing.
   */
  async recordEvent(
    provider: string,
    eventId: string,
    type: string,
    payload: unknown,
  ): Promise<{ inserted: boolean; processed: boolean }> {
    const inserted = (await this.dataSource.query(
      `INSERT INTO billing.processed_events (provider, event_id, type, payload) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider, eventId, type, JSON.stringify(payload)],
    )) as unknown[];
    if (inserted.length === 1) return { inserted: true, processed: false };
    const rows = (await this.dataSource.query(
      `SELECT processed_at FROM billing.processed_events WHERE provider = $1 AND event_id = $2`,
      [provider, eventId],
    )) as { processed_at: Date | null }[];
    return { inserted: false, processed: rows[0]?.processed_at != null };
  }

  /** Runs `work` once per event, in one unit of work holding the event's row lock; skipped when already processed. */
  async processEventOnce<T>(
    provider: string,
    eventId: string,
    work: (payload: T, store: BillingStore) => Promise<void>,
  ): Promise<boolean> {
    return this.transaction(async (store) => {
      const event = await store.lockEvent<T>(provider, eventId);
      if (!event || event.processed) return false;
      await work(event.payload, store);
      await store.markEventProcessed(provider, eventId);
      return true;
    });
  }
}
