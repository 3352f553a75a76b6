import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved designs per account (at most 50, counted by the qr-service under the owner's lock): a
 * name unique per owner and the design as validateDesign gives it (logo included).
 */
export class DesignTemplates17991000000000 implements MigrationInterface {
  name = 'DesignTemplates17991000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.design_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        name text NOT NULL,
        design jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX design_templates_owner_name ON qr.design_templates (owner_id, lower(name))`);
    await q.query(`CREATE INDEX design_templates_owner ON qr.design_templates (owner_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.design_templates`);
  }
}
