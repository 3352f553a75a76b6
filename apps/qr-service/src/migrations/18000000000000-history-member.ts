import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The member who made a change, in a workspace of several (docs/workspaces.md): an account id,
 * named by the gateway when the history is read; cleared when that account is deleted.
 */
export class HistoryMember18000000000000 implements MigrationInterface {
  name = 'HistoryMember18000000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.code_history ADD COLUMN member_id uuid`);
    await q.query(`CREATE INDEX code_history_member_idx ON qr.code_history (member_id) WHERE member_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.code_history DROP COLUMN member_id`);
  }
}
