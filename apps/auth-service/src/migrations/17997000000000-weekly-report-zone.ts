import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly report's time zone: its week runs Monday to Sunday there, and it goes out once that
 * week has ended there. Accounts that had it keep UTC, the week they had.
 */
export class WeeklyReportZone17997000000000 implements MigrationInterface {
  name = 'WeeklyReportZone17997000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.weekly_reports ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'`);
    await q.query(`COMMENT ON COLUMN auth.weekly_reports.last_week IS 'Monday, in time_zone, of the week whose report was last sent'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.weekly_reports DROP COLUMN time_zone`);
  }
}
