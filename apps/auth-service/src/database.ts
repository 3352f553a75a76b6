import type { ServiceDatabase } from '@qrd/database';
import { CreateUsers1763780000000 } from './migrations/1763780000000-create-users';
import { AuthOutbox1797100000000 } from './migrations/1797100000000-outbox';
import { EmailChangeTwoFactor1797200000000 } from './migrations/1797200000000-email-change-two-factor';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { ApiKeys1797500000000 } from './migrations/1797500000000-api-keys';
import { ProfilePictures1798100000000 } from './migrations/1798100000000-profile-pictures';
import { ApiKeyResources1798400000000 } from './migrations/1798400000000-api-key-resources';
import { WeeklyReports17993000000000 } from './migrations/17993000000000-weekly-reports';
import { WeeklyReportZone17997000000000 } from './migrations/17997000000000-weekly-report-zone';
import { Workspaces18000000000000 } from './migrations/18000000000000-workspaces';
import { WorkspaceTransfers18001000000000 } from './migrations/18001000000000-workspace-transfers';
import { AccountLanguage18002000000000 } from './migrations/18002000000000-account-language';
import { ResetTokenEntity } from './password-reset/reset-token.entity';
import { RecoveryCodeEntity } from './two-factor/recovery-code.entity';
import { UserEntity } from './users/user.entity';

export const AUTH_DATABASE: ServiceDatabase = {
  schema: 'auth',
  entities: [UserEntity, ResetTokenEntity, RecoveryCodeEntity, ApiKeyEntity],
  migrations: [CreateUsers1763780000000, AuthOutbox1797100000000, EmailChangeTwoFactor1797200000000, ApiKeys1797500000000, ProfilePictures1798100000000, ApiKeyResources1798400000000, WeeklyReports17993000000000, WeeklyReportZone17997000000000, Workspaces18000000000000, WorkspaceTransfers18001000000000, AccountLanguage18002000000000],
};
