import { Injectable } from '@nestjs/common';
import type { ScanWebhookRecord, WebhookDeliveryOutcome, WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '@qrd/contracts';
import { DataSource, EntityManager } from 'typeorm';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface EndpointRow extends WebhookEndpointView {
  ownerId: string;
  secretSealed: string;
}

export interface WebhookEventRow {
  id: string;
  ownerId: string;
  type: string;
  body: unknown;
  createdAt: Date;
}

export interface DeliveryRecord {
  endpointId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  outcome: WebhookDeliveryOutcome;
  statusCode: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

const ENDPOINT_COLUMNS = `id, owner_id AS "ownerId", url, events, secret_sealed AS "secretSealed", enabled,
  disabled_reason AS "disabledReason", consecutive_failures AS "consecutiveFailures", created_at AS "createdAt"`;

export function toEndpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Webhook endpoints, their events and delivery log in the qr schema (plain SQL). */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async list(ownerId: string): Promise<EndpointRow[]> {
    return this.db.query(`SELECT ${ENDPOINT_COLUMNS} FROM qr.webhook_endpoints WHERE owner_id = $1 ORDER BY created_at, id`, [ownerId]);
  }

  async count(ownerId: string, tx: EntityManager): Promise<number> {
    const [row] = await tx.query(`SELECT count(*)::int AS n FROM qr.webhook_endpoints WHERE owner_id = $1`, [ownerId]);
    return row.n;
  }

  /** Another owner's endpoint is not found, like a missing one. */
  async findOwned(ownerId: string, id: string, tx: EntityManager = this.db.manager): Promise<EndpointRow | null> {
    if (!UUID.test(id)) return null;
    const rows = await tx.query(`SELECT ${ENDPOINT_COLUMNS} FROM qr.webhook_endpoints WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
    return rows[0] ?? null;
  }

  async find(id: string): Promise<EndpointRow | null> {
    const rows = await this.db.query(`SELECT ${ENDPOINT_COLUMNS} FROM qr.webhook_endpoints WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insert(tx: EntityManager, row: { ownerId: string; url: string; events: string[]; secretSealed: string }): Promise<EndpointRow> {
    const rows = await tx.query(
      `INSERT INTO qr.webhook_endpoints (owner_id, url, events, secret_sealed) VALUES ($1, $2, $3, $4) RETURNING ${ENDPOINT_COLUMNS}`,
      [row.ownerId, row.url, row.events, row.secretSealed],
    );
    return rows[0];
  }

  async update(
    ownerId: string,
    id: string,
    changes: { url?: string; events?: string[]; enabled?: boolean; secretSealed?: string },
    db: Pick<EntityManager, 'query'> = this.db,
  ): Promise<EndpointRow | null> {
    if (!UUID.test(id)) return null;
    const rows = await db.query(
      `UPDATE qr.webhook_endpoints SET
         url = coalesce($3, url),
         events = coalesce($4::text[], events),
         secret_sealed = coalesce($5, secret_sealed),
         enabled = coalesce($6, enabled),
         disabled_reason = CASE WHEN $6 IS NULL THEN disabled_reason WHEN $6 THEN NULL ELSE 'manual' END,
         consecutive_failures = CASE WHEN $6 THEN 0 ELSE consecutive_failures END
       WHERE id = $1 AND owner_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
      [id, ownerId, changes.url ?? null, changes.events ?? null, changes.secretSealed ?? null, changes.enabled ?? null],
    );
    return rows[0]?.[0] ?? null;
  }

  /** The endpoint's address, when it was there to delete. */
  async delete(ownerId: string, id: string, db: Pick<EntityManager, 'query'> = this.db): Promise<string | null> {
    if (!UUID.test(id)) return null;
    const [rows]: [{ url: string }[], number] = await db.query(`DELETE FROM qr.webhook_endpoints WHERE id = $1 AND owner_id = $2 RETURNING url`, [id, ownerId]);
    return rows[0]?.url ?? null;
  }

  /** A deleted account's endpoints go, with their logs. */
  async deleteAllOwned(ownerId: string): Promise<void> {
    await this.db.query(`DELETE FROM qr.webhook_endpoints WHERE owner_id = $1`, [ownerId]);
    await this.db.query(`DELETE FROM qr.webhook_scan_queue WHERE owner_id = $1`, [ownerId]);
    await this.db.query(`DELETE FROM qr.webhook_events WHERE owner_id = $1`, [ownerId]);
  }

  /** Whether the owner's account is suspended now (as the qr-service last heard from the auth-service). */
  async ownerSuspended(ownerId: string): Promise<boolean> {
    const rows: { suspended: boolean }[] = await this.db.query(`SELECT suspended_account AS suspended FROM qr.owners WHERE user_id = $1`, [ownerId]);
    return rows[0]?.suspended ?? false;
  }

  /** Enabled endpoints of an owner that take this event type. */
  async subscribers(ownerId: string, type: string): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM qr.webhook_endpoints WHERE owner_id = $1 AND enabled AND $2 = ANY(events)`,
      [ownerId, type],
    );
    return rows.map((row) => row.id);
  }

  /** Idempotent: a repeated fan-out of the same event keeps the first copy. */
  async saveEvent(event: { id: string; ownerId: string; type: string; body: unknown }): Promise<void> {
    await this.db.query(`INSERT INTO qr.webhook_events (id, owner_id, type, body) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [
      event.id,
      event.ownerId,
      event.type,
      JSON.stringify(event.body),
    ]);
  }

  async findEvent(id: string): Promise<WebhookEventRow | null> {
    const rows = await this.db.query(`SELECT id, owner_id AS "ownerId", type, body, created_at AS "createdAt" FROM qr.webhook_events WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async recordDelivery(record: DeliveryRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO qr.webhook_deliveries (endpoint_id, event_id, event_type, attempt, outcome, status_code, latency_ms, response_excerpt, error)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE EXISTS (SELECT 1 FROM qr.webhook_endpoints WHERE id = $1)`,
      [record.endpointId, record.eventId, record.eventType, record.attempt, record.outcome, record.statusCode, record.latencyMs, record.responseExcerpt, record.error],
    );
  }

  async deliveries(endpointId: string, limit: number): Promise<WebhookDeliveryView[]> {
    const rows: (Omit<WebhookDeliveryView, 'createdAt'> & { createdAt: Date })[] = await this.db.query(
      `SELECT id::text AS id, event_id AS "eventId", event_type AS "eventType", attempt, outcome, status_code AS "statusCode",
              latency_ms AS "latencyMs", response_excerpt AS "responseExcerpt", error, created_at AS "createdAt"
       FROM qr.webhook_deliveries d WHERE endpoint_id = $1 ORDER BY d.id DESC LIMIT $2`,
      [endpointId, limit],
    );
    return rows.map((row) => ({ ...row, eventType: row.eventType as WebhookEventType, createdAt: new Date(row.createdAt).toISOString() }));
  }

  async findDelivery(endpointId: string, deliveryId: string): Promise<{ eventId: string } | null> {
    if (!/^\d{1,18}$/.test(deliveryId)) return null;
    const rows = await this.db.query(`SELECT event_id AS "eventId" FROM qr.webhook_deliveries WHERE id = $1 AND endpoint_id = $2`, [deliveryId, endpointId]);
    return rows[0] ?? null;
  }

  async succeeded(endpointId: string): Promise<void> {
    await this.db.query(`UPDATE qr.webhook_endpoints SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures <> 0`, [endpointId]);
  }

  /**
   * An event used up every attempt: one more failure in a row. Answers the endpoint when this
   * failure disabled it (it was enabled and reached `limit`), null otherwise.
   */
  async failedForGood(tx: EntityManager, endpointId: string, limit: number): Promise<EndpointRow | null> {
    const [rows] = await tx.query(
      `UPDATE qr.webhook_endpoints SET consecutive_failures = consecutive_failures + 1,
         enabled = CASE WHEN enabled AND consecutive_failures + 1 >= $2 THEN false ELSE enabled END,
         disabled_reason = CASE WHEN enabled AND consecutive_failures + 1 >= $2 THEN 'failures' ELSE disabled_reason END
       WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}, (enabled IS DISTINCT FROM true AND disabled_reason = 'failures' AND consecutive_failures = $2) AS "justDisabled"`,
      [endpointId, limit],
    );
    const row = rows?.[0] as (EndpointRow & { justDisabled: boolean }) | undefined;
    return row?.justDisabled ? row : null;
  }

  /** Takes (removes) up to `limit` queued scans, oldest first; other flushers skip them. */
  async takeQueuedScans(tx: EntityManager, limit: number): Promise<{ ownerId: string; scan: ScanWebhookRecord }[]> {
    const [rows] = await tx.query(
      `DELETE FROM qr.webhook_scan_queue WHERE id IN (
         SELECT id FROM qr.webhook_scan_queue ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING owner_id AS "ownerId", scan`,
      [limit],
    );
    return rows;
  }

  /** Old events and log lines go (the log is for recent trouble; resends need the event). */
  async prune(keepDays: number): Promise<void> {
    await this.db.query(`DELETE FROM qr.webhook_deliveries WHERE created_at < now() - $1 * interval '1 day'`, [keepDays]);
    await this.db.query(`DELETE FROM qr.webhook_events WHERE created_at < now() - $1 * interval '1 day'`, [keepDays]);
  }
}
