import { INestApplication } from '@nestjs/common';
import { AppConfig, Logger } from '@qrd/config';
import { ServiceQueue } from '@qrd/contracts';
import { internalRequestContext, startServiceApp } from '@qrd/messaging';
import { QrServiceModule } from './app.module';

export function startQrService(config: AppConfig, logger: Logger, port = config.ports.qr): Promise<INestApplication> {
  return startServiceApp(QrServiceModule.forRoot(config, logger), {
    config,
    logger,
    port,
    queue: ServiceQueue.Qr,
    // Besides /health, the port serves the internal image routes (CodeImagesController).
    configure: (app) => app.use(internalRequestContext),
  });
}
