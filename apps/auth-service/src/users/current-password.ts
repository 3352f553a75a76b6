import { DomainError, ErrorCode } from '@qrd/contracts';
import { PasswordHasher } from './password-hasher';
import { UserEntity } from './user.entity';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/**
 * Re-authentication before a change that could take the account over (email, username,
 * password, two-factor sign-in): a stolen session alone is not enough. The gateway rate-limits it.
 */
export async function assertCurrentPassword(
  hasher: PasswordHasher,
  user: UserEntity,
  password: string | undefined,
  missing = 'Current password is required',
): Promise<void> {
  if (!password) throw new DomainError(ErrorCode.Validation, missing, { currentPassword: missing });
  if (!(await hasher.verify(user.passwordHash, password))) {
    throw new DomainError(ErrorCode.Validation, CURRENT_PASSWORD_INCORRECT, { currentPassword: CURRENT_PASSWORD_INCORRECT });
  }
}
