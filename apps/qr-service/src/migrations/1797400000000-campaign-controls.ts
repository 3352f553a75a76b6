import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaign controls (docs/campaign-controls.md): the owner's settings as JSON on the code (checked
 * by campaignProblems in the contracts), copied into the redirect entry; and the A/B variant each
 * scan was sent to, for the per-variant analytics.
 */
export class CampaignControls1797400000000 implements MigrationInterface {
  name = 'CampaignControls1797400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes ADD COLUMN campaign jsonb`);
    await q.query(`ALTER TABLE qr.scans ADD COLUMN variant text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.scans DROP COLUMN variant`);
    await q.query(`ALTER TABLE qr.codes DROP COLUMN campaign`);
  }
}
