import { INestApplication } from '@nestjs/common';
import { AppConfig, Logger } from '@qrd/config';
import { ServiceQueue } from '@qrd/contracts';
import { startServiceApp } from '@qrd/messaging';
import { BillingServiceModule } from './app.module';
import { assertPaymentsAllowed } from './payments-allowed';

export async function startBillingService(config: AppConfig, logger: Logger, port = config.ports.billing): Promise<INestApplication> {
  assertPaymentsAllowed(config);
  return startServiceApp(BillingServiceModule.forRoot(config, logger), { config, logger, port, queue: ServiceQueue.Billing });
}
