import { parseArgs } from 'node:util';
import { AppConfig, Logger } from '@qrd/config';
import { DomainEvent, RegisterDto, validateDto } from '@qrd/contracts';
import { openDatabase } from '@qrd/database';
import { assertRedisReachable, BullMqClient } from '@qrd/messaging';
import { AUTH_DATABASE } from '../database';
import { PasswordHasher } from '../users/password-hasher';
import { UserEntity } from '../users/user.entity';
import { uniqueViolationField } from '../users/users.repository';

export const CREATE_ADMIN_USAGE =
  'Usage: npm run create-admin -- --username NAME [--email EMAIL --password PASSWORD]\n' +
  '  Promotes an existing user to superadmin (and reactivates it), or creates a superadmin when\n' +
  '  --email and --password are given. Reads DATABASE_URL and REDIS_URL like the services.';

export class CreateAdminError extends Error {}

/**
 * Operator command: create the first superadmin, or promote an existing account. Returns what
 * it did, in words for the operator.
 */
export async function createAdmin(config: AppConfig, logger: Logger, argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
  });
  const username = values.username?.trim();
  if (!username) throw new CreateAdminError(CREATE_ADMIN_USAGE);

  const db = await openDatabase(config.databaseUrl, AUTH_DATABASE);
  try {
    const users = db.getRepository(UserEntity);
    const existing = await users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
    if (existing) {
      const roleChanged = existing.role !== 'superadmin';
      const reactivated = existing.status !== 'active';
      existing.role = 'superadmin';
      existing.status = 'active';
      await users.save(existing);
      const notified = await notifyServices(config, logger, existing.id, { roleChanged, reactivated });
      return (
        `${existing.username} is now a superadmin.` +
        (roleChanged && !notified ? ' Their open sessions still carry the old role: they must sign out and in again.' : '')
      );
    }

    if (!values.email || !values.password) {
      throw new CreateAdminError(`No user "${username}" exists; give --email and --password to create one.\n${CREATE_ADMIN_USAGE}`);
    }
    const input = { username, email: values.email.trim(), password: values.password };
    const problems = await validateDto(RegisterDto, input);
    if (Object.keys(problems).length > 0) throw new CreateAdminError(Object.values(problems).join('\n'));
    try {
      const created = await users.save(
        users.create({
          username: input.username,
          email: input.email.toLowerCase(),
          passwordHash: await new PasswordHasher().hash(input.password),
          role: 'superadmin',
        }),
      );
      return `Created superadmin ${created.username}.`;
    } catch (error) {
      if (uniqueViolationField(error) === 'email') throw new CreateAdminError('An account with that email already exists');
      throw error;
    }
  } finally {
    await db.destroy();
  }
}

/**
 * Sessions cache the role and the qr-service stops redirecting a suspended owner's codes: tell the
 * running services. Returns false when Redis cannot be reached (the change itself is saved).
 */
async function notifyServices(
  config: AppConfig,
  logger: Logger,
  userId: string,
  change: { roleChanged: boolean; reactivated: boolean },
): Promise<boolean> {
  if (!change.roleChanged && !change.reactivated) return true;
  try {
    await assertRedisReachable(config.redisUrl);
  } catch (error) {
    logger.warn({ err: error }, 'could not reach Redis to notify the services');
    return false;
  }
  const bus = new BullMqClient({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    logger,
    timeoutMs: config.messageTimeoutMs,
  });
  try {
    if (change.roleChanged) {
      await bus.emitEvent(DomainEvent.SessionsRevoke, { userId, reason: 'promoted to superadmin' });
    }
    if (change.reactivated) await bus.emitEvent(DomainEvent.UserReactivated, { userId });
    return true;
  } finally {
    await bus.close();
  }
}
