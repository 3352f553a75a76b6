import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@qrd/config';
import { assertRedisReachable } from '@qrd/messaging';
import { startRedirectService } from './redirect.app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('redirect-service', config.logLevel);
  await assertRedisReachable(config.redisUrl);
  await startRedirectService(config, logger);
  logger.info({ port: config.ports.redirect }, 'redirect-service listening');
}

main().catch((error: Error) => {
  process.stderr.write(`redirect-service: ${error.message}\n`);
  process.exit(1);
});
