import { MigrationInterface, QueryRunner } from 'typeorm';

export class CodeVersions1795000100000 implements MigrationInterface {
  name = 'CodeVersions1795000100000';

  async up(q: QueryRunner): Promise<void> {
    // Raised in the same UPDATE as every change of a code's redirect (destination, owner
    // deactivation, the owner's billing or account suspension, deletion): the Redis redirect
    // table keeps the highest version written, so a late write cannot bring back an older state.
    await q.query(`ALTER TABLE qr.codes ADD COLUMN version integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes DROP COLUMN version`);
  }
}
