import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { AccountAnalytics, CodeComparisonPage, DomainError, ErrorCode, QrPattern, UNKNOWN_TIME_ZONE, UserView, WeeklyReportSetting } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { MailQueue } from '../mail/mail.queue';
import { UsersService } from '../users/users.service';
import { weeklyReportMail } from './weekly-report-mail';

const DAY_MS = 24 * 3600 * 1000;
const INVALID_LINK = 'This unsubscribe link is not valid';
/** The Monday (a date) of the week an instant is in, in the zone of the row or parameter given. */
const localMonday = (instant: string, zone: string) => `date_trunc('week', ${instant} AT TIME ZONE ${zone})::date`;
/** Accounts claimed per round trip while sending a week's reports. */
const BATCH = 50;

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The weekly scans report: opt-in per account, sent once a week (on Monday in the account's time
 * zone, for the week before, Monday to Sunday there) with the totals, the change on the week
 * before and the top codes; each mail has a link that turns it off without signing in (signed
 * with the session secret).
 */
@Injectable()
export class WeeklyReportsService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: MessageBus,
    private readonly users: UsersService,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async get(userId: string): Promise<WeeklyReportSetting> {
    const rows: { enabled: boolean; time_zone: string }[] = await this.db.query(`SELECT enabled, time_zone FROM auth.weekly_reports WHERE user_id = $1`, [userId]);
    return { enabled: rows[0]?.enabled ?? false, timeZone: rows[0]?.time_zone ?? 'UTC' };
  }

  /**
   * Turning it on (the first time or again) waits for next Monday: the current week's report is
   * not sent at once. A zone given replaces the one kept; one PostgreSQL does not know is refused
   * here rather than met by the run that sends everyone's reports.
   */
  async set(userId: string, enabled: boolean, timeZone?: string): Promise<WeeklyReportSetting> {
    await this.users.get(userId);
    if (timeZone !== undefined) await this.assertKnownZone(timeZone);
    const rows: { enabled: boolean; time_zone: string }[] = await this.db.query(
      `INSERT INTO auth.weekly_reports AS r (user_id, enabled, time_zone, last_week)
       VALUES ($1, $2::boolean, coalesce($3::text, 'UTC'), CASE WHEN $2::boolean THEN ${localMonday('now()', "coalesce($3::text, 'UTC')")} END)
       ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, time_zone = coalesce($3::text, r.time_zone),
         last_week = CASE WHEN excluded.enabled AND NOT r.enabled
           THEN greatest(r.last_week, ${localMonday('now()', 'coalesce($3::text, r.time_zone)')}) ELSE r.last_week END,
         updated_at = now()
       RETURNING enabled, time_zone`,
      [userId, enabled, timeZone ?? null],
    );
    return { enabled: rows[0].enabled, timeZone: rows[0].time_zone };
  }

  private async assertKnownZone(zone: string): Promise<void> {
    try {
      await this.db.query(`SELECT now() AT TIME ZONE $1::text`, [zone]);
    } catch (error) {
      // 22023: "time zone not recognized".
      if ((error as { driverError?: { code?: string } }).driverError?.code === '22023') {
        throw new DomainError(ErrorCode.Validation, UNKNOWN_TIME_ZONE, { timeZone: UNKNOWN_TIME_ZONE });
      }
      throw error;
    }
  }

  async unsubscribe(token: string): Promise<WeeklyReportSetting> {
    const userId = this.verify(token);
    if (!userId) throw new DomainError(ErrorCode.Validation, INVALID_LINK, { token: INVALID_LINK });
    const rows: { time_zone: string }[] = await this.db.query(
      `UPDATE auth.weekly_reports SET enabled = false, updated_at = now() WHERE user_id = $1 RETURNING time_zone`,
      [userId],
    );
    return { enabled: false, timeZone: rows[0]?.time_zone ?? 'UTC' };
  }

  unsubscribeToken(userId: string): string {
    return `${Buffer.from(userId).toString('base64url')}.${this.signature(userId)}`;
  }

  private signature(userId: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(`weekly-report-unsubscribe:${userId}`).digest('base64url');
  }

  private verify(token: string): string | null {
    const [encoded, signature] = token.split('.');
    if (!encoded || !signature) return null;
    const userId = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(this.signature(userId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
  }

  /**
   * Sends the week's report to every opted-in account whose week has ended in its time zone and
   * that has not had it: each account is claimed (its last week moved to this one) before its mail
   * is queued, so a second run, a restarted one or another replica finds nothing left to send.
   * Answers how many were sent.
   */
  async sendDue(now: Date = new Date()): Promise<number> {
    let sent = 0;
    // Accounts whose mail failed in this run wait for the next run (not retried in a loop).
    const failed: string[] = [];
    for (;;) {
      const claimed: { user_id: string; last_week: string | null; week: string; time_zone: string }[] = await this.db.query(
        `WITH due AS (
           SELECT user_id, last_week, ${localMonday('$1::timestamptz', 'time_zone')} AS week FROM auth.weekly_reports
           WHERE enabled AND (last_week IS NULL OR last_week < ${localMonday('$1::timestamptz', 'time_zone')}) AND user_id <> ALL($2::uuid[])
           LIMIT ${BATCH} FOR UPDATE SKIP LOCKED),
         claimed AS (UPDATE auth.weekly_reports r SET last_week = due.week FROM due WHERE r.user_id = due.user_id
           RETURNING r.user_id, to_char(due.last_week, 'YYYY-MM-DD') AS last_week, to_char(due.week, 'YYYY-MM-DD') AS week, r.time_zone)
         SELECT user_id, last_week, week, time_zone FROM claimed`,
        [now.toISOString(), failed],
      );
      if (claimed.length === 0) return sent;
      for (const row of claimed) {
        try {
          await this.sendOne(row.user_id, row.week, row.time_zone);
          sent++;
        } catch (error) {
          // Not sent: give the account back, so the next run tries again.
          failed.push(row.user_id);
          await this.db.query(`UPDATE auth.weekly_reports SET last_week = $2 WHERE user_id = $1 AND last_week = $3`, [row.user_id, row.last_week, row.week]);
          this.logger.warn({ err: error, userId: row.user_id }, 'weekly report not sent');
        }
      }
    }
  }

  /** `week`: the Monday, in `timeZone`, of the week after the one reported. */
  private async sendOne(userId: string, week: string, timeZone: string): Promise<void> {
    let user: UserView;
    try {
      user = await this.users.get(userId);
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) return;
      throw error;
    }
    if (user.status !== 'active') return;
    const range = { from: shiftDay(week, -7), to: shiftDay(week, -1), tz: timeZone };
    const [figures, codes] = await Promise.all([
      this.bus.request(QrPattern.AccountAnalytics, { userId, ...range, compare: 'previous' }) as Promise<AccountAnalytics>,
      this.bus.request(QrPattern.CodeComparison, { userId, ...range, sort: 'scans', order: 'desc', page: 1, pageSize: 5 }) as Promise<CodeComparisonPage>,
    ]);
    const base = this.config.publicBaseUrl;
    await this.mail.enqueue(
      weeklyReportMail(
        user.email,
        user.username,
        {
          from: range.from,
          to: range.to,
          timeZone,
          scans: figures.scans,
          uniqueScans: figures.uniqueScans,
          previousScans: figures.previous?.scans ?? 0,
          change: figures.previous?.change.scans ?? 0,
          topCodes: codes.items.filter((c) => c.scans > 0).map((c) => ({ name: c.name, scans: c.scans, change: c.change })),
          dashboardUrl: `${base}/dashboard?tab=analytics`,
          unsubscribeUrl: `${base}/unsubscribe?token=${encodeURIComponent(this.unsubscribeToken(userId))}`,
        },
        user.language,
      ),
    );
  }
}

