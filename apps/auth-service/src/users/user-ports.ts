import type { UserEntity } from './user.entity';

/**
 * What users/ needs of the features built on it, as narrow ports those features implement (each
 * an abstract class used as its Nest token): users/ stays at the bottom and imports none of them.
 */

/** The email change a profile update starts (email-change/). */
export abstract class EmailChangePort {
  /** Stages `email` as the user's pending address and answers the confirmation link's token. */
  abstract stage(user: UserEntity, email: string): string;
  /** Mails the old address a notice and the new one its confirmation link. */
  abstract notify(user: UserEntity, token: string): Promise<void>;
  abstract cancel(user: UserEntity): void;
}

/** The password reset links mailed to a user (password-reset/). */
export abstract class ResetLinksPort {
  /** Voids every unused link: a password just changed must not be undone by one mailed before. */
  abstract voidAllForUser(userId: string): Promise<void>;
}
