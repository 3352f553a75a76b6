import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { HealthController, MessagingModule } from '@qrd/messaging';
import { MetricsController } from './redirects/metrics.controller';
import { RedirectResolver } from './redirects/redirect-resolver';
import { RedirectRoute } from './redirects/redirect.route';

@Module({})
export class RedirectServiceModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: RedirectServiceModule,
      imports: [ConfigModule.forRoot(config, logger), MessagingModule.forRoot()],
      controllers: [HealthController, MetricsController],
      providers: [RedirectResolver, RedirectRoute],
    };
  }
}
