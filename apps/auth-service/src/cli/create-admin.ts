import { parseArgs } from 'node:util';
import { AppConfig, Logger } from '@qrd/config';
import { DomainEvent, RegisterDto, validateDto } from '@qrd/contracts';
import { openDatabase } from '@qrd/database';
import { assertRedisReachable, BullMqClient, MessageBus } from '@qrd/messaging';
import { AUTH_DATABASE } from '../database';
import { PasswordHasher } from '../users/password-hasher';
import { accountOutbox } from '../users/account-events';
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
  // Connected only once there are events to publish and Redis answers.
  let bus: BullMqClient | null = null;
  const publisher: Pick<MessageBus, 'emitEvent'> = {
    emitEvent: (event, payload) => (bus ? bus.emitEvent(event, payload) : Promise.reject(new Error('Redis was not reached'))),
  };
  const outbox = accountOutbox(db, publisher, logger);
  try {
    const users = db.getRepository(UserEntity);
    const existing = await users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
    if (existing) {
      const change = { roleChanged: existing.role !== 'superadmin', reactivated: existing.status !== 'active' };
      const events: string[] = [];
      await db.transaction(async (tx) => {
        await tx.update(UserEntity, { id: existing.id }, { role: 'superadmin', status: 'active' });
        // Sessions cache the role, and the qr-service stops a suspended owner's codes: the running
        // services are told through the outbox, committed with the change.
        if (change.roleChanged) {
          events.push(await outbox.add(tx, DomainEvent.SessionsRevoke, { userId: existing.id, reason: 'promoted to superadmin' }));
        }
        if (change.reactivated) events.push(await outbox.add(tx, DomainEvent.UserReactivated, { userId: existing.id }));
      });
      let delivered = events.length === 0;
      if (!delivered && (await redisAnswers(config, logger))) {
        bus = new BullMqClient({ redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, logger, timeoutMs: config.messageTimeoutMs });
        try {
          await outbox.deliver(events);
          delivered = (await outbox.backlog()).events === 0;
        } finally {
          await bus.close();
        }
      }
      return (
        `${existing.username} is now a superadmin.` +
        (delivered ? '' : ' The running services are told as soon as the auth-service can reach Redis.')
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

/** Whether Redis answers now (when not, the running auth-service's relay publishes the events). */
async function redisAnswers(config: AppConfig, logger: Logger): Promise<boolean> {
  try {
    await assertRedisReachable(config.redisUrl);
    return true;
  } catch (error) {
    logger.warn({ err: error }, 'could not reach Redis; the auth-service will publish the account events');
    return false;
  }
}
