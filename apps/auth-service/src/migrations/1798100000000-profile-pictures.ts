import { MigrationInterface, QueryRunner } from 'typeorm';

/** A user's picture, already re-encoded (256 px WebP, no metadata): a few kilobytes, kept with the user and gone with it. */
export class ProfilePictures1798100000000 implements MigrationInterface {
  name = 'ProfilePictures1798100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.profile_pictures (
        user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
        image bytea NOT NULL,
        content_type text NOT NULL,
        etag text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.profile_pictures`);
  }
}
