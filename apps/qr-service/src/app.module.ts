import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { HealthController, MessagingModule } from '@qrd/messaging';

@Module({})
export class QrServiceModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: QrServiceModule,
      imports: [ConfigModule.forRoot(config, logger), MessagingModule.forRoot()],
      controllers: [HealthController],
    };
  }
}
