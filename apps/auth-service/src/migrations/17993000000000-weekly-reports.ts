import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly scans report: who asked for it, and the week last sent to them (claimed before the
 * mail is queued, so each account gets one report a week whatever the replicas and restarts).
 */
export class WeeklyReports17993000000000 implements MigrationInterface {
  name = 'WeeklyReports17993000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.weekly_reports (
        user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
        enabled boolean NOT NULL,
        -- Monday (UTC) of the week whose report was last sent.
        last_week date,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX weekly_reports_due ON auth.weekly_reports (last_week) WHERE enabled`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.weekly_reports`);
  }
}
