import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { REDIS } from '@qrd/messaging';

/** Five minutes to type the code, five tries; then the password step again. */
export const TICKET_TTL_SECONDS = 300;
export const TICKET_MAX_TRIES = 5;

interface Ticket {
  userId: string;
  tries: number;
}

/**
 * Between a right password and a right code there is no session: only a ticket (random, in Redis
 * under its hash, short-lived, a few tries), which the code step exchanges for one.
 */
@Injectable()
export class TwoFactorTickets {
  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(userId: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(ticket), JSON.stringify({ userId, tries: 0 } satisfies Ticket), 'EX', TICKET_TTL_SECONDS);
    return ticket;
  }

  async userOf(ticket: string): Promise<string | null> {
    const raw = await this.redis.get(this.key(ticket));
    return raw ? (JSON.parse(raw) as Ticket).userId : null;
  }

  /** Counts a wrong code; the ticket is gone after the last try. */
  async failed(ticket: string): Promise<void> {
    const raw = await this.redis.get(this.key(ticket));
    if (!raw) return;
    const data = JSON.parse(raw) as Ticket;
    data.tries += 1;
    if (data.tries >= TICKET_MAX_TRIES) await this.redis.del(this.key(ticket));
    else await this.redis.set(this.key(ticket), JSON.stringify(data), 'KEEPTTL');
  }

  /** Uses the ticket up; false when it was already used (or expired) meanwhile. */
  async redeem(ticket: string): Promise<boolean> {
    return (await this.redis.del(this.key(ticket))) === 1;
  }

  private key(ticket: string): string {
    return `${this.config.redisPrefix}:login-2fa:${createHash('sha256').update(ticket).digest('base64url')}`;
  }
}
