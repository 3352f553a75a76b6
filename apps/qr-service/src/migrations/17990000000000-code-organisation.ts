import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organising codes: the longer list of categories (the four earlier ones stay valid as they are),
 * free tags on each code, and folders per owner (a code is in at most one).
 *
 * The dashboard's list filters by tag and folder on top of the keyset pages of code-list-pages:
 * tags have a GIN index (combined with the owner's rows by a bitmap AND), folders an index in
 * the folder's own keyset order (owner, folder, created, id), and the new sort by last change its
 * own (owner, updated, id) index like the others.
 */
export class CodeOrganisation17990000000000 implements MigrationInterface {
  name = 'CodeOrganisation17990000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes DROP CONSTRAINT IF EXISTS codes_category_check`);
    await q.query(`
      ALTER TABLE qr.codes ADD CONSTRAINT codes_category_check CHECK (category IN (
        'business', 'event', 'product', 'restaurant', 'retail', 'real-estate', 'healthcare', 'education', 'personal', 'other'))`);

    await q.query(`
      CREATE TABLE qr.folders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX folders_owner_name_key ON qr.folders (owner_id, lower(name))`);

    await q.query(`ALTER TABLE qr.codes ADD COLUMN tags text[] NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE qr.codes ADD CONSTRAINT codes_tags_count_check CHECK (cardinality(tags) <= 20)`);
    // Deleting a folder takes its codes out of it (they stay, in no folder).
    await q.query(`ALTER TABLE qr.codes ADD COLUMN folder_id uuid REFERENCES qr.folders (id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX codes_tags_idx ON qr.codes USING gin (tags) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX codes_owner_folder_idx ON qr.codes (owner_id, folder_id, created_at, id) WHERE deleted_at IS NULL`);
    // Also serves ON DELETE SET NULL of a folder (codes deleted long ago included).
    await q.query(`CREATE INDEX codes_folder_idx ON qr.codes (folder_id) WHERE folder_id IS NOT NULL`);
    await q.query(`CREATE INDEX codes_owner_updated_id_idx ON qr.codes (owner_id, updated_at, id) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX qr.codes_owner_updated_id_idx`);
    await q.query(`DROP INDEX qr.codes_folder_idx`);
    await q.query(`DROP INDEX qr.codes_owner_folder_idx`);
    await q.query(`DROP INDEX qr.codes_tags_idx`);
    await q.query(`ALTER TABLE qr.codes DROP COLUMN folder_id`);
    await q.query(`ALTER TABLE qr.codes DROP CONSTRAINT codes_tags_count_check`);
    await q.query(`ALTER TABLE qr.codes DROP COLUMN tags`);
    await q.query(`DROP TABLE qr.folders`);
    await q.query(`ALTER TABLE qr.codes DROP CONSTRAINT codes_category_check`);
    await q.query(`UPDATE qr.codes SET category = NULL WHERE category NOT IN ('business', 'event', 'product', 'restaurant')`);
    await q.query(`
      ALTER TABLE qr.codes ADD CONSTRAINT codes_category_check CHECK (category IN ('business', 'event', 'product', 'restaurant'))`);
  }
}
