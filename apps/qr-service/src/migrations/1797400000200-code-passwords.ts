import { MigrationInterface, QueryRunner } from 'typeorm';

/** Password-protected codes: the argon2 hash of the password a scanner must give before the redirect. */
export class CodePasswords1797400000200 implements MigrationInterface {
  name = 'CodePasswords1797400000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes ADD COLUMN password_hash text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes DROP COLUMN password_hash`);
  }
}
