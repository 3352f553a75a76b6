import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminCodeRow, QrCodeState } from '@qrd/contracts';
import { SITE_SCOPE } from '../scans/scan-rollups';

/** The back office's figures over every code: codes by state, scans in total, recently and today, and a page of codes. */
@Injectable()
export class AdminAnalyticsRepository {
  constructor(private readonly db: DataSource) {}

  async adminCounts(
    since: Date,
    today: Date,
  ): Promise<{ byState: Record<QrCodeState, number>; totalScans: number; botScans: number; recentScans: number; todayScans: number }> {
    const [states, stats, recent] = await Promise.all([
      this.db.query(`SELECT state, count(*)::int AS n FROM qr.codes WHERE deleted_at IS NULL GROUP BY state`) as Promise<
        { state: QrCodeState; n: number }[]
      >,
      this.db.query(
        `SELECT coalesce(sum(scans), 0)::bigint::text AS scans, coalesce(sum(bot_scans), 0)::bigint::text AS bots FROM qr.code_stats`,
      ) as Promise<{ scans: string; bots: string }[]>,
      this.db.query(
        `SELECT coalesce(sum(scans), 0)::bigint::text AS n, coalesce(sum(scans) FILTER (WHERE bucket >= $3), 0)::bigint::text AS today
         FROM qr.rollup_buckets WHERE scope_id = $1 AND bucket >= $2`,
        [SITE_SCOPE, since, today],
      ) as Promise<{ n: string; today: string }[]>,
    ]);
    const byState: Record<QrCodeState, number> = { active: 0, deactivated: 0, suspended: 0 };
    for (const row of states) byState[row.state] = row.n;
    return {
      byState,
      totalScans: Number(stats[0].scans),
      botScans: Number(stats[0].bots),
      recentScans: Number(recent[0].n),
      todayScans: Number(recent[0].today),
    };
  }

  async adminPage(page: number, pageSize: number): Promise<AdminCodeRow[]> {
    const rows: (Omit<AdminCodeRow, 'createdAt'> & { createdAt: Date })[] = await this.db.query(
      `SELECT c.id, c.slug, c.name, c.owner_id AS "ownerId", c.state, coalesce(s.scans, 0)::int AS "totalScans", c.created_at AS "createdAt"
       FROM qr.codes c LEFT JOIN qr.code_stats s ON s.code_id = c.id
       WHERE c.deleted_at IS NULL ORDER BY c.created_at DESC, c.id LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}
