import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted account's codes stay as tombstones (their short links answer 410 and are never
 * handed out again) with nothing of the owner left: no owner id, name or destination.
 */
export class ErasedOwners1797800000000 implements MigrationInterface {
  name = 'ErasedOwners1797800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes ALTER COLUMN owner_id DROP NOT NULL`);
    await q.query(`ALTER TABLE qr.codes ADD CONSTRAINT codes_owner_unless_deleted CHECK (owner_id IS NOT NULL OR deleted_at IS NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes DROP CONSTRAINT codes_owner_unless_deleted`);
    await q.query(`DELETE FROM qr.codes WHERE owner_id IS NULL`);
    await q.query(`ALTER TABLE qr.codes ALTER COLUMN owner_id SET NOT NULL`);
  }
}
