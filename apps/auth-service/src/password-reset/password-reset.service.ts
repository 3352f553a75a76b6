import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainError, DomainEvent, ErrorCode } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { MailQueue } from '../mail/mail.queue';
import { passwordResetMail } from '../mail/templates';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { ResetTokenEntity } from './reset-token.entity';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Single-use, hashed, one-hour reset tokens sent by mail. */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectRepository(ResetTokenEntity) private readonly tokens: Repository<ResetTokenEntity>,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly mail: MailQueue,
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Answers the same whether or not the account exists; the slow parts (mail) happen in the
   * queue, so the time taken does not tell either.
   */
  async request(email: string): Promise<void> {
    const user = await this.users.findByEmail(email.trim());
    const token = randomBytes(32).toString('base64url');
    if (!user || user.status !== 'active') return;
    await this.tokens.insert({
      tokenHash: hash(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${this.config.publicBaseUrl}/reset-password/${token}`;
    await this.mail.enqueue(passwordResetMail(user.email, user.username, link));
  }

  async check(token: string): Promise<boolean> {
    return (await this.findUsable(token)) !== null;
  }

  async reset(token: string, password: string): Promise<string> {
    const found = await this.findUsable(token);
    if (!found) throw invalid();
    // Claim the token atomically: a second use (even a concurrent one) finds nothing to update.
    const claimed = await this.tokens.update(
      { tokenHash: found.tokenHash, usedAt: IsNull() },
      { usedAt: new Date() },
    );
    if (!claimed.affected) throw invalid();
    await this.usersService.setPassword(found.userId, password);
    // Any other outstanding link for this user dies with this reset.
    await this.tokens.update({ userId: found.userId, usedAt: IsNull() }, { usedAt: new Date() });
    await this.bus.emitEvent(DomainEvent.SessionsRevoke, { userId: found.userId, reason: 'password reset' });
    return found.userId;
  }

  private findUsable(token: string): Promise<ResetTokenEntity | null> {
    if (!token || token.length > 200) return Promise.resolve(null);
    return this.tokens.findOneBy({ tokenHash: hash(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }
}

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function invalid(): DomainError {
  return new DomainError(ErrorCode.Gone, 'Invalid or expired password reset link');
}
