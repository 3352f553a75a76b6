import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { MessagingModule } from '@qrd/messaging';
import { ObservabilityModule } from '@qrd/observability';
import { AbuseApiModule } from './abuse/abuse-api.module';
import { AccountApiModule } from './account/account-api.module';
import { AdminApiModule } from './admin/admin-api.module';
import { AuthApiModule } from './auth/auth-api.module';
import { BillingApiModule } from './billing/billing-api.module';
import { QrApiModule } from './qr/qr-api.module';
import { PublicApiModule } from './public-api/public-api.module';
import { PageVisitsModule } from './page-visits/page-visits.module';
import { SessionsModule } from './sessions/sessions.module';
import { WorkspacesApiModule } from './workspaces/workspaces-api.module';

@Module({})
export class GatewayModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        ConfigModule.forRoot(config, logger),
        ObservabilityModule.forService('gateway'),
        MessagingModule.forRoot(),
        SessionsModule,
        AuthApiModule,
        AccountApiModule,
        AdminApiModule,
        QrApiModule,
        BillingApiModule,
        PageVisitsModule,
        AbuseApiModule,
        PublicApiModule,
        WorkspacesApiModule,
      ],
    };
  }
}
