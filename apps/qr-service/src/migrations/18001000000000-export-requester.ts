import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A data export is of a workspace (owner_id); the member who asked for it is kept beside it: the
 * archive holds their profile and the mail goes to them. Exports made before were asked for by the
 * owner of the personal workspace, whose id is the workspace's.
 */
export class ExportRequester18001000000000 implements MigrationInterface {
  name = 'ExportRequester18001000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.data_exports ADD COLUMN requested_by uuid`);
    await q.query(`UPDATE qr.data_exports SET requested_by = owner_id`);
    await q.query(`CREATE INDEX data_exports_requested_by_idx ON qr.data_exports (requested_by) WHERE requested_by IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.data_exports DROP COLUMN requested_by`);
  }
}
