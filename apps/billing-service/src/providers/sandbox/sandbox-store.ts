import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { DomainError, ErrorCode } from '@qrd/contracts';
import {
  ID_PREFIX,
  TpCustomer,
  TpInvoice,
  TpObject,
  TpPaymentIntent,
  TpPaymentMethod,
  TpRefund,
  TpSubscription,
  TpType,
  Unix,
} from './sandbox-objects';

interface ObjectTypes {
  customer: TpCustomer;
  payment_method: TpPaymentMethod;
  subscription: TpSubscription;
  invoice: TpInvoice;
  payment_intent: TpPaymentIntent;
  refund: TpRefund;
}

/**
 * The offline processor's objects in `billing.test_objects` (JSONB, one row an object), read and
 * written inside the caller's transaction; `lock` takes the row lock that serialises changes.
 */
export class SandboxStore {
  constructor(private readonly db: EntityManager) {}

  static newId(type: TpType): string {
    return `${ID_PREFIX[type]}${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  async get<T extends TpType>(type: T, id: string): Promise<ObjectTypes[T] | null> {
    const rows = (await this.db.query(`SELECT data FROM billing.test_objects WHERE id = $1 AND type = $2`, [
      id,
      type,
    ])) as { data: ObjectTypes[T] }[];
    return rows[0]?.data ?? null;
  }

  async lock<T extends TpType>(type: T, id: string): Promise<ObjectTypes[T] | null> {
    const rows = (await this.db.query(
      `SELECT data FROM billing.test_objects WHERE id = $1 AND type = $2 FOR UPDATE`,
      [id, type],
    )) as { data: ObjectTypes[T] }[];
    return rows[0]?.data ?? null;
  }

  async require<T extends TpType>(type: T, id: string, lock = true): Promise<ObjectTypes[T]> {
    const found = lock ? await this.lock(type, id) : await this.get(type, id);
    // Stripe's wording for an unknown id.
    if (!found) throw new DomainError(ErrorCode.NotFound, `No such ${type.replace('_', ' ')}: '${id}'`);
    return found;
  }

  async lockPaymentIntentBySecret(clientSecret: string): Promise<TpPaymentIntent | null> {
    const rows = (await this.db.query(
      `SELECT data FROM billing.test_objects WHERE client_secret = $1 AND type = 'payment_intent' FOR UPDATE`,
      [clientSecret],
    )) as { data: TpPaymentIntent }[];
    return rows[0]?.data ?? null;
  }

  /** Inserts or replaces an object; subscriptions also record when the clock next has work for them. */
  async save(object: TpObject, dueAt: Unix | null = null): Promise<void> {
    const customer = object.object === 'customer' ? object.id : object.customer;
    const secret = object.object === 'payment_intent' ? object.client_secret : null;
    await this.db.query(
      `INSERT INTO billing.test_objects (id, type, customer_id, client_secret, due_at, data)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, data = EXCLUDED.data`,
      [object.id, object.object, customer, secret, dueAt, JSON.stringify(object)],
    );
  }

  /** The response first given to a request made with this idempotency key (as Stripe replays it). */
  async idempotentResponse<T>(key: string): Promise<T | null> {
    const rows = (await this.db.query(`SELECT data FROM billing.test_objects WHERE id = $1 AND type = 'idempotency_key'`, [
      `idem_${key}`,
    ])) as { data: { response: T } }[];
    return rows[0]?.data.response ?? null;
  }

  async saveIdempotentResponse(key: string, response: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO billing.test_objects (id, type, data) VALUES ($1, 'idempotency_key', $2) ON CONFLICT (id) DO NOTHING`,
      [`idem_${key}`, JSON.stringify({ response })],
    );
  }

  async subscriptionsOf(customerId: string): Promise<TpSubscription[]> {
    const rows = (await this.db.query(
      `SELECT data FROM billing.test_objects WHERE customer_id = $1 AND type = 'subscription' ORDER BY created_at`,
      [customerId],
    )) as { data: TpSubscription }[];
    return rows.map((r) => r.data);
  }

  /** The subscription's invoices, oldest first. */
  async invoicesOf(subscriptionId: string): Promise<TpInvoice[]> {
    const rows = (await this.db.query(
      `SELECT data FROM billing.test_objects WHERE type = 'invoice' AND data->>'subscription' = $1 ORDER BY created_at`,
      [subscriptionId],
    )) as { data: TpInvoice }[];
    return rows.map((r) => r.data);
  }

  async refundsOf(paymentIntentId: string): Promise<TpRefund[]> {
    const rows = (await this.db.query(`SELECT data FROM billing.test_objects WHERE type = 'refund' AND data->>'payment_intent' = $1`, [
      paymentIntentId,
    ])) as { data: TpRefund }[];
    return rows.map((r) => r.data);
  }

  /** Subscriptions with clock work due; rows another worker holds are skipped, not waited for. */
  async lockDueSubscriptions(now: Unix, limit: number): Promise<TpSubscription[]> {
    const rows = (await this.db.query(
      `SELECT data FROM billing.test_objects
       WHERE type = 'subscription' AND due_at IS NOT NULL AND due_at <= $1
       ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    )) as { data: TpSubscription }[];
    return rows.map((r) => r.data);
  }

  async clockOffset(): Promise<number> {
    const rows = (await this.db.query(`SELECT offset_seconds FROM billing.test_clock WHERE id = 1`)) as {
      offset_seconds: string;
    }[];
    return Number(rows[0]?.offset_seconds ?? 0);
  }

  async advanceClock(seconds: number): Promise<number> {
    const rows = (await this.db.query(
      `UPDATE billing.test_clock SET offset_seconds = offset_seconds + $1 WHERE id = 1 RETURNING offset_seconds`,
      [seconds],
    )) as [{ offset_seconds: string }[], number];
    return Number(rows[0][0].offset_seconds);
  }
}

export function newClientSecret(paymentIntentId: string): string {
  return `${paymentIntentId}_secret_${randomBytes(18).toString('base64url')}`;
}
