import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ConversionKind, ConversionTotals } from '@qrd/contracts';

export interface ScanOfConversion {
  codeId: string;
  ownerId: string;
  scannedAt: Date;
  variant: string | null;
}

export interface ConversionRecord {
  id: string;
  kind: ConversionKind;
  scanId: string;
  codeId: string;
  externalId: string;
  amount: string | null;
  currency: string | null;
  variant: string | null;
  source: 'api' | 'stripe';
  createdAt: Date;
}

const COLUMNS = `id, kind, scan_id AS "scanId", code_id AS "codeId", external_id AS "externalId", amount_minor::text AS amount, currency,
  variant, source, created_at AS "createdAt"`;

@Injectable()
export class ConversionsRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The stored scan with this id, looked up in the partitions around the time its id carries. */
  async scan(scanId: string, around: Date): Promise<ScanOfConversion | null> {
    const rows: ScanOfConversion[] = await this.db.query(
      `SELECT code_id AS "codeId", owner_id AS "ownerId", scanned_at AS "scannedAt", variant FROM qr.scans
       WHERE scan_id = $1 AND scanned_at BETWEEN $2::timestamptz - interval '10 minutes' AND $2::timestamptz + interval '10 minutes'`,
      [scanId, around],
    );
    return rows[0] ?? null;
  }

  /** Records the conversion; null when this external id of this kind was recorded before. */
  async insert(
    tx: EntityManager,
    row: { ownerId: string; scanId: string; scan: ScanOfConversion; kind: ConversionKind; externalId: string; amount: number | null; currency: string | null; source: 'api' | 'stripe' },
  ): Promise<ConversionRecord | null> {
    const rows: ConversionRecord[] = await tx.query(
      `INSERT INTO qr.conversions (owner_id, code_id, scan_id, scanned_at, variant, kind, external_id, amount_minor, currency, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (owner_id, kind, external_id) DO NOTHING RETURNING ${COLUMNS}`,
      [row.ownerId, row.scan.codeId, row.scanId, row.scan.scannedAt, row.scan.variant, row.kind, row.externalId, row.amount, row.currency, row.source],
    );
    return rows[0] ?? null;
  }

  async byExternalId(ownerId: string, kind: ConversionKind, externalId: string): Promise<ConversionRecord | null> {
    const rows: ConversionRecord[] = await this.db.query(`SELECT ${COLUMNS} FROM qr.conversions WHERE owner_id = $1 AND kind = $2 AND external_id = $3`, [
      ownerId,
      kind,
      externalId,
    ]);
    return rows[0] ?? null;
  }

  /** Leads, sales and revenue of the code's scans made within [from, to), in all and per A/B variant. */
  async totals(codeId: string, from: Date, to: Date): Promise<{ all: ConversionTotals; variants: Map<string, ConversionTotals> }> {
    const rows: { variant: string | null; kind: ConversionKind; currency: string | null; n: number; amount: string | null }[] = await this.db.query(
      `SELECT variant, kind, currency, count(*)::int AS n, sum(amount_minor)::text AS amount FROM qr.conversions
       WHERE code_id = $1 AND scanned_at >= $2 AND scanned_at < $3 GROUP BY variant, kind, currency`,
      [codeId, from, to],
    );
    const all = emptyTotals();
    const variants = new Map<string, ConversionTotals>();
    for (const row of rows) {
      add(all, row);
      if (row.variant === null) continue;
      const totals = variants.get(row.variant) ?? emptyTotals();
      add(totals, row);
      variants.set(row.variant, totals);
    }
    return { all, variants };
  }

  async settings(ownerId: string): Promise<{ stripeWebhookSecret: string | null }> {
    const rows: { stripeWebhookSecret: string | null }[] = await this.db.query(
      `SELECT stripe_webhook_secret AS "stripeWebhookSecret" FROM qr.conversion_settings WHERE owner_id = $1`,
      [ownerId],
    );
    return rows[0] ?? { stripeWebhookSecret: null };
  }

  async saveSettings(ownerId: string, stripeWebhookSecret: string | null): Promise<void> {
    await this.db.query(
      `INSERT INTO qr.conversion_settings (owner_id, stripe_webhook_secret) VALUES ($1, $2)
       ON CONFLICT (owner_id) DO UPDATE SET stripe_webhook_secret = EXCLUDED.stripe_webhook_secret, updated_at = now()`,
      [ownerId, stripeWebhookSecret],
    );
  }
}

function emptyTotals(): ConversionTotals {
  return { leads: 0, sales: 0, revenue: [] };
}

function add(totals: ConversionTotals, row: { kind: ConversionKind; currency: string | null; n: number; amount: string | null }): void {
  if (row.kind === 'lead') {
    totals.leads += row.n;
    return;
  }
  totals.sales += row.n;
  if (row.currency === null) return;
  const existing = totals.revenue.find((r) => r.currency === row.currency);
  if (existing) existing.amount += Number(row.amount ?? 0);
  else totals.revenue.push({ currency: row.currency, amount: Number(row.amount ?? 0) });
}
