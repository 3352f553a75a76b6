import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Abuse handling: a takedown is a fourth, independent reason a code does not redirect (kept apart
 * from the owner's switch and the suspensions, so lifting one never lifts another), and the
 * reports people send in from the public form.
 */
export class AbuseHandling17973000000000 implements MigrationInterface {
  name = 'AbuseHandling17973000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes ADD COLUMN taken_down_at timestamptz, ADD COLUMN takedown_reason text`);
    await q.query(`
      CREATE TABLE qr.abuse_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL,
        code_id uuid REFERENCES qr.codes(id) ON DELETE SET NULL,
        reason text NOT NULL CHECK (reason IN ('phishing', 'malware', 'scam', 'illegal', 'other')),
        details text NOT NULL DEFAULT '',
        reporter_email text,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolved_by uuid
      )`);
    await q.query(`CREATE INDEX abuse_reports_queue_idx ON qr.abuse_reports (status, created_at DESC)`);
    await q.query(`CREATE INDEX abuse_reports_code_idx ON qr.abuse_reports (code_id) WHERE status = 'open'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.abuse_reports`);
    await q.query(`ALTER TABLE qr.codes DROP COLUMN taken_down_at, DROP COLUMN takedown_reason`);
  }
}
