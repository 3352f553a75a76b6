import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { MessagingModule } from '@qrd/messaging';
import { ObservabilityModule } from '@qrd/observability';
import { RedirectMetrics } from './redirects/redirect-metrics';
import { RedirectResolver } from './redirects/redirect-resolver';
import { RedirectRoute } from './redirects/redirect.route';

@Module({})
export class RedirectServiceModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: RedirectServiceModule,
      imports: [ConfigModule.forRoot(config, logger), ObservabilityModule.forService('redirect-service'), MessagingModule.forRoot()],
      providers: [RedirectResolver, RedirectRoute, RedirectMetrics],
    };
  }
}
