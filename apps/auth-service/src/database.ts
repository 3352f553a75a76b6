import type { ServiceDatabase } from '@qrd/database';
import { CreateUsers1763780000000 } from './migrations/1763780000000-create-users';
import { AuthOutbox1797100000000 } from './migrations/1797100000000-outbox';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { ApiKeys1797500000000 } from './migrations/1797500000000-api-keys';
import { ResetTokenEntity } from './password-reset/reset-token.entity';
import { UserEntity } from './users/user.entity';

export const AUTH_DATABASE: ServiceDatabase = {
  schema: 'auth',
  entities: [UserEntity, ResetTokenEntity, ApiKeyEntity],
  migrations: [CreateUsers1763780000000, AuthOutbox1797100000000, ApiKeys1797500000000],
};
