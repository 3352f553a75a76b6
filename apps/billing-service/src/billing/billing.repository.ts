import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Repository } from 'typeorm';
import type { BillingProvider, SubscriptionStatus } from '@qrd/contracts';
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
  seats: number;
  amountCents: number;
  subscriptions: number;
  users: number;
}

/** Domain-named access to billing.customers and billing.subscriptions. */
@Injectable()
export class BillingRepository {
  constructor(
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  customerByProviderId(provider: BillingProvider, providerCustomerId: string): Promise<CustomerEntity | null> {
    return this.customers.findOneBy({ provider, providerCustomerId });
  }

  customerOfUser(provider: BillingProvider, userId: string): Promise<CustomerEntity | null> {
    return this.customers.findOneBy({ provider, userId });
  }

  saveCustomer(fields: Partial<CustomerEntity>): Promise<CustomerEntity> {
    return this.customers.save(this.customers.create(fields));
  }

  /** Gives a signup customer to the account its payment created; false if it already has one. */
  async claimCustomer(customerId: string, userId: string): Promise<boolean> {
    const result = await this.customers.update({ id: customerId, userId: IsNull() }, { userId });
    return (result.affected ?? 0) === 1;
  }

  subscriptionByProviderId(provider: BillingProvider, providerSubscriptionId: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ provider, providerSubscriptionId });
  }

  subscriptionsOfCustomer(customerId: string): Promise<SubscriptionEntity[]> {
    return this.subscriptions.find({ where: { customerId }, order: { providerCreatedAt: 'ASC' } });
  }

  async subscriptionsOfUser(userId: string, manager?: EntityManager): Promise<SubscriptionEntity[]> {
    return (manager ?? this.dataSource.manager)
      .getRepository(SubscriptionEntity)
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

  newSubscription(fields: Partial<SubscriptionEntity>): SubscriptionEntity {
    return this.subscriptions.create(fields);
  }

  /** Seats and revenue of live subscriptions that belong to an account, per interval. */
  async liveTotals(): Promise<SeatTotals[]> {
    const rows = (await this.dataSource.query(
      `SELECT s.interval, sum(s.seats)::int AS seats, sum(s.seats * s.unit_amount_cents)::bigint AS amount,
              count(*)::int AS subscriptions, count(DISTINCT c.user_id)::int AS users
       FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id
       WHERE c.user_id IS NOT NULL AND s.status IN ('active', 'trialing', 'past_due')
       GROUP BY s.interval`,
    )) as { interval: 'monthly' | 'annual'; seats: number; amount: string; subscriptions: number; users: number }[];
    return rows.map((r) => ({ ...r, amountCents: Number(r.amount) }));
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
   * Serialises seat changes of one user (purchase, release) across replicas: the work runs inside
   * a transaction holding an advisory lock on the user.
   */
  withUserLock<T>(userId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing-seats:${userId}`]);
      return work(manager);
    });
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

  /** Runs `work` once per event: under the event's row lock, skipped when already processed. */
  async processEventOnce<T>(
    provider: string,
    eventId: string,
    work: (payload: T) => Promise<void>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT payload, processed_at FROM billing.processed_events WHERE provider = $1 AND event_id = $2 FOR UPDATE`,
        [provider, eventId],
      )) as { payload: T; processed_at: Date | null }[];
      if (!rows[0] || rows[0].processed_at) return false;
      await work(rows[0].payload);
      await manager.query(
        `UPDATE billing.processed_events SET processed_at = now() WHERE provider = $1 AND event_id = $2`,
        [provider, eventId],
      );
      return true;
    });
  }
}
