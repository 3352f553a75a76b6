import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@qrd/config';
import { assertPostgresReachable, ensureDatabase } from '@qrd/database';
import { assertRedisReachable } from '@qrd/messaging';
import { startQrService } from './qr.app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('qr-service', config.logLevel);
  await assertPostgresReachable(config.databaseUrl);
  await ensureDatabase(config.databaseUrl);
  if (process.argv[2] === 'migrate') return;
  await assertRedisReachable(config.redisUrl);
  await startQrService(config, logger);
  logger.info({ port: config.ports.qr }, 'qr-service listening');
}

main().catch((error: Error) => {
  process.stderr.write(`qr-service: ${error.message}\n`);
  process.exit(1);
});
