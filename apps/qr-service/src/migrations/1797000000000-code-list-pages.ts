import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard pages through thousands of codes per owner with a keyset cursor: (sort key, id)
 * after the last row shown. These indexes hold the owner's live codes in exactly that order, so a
 * page by creation time or by name reads its rows and stops, in either direction (a B-tree scans
 * backwards too). Sorting by scans or last scan reads the per-code counters (qr.code_stats), which
 * live in another table: that order is sorted per request over the owner's codes.
 */
export class CodeListPages1797000000000 implements MigrationInterface {
  name = 'CodeListPages1797000000000';

  async up(q: QueryRunner): Promise<void> {
    // Replaces codes_owner_idx (owner_id, created_at DESC): the same order with the id as tie-breaker.
    await q.query(`CREATE INDEX codes_owner_created_id_idx ON qr.codes (owner_id, created_at, id) WHERE deleted_at IS NULL`);
    await q.query(`DROP INDEX qr.codes_owner_idx`);
    await q.query(`CREATE INDEX codes_owner_name_idx ON qr.codes (owner_id, lower(name), id) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX qr.codes_owner_name_idx`);
    await q.query(`CREATE INDEX codes_owner_idx ON qr.codes (owner_id, created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`DROP INDEX qr.codes_owner_created_id_idx`);
  }
}
