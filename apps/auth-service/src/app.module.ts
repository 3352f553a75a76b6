import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { DatabaseModule } from '@qrd/database';
import { MessagingModule } from '@qrd/messaging';
import { ObservabilityModule } from '@qrd/observability';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { ApiKeysHandlers } from './api-keys/api-keys.handlers';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { ApiKeysService } from './api-keys/api-keys.service';
import { AUTH_DATABASE } from './database';
import { BillingMailHandlers } from './mail/billing-mail.handlers';
import { CodeMailHandlers } from './mail/code-mail.handlers';
import { MailModule } from './mail/mail.module';
import { MailWorker } from './mail/mail.worker';
import { ProfilePictureHandlers } from './profile-picture/profile-picture.handlers';
import { ProfilePictureService } from './profile-picture/profile-picture.service';
import { PasswordResetService } from './password-reset/password-reset.service';
import { ResetTokenEntity } from './password-reset/reset-token.entity';
import { ResetTokensRepository } from './password-reset/reset-tokens.repository';
import { PasswordHasher } from './users/password-hasher';
import { UserEntity } from './users/user.entity';
import { UsersHandlers } from './users/users.handlers';
import { UsersRepository } from './users/users.repository';
import { AccountEvents } from './users/account-events';
import { EmailChangeService } from './email-change/email-change.service';
import { RecoveryCodeEntity } from './two-factor/recovery-code.entity';
import { SecretBox } from './two-factor/secret-box';
import { TwoFactorService } from './two-factor/two-factor.service';
import { UsersService } from './users/users.service';
import { AccountDeletionHandlers } from './account-deletion/account-deletion.handlers';
import { AccountDeletionService } from './account-deletion/account-deletion.service';
import { ContactHandlers } from './mail/contact.handlers';
import { EmailChangeHandlers } from './email-change/email-change.handlers';
import { PasswordResetHandlers } from './password-reset/password-reset.handlers';
import { TwoFactorHandlers } from './two-factor/two-factor.handlers';
import { EmailChangePort, ResetLinksPort } from './users/user-ports';
import { WeeklyReportQueue } from './weekly-report/weekly-report.queue';
import { WeeklyReportsHandlers } from './weekly-report/weekly-reports.handlers';
import { WeeklyReportsService } from './weekly-report/weekly-reports.service';
import { WorkspacesHandlers } from './workspaces/workspaces.handlers';
import { WorkspacesService } from './workspaces/workspaces.service';
import { InvitationsService } from './workspaces/invitations.service';
import { MembersService } from './workspaces/members.service';
import { AuditLog } from './workspaces/audit-log';
import { TransfersService } from './workspaces/transfers.service';
import { WorkspaceLifecycleService } from './workspaces/workspace-lifecycle.service';

@Module({})
export class AuthServiceModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AuthServiceModule,
      imports: [
        ConfigModule.forRoot(config, logger),
        ObservabilityModule.forService('auth-service'),
        MessagingModule.forRoot(),
        DatabaseModule.forService(AUTH_DATABASE),
        TypeOrmModule.forFeature([UserEntity, ResetTokenEntity, RecoveryCodeEntity, ApiKeyEntity]),
        MailModule,
      ],
      controllers: [
        UsersHandlers,
        PasswordResetHandlers,
        EmailChangeHandlers,
        TwoFactorHandlers,
        AccountDeletionHandlers,
        ContactHandlers,
        CodeMailHandlers, BillingMailHandlers, ApiKeysHandlers, ProfilePictureHandlers, WeeklyReportsHandlers, WorkspacesHandlers],
      providers: [
        UsersRepository,
        UsersService,
        AccountDeletionService,
        AccountEvents,
        PasswordHasher,
        ResetTokensRepository,
        PasswordResetService,
        MailWorker,
        EmailChangeService,
        { provide: EmailChangePort, useExisting: EmailChangeService },
        { provide: ResetLinksPort, useExisting: ResetTokensRepository },
        SecretBox,
        TwoFactorService,
        ApiKeysRepository,
        ApiKeysService,
        WeeklyReportsService,
        WeeklyReportQueue,
        ProfilePictureService,
        WorkspacesService,
        MembersService,
        InvitationsService,
        AuditLog,
        WorkspaceLifecycleService,
        TransfersService,
      ],
    };
  }
}
