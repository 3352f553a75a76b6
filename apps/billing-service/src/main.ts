import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@qrd/config';
import { assertPostgresReachable, ensureDatabase, openDatabase } from '@qrd/database';
import { assertRedisReachable } from '@qrd/messaging';
import { startBillingService } from './billing.app';
import { assertPaymentsAllowed } from './payments-allowed';
import { advanceClock } from './cli/advance-clock';
import { BILLING_DATABASE } from './database';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const command = process.argv[2];
  // Before anything connects: a production start on free test payments is refused outright.
  if (command === undefined) assertPaymentsAllowed(config);
  const logger = createLogger('billing-service', config.logLevel);
  await assertPostgresReachable(config.databaseUrl);
  await ensureDatabase(config.databaseUrl);
  if (command === 'migrate') {
    await (await openDatabase(config.databaseUrl, BILLING_DATABASE)).destroy();
    logger.info('billing schema migrated');
    return;
  }
  await assertRedisReachable(config.redisUrl);
  if (command === 'advance-clock') {
    await advanceClock(config, logger, process.argv.slice(3));
    return;
  }
  await startBillingService(config, logger);
  logger.info({ port: config.ports.billing, provider: config.billing.provider }, 'billing-service listening');
}

main().catch((error: Error) => {
  process.stderr.write(`billing-service: ${error.message}\n`);
  process.exit(1);
});
