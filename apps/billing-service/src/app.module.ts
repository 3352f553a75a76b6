import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { HealthController, MessagingModule } from '@qrd/messaging';

@Module({})
export class BillingServiceModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: BillingServiceModule,
      imports: [ConfigModule.forRoot(config, logger), MessagingModule.forRoot()],
      controllers: [HealthController],
    };
  }
}
