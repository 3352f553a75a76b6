import { MigrationInterface, QueryRunner } from 'typeorm';

/** A workspace's analytics settings: the EU privacy mode (visitors from the EEA stored with their country only). */
export class AnalyticsSettings18005000000000 implements MigrationInterface {
  name = 'AnalyticsSettings18005000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.analytics_settings (
        owner_id uuid PRIMARY KEY,
        eu_privacy boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.analytics_settings`);
  }
}
