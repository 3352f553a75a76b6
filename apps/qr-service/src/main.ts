import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@qrd/config';
import { assertPostgresReachable, ensureDatabase, openDatabase } from '@qrd/database';
import { assertRedisReachable } from '@qrd/messaging';
import { QR_DATABASE } from './database';
import { startQrService } from './qr.app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('qr-service', config.logLevel);
  await assertPostgresReachable(config.databaseUrl);
  await ensureDatabase(config.databaseUrl);
  if (process.argv[2] === 'migrate') {
    await (await openDatabase(config.databaseUrl, QR_DATABASE)).destroy();
    logger.info('qr schema migrated');
    return;
  }
  await assertRedisReachable(config.redisUrl);
  await startQrService(config, logger);
  logger.info({ port: config.ports.qr }, 'qr-service listening');
}

main().catch((error: Error) => {
  process.stderr.write(`qr-service: ${error.message}\n`);
  process.exit(1);
});
