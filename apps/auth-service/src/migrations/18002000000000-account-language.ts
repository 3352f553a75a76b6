import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language an account reads the product and its mail in; accounts made before have none chosen (English). */
export class AccountLanguage18002000000000 implements MigrationInterface {
  name = 'AccountLanguage18002000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users ADD COLUMN language text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users DROP COLUMN language`);
  }
}
