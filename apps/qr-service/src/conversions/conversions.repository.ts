import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AnalyticsReads } from '@qrd/database';
import type { ConversionKind, ConversionTotals, FolderConversions } from '@qrd/contracts';

export interface ScanOfConversion {
  codeId: string;
  ownerId: string;
  scannedAt: Date;
  variant: string | null;
  rule: number | null;
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
  rule: number | null;
  source: 'api' | 'stripe';
  createdAt: Date;
}

const COLUMNS = `id, kind, scan_id AS "scanId", code_id AS "codeId", external_id AS "externalId", amount_minor::text AS amount, currency,
  variant, rule, source, created_at AS "createdAt"`;

@Injectable()
export class ConversionsRepository {
  constructor(
    private readonly db: DataSource,
    /** The analytics' sums (totals, per folder): read as the rest of the analytics are, from the replica when there is one. */
    private readonly reads: AnalyticsReads,
  ) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The stored scan with this id, looked up in the partitions around the time its id carries. */
  async scan(scanId: string, around: Date): Promise<ScanOfConversion | null> {
    const rows: ScanOfConversion[] = await this.db.query(
      `SELECT code_id AS "codeId", owner_id AS "ownerId", scanned_at AS "scannedAt", variant, rule FROM qr.scans
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
      `INSERT INTO qr.conversions (owner_id, code_id, scan_id, scanned_at, variant, rule, kind, external_id, amount_minor, currency, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (owner_id, kind, external_id) DO NOTHING RETURNING ${COLUMNS}`,
      [row.ownerId, row.scan.codeId, row.scanId, row.scan.scannedAt, row.scan.variant, row.scan.rule, row.kind, row.externalId, row.amount, row.currency, row.source],
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

  /** Leads, sales and revenue of the code's scans made within [from, to), in all, per A/B variant and per routing rule. */
  async totals(
    codeId: string,
    from: Date,
    to: Date,
  ): Promise<{ all: ConversionTotals; variants: Map<string, ConversionTotals>; rules: Map<number, ConversionTotals> }> {
    const rows: (SummedRow & { variant: string | null; rule: number | null })[] = await this.reads.query(
      `SELECT variant, rule, kind, currency, count(*)::int AS n, sum(amount_minor)::text AS amount FROM qr.conversions
       WHERE code_id = $1 AND scanned_at >= $2 AND scanned_at < $3 GROUP BY variant, rule, kind, currency`,
      [codeId, from, to],
    );
    const all = emptyTotals();
    const variants = new Map<string, ConversionTotals>();
    const rules = new Map<number, ConversionTotals>();
    for (const row of rows) {
      add(all, row);
      if (row.variant !== null) add(totalsOf(variants, row.variant), row);
      if (row.rule !== null) add(totalsOf(rules, row.rule), row);
    }
    return { all, variants, rules };
  }

  /**
   * Leads, sales and revenue of the owner's scans made within [from, to), per folder the codes are
   * in now (null: in none); codes deleted since are left out. The conversions of the range are read
   * from conversions_owner_scanned_idx alone and summed per code before the codes are looked up
   * among the owner's (codes_owner_folder_idx: a join on the id alone read every code of every owner).
   */
  async byFolder(ownerId: string, from: Date, to: Date): Promise<FolderConversions[]> {
    const rows: (SummedRow & { folderId: string | null; name: string | null })[] = await this.reads.query(
      `WITH per_code AS (
         SELECT code_id, kind, currency, count(*)::int AS n, sum(amount_minor) AS amount FROM qr.conversions
         WHERE owner_id = $1 AND scanned_at >= $2 AND scanned_at < $3 GROUP BY code_id, kind, currency
       )
       SELECT c.folder_id AS "folderId", f.name, p.kind, p.currency, sum(p.n)::int AS n, sum(p.amount)::text AS amount
       FROM per_code p JOIN qr.codes c ON c.id = p.code_id AND c.owner_id = $1 AND c.deleted_at IS NULL LEFT JOIN qr.folders f ON f.id = c.folder_id
       GROUP BY c.folder_id, f.name, p.kind, p.currency`,
      [ownerId, from, to],
    );
    const folders = new Map<string | null, FolderConversions>();
    for (const row of rows) {
      let folder = folders.get(row.folderId);
      if (!folder) folders.set(row.folderId, (folder = { folderId: row.folderId, name: row.name, ...emptyTotals() }));
      add(folder, row);
    }
    // Most sales first, then most leads; the codes in no folder last among equals, then by name.
    return [...folders.values()].sort(
      (a, b) => b.sales - a.sales || b.leads - a.leads || Number(a.folderId === null) - Number(b.folderId === null) || (a.name ?? '').localeCompare(b.name ?? ''),
    );
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

/** One group's count and sum of one kind (and currency) of conversion. */
interface SummedRow {
  kind: ConversionKind;
  currency: string | null;
  n: number;
  amount: string | null;
}

function totalsOf<K>(map: Map<K, ConversionTotals>, key: K): ConversionTotals {
  let totals = map.get(key);
  if (!totals) map.set(key, (totals = emptyTotals()));
  return totals;
}

function emptyTotals(): ConversionTotals {
  return { leads: 0, sales: 0, revenue: [] };
}

function add(totals: ConversionTotals, row: SummedRow): void {
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
