import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@qrd/config';
import { assertPostgresReachable, ensureDatabase, openDatabase } from '@qrd/database';
import { assertRedisReachable } from '@qrd/messaging';
import { startAuthService } from './auth.app';
import { createAdmin } from './cli/create-admin';
import { AUTH_DATABASE } from './database';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('auth-service', config.logLevel);
  await assertPostgresReachable(config.databaseUrl);
  await ensureDatabase(config.databaseUrl);
  const command = process.argv[2];
  if (command === 'migrate') {
    await (await openDatabase(config.databaseUrl, AUTH_DATABASE)).destroy();
    logger.info('auth schema migrated');
    return;
  }
  if (command === 'create-admin') {
    process.stdout.write(`${await createAdmin(config, logger, process.argv.slice(3))}\n`);
    return;
  }
  await assertRedisReachable(config.redisUrl);
  await startAuthService(config, logger);
  logger.info({ port: config.ports.auth }, 'auth-service listening');
}

main().catch((error: Error) => {
  process.stderr.write(`auth-service: ${error.message}\n`);
  process.exit(1);
});
