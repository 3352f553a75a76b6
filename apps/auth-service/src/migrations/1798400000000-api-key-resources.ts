import { MigrationInterface, QueryRunner } from 'typeorm';

/** What an API key may reach besides read or write; keys made before reach everything, as they did. */
export class ApiKeyResources1798400000000 implements MigrationInterface {
  name = 'ApiKeyResources1798400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.api_keys ADD COLUMN resources text[] NOT NULL DEFAULT '{codes,analytics,webhooks}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.api_keys DROP COLUMN resources`);
  }
}
