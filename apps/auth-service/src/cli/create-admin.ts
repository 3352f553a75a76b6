import argon2 from 'argon2';
import { parseArgs } from 'node:util';
import { AppConfig } from '@qrd/config';
import { openDatabase } from '@qrd/database';
import { AUTH_DATABASE } from '../database';
import { UserEntity } from '../users/user.entity';

const USAGE =
  'Usage: npm run create-admin -- --username NAME [--email EMAIL --password PASSWORD]\n' +
  '  Promotes an existing user to superadmin, or creates one when --email and --password are given.';

/** Operator command: create the first superadmin, or promote an existing account. */
export async function createAdmin(config: AppConfig, argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
  });
  if (!values.username) throw new Error(USAGE);
  const db = await openDatabase(config.databaseUrl, AUTH_DATABASE);
  try {
    const users = db.getRepository(UserEntity);
    const existing = await users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username: values.username })
      .getOne();
    if (existing) {
      existing.role = 'superadmin';
      existing.status = 'active';
      await users.save(existing);
      process.stdout.write(`${existing.username} is now a superadmin.\n`);
      return;
    }
    if (!values.email || !values.password || values.password.length < 8) {
      throw new Error(`No user "${values.username}" exists; give --email and a --password of 8+ characters.\n${USAGE}`);
    }
    const created = await users.save(
      users.create({
        username: values.username,
        email: values.email.toLowerCase(),
        passwordHash: await argon2.hash(values.password, { type: argon2.argon2id }),
        role: 'superadmin',
      }),
    );
    process.stdout.write(`Created superadmin ${created.username}.\n`);
  } finally {
    await db.destroy();
  }
}
