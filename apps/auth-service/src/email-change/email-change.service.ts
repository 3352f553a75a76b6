import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainError, ErrorCode } from '@qrd/contracts';
import { MailQueue } from '../mail/mail.queue';
import { confirmEmailMail, emailChangeRequestedMail } from '../mail/templates';
import { ResetTokenEntity } from '../password-reset/reset-token.entity';
import { UserEntity } from '../users/user.entity';
import { EmailChangePort } from '../users/user-ports';
import { uniqueViolationField } from '../users/users.repository';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 200;
const TAKEN = 'An account with that email already exists';

/**
 * A new email address becomes the account's (sign-in and reset address) only once a link mailed
 * to it is opened: single-use, 24 hours, only its SHA-256 stored. The old address is told at once.
 */
@Injectable()
export class EmailChangeService implements EmailChangePort {
  constructor(
    private readonly db: DataSource,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Puts the new address on the (unsaved) user as pending; answers the link's token. A new request replaces an older one. */
  stage(user: UserEntity, email: string): string {
    const token = randomBytes(32).toString('base64url');
    user.pendingEmail = email;
    user.pendingEmailTokenHash = hash(token);
    user.pendingEmailExpiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS);
    return token;
  }

  /** After the pending address is saved: the warning to the current address, the link to the new one (both in the account's language). */
  async notify(user: UserEntity, token: string): Promise<void> {
    const base = this.config.publicBaseUrl;
    await this.mail.enqueue(emailChangeRequestedMail(user.email, user.username, user.pendingEmail ?? '', base, user.language));
    await this.mail.enqueue(confirmEmailMail(user.pendingEmail ?? '', user.username, `${base}/confirm-email/${token}`, user.language));
  }

  /** Claims the link (a second use, even a concurrent one, finds nothing) and makes the address the account's. */
  async confirm(token: string): Promise<{ email: string }> {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) throw invalid();
    try {
      return await this.db.transaction(async (tx) => {
        const claimed: unknown[] = await tx.query(
          `UPDATE auth.users SET email = pending_email, pending_email = NULL, pending_email_token_hash = NULL,
                  pending_email_expires_at = NULL, updated_at = now()
            WHERE pending_email_token_hash = $1 AND pending_email_expires_at > now() AND status = 'active'
            RETURNING id, email`,
          [hash(token)],
        );
        // An UPDATE answers [rows, count] through TypeORM's query().
        const rows = (Array.isArray(claimed[0]) ? claimed[0] : claimed) as { id: string; email: string }[];
        const row = rows[0];
        if (!row) throw invalid();
        // Reset links mailed to the old address no longer lead into the account.
        await tx
          .createQueryBuilder()
          .update(ResetTokenEntity)
          .set({ usedAt: () => 'now()' })
          .where('user_id = :id AND used_at IS NULL', { id: row.id })
          .execute();
        return { email: row.email };
      });
    } catch (error) {
      if (uniqueViolationField(error) === 'email') throw new DomainError(ErrorCode.Conflict, TAKEN, { email: TAKEN });
      throw error;
    }
  }

  /** Forgets the pending address: its link stops working. */
  cancel(user: UserEntity): void {
    user.pendingEmail = null;
    user.pendingEmailTokenHash = null;
    user.pendingEmailExpiresAt = null;
  }
}

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function invalid(): DomainError {
  return new DomainError(ErrorCode.Gone, 'This email confirmation link is invalid or has expired');
}
