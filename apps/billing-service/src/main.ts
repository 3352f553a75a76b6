import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@qrd/config';
import { assertPostgresReachable, ensureDatabase } from '@qrd/database';
import { assertRedisReachable } from '@qrd/messaging';
import { startBillingService } from './billing.app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('billing-service', config.logLevel);
  await assertPostgresReachable(config.databaseUrl);
  await ensureDatabase(config.databaseUrl);
  if (process.argv[2] === 'migrate') return;
  await assertRedisReachable(config.redisUrl);
  await startBillingService(config, logger);
  logger.info({ port: config.ports.billing }, 'billing-service listening');
}

main().catch((error: Error) => {
  process.stderr.write(`billing-service: ${error.message}\n`);
  process.exit(1);
});
