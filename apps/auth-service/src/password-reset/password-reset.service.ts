import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainError, DomainEvent, ErrorCode } from '@qrd/contracts';
import { MailQueue } from '../mail/mail.queue';
import { passwordResetMail } from '../mail/templates';
import { AccountEvents } from '../users/account-events';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';
import { ResetTokensRepository } from './reset-tokens.repository';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** 256 bits of randomness; base64url keeps it safe in a URL path. */
const TOKEN_BYTES = 32;
const MAX_TOKEN_LENGTH = 200;

/** Single-use, hashed, one-hour reset tokens sent by mail. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly tokens: ResetTokensRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailQueue,
    private readonly events: AccountEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Only queues the request: the lookup happens in the mail queue (issue), so this takes the
   * same time, and answers the same, whether or not the account exists.
   */
  async request(email: string): Promise<void> {
    await this.mail.requestPasswordReset(email.trim().toLowerCase());
  }

  /** Runs in the mail queue: mails a fresh link to an active account with that address. */
  async issue(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.status !== 'active') return;
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    await this.tokens.add(hash(token), user.id, new Date(Date.now() + RESET_TOKEN_TTL_MS));
    const link = `${this.config.publicBaseUrl}/reset-password/${token}`;
    await this.mail.enqueue(passwordResetMail(user.email, user.username, link, user.language));
  }

  async check(token: string): Promise<boolean> {
    return valid(token) && (await this.tokens.findUsable(hash(token))) !== null;
  }

  /** Sets the new password and ends every session of the user; the token cannot be used again. */
  async reset(token: string, password: string): Promise<string> {
    // Checked first so an unusable link costs no password hashing.
    if (!(await this.check(token))) throw invalid();
    const consumed = await this.tokens.consume(hash(token), await this.hasher.hash(password), (tx, userId) =>
      this.events.record(tx, DomainEvent.SessionsRevoke, { userId, reason: 'password reset' }),
    );
    if (!consumed) throw invalid();
    await this.events.deliver([consumed.then]);
    return consumed.userId;
  }
}

function valid(token: string): boolean {
  return typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;
}

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function invalid(): DomainError {
  return new DomainError(ErrorCode.Gone, 'Invalid or expired password reset link');
}
