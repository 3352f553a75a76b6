import { INestApplication } from '@nestjs/common';
import { AppConfig, Logger } from '@qrd/config';
import { ServiceQueue } from '@qrd/contracts';
import { startServiceApp } from '@qrd/messaging';
import { AuthServiceModule } from './app.module';

export function startAuthService(config: AppConfig, logger: Logger, port = config.ports.auth): Promise<INestApplication> {
  return startServiceApp(AuthServiceModule.forRoot(config, logger), { config, logger, port, queue: ServiceQueue.Auth });
}
