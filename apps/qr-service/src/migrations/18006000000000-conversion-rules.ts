import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversions per routing rule and per folder (docs/conversions.md): each scan keeps the routing
 * rule that sent it (its 1-based position in the rules then in force; NULL when no rule decided,
 * as for every scan stored before), and its conversions copy it as they copy the variant. A code's
 * figures per rule read only the scans a rule sent (a partial index: nothing for the others). The
 * workspace's conversions by folder read one owner's rows of a range: an index in that order,
 * covering what is summed, answers them without visiting the table.
 */
export class ConversionRules18006000000000 implements MigrationInterface {
  name = 'ConversionRules18006000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.scans ADD COLUMN rule smallint CHECK (rule > 0)`);
    await q.query(`CREATE INDEX scans_code_rule_time_idx ON qr.scans (code_id, scanned_at) WHERE rule IS NOT NULL`);
    await q.query(`ALTER TABLE qr.conversions ADD COLUMN rule smallint CHECK (rule > 0)`);
    await q.query(`CREATE INDEX conversions_owner_scanned_idx ON qr.conversions (owner_id, scanned_at) INCLUDE (code_id, kind, currency, amount_minor)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX qr.conversions_owner_scanned_idx`);
    await q.query(`ALTER TABLE qr.conversions DROP COLUMN rule`);
    await q.query(`DROP INDEX qr.scans_code_rule_time_idx`);
    await q.query(`ALTER TABLE qr.scans DROP COLUMN rule`);
  }
}
