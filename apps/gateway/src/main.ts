import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@qrd/config';
import { assertRedisReachable } from '@qrd/messaging';
import { startGateway } from './gateway.app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('gateway', config.logLevel);
  await assertRedisReachable(config.redisUrl);
  await startGateway(config, logger);
  logger.info({ port: config.ports.gateway }, 'gateway listening');
}

main().catch((error: Error) => {
  process.stderr.write(`gateway failed to start: ${error.message}\n`);
  process.exit(1);
});
